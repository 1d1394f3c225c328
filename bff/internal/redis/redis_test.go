package redis

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// Each command is a client span of the request's trace and a latency; Redis gone is an error.
func TestEachCommandIsASpanAndAMetric(t *testing.T) {
	rec := telemetrytest.Record(t)
	srv := redistest.Start(t)
	m := metrics.New()
	c, err := New(srv.URL(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx, parent := telemetry.Tracer().Start(context.Background(), "POST /api/v1/account/sign-in")
	if _, err := c.Incr(ctx, "limit:test", time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Count(ctx, "limit:none"); err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	if err := c.Publish(ctx, "portal:test", []byte("x")); err == nil {
		t.Fatal("published without Redis")
	}
	parent.End()
	for _, name := range []string{"redis incr", "redis get", "redis publish"} {
		s := telemetrytest.Named(rec, name)
		if len(s) != 1 || s[0].Parent().SpanID() != parent.SpanContext().SpanID() {
			t.Errorf("%s: %d spans", name, len(s))
		}
	}
	rr := httptest.NewRecorder()
	m.Handler().ServeHTTP(rr, httptest.NewRequest("GET", "/metrics", nil))
	out := rr.Body.String()
	for _, want := range []string{
		`bff_upstream_request_duration_seconds_count{operation="incr",outcome="ok",upstream="redis"} 1`,
		`bff_upstream_request_duration_seconds_count{operation="get",outcome="ok",upstream="redis"} 1`,
		`bff_upstream_errors_total{operation="publish",upstream="redis"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// A lock is its holder's: another token neither takes, extends nor deletes it; it expires unless
// its holder extends it, and is free again once its holder unlocks it.
func TestALockIsItsHoldersAlone(t *testing.T) {
	srv := redistest.Start(t)
	c, err := New(srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	const key, ttl = "uploads:lock:one", 300 * time.Millisecond
	must := func(ok bool, err error) bool {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !must(c.Lock(ctx, key, "a", ttl)) {
		t.Fatal("a free lock was not taken")
	}
	if must(c.Lock(ctx, key, "b", ttl)) {
		t.Fatal("a held lock was taken by another")
	}
	if must(c.Extend(ctx, key, "b", time.Minute)) {
		t.Fatal("another extended the lock")
	}
	if err := c.Unlock(ctx, key, "b"); err != nil {
		t.Fatal(err)
	}
	if must(c.Lock(ctx, key, "b", ttl)) {
		t.Fatal("another's unlock freed the lock")
	}
	// Extended, it is still held when a lock taken with it for its first expiry has expired.
	if !must(c.Extend(ctx, key, "a", time.Minute)) {
		t.Fatal("the holder could not extend its lock")
	}
	expired := func(probe string) bool { return must(c.Lock(ctx, probe, "probe", time.Minute)) }
	must(c.Lock(ctx, "uploads:lock:probe", "probe", ttl))
	if !poll.Until(5*time.Second, 20*time.Millisecond, func() bool { return expired("uploads:lock:probe") }) {
		t.Fatal("a lock never expired")
	}
	if must(c.Lock(ctx, key, "b", ttl)) {
		t.Fatal("an extended lock expired at its first expiry")
	}
	if err := c.Unlock(ctx, key, "a"); err != nil {
		t.Fatal(err)
	}
	if !must(c.Lock(ctx, key, "b", ttl)) {
		t.Fatal("an unlocked lock could not be taken")
	}
	// Left alone, it expires.
	if !poll.Until(5*time.Second, 20*time.Millisecond, func() bool { return expired(key) }) {
		t.Fatal("a lock outlived its expiry")
	}
}
