package store

import "github.com/union-benefits/portal/bff/internal/portal"

// OrderHistory is the My Orders document: one page of the member's orders, newest first, and
// where it is among the pages (pages is at least 1, so an empty history is page 1 of 1).
type OrderHistory struct {
	Orders   []portal.Order `json:"orders"`
	Page     int            `json:"page"`
	Pages    int            `json:"pages"`
	Total    int            `json:"total"`
	PageSize int            `json:"pageSize"`
}

// ShippingState is a state an order may be shipped to (spec 3 §3 'State'): one of the 50 states
// or DC, by its two-letter code and its title (the name the up_store_state cookie holds).
type ShippingState struct {
	Code  string `json:"code"`
	Title string `json:"title"`
}

// Product is a product as the store index shows it: its eligible states by title, and the
// id of the favorite it is (spec 1 §9: product:{id}).
type Product struct {
	portal.Product
	FavoriteID string `json:"favoriteId"`
}

// Document is the store index (spec 3 §2 'Store index'): the reader's union, its featured
// (personalised) products and the others, both limited to the shipping state when one is
// chosen, and what the state modal lists.
type Document struct {
	Union    *portal.UnionRef `json:"union,omitempty"`
	Featured []Product        `json:"featured"`
	Products []Product        `json:"products"`
	State    *ShippingState   `json:"state,omitempty"`
	States   []ShippingState  `json:"states"`
	Phone    string           `json:"phone"`
	// LeadersEmail is the union leaders mailbox the state modal gives beside the phone.
	LeadersEmail string `json:"leadersEmail"`
	// Promos are the editors' store promos (union_structure_global's store_promo_one to four),
	// in that order; those without a headline are left out.
	Promos []Promo `json:"promos"`
}

// Promo is one of the store index's promos.
type Promo struct {
	Eyebrow     string       `json:"eyebrow,omitempty"`
	Headline    string       `json:"headline"`
	Description string       `json:"description,omitempty"`
	Link        *portal.Link `json:"link,omitempty"`
}

// CartItem is a cart's line as the cart shows it: the product as the order system lists it now.
type CartItem struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Label    string `json:"label"`
	Image    string `json:"image,omitempty"`
	Quantity int    `json:"quantity"`
	Stock    int    `json:"stock"`
}

// Cart is the cart document (spec 3 §2 'Cart modal', §3 'Cart item'): its in-stock lines, in the
// order they were first added, and the sum of their quantities.
type Cart struct {
	Items []CartItem `json:"items"`
	Count int        `json:"count"`
}

// Placed is the answer to an order: the order, and whether an earlier request with the same
// idempotency key placed it.
type Placed struct {
	Order    portal.Order `json:"order"`
	Replayed bool         `json:"replayed"`
}
