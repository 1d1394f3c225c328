// Package storetest has fakes of the store's own interfaces for unit tests and the whole-BFF
// harness; integration tests use the Firestore emulator instead (firestore.Carts).
package storetest

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/store"
)

// Carts is an in-memory store.Carts: Update runs under one lock, so it is the transaction the
// real store gives. Fail, when set, answers every call (a cart store that is down).
type Carts struct {
	mu      sync.Mutex
	records map[string]store.CartRecord
	claims  map[string]store.OrderClaim
	Fail    error
	// BeforeUpdate, when set, runs at the start of every Update, outside the lock: a test can
	// change a cart there as a concurrent request would.
	BeforeUpdate func()
}

var _ store.Carts = (*Carts)(nil)

// NewCarts is an empty cart store.
func NewCarts() *Carts {
	return &Carts{records: map[string]store.CartRecord{}, claims: map[string]store.OrderClaim{}}
}

// Cart implements store.Carts.
func (c *Carts) Cart(_ context.Context, id string) (store.CartRecord, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Fail != nil {
		return store.CartRecord{}, c.Fail
	}
	return clone(c.records[id]), nil
}

// Update implements store.Carts.
func (c *Carts) Update(_ context.Context, ids []string, fn func(records []*store.CartRecord) error) error {
	if c.BeforeUpdate != nil {
		c.BeforeUpdate()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Fail != nil {
		return apperr.Wrap(apperr.Unavailable, "The cart store is unavailable.", c.Fail)
	}
	recs := make([]*store.CartRecord, len(ids))
	for i, id := range ids {
		r := clone(c.records[id])
		recs[i] = &r
	}
	if err := fn(recs); err != nil {
		return err
	}
	for i, id := range ids {
		if recs[i].Empty() {
			delete(c.records, id)
		} else {
			c.records[id] = clone(*recs[i])
		}
	}
	return nil
}

// Claim implements store.Carts.
func (c *Carts) Claim(_ context.Context, id, key string, now time.Time, stale time.Duration) (store.OrderClaim, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Fail != nil {
		return store.OrderClaim{}, false, apperr.Wrap(apperr.Unavailable, "The cart store is unavailable.", c.Fail)
	}
	if held, ok := c.claims[id]; ok && now.Sub(held.Started) < stale {
		return held, false, nil
	}
	c.claims[id] = store.OrderClaim{Key: key, Started: now}
	return c.claims[id], true, nil
}

// Release implements store.Carts.
func (c *Carts) Release(_ context.Context, id, key string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if held, ok := c.claims[id]; ok && held.Key == key {
		delete(c.claims, id)
	}
	return nil
}

// Claimed is the claim on a cart, if any.
func (c *Carts) Claimed(id string) (store.OrderClaim, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	held, ok := c.claims[id]
	return held, ok
}

// Put stores a record as it is.
func (c *Carts) Put(id string, r store.CartRecord) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.records[id] = clone(r)
}

// Has reports whether a cart is stored.
func (c *Carts) Has(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.records[id]
	return ok
}

func clone(r store.CartRecord) store.CartRecord {
	r.Lines = slices.Clone(r.Lines)
	r.Placed = slices.Clone(r.Placed)
	return r
}
