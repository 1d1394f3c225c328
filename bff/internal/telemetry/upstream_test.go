package telemetry_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	grpccodes "google.golang.org/grpc/codes"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	return rec.Body.String()
}

// An upstream call is a client span, a child of the request's, named after the upstream and the
// operation, and a latency observation; a failure of the upstream is also an error counted.
func TestAnUpstreamCallIsASpanAndAMetric(t *testing.T) {
	rec := telemetrytest.Record(t)
	m := metrics.New()
	ctx, parent := telemetry.Tracer().Start(context.Background(), "GET /api/v1/pages")
	_, call := telemetry.StartCall(ctx, m, telemetry.CMS, "node")
	call.End(nil)
	_, call = telemetry.StartCall(ctx, m, telemetry.CMS, "node")
	call.End(apperr.Wrap(apperr.Unavailable, "The content service is unavailable.", errors.New("cms node: status 502 for jane@example.org")))
	_, call = telemetry.StartCall(ctx, m, telemetry.CMS, "node")
	call.End(apperr.PageNotFound(nil))
	parent.End()

	spans := telemetrytest.Named(rec, "cms node")
	if len(spans) != 3 {
		t.Fatalf("%d spans named 'cms node', want 3: %v", len(spans), rec.Ended())
	}
	for _, s := range spans {
		if s.SpanKind() != trace.SpanKindClient || s.Parent().SpanID() != parent.SpanContext().SpanID() ||
			s.SpanContext().TraceID() != parent.SpanContext().TraceID() {
			t.Errorf("span %s: kind %v, parent %v; want a client span under the request's", s.Name(), s.SpanKind(), s.Parent().SpanID())
		}
	}
	if o := telemetrytest.Attr(spans[1], "portal.upstream.outcome"); o != "unavailable" || spans[1].Status().Code != codes.Error {
		t.Errorf("the failed call: outcome %q, status %v", o, spans[1].Status())
	}
	for _, ev := range spans[1].Events() {
		for _, a := range ev.Attributes {
			if strings.Contains(a.Value.String(), "jane@") {
				t.Errorf("the span's recorded error carries an email: %v", a.Value.String())
			}
		}
	}
	if spans[2].Status().Code == codes.Error {
		t.Errorf("a not-found answer is the CMS working, not an error: %v", spans[2].Status())
	}

	out := scrape(t, m)
	for _, want := range []string{
		`bff_upstream_request_duration_seconds_count{operation="node",outcome="ok",upstream="cms"} 1`,
		`bff_upstream_request_duration_seconds_count{operation="node",outcome="unavailable",upstream="cms"} 1`,
		`bff_upstream_request_duration_seconds_count{operation="node",outcome="not_found",upstream="cms"} 1`,
		`bff_upstream_errors_total{operation="node",upstream="cms"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// Without an exporter the tracer is OpenTelemetry's no-op: no span is recorded, a caller's trace
// still passes through (log lines name it), and metrics are still kept.
func TestWithoutAnExporterNothingIsRecorded(t *testing.T) {
	telemetry.Install(nil)
	if telemetry.Enabled() {
		t.Fatal("enabled without a provider")
	}
	m := metrics.New()
	ctx := telemetry.Extract(context.Background(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "")
	ctx, call := telemetry.StartCall(ctx, m, telemetry.Redis, "incr")
	if trace.SpanFromContext(ctx).IsRecording() {
		t.Fatal("a recording span without a provider")
	}
	if got := trace.SpanContextFromContext(ctx).TraceID().String(); got != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Fatalf("the caller's trace is lost: %s", got)
	}
	call.End(nil)
	if !strings.Contains(scrape(t, m), `bff_upstream_request_duration_seconds_count{operation="incr",outcome="ok",upstream="redis"} 1`) {
		t.Fatal("no metric without tracing")
	}
	allocs := testing.AllocsPerRun(100, func() {
		_, call := telemetry.StartCall(context.Background(), nil, telemetry.Redis, "incr")
		call.End(nil)
	})
	if allocs > 1 {
		t.Errorf("an untraced call allocates %v times, want at most 1 (the call itself)", allocs)
	}
}

// Firestore's RPCs are spans and metrics through the gRPC stats handler, the operation being the
// RPC's method; the RPC's status decides the outcome.
func TestGRPCStatsHandlerMakesEachRPCAnUpstreamCall(t *testing.T) {
	rec := telemetrytest.Record(t)
	m := metrics.New()
	h := telemetry.GRPC(m, telemetry.Firestore)
	for _, rpc := range []struct {
		method string
		err    error
	}{
		{"/google.firestore.v1.Firestore/Commit", nil},
		{"/google.firestore.v1.Firestore/BatchGetDocuments", status.Error(grpccodes.NotFound, "no document")},
		{"/google.firestore.v1.Firestore/RunQuery", status.Error(grpccodes.Unavailable, "connection refused")},
	} {
		ctx := h.TagRPC(context.Background(), &stats.RPCTagInfo{FullMethodName: rpc.method})
		h.HandleRPC(ctx, &stats.Begin{})
		h.HandleRPC(ctx, &stats.End{Error: rpc.err})
	}
	for _, name := range []string{"firestore Commit", "firestore BatchGetDocuments", "firestore RunQuery"} {
		if len(telemetrytest.Named(rec, name)) != 1 {
			t.Errorf("no span %q among %d", name, len(rec.Ended()))
		}
	}
	out := scrape(t, m)
	for _, want := range []string{
		`bff_upstream_request_duration_seconds_count{operation="Commit",outcome="ok",upstream="firestore"} 1`,
		`bff_upstream_request_duration_seconds_count{operation="BatchGetDocuments",outcome="not_found",upstream="firestore"} 1`,
		`bff_upstream_errors_total{operation="RunQuery",upstream="firestore"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(out, `bff_upstream_errors_total{operation="BatchGetDocuments"`) {
		t.Error("a missing document counted as Firestore failing")
	}
}

// The page cache's answer is on the request's span.
func TestCacheOutcomeIsNotedOnTheRequestSpan(t *testing.T) {
	rec := telemetrytest.Record(t)
	_, span := telemetry.Tracer().Start(context.Background(), "GET /api/v1/pages")
	telemetry.CacheOutcome(span, "page", "stale")
	span.End()
	if got := telemetrytest.Attr(rec.Ended()[0], "portal.cache.page"); got != "stale" {
		t.Fatalf("portal.cache.page = %q", got)
	}
}
