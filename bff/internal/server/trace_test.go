package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// lockedBuffer is a log the BFF writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines are the JSON log lines written so far.
func (b *lockedBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b.buf.Bytes()))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("a log line that is no JSON: %q", sc.Text())
		}
		out = append(out, line)
	}
	return out
}

// serverSpan waits for the server span of the request that traceID names, ended.
func serverSpan(t *testing.T, rec *tracetest.SpanRecorder, traceID string) sdktrace.ReadOnlySpan {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		for _, s := range rec.Ended() {
			if s.SpanContext().TraceID().String() == traceID && s.SpanKind().String() == "server" {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no server span of trace %s among %d spans", traceID, len(rec.Ended()))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// One page read through the edge with Next's traceparent is one trace: the BFF's request span a
// child of Next's span, named by its route, with the page cache's answer; the CMS call its child;
// and the request's log line names the same trace and span, as Cloud Logging reads them.
func TestAPageReadContinuesTheCallersTraceToTheCMS(t *testing.T) {
	rec := telemetrytest.Record(t)
	logs := &lockedBuffer{}
	log := slog.New(telemetry.NewLogHandler(logs, telemetry.LogOptions{Level: slog.LevelInfo, ProjectID: "demo-union-benefits"}))
	cms := harness.StartCMS(t)
	b := harness.StartBFFLogging(t, harness.Config(cms.URL, nil), log)

	const traceID, nextSpan = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	read := func() {
		if status := harness.GetTraced(t, b.URL+"/api/v1/page?path=/", traceID, nextSpan, nil); status != http.StatusOK {
			t.Fatalf("status %d", status)
		}
	}
	read()
	server := serverSpan(t, rec, traceID)
	if server.Name() != "GET /api/v1/page" {
		t.Errorf("server span %q, want the route's pattern", server.Name())
	}
	if server.Parent().SpanID().String() != nextSpan || !server.Parent().IsRemote() {
		t.Errorf("server span's parent %v, want Next's span %s", server.Parent().SpanID(), nextSpan)
	}
	if got := telemetrytest.Attr(server, "portal.cache.page"); got != "miss" {
		t.Errorf("first read: portal.cache.page = %q, want miss", got)
	}
	if got := telemetrytest.Attr(server, "http.response.status_code"); got != "200" {
		t.Errorf("status attribute %q", got)
	}
	var cmsCalls int
	for _, s := range rec.Ended() {
		if strings.HasPrefix(s.Name(), "cms ") {
			cmsCalls++
			if s.SpanContext().TraceID().String() != traceID || s.Parent().SpanID() != server.SpanContext().SpanID() {
				t.Errorf("CMS span %q is not a child of the request's span", s.Name())
			}
		}
	}
	if len(telemetrytest.Named(rec, "cms node")) == 0 {
		t.Errorf("no 'cms node' span among %d CMS spans", cmsCalls)
	}

	var requestLine map[string]any
	for _, line := range logs.lines(t) {
		if line["message"] == "request" {
			requestLine = line
		}
	}
	if requestLine == nil {
		t.Fatal("no request line logged")
	}
	if requestLine[telemetry.TraceKey] != "projects/demo-union-benefits/traces/"+traceID ||
		requestLine[telemetry.SpanKey] != server.SpanContext().SpanID().String() || requestLine["severity"] != "INFO" {
		t.Errorf("the request's log line: %v", requestLine)
	}

	// Read again: the page cache answers, and the request span says so.
	rec.Reset()
	read()
	if got := telemetrytest.Attr(serverSpan(t, rec, traceID), "portal.cache.page"); got != "hit" {
		t.Errorf("second read: portal.cache.page = %q, want hit", got)
	}
	for _, s := range rec.Ended() {
		if strings.HasPrefix(s.Name(), "cms ") {
			t.Errorf("a cached page called the CMS: %s", s.Name())
		}
	}
}
