package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Counter is the store Shared counts in, every replica the same one (redis.Client): counts that
// expire a window after their first.
type Counter interface {
	// Incr counts one against key and returns its count in the window.
	Incr(ctx context.Context, key string, window time.Duration) (int64, error)
	// Count is key's count in its window, 0 when it has none.
	Count(ctx context.Context, key string) (int64, error)
}

// recheck is how long the limiters count locally after the store failed before they try it
// again: long enough that an outage costs each request nothing, short enough that a store back
// counts again within a second.
const recheck = time.Second

// Shared makes the Limiters of one replica count in a shared Counter. While the Counter fails,
// each Limiter counts in memory instead (each replica then allows the limit on its own, for as
// long as the outage lasts), which is logged once when the outage begins and once when it ends;
// it tries the Counter again every second and counts there as soon as it answers.
type Shared struct {
	counter Counter
	logger  *slog.Logger
	now     func() time.Time

	mu        sync.Mutex
	downUntil time.Time // while now is before it, count locally without asking
	down      bool
}

// NewShared returns the shared limits over counter. logger receives the outages.
func NewShared(counter Counter, logger *slog.Logger) *Shared {
	if logger == nil {
		logger = slog.Default()
	}
	return &Shared{counter: counter, logger: logger, now: time.Now}
}

// Limiter returns the Limiter named name (its keys' namespace in the store: two limiters never
// share a count) allowing limit attempts per key in each window.
func (s *Shared) Limiter(name string, limit int, window time.Duration) *SharedLimiter {
	return &SharedLimiter{s: s, prefix: "ratelimit:" + name + ":", limit: limit, window: window, local: New(limit, window)}
}

// usable reports whether to ask the store now.
func (s *Shared) usable() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.down || !s.now().Before(s.downUntil)
}

// failed records that the store did not answer, logging the outage's start once.
func (s *Shared) failed(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.downUntil = s.now().Add(recheck)
	if !s.down {
		s.down = true
		s.logger.Warn("shared limits unavailable, counting in this replica until they return", slog.String("err", err.Error()))
	}
}

// answered records that the store answered, logging the outage's end once.
func (s *Shared) answered() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		s.down = false
		s.logger.Info("shared limits available again")
	}
}

// SharedLimiter is a Limiter counting in the shared store, or in memory while it is away.
type SharedLimiter struct {
	s      *Shared
	prefix string
	limit  int
	window time.Duration
	local  *Memory
}

// Allow counts an attempt against every key (see Limiter).
func (l *SharedLimiter) Allow(keys ...string) error {
	if !l.s.usable() {
		return l.local.Allow(keys...)
	}
	over := false
	for _, key := range keys {
		n, err := l.s.counter.Incr(context.Background(), l.prefix+key, l.window)
		if err != nil {
			l.s.failed(err)
			return l.local.Allow(keys...)
		}
		if n > int64(l.limit) {
			over = true
		}
	}
	l.s.answered()
	return refusal(over)
}

// Check refuses when key has used its limit, without counting (see Limiter).
func (l *SharedLimiter) Check(key string) error {
	if !l.s.usable() {
		return l.local.Check(key)
	}
	n, err := l.s.counter.Count(context.Background(), l.prefix+key)
	if err != nil {
		l.s.failed(err)
		return l.local.Check(key)
	}
	l.s.answered()
	return refusal(n >= int64(l.limit))
}

// Fail counts one failure against key (see Limiter).
func (l *SharedLimiter) Fail(key string) {
	if !l.s.usable() {
		l.local.Fail(key)
		return
	}
	if _, err := l.s.counter.Incr(context.Background(), l.prefix+key, l.window); err != nil {
		l.s.failed(err)
		l.local.Fail(key)
		return
	}
	l.s.answered()
}
