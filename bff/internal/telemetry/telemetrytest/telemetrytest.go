// Package telemetrytest records the spans a test makes, in memory.
package telemetrytest

import (
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// Record installs a recording tracer provider for the rest of t (the no-op one again after it)
// and answers the recorder of every span ended meanwhile. The provider is process-wide: a test
// that records must not run in parallel with another that does.
func Record(t testing.TB) *tracetest.SpanRecorder {
	t.Helper()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	telemetry.Install(tp)
	t.Cleanup(func() {
		telemetry.Install(nil)
		_ = tp.Shutdown(t.Context())
	})
	return rec
}

// Named is the ended spans named name.
func Named(rec *tracetest.SpanRecorder, name string) []sdktrace.ReadOnlySpan {
	var out []sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() == name {
			out = append(out, s)
		}
	}
	return out
}

// Attr is the string value of span's attribute key, "" when it has none.
func Attr(s sdktrace.ReadOnlySpan, key string) string {
	for _, a := range s.Attributes() {
		if string(a.Key) == key {
			return a.Value.String()
		}
	}
	return ""
}
