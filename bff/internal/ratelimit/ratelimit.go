// Package ratelimit counts attempts per key in fixed windows (go-cache), so sign-in, sign-up,
// reset and verification requests can be limited per IP and per email. Counts live in this
// process: with several replicas each allows the limit, which bounds abuse well enough without
// a shared store.
package ratelimit

import (
	"sync"
	"time"

	gocache "github.com/patrickmn/go-cache"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/contracts"
)

// Limiter allows Limit attempts per key in each Window.
type Limiter struct {
	limit  int
	window time.Duration
	mu     sync.Mutex
	counts *gocache.Cache
}

// New returns a Limiter.
func New(limit int, window time.Duration) *Limiter {
	return &Limiter{limit: limit, window: window, counts: gocache.New(window, window)}
}

// Allow counts one attempt against every key and answers apperr.RateLimited when any of them is
// over its limit. Every key is counted even when an earlier one refuses, so an attacker cannot
// spread attempts by alternating what they vary.
func (l *Limiter) Allow(keys ...string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	over := false
	for _, key := range keys {
		n := 1
		if _, found := l.counts.Get(key); found {
			n, _ = l.counts.IncrementInt(key, 1)
		} else {
			l.counts.Set(key, 1, l.window)
		}
		if n > l.limit {
			over = true
		}
	}
	if over {
		return apperr.New(apperr.RateLimited, contracts.Message("rateLimited"))
	}
	return nil
}
