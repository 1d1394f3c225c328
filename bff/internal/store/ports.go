package store

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

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
	Order portal.Order
}

// CartRecord is a cart as the cart store keeps it. The zero record is an empty cart.
type CartRecord struct {
	Lines   []portal.CartLine
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
