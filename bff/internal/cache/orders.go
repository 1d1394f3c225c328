package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Orders caches the order system's product lists (portal.Orders) per union, briefly (the
// store's fresh time, then stale while one background load refreshes them, and kept when the
// order system fails), tagged portal.ProductsTag and portal.ProductsUnionTag. A member's orders
// are personal and pass through uncached.
type Orders struct {
	next  portal.Orders
	store *Store
}

var _ portal.Orders = (*Orders)(nil)

// NewOrders puts store in front of next's product lists.
func NewOrders(next portal.Orders, store *Store) *Orders {
	return &Orders{next: next, store: store}
}

// Products is cached per union. Callers pass a resolved union term id, so the keys stay bounded.
func (o *Orders) Products(ctx context.Context, union string) ([]portal.Product, error) {
	return Fetch(ctx, o.store, "products", union, func(ctx context.Context) (Loaded[[]portal.Product], error) {
		ps, err := o.next.Products(ctx, union)
		return Loaded[[]portal.Product]{Value: ps, Tags: []string{portal.ProductsTag, portal.ProductsUnionTag(union)}}, err
	})
}

// Orders is never cached: it is one member's.
func (o *Orders) Orders(ctx context.Context, uid string, page, pageSize int) (portal.OrderPage, error) {
	return o.next.Orders(ctx, uid, page, pageSize)
}
