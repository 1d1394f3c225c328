package orders

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// Each GraphQL operation is a client span of the request's trace, named after the operation.
func TestEachOperationIsASpan(t *testing.T) {
	rec := telemetrytest.Record(t)
	srv := newStub(t)
	ctx, parent := telemetry.Tracer().Start(context.Background(), "GET /api/v1/store")
	if _, err := New(srv.URL+"/graphql", orderstub.DevToken, srv.Client(), nil).Products(ctx, "37"); err != nil {
		t.Fatal(err)
	}
	if _, err := New(srv.URL+"/graphql", "not-the-token", srv.Client(), nil).Products(ctx, "37"); err == nil {
		t.Fatal("a wrong token answered")
	}
	parent.End()
	spans := telemetrytest.Named(rec, "orders products")
	if len(spans) != 2 {
		t.Fatalf("%d 'orders products' spans among %d", len(spans), len(rec.Ended()))
	}
	if spans[0].Parent().SpanID() != parent.SpanContext().SpanID() || telemetrytest.Attr(spans[0], "portal.upstream.outcome") != "ok" {
		t.Errorf("first: parent %v, outcome %q", spans[0].Parent().SpanID(), telemetrytest.Attr(spans[0], "portal.upstream.outcome"))
	}
	if o := telemetrytest.Attr(spans[1], "portal.upstream.outcome"); o == "ok" || o == "" {
		t.Errorf("refused: outcome %q", o)
	}
}

// The order system is ours: each operation carries its trace, its own span as the parent.
func TestOperationsCarryTheirTrace(t *testing.T) {
	rec := telemetrytest.Record(t)
	h, err := orderstub.NewHandler(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	var sent string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent = r.Header.Get("Traceparent")
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, parent := telemetry.Tracer().Start(context.Background(), "GET /api/v1/store")
	if _, err := New(srv.URL+"/graphql", orderstub.DevToken, srv.Client(), nil).Products(ctx, "37"); err != nil {
		t.Fatal(err)
	}
	parent.End()
	spans := telemetrytest.Named(rec, "orders products")
	if len(spans) != 1 {
		t.Fatalf("%d 'orders products' spans", len(spans))
	}
	if want := "00-" + spans[0].SpanContext().TraceID().String() + "-" + spans[0].SpanContext().SpanID().String() + "-01"; sent != want {
		t.Errorf("traceparent %q, want %q", sent, want)
	}
}
