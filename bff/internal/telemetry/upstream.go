package telemetry

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
)

// Call is one call to an upstream system in progress: its client span and the start of its
// latency. End it once, with the call's error.
type Call struct {
	span      trace.Span
	m         *metrics.Metrics
	upstream  string
	operation string
	start     time.Time
}

// Upstream names of the BFF's upstreams, the label values of bff_upstream_* and the first word
// of each client span's name.
const (
	CMS       = "cms"
	Auth      = "auth"
	Firestore = "firestore"
	Storage   = "storage"
	Orders    = "orders"
	Redis     = "redis"
	Hotels    = "hotels"
)

// StartCall starts one call to upstream: a client span "{upstream} {operation}" (a child of
// the request's span in ctx) and its latency in m (nil records none). operation is a name from
// code (a JSON:API resource, an RPC, a GraphQL operation), never a path or an id: it is a metric
// label and a span name, both of which must stay a small set.
func StartCall(ctx context.Context, m *metrics.Metrics, upstream, operation string) (context.Context, *Call) {
	c := &Call{m: m, upstream: upstream, operation: operation, start: time.Now()}
	if !Enabled() {
		// No span at all: the name and attributes would be built for nothing.
		c.span = noSpan
		return ctx, c
	}
	ctx, c.span = Tracer().Start(ctx, upstream+" "+operation,
		trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("peer.service", upstream),
			attribute.String("portal.upstream.operation", operation),
		))
	return ctx, c
}

// noSpan is the span of a call while nothing is recorded.
var noSpan trace.Span = noop.Span{}

// End records the call's outcome: "ok", or the apperr code err translates to.
func (c *Call) End(err error) { c.EndOutcome(Outcome(err), err) }

// EndOutcome records the call with an outcome its caller worked out (a transport's status);
// err, when not nil, is recorded on the span.
func (c *Call) EndOutcome(outcome string, err error) {
	c.m.ObserveUpstream(c.upstream, c.operation, outcome, c.start)
	if c.span.IsRecording() {
		c.span.SetAttributes(attribute.String("portal.upstream.outcome", outcome))
		if metrics.UpstreamFailed(outcome) {
			c.span.SetStatus(codes.Error, outcome)
			if err != nil {
				c.span.RecordError(RedactedError(err))
			}
		}
	}
	c.span.End()
}

// Outcome is an upstream call's outcome label: "ok", or err's apperr code.
func Outcome(err error) string {
	if err == nil {
		return "ok"
	}
	return string(apperr.From(err).Code)
}

// CacheOutcome notes on span (the request's) what the cache answered a lookup of kind: "hit",
// "stale" or "miss", as the attribute portal.cache.{kind} (portal.cache.page for a page
// document). A lookup inside a load (the CMS node a page is built from) notes its own kind.
func CacheOutcome(span trace.Span, kind, result string) {
	if span.IsRecording() {
		span.SetAttributes(attribute.String("portal.cache."+kind, result))
	}
}
