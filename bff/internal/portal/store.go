package portal

import (
	"context"
	"time"
)

// Product is a free printed material of the store, as the order system lists it.
type Product struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Label       string   `json:"label"`
	Image       string   `json:"image,omitempty"`
	Description string   `json:"description,omitempty"`
	Stock       int      `json:"stock"`
	States      []string `json:"states"`
}

// Orders is what the portal reads from and writes to the order system. Implementation:
// orders.Client (GraphQL through genqlient).
type Orders interface {
	// Products lists the products offered to a union's members.
	Products(ctx context.Context, union string) ([]Product, error)
	// Orders is one page (1-based, pageSize to a page) of the orders of the member uid, newest
	// first; a page past the last has no orders but the true total.
	Orders(ctx context.Context, uid string, page, pageSize int) (OrderPage, error)
}

// OrderItem is one line of a placed order, as it was when the order was placed.
type OrderItem struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Title    string `json:"title"`
	Image    string `json:"image,omitempty"`
	Quantity int    `json:"quantity"`
}

// Order is a member's placed order (spec 3 §3 'Order (history)').
type Order struct {
	OrderNumber string      `json:"orderNumber"`
	Created     time.Time   `json:"created"`
	Items       []OrderItem `json:"items"`
}

// OrderPage is one page of a member's orders as the order system answers it, newest first.
type OrderPage struct {
	Orders   []Order
	Total    int // orders on all pages
	Page     int // 1-based
	PageSize int
}

// OrderHistory is the My Orders document: one page of the member's orders, newest first, and
// where it is among the pages (pages is at least 1, so an empty history is page 1 of 1).
type OrderHistory struct {
	Orders   []Order `json:"orders"`
	Page     int     `json:"page"`
	Pages    int     `json:"pages"`
	Total    int     `json:"total"`
	PageSize int     `json:"pageSize"`
}

// ShippingState is a state an order may be shipped to (spec 3 §3 'State'): one of the 50 states
// or DC, by its two-letter code and its title (the name the up_store_state cookie holds).
type ShippingState struct {
	Code  string `json:"code"`
	Title string `json:"title"`
}

// StoreProduct is a product as the store index shows it: its eligible states by title, and the
// id of the favorite it is (spec 1 §9: product:{id}).
type StoreProduct struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Label       string   `json:"label"`
	Image       string   `json:"image,omitempty"`
	Description string   `json:"description,omitempty"`
	Stock       int      `json:"stock"`
	States      []string `json:"states"`
	FavoriteID  string   `json:"favoriteId"`
}

// StoreDocument is the store index (spec 3 §2 'Store index'): the reader's union, its featured
// (personalised) products and the others, both limited to the shipping state when one is
// chosen, and what the state modal lists.
type StoreDocument struct {
	Union    *UnionRef       `json:"union,omitempty"`
	Featured []StoreProduct  `json:"featured"`
	Products []StoreProduct  `json:"products"`
	State    *ShippingState  `json:"state,omitempty"`
	States   []ShippingState `json:"states"`
	Phone    string          `json:"phone"`
}
