package cms

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// The CMS is ours: each call carries the trace it is part of, the call's own span as the parent,
// so a CMS that traces continues the member's request. With nothing recorded, nothing is sent.
func TestCallsCarryTheirTrace(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	fixture := cmsfixture.NewHandler(fixtures)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		sent = append(sent, r.Header.Get("Traceparent"))
		mu.Unlock()
		fixture.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c := New(Options{BaseURL: srv.URL, Timeout: 2 * time.Second})

	if _, err := c.Menus(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, h := range sent {
		if h != "" {
			t.Fatalf("traceparent %q sent while nothing is recorded", h)
		}
	}

	rec := telemetrytest.Record(t)
	sent = nil
	ctx, parent := telemetry.Tracer().Start(context.Background(), "GET /api/v1/site")
	if _, err := c.Menus(ctx); err != nil {
		t.Fatal(err)
	}
	parent.End()
	calls := map[string]bool{}
	for _, s := range rec.Ended() {
		if strings.HasPrefix(s.Name(), "cms ") {
			calls["00-"+s.SpanContext().TraceID().String()+"-"+s.SpanContext().SpanID().String()+"-01"] = true
		}
	}
	if len(sent) == 0 || len(calls) != len(sent) {
		t.Fatalf("%d requests, %d cms spans", len(sent), len(calls))
	}
	for _, h := range sent {
		if !calls[h] {
			t.Errorf("traceparent %q names no cms span of the trace", h)
		}
	}
}
