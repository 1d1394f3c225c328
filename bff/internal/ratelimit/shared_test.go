package ratelimit

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/redis"
)

// Two replicas' limiters over one Redis allow the limit once between them, with the spec's
// refusal, and a key's count lives only for its window.
func TestSharedLimitersCountTogetherInRedis(t *testing.T) {
	srv := redistest.Start(t)
	a, b := replica(t, srv.URL()), replica(t, srv.URL())
	la, lb := a.Limiter("signin", 3, 300*time.Millisecond), b.Limiter("signin", 3, 300*time.Millisecond)
	for i, l := range []*SharedLimiter{la, lb, la} {
		if err := l.Allow("ip:1"); err != nil {
			t.Fatalf("attempt %d refused: %v", i+1, err)
		}
	}
	err := lb.Allow("ip:1")
	if !apperr.Is(err, apperr.RateLimited) || apperr.From(err).Message != "Too many attempts. Please wait a few minutes and try again." {
		t.Fatalf("fourth attempt on the other replica: got %v, want rate_limited with the message", err)
	}
	// Another limiter's name is another count.
	if err := b.Limiter("mailing", 3, time.Minute).Allow("ip:1"); err != nil {
		t.Fatalf("another limiter refused: %v", err)
	}
	// Check and Fail: failures on one replica lock the key out on the other.
	lf := a.Limiter("fail", 2, time.Minute)
	lf.Fail("email:x")
	b.Limiter("fail", 2, time.Minute).Fail("email:x")
	if err := lf.Check("email:x"); !apperr.Is(err, apperr.RateLimited) {
		t.Fatalf("check after two failures: %v", err)
	}
	if err := lf.Check("email:y"); err != nil {
		t.Fatalf("check of a fresh key: %v", err)
	}
	// The window ends: the key counts from zero again.
	if !poll.Until(5*time.Second, 50*time.Millisecond, func() bool { return la.Allow("ip:1") == nil }) {
		t.Fatal("the count never expired")
	}
}

// Every count has an expiry from its first attempt on: a key never lives without one.
func TestSharedCountsAlwaysExpire(t *testing.T) {
	srv := redistest.Start(t)
	c, err := redis.New(srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range 3 {
		if _, err := c.Incr(context.Background(), "k", time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	ttl := redistest.PTTL(t, srv, "k")
	if ttl <= 0 || ttl > time.Minute {
		t.Fatalf("the count's expiry is %v, want within a minute", ttl)
	}
}

// While the store fails the limiters count in memory, the outage is logged once whatever the
// number of requests, and once the store answers again they count there.
func TestSharedLimitsFallBackLocallyAndLogOncePerOutage(t *testing.T) {
	store := &flakyCounter{counts: map[string]int64{}}
	var logs redistest.Logs
	now := time.Unix(0, 0)
	s := NewShared(store, slog.New(slog.NewTextHandler(&logs, nil)))
	s.now = func() time.Time { return now }
	l := s.Limiter("signin", 2, time.Minute)

	store.setDown(true)
	for i := range 2 {
		if err := l.Allow("ip:1"); err != nil {
			t.Fatalf("attempt %d refused during the outage: %v", i+1, err)
		}
	}
	if err := l.Allow("ip:1"); !apperr.Is(err, apperr.RateLimited) {
		t.Fatalf("the local fallback did not limit: %v", err)
	}
	for range 50 {
		_ = l.Check("ip:2")
		l.Fail("ip:3")
	}
	if n := strings.Count(logs.String(), "shared limits unavailable"); n != 1 {
		t.Fatalf("the outage was logged %d times, want once:\n%s", n, logs.String())
	}
	if store.calls() != 1 {
		t.Fatalf("the store was asked %d times during the outage's first second, want once", store.calls())
	}

	store.setDown(false)
	now = now.Add(recheck)
	if err := l.Allow("ip:1"); err != nil {
		t.Fatalf("back on the store, a fresh count refused: %v", err)
	}
	if store.counts["ratelimit:signin:ip:1"] != 1 {
		t.Fatalf("the store's count is %d, want 1", store.counts["ratelimit:signin:ip:1"])
	}
	if !strings.Contains(logs.String(), "shared limits available again") {
		t.Fatalf("the recovery was not logged:\n%s", logs.String())
	}
}

func replica(t *testing.T, url string) *Shared {
	t.Helper()
	c, err := redis.New(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return NewShared(c, slog.New(slog.DiscardHandler))
}

// flakyCounter is a Counter in memory that fails while down.
type flakyCounter struct {
	mu     sync.Mutex
	down   bool
	asked  int
	counts map[string]int64
}

func (f *flakyCounter) setDown(d bool) { f.mu.Lock(); f.down = d; f.asked = 0; f.mu.Unlock() }

func (f *flakyCounter) calls() int { f.mu.Lock(); defer f.mu.Unlock(); return f.asked }

func (f *flakyCounter) Incr(_ context.Context, key string, _ time.Duration) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	if f.down {
		return 0, errors.New("connection refused")
	}
	f.counts[key]++
	return f.counts[key], nil
}

func (f *flakyCounter) Count(_ context.Context, key string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	if f.down {
		return 0, errors.New("connection refused")
	}
	return f.counts[key], nil
}
