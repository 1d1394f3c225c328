package httpapi

import (
	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// traced makes every request a server span that continues the caller's W3C traceparent (Next's
// server, or the browser's through the edge, which passes the header on), named after the route
// pattern ("GET /api/v1/pages"), never the raw path, which would make every page a name of its
// own. Handlers' contexts carry it: upstream calls become its children and log lines carry its
// ids. Without a tracer installed (no OTEL_EXPORTER_OTLP_ENDPOINT) a request without a
// traceparent skips all of it, and one with a traceparent only has it parsed, so its log lines
// still name the caller's trace.
func traced() fiber.Handler {
	return func(c fiber.Ctx) error {
		header := c.Get("Traceparent")
		if header == "" && !telemetry.Enabled() {
			return c.Next()
		}
		ctx := c.Context()
		if header != "" {
			ctx = telemetry.Extract(ctx, header, c.Get("Tracestate"))
		}
		ctx, span := telemetry.Tracer().Start(ctx, c.Method(), trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		c.SetContext(ctx)
		// observe, next, answers any error itself, so the status read below is the one sent.
		err := c.Next()
		if !span.IsRecording() {
			return err
		}
		route, status := c.Route().Path, c.Response().StatusCode()
		span.SetName(c.Method() + " " + route)
		span.SetAttributes(
			attribute.String("http.request.method", c.Method()),
			attribute.String("http.route", route),
			attribute.String("url.path", telemetry.RedactText(c.Path())),
			attribute.Int("http.response.status_code", status),
			attribute.String("portal.request_id", requestid.FromContext(c)),
		)
		if status >= fiber.StatusInternalServerError {
			span.SetStatus(codes.Error, "")
		}
		return err
	}
}
