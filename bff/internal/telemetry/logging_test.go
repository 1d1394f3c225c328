package telemetry

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/trace"
)

// logLine logs one line through the BFF's handler and answers it decoded.
func logLine(ctx context.Context, t *testing.T, o LogOptions, level slog.Level, msg string, attrs ...slog.Attr) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	if o.Level == nil {
		o.Level = slog.LevelDebug
	}
	slog.New(NewLogHandler(&buf, o)).LogAttrs(ctx, level, msg, attrs...)
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("not one JSON line: %q: %v", buf.String(), err)
	}
	return line
}

func remoteSpan(t *testing.T, sampled bool) (context.Context, trace.SpanContext) {
	t.Helper()
	tid, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	flags := trace.TraceFlags(0)
	if sampled {
		flags = trace.FlagsSampled
	}
	sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: flags})
	return trace.ContextWithSpanContext(context.Background(), sc), sc
}

// Cloud Logging reads "severity" and "message": with slog's "level" and "msg" every line showed
// as "default" severity.
func TestLinesCarrySeverityAndMessageAsCloudLoggingReadsThem(t *testing.T) {
	for level, want := range map[slog.Level]string{
		slog.LevelDebug: "DEBUG", slog.LevelInfo: "INFO", slog.LevelWarn: "WARNING", slog.LevelError: "ERROR",
		slog.LevelWarn + 2: "WARNING", slog.LevelError + 4: "ERROR",
	} {
		line := logLine(context.Background(), t, LogOptions{}, level, "request")
		if line["severity"] != want || line["message"] != "request" {
			t.Errorf("level %v: severity %v, message %v; want %s, request", level, line["severity"], line["message"], want)
		}
		for _, gone := range []string{"level", "msg"} {
			if _, ok := line[gone]; ok {
				t.Errorf("level %v: the line still has slog's %q: %v", level, gone, line)
			}
		}
		if _, ok := line["time"]; !ok {
			t.Errorf("no time: %v", line)
		}
	}
}

func TestALineOfARequestNamesItsTraceAndSpan(t *testing.T) {
	ctx, _ := remoteSpan(t, true)
	line := logLine(ctx, t, LogOptions{ProjectID: "union-benefits-prod"}, slog.LevelInfo, "request")
	if got := line[TraceKey]; got != "projects/union-benefits-prod/traces/4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace %v", got)
	}
	if got := line[SpanKey]; got != "00f067aa0ba902b7" {
		t.Errorf("span %v", got)
	}
	if got := line[TraceSampledKey]; got != true {
		t.Errorf("sampled %v", got)
	}

	// Without a project, the bare id; an unsampled trace says so.
	ctx, _ = remoteSpan(t, false)
	line = logLine(ctx, t, LogOptions{}, slog.LevelInfo, "request")
	if line[TraceKey] != "4bf92f3577b34da6a3ce929d0e0e4736" || line[TraceSampledKey] != false {
		t.Errorf("no project: %v", line)
	}

	// A line outside any request has none of the three.
	line = logLine(context.Background(), t, LogOptions{ProjectID: "p"}, slog.LevelInfo, "starting")
	for _, k := range []string{TraceKey, SpanKey, TraceSampledKey} {
		if _, ok := line[k]; ok {
			t.Errorf("a line without a span has %s: %v", k, line)
		}
	}
}

func TestTheLevelStillFilters(t *testing.T) {
	var buf bytes.Buffer
	slog.New(NewLogHandler(&buf, LogOptions{Level: slog.LevelInfo})).Debug("hidden")
	if buf.Len() != 0 {
		t.Fatalf("a debug line at info: %s", buf.String())
	}
}

// No email address, name, password or token reaches a log line, whether the attribute says what
// it holds or the value only carries it (an upstream's error text, a URL).
func TestPersonalDataIsTakenOutOfEveryLine(t *testing.T) {
	const jwt = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ1aWQtMSIsImVtYWlsIjoiYUBiLmNvIn0.c2lnbmF0dXJlLWJ5dGVz"
	line := logLine(context.Background(), t, LogOptions{}, slog.LevelError, "sign-in of jane.doe@example.org failed",
		slog.String("email", "jane.doe@example.org"),
		slog.String("displayName", "Jane Doe"),
		slog.String("password", "hunter2hunter2"),
		slog.String("idToken", jwt),
		slog.String("err", "identity toolkit: EMAIL_EXISTS for jane.doe+benefits@example.co.uk (Bearer abc.def-ghi) cookie "+jwt),
		slog.Any("cause", errors.New("GET https://x.example/reset?mode=resetPassword&oobCode=Zx81kQ-abc_DEF&apiKey=AIzaSyFake&lang=en: 500")),
		slog.Group("member", slog.String("name", "Jane Doe"), slog.String("union", "61")),
		slog.Any("tags", []string{"node:12", "user:jane@example.org"}),
		slog.Any("config", struct {
			LeadersEmail string
			Inbox        string
			From         string
			Note         string
			Port         int
		}{"jane@example.org", "mailto:jane@example.org", "Union Benefits <jane@example.org>", "first line\njane@example.org", 8080}),
		slog.String("path", "/api/v1/pages"),
		slog.Int("status", 500),
	)
	out, _ := json.Marshal(line)
	for _, leak := range []string{"jane", "Jane", "Doe", "hunter2", "eyJ", "abc.def-ghi", "Zx81kQ", "AIzaSyFake", "example.org", "example.co.uk"} {
		if strings.Contains(string(out), leak) {
			t.Errorf("the line carries %q:\n%s", leak, out)
		}
	}
	// What is not personal stays, so the line still says what happened.
	for _, kept := range []string{`"path":"/api/v1/pages"`, `"status":500`, `"union":"61"`, "EMAIL_EXISTS", "mode=resetPassword", "lang=en", "node:12", "[email]", "[token]", `"Port":8080`, `"From":"Union Benefits \u003c[email]\u003e"`} {
		if !strings.Contains(string(out), kept) {
			t.Errorf("the line lost %q:\n%s", kept, out)
		}
	}
}

func TestRedactTextLeavesOrdinaryTextAlone(t *testing.T) {
	for _, s := range []string{
		"/api/v1/pages", "GET /api/v1/cases/:caseId/files", "node|home/1072", "cms node: status 503",
		"4bf92f3577b34da6a3ce929d0e0e4736", "a basic plan", "union=61&kind=page",
	} {
		if got := RedactText(s); got != s {
			t.Errorf("RedactText(%q) = %q", s, got)
		}
	}
}
