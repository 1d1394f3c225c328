// Package ratelimit counts attempts per key in fixed windows, so sign-in, sign-up, reset and
// verification requests can be limited per IP and per email. Two Limiters count: Memory in this
// process (a bounded least-recently-used table), for a single replica, and Shared in a store every replica shares (Redis),
// so that several replicas allow the limit once between them, not once each.
package ratelimit

import (
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/contracts"
)

// DefaultMaxKeys bounds how many keys a Limiter remembers: at a few hundred bytes a key, about
// 30 MB at most, whatever a flood of addresses or emails sends.
const DefaultMaxKeys = 100_000

// Limiter allows a limit of attempts per key in each window. Allow counts an attempt against
// every key and refuses when any is over; Check refuses when the key has used its limit, without
// counting; Fail only counts. A refusal is apperr.RateLimited with the spec's message.
type Limiter interface {
	Allow(keys ...string) error
	Check(key string) error
	Fail(key string)
}

// Memory is the Limiter of one process. It remembers at most maxKeys keys; when full, the key
// used least recently is forgotten to make room. A key under attack is used all the time, so it
// keeps its count, and every new key gets a count of its own: no flood of keys can push other
// people into one shared count (which used to let one client, filling the table, lock every
// member out of signing in), and the table never grows past its bound.
type Memory struct {
	limit  int
	window time.Duration
	mu     sync.Mutex
	counts *simplelru.LRU[string, *count]
}

// count is a key's attempts in its window, which ends at ends (a fixed window from the first).
type count struct {
	n    int
	ends time.Time
}

// New returns a Memory Limiter that remembers at most DefaultMaxKeys keys.
func New(limit int, window time.Duration) *Memory {
	return NewBounded(limit, window, DefaultMaxKeys)
}

// NewBounded returns a Memory Limiter that remembers at most maxKeys keys.
func NewBounded(limit int, window time.Duration, maxKeys int) *Memory {
	counts, err := simplelru.NewLRU[string, *count](max(maxKeys, 1), nil)
	if err != nil {
		panic(err) // only for a size below 1, which max rules out
	}
	return &Memory{limit: limit, window: window, counts: counts}
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

// Len is how many keys the Memory holds now, expired ones included until they are reused or
// pushed out.
func (l *Memory) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.counts.Len()
}

// get is the key's count in its current window (0 when it has none), and marks the key used.
func (l *Memory) get(key string) int {
	if c, ok := l.counts.Get(key); ok && time.Now().Before(c.ends) {
		return c.n
	}
	return 0
}

// add counts one against key and returns its count in this window.
func (l *Memory) add(key string) int {
	now := time.Now()
	if c, ok := l.counts.Get(key); ok && now.Before(c.ends) {
		c.n++
		return c.n
	}
	l.counts.Add(key, &count{n: 1, ends: now.Add(l.window)})
	return 1
}

// refusal is the answer of a limiter: nil, or the spec's refusal when over.
func refusal(over bool) error {
	if over {
		return apperr.New(apperr.RateLimited, contracts.Message("rateLimited"))
	}
	return nil
}
