// Package ratelimit counts attempts per key in fixed windows, so sign-in, sign-up, reset and
// verification requests can be limited per IP and per email. Two Limiters count: Memory in this
// process (go-cache), for a single replica, and Shared in a store every replica shares (Redis),
// so that several replicas allow the limit once between them, not once each.
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

// Limiter allows a limit of attempts per key in each window. Allow counts an attempt against
// every key and refuses when any is over; Check refuses when the key has used its limit, without
// counting; Fail only counts. A refusal is apperr.RateLimited with the spec's message.
type Limiter interface {
	Allow(keys ...string) error
	Check(key string) error
	Fail(key string)
}

// Memory is the Limiter of one process.
type Memory struct {
	limit   int
	window  time.Duration
	maxKeys int
	mu      sync.Mutex
	counts  *gocache.Cache
}

// New returns a Memory Limiter that remembers at most DefaultMaxKeys keys.
func New(limit int, window time.Duration) *Memory {
	return NewBounded(limit, window, DefaultMaxKeys)
}

// NewBounded returns a Memory Limiter that remembers at most maxKeys keys (see overflowKey).
func NewBounded(limit int, window time.Duration, maxKeys int) *Memory {
	return &Memory{limit: limit, window: window, maxKeys: maxKeys, counts: gocache.New(window, window)}
}

// Allow counts one attempt against every key and answers apperr.RateLimited when any of them is
// over its limit. Every key is counted even when an earlier one refuses, so an attacker cannot
// spread attempts by alternating what they vary.
func (l *Memory) Allow(keys ...string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	over := false
	for _, key := range keys {
		if l.add(key) > l.limit {
			over = true
		}
	}
	return refusal(over)
}

// Check answers apperr.RateLimited when the key has used up its limit, without counting: with
// Fail it limits failures only, as a sign-in lockout must (a member who signs in rightly many
// times is not locked out).
func (l *Memory) Check(key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return refusal(l.get(key) >= l.limit)
}

// Fail counts one failed attempt against the key.
func (l *Memory) Fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(key)
}

// Len is how many keys the Memory holds now, expired ones included until they are swept.
func (l *Memory) Len() int { return l.counts.ItemCount() }

func (l *Memory) get(key string) int {
	if n, found := l.counts.Get(key); found {
		return n.(int)
	}
	if n, found := l.counts.Get(overflowKey); found && l.counts.ItemCount() >= l.maxKeys {
		return n.(int)
	}
	return 0
}

// add counts one against key and returns its count in this window.
func (l *Memory) add(key string) int {
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

// refusal is the answer of a limiter: nil, or the spec's refusal when over.
func refusal(over bool) error {
	if over {
		return apperr.New(apperr.RateLimited, contracts.Message("rateLimited"))
	}
	return nil
}
