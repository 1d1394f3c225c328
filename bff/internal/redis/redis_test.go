package redis

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
