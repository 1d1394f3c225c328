package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Orders caches the order system's product lists (portal.Orders) per union, briefly (the
// store's fresh time, then stale while one background load refreshes them, and kept when the
// order system fails), tagged portal.ProductsTag and portal.ProductsUnionTag. A member's orders
// are personal and pass through uncached.
type Orders struct{ front[portal.Orders] }

var _ portal.Orders = (*Orders)(nil)

// NewOrders puts store in front of next's product lists.
func NewOrders(next portal.Orders, store *Store) *Orders {
	return &Orders{front[portal.Orders]{next: next, store: store}}
}

// Products is cached per union. Callers pass a resolved union term id, so the keys stay bounded.
func (o *Orders) Products(ctx context.Context, union string) ([]portal.Product, error) {
	return fetchTagged(ctx, o.store, "products", union, []string{portal.ProductsTag, portal.ProductsUnionTag(union)}, func(ctx context.Context) ([]portal.Product, error) {
		return o.next.Products(ctx, union)
	})
}

// Orders is never cached: it is one member's.
func (o *Orders) Orders(ctx context.Context, uid string, page, pageSize int) (portal.OrderPage, error) {
	return o.next.Orders(ctx, uid, page, pageSize)
}

// Product is cached per id like the lists, under portal.ProductsTag: the cart shows its lines
// from it, and a purge of the products reaches them too. Ids come from carts the BFF wrote, each
// checked against the order system when it was added, so the keys stay bounded by the catalogue.
func (o *Orders) Product(ctx context.Context, id string) (portal.Product, error) {
	return fetchTagged(ctx, o.store, "product", id, []string{portal.ProductsTag}, func(ctx context.Context) (portal.Product, error) {
		return o.next.Product(ctx, id)
	})
}

// SubmitOrder is never cached: it is a write.
func (o *Orders) SubmitOrder(ctx context.Context, s portal.OrderSubmission) (portal.Order, error) {
	return o.next.SubmitOrder(ctx, s)
}
