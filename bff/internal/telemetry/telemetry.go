// Package telemetry is how the BFF is seen running: OpenTelemetry traces (a server span per
// request continuing the caller's W3C traceparent, a client span per upstream call), the metric
// of each upstream call beside its span, and the JSON log lines Cloud Logging reads (severity,
// message, the trace and span ids, personal data taken out).
//
// Without OTEL_EXPORTER_OTLP_ENDPOINT no SDK is installed: the tracer is OpenTelemetry's no-op,
// which allocates nothing and records nothing, so tracing costs a request next to nothing.
package telemetry

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// scope names the BFF's own spans (the Google libraries' have theirs).
const scope = "github.com/union-benefits/portal/bff"

// tracer is the tracer of every span the BFF starts: the no-op one until Install.
var tracer atomic.Pointer[trace.Tracer]

// enabled says whether a recording tracer is installed: only then does a request without a
// traceparent get a span at all.
var enabled atomic.Bool

func init() { Install(nil) }

// propagator reads and writes the W3C traceparent and tracestate headers.
var propagator = propagation.TraceContext{}

// Install makes tp the provider of every span the BFF starts and of the Google libraries'
// (through OpenTelemetry's global provider); nil installs the no-op provider. Tests install an
// SDK provider with an in-memory exporter.
func Install(tp trace.TracerProvider) {
	on := tp != nil
	if tp == nil {
		tp = noop.NewTracerProvider()
	}
	t := tp.Tracer(scope)
	tracer.Store(&t)
	enabled.Store(on)
	if on {
		otel.SetTracerProvider(tp)
	}
	otel.SetTextMapPropagator(propagator)
}

// Tracer is the tracer the BFF's spans start from.
func Tracer() trace.Tracer { return *tracer.Load() }

// Enabled says whether spans are recorded and exported.
func Enabled() bool { return enabled.Load() }

// Options configure Setup.
type Options struct {
	// Endpoint is OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP receiver's base URL (traces go to
	// {Endpoint}/v1/traces). Empty installs nothing.
	Endpoint string
	Service  string // service.name of every span
	Version  string // service.version, when known
}

// Setup installs the tracer provider Options ask for and returns what flushes and stops it at
// shutdown. Without an endpoint it installs the no-op provider and the shutdown does nothing.
func Setup(o Options) (shutdown func(context.Context) error, err error) {
	if o.Endpoint == "" {
		Install(nil)
		return func(context.Context) error { return nil }, nil
	}
	exp, err := otlptracehttp.New(context.Background(), otlptracehttp.WithEndpointURL(traceURL(o.Endpoint)))
	if err != nil {
		return nil, err
	}
	attrs := []attribute.KeyValue{semconv.ServiceName(o.Service)}
	if o.Version != "" {
		attrs = append(attrs, semconv.ServiceVersion(o.Version))
	}
	tp := sdktrace.NewTracerProvider(
		// Batched off the request's path: a slow collector costs dropped spans, never latency.
		sdktrace.WithBatcher(exp, sdktrace.WithBatchTimeout(time.Second)),
		sdktrace.WithResource(resource.NewWithAttributes(semconv.SchemaURL, attrs...)),
		// A caller's sampling decision is kept (Next's); a trace the BFF starts is sampled.
		sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.AlwaysSample())),
	)
	Install(tp)
	return func(ctx context.Context) error {
		err := tp.Shutdown(ctx)
		Install(nil)
		if errors.Is(err, context.DeadlineExceeded) {
			return nil // spans still queued are dropped: shutdown's time is the requests'
		}
		return err
	}, nil
}

// traceURL is the OTLP/HTTP traces URL of an endpoint given as the specification says of
// OTEL_EXPORTER_OTLP_ENDPOINT: a base URL to which the signal's path is appended.
func traceURL(endpoint string) string {
	for len(endpoint) > 0 && endpoint[len(endpoint)-1] == '/' {
		endpoint = endpoint[:len(endpoint)-1]
	}
	return endpoint + "/v1/traces"
}

// Inject writes the traceparent (and tracestate) of ctx's span into h, so that an upstream of
// ours that traces (the CMS, the order system) continues the member's request rather than
// starting a trace of its own. Nothing is written while no spans are recorded. Not for third
// parties' APIs (Google's, the hotel partner's): our trace ids are no business of theirs.
func Inject(ctx context.Context, h http.Header) {
	if Enabled() {
		propagator.Inject(ctx, propagation.HeaderCarrier(h))
	}
}

// Extract is ctx with the remote span a traceparent (and tracestate) header names, the parent of
// the span the BFF starts for the request; a malformed header is ignored (a new trace starts).
func Extract(ctx context.Context, traceparent, tracestate string) context.Context {
	carrier := propagation.MapCarrier{"traceparent": traceparent}
	if tracestate != "" {
		carrier["tracestate"] = tracestate
	}
	return propagator.Extract(ctx, carrier)
}
