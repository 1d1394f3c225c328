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

// OrderClaim marks an order being placed from a cart: the attempt's idempotency key and when it
// began (an attempt the BFF never finished counts as abandoned after a while).
type OrderClaim struct {
	Key     string
	Started time.Time
}

// PlacedOrder is an order placed from a cart, kept under the idempotency key that placed it so a
// retry of that attempt is answered with it.
type PlacedOrder struct {
	Key   string
	Order Order
}

// CartRecord is a cart as the cart store keeps it. The zero record is an empty cart.
type CartRecord struct {
	Lines   []CartLine
	Placed  []PlacedOrder // the latest last
	Updated time.Time
}

// Empty reports whether the record holds nothing worth keeping.
func (r CartRecord) Empty() bool {
	return len(r.Lines) == 0 && len(r.Placed) == 0
}

// Carts is the cart store: one record per cart id. Implementation: firestore.Carts.
type Carts interface {
	// Cart reads a cart; one never written is the zero record.
	Cart(ctx context.Context, id string) (CartRecord, error)
	// Update runs fn over the records of ids, in that order, in one transaction: fn may run more
	// than once and must only change the records it is given. Records fn changed are written
	// back, and one left Empty is deleted. An error fn returns aborts the transaction and is
	// returned as it is.
	Update(ctx context.Context, ids []string, fn func(records []*CartRecord) error) error
	// Claim marks an order attempt (key) on a cart, unless another attempt holds the cart: the
	// claim is created only where none exists, an atomic step even where transactions are not
	// (the offline Firestore stand-in does not isolate them). A claim started stale ago or more is
	// an attempt the BFF never finished, and is replaced. It answers the claim that holds the
	// cart, and whether it is key's new one.
	Claim(ctx context.Context, id, key string, now time.Time, stale time.Duration) (OrderClaim, bool, error)
	// Release removes key's claim on a cart; another attempt's is left alone.
	Release(ctx context.Context, id, key string) error
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
	Order    Order `json:"order"`
	Replayed bool  `json:"replayed"`
}
