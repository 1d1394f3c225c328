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

// DefaultMaxKeys bounds how many keys a Limiter remembers: at a few hundred bytes a key, about
// 30 MB at most, whatever a flood of addresses or emails sends.
const DefaultMaxKeys = 100_000

// overflowKey is the one count that every key shares once the Limiter holds MaxKeys. Filling the
// table takes MaxKeys distinct keys in one window, which only an attack does; sharing one count
// then refuses the attack's new keys (and, for the rest of the window, other new ones) instead of
// growing without bound or forgetting the counts that hold attackers back.
const overflowKey = "\x00overflow"

// Limiter allows Limit attempts per key in each Window.
type Limiter struct {
	limit   int
	window  time.Duration
	maxKeys int
	mu      sync.Mutex
	counts  *gocache.Cache
}

// New returns a Limiter that remembers at most DefaultMaxKeys keys.
func New(limit int, window time.Duration) *Limiter {
	return NewBounded(limit, window, DefaultMaxKeys)
}

// NewBounded returns a Limiter that remembers at most maxKeys keys (see overflowKey).
func NewBounded(limit int, window time.Duration, maxKeys int) *Limiter {
	return &Limiter{limit: limit, window: window, maxKeys: maxKeys, counts: gocache.New(window, window)}
}

// Allow counts one attempt against every key and answers apperr.RateLimited when any of them is
// over its limit. Every key is counted even when an earlier one refuses, so an attacker cannot
// spread attempts by alternating what they vary.
func (l *Limiter) Allow(keys ...string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	over := false
	for _, key := range keys {
		if l.add(key) > l.limit {
			over = true
		}
	}
	return l.refusal(over)
}

// Check answers apperr.RateLimited when the key has used up its limit, without counting: with
// Fail it limits failures only, as a sign-in lockout must (a member who signs in rightly many
// times is not locked out).
func (l *Limiter) Check(key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refusal(l.get(key) >= l.limit)
}

// Fail counts one failed attempt against the key.
func (l *Limiter) Fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(key)
}

// Len is how many keys the Limiter holds now, expired ones included until they are swept.
func (l *Limiter) Len() int { return l.counts.ItemCount() }

func (l *Limiter) refusal(over bool) error {
	if over {
		return apperr.New(apperr.RateLimited, contracts.Message("rateLimited"))
	}
	return nil
}

func (l *Limiter) get(key string) int {
	if n, found := l.counts.Get(key); found {
		return n.(int)
	}
	if n, found := l.counts.Get(overflowKey); found && l.counts.ItemCount() >= l.maxKeys {
		return n.(int)
	}
	return 0
}

// add counts one against key and returns its count in this window.
func (l *Limiter) add(key string) int {
	if n, err := l.counts.IncrementInt(key, 1); err == nil {
		return n
	}
	if l.counts.ItemCount() >= l.maxKeys {
		l.counts.DeleteExpired()
		if l.counts.ItemCount() >= l.maxKeys {
			key = overflowKey
			if n, err := l.counts.IncrementInt(key, 1); err == nil {
				return n
			}
		}
	}
	l.counts.Set(key, 1, l.window)
	return 1
}
