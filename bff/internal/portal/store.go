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
	// Product is one product; an unknown id is apperr.NotFound.
	Product(ctx context.Context, id string) (Product, error)
	// SubmitOrder places an order. The order system has no idempotency of its own: callers make
	// sure an order is submitted once (store.Service.Place).
	SubmitOrder(ctx context.Context, o OrderSubmission) (Order, error)
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

// OrderSubmission is an order as the order system takes it, after the spec's conversions (spec 3
// §7 'Order submission details'): the uid is the session's and the items the server-side cart's.
type OrderSubmission struct {
	UID         string
	Information OrderInformation
	Shipping    OrderShipping
	Items       []CartLine
}

// OrderInformation is checkout step 1 converted: the union upper-cased, members and worksites
// numbers (0: not given), the memo as its text (for 'other', the member's words).
type OrderInformation struct {
	FirstName, LastName, Email, Phone string
	Union, UnionNumber                string
	Members, Worksites                int
	Website                           string
	Memo                              string
}

// OrderShipping is checkout step 2 converted: the state by code and by name, the country as
// United States or Canada.
type OrderShipping struct {
	Address, Address2, City string
	StateCode, State        string
	Zip, Country            string
}

// CartLine is a line of a cart as the cart store keeps it: a product and how many. What the
// product looks like is the order system's, read when the cart is shown.
type CartLine struct {
	ID       string
	Quantity int
}
