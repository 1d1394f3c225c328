package telemetry

import (
	"context"
	"io"
	"log/slog"

	"go.opentelemetry.io/otel/trace"
)

// The structured-logging fields Cloud Logging reads from a JSON line on stderr: it files the line
// under the trace (and shows it beside the trace's spans in Cloud Trace) and takes its severity.
const (
	TraceKey        = "logging.googleapis.com/trace"
	SpanKey         = "logging.googleapis.com/spanId"
	TraceSampledKey = "logging.googleapis.com/trace_sampled"
	SeverityKey     = "severity"
	MessageKey      = "message"
)

// LogOptions configure NewLogHandler.
type LogOptions struct {
	Level slog.Leveler
	// ProjectID is the Google Cloud project the traces are kept in: the trace field is then the
	// trace's resource name, projects/{ProjectID}/traces/{id}, which Cloud Logging links to
	// Cloud Trace. Empty: the bare trace id.
	ProjectID string
}

// NewLogHandler is the BFF's one log handler: JSON lines as Cloud Logging reads them.
//   - "severity" (DEBUG, INFO, WARNING, ERROR) in place of slog's "level", which Cloud Logging
//     ignores (every line would show as "default"), and "message" in place of "msg";
//   - on every line logged with a context that holds a span (every line of a request, as
//     handlers log with the request's context), the trace, span and sampled fields;
//   - personal data taken out of every value before it is written (Redact): an attribute named
//     like an email, a name, a password or a token loses its value, and an email address, a
//     bearer token, a JWT (a session cookie, an ID token) or a secret query parameter inside any
//     text (an error's message, a URL) is replaced.
func NewLogHandler(w io.Writer, o LogOptions) slog.Handler {
	return &logHandler{
		next:    slog.NewJSONHandler(w, &slog.HandlerOptions{Level: o.Level, ReplaceAttr: replaceAttr}),
		project: o.ProjectID,
	}
}

type logHandler struct {
	next    slog.Handler
	project string
}

func (h *logHandler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *logHandler) Handle(ctx context.Context, r slog.Record) error {
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		id := sc.TraceID().String()
		if h.project != "" {
			id = "projects/" + h.project + "/traces/" + id
		}
		r.AddAttrs(
			slog.String(TraceKey, id),
			slog.String(SpanKey, sc.SpanID().String()),
			slog.Bool(TraceSampledKey, sc.IsSampled()),
		)
	}
	return h.next.Handle(ctx, r)
}

func (h *logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &logHandler{next: h.next.WithAttrs(attrs), project: h.project}
}

func (h *logHandler) WithGroup(name string) slog.Handler {
	return &logHandler{next: h.next.WithGroup(name), project: h.project}
}

// replaceAttr renames slog's built-in fields to Cloud Logging's and redacts every other value.
func replaceAttr(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 {
		switch a.Key {
		case slog.LevelKey:
			l, _ := a.Value.Any().(slog.Level)
			return slog.String(SeverityKey, severity(l))
		case slog.MessageKey:
			return slog.String(MessageKey, RedactText(a.Value.String()))
		case slog.TimeKey, TraceKey, SpanKey, TraceSampledKey:
			return a
		}
	}
	return Redact(a)
}

// severity is Cloud Logging's name of a slog level.
func severity(l slog.Level) string {
	switch {
	case l >= slog.LevelError:
		return "ERROR"
	case l >= slog.LevelWarn:
		return "WARNING"
	case l >= slog.LevelInfo:
		return "INFO"
	default:
		return "DEBUG"
	}
}
