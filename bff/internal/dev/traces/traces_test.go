package traces

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func getTrace(t *testing.T, base, id string) Trace {
	t.Helper()
	status, body := get(t, base+"/api/traces/"+id)
	if status != http.StatusOK {
		t.Fatalf("GET /api/traces/%s: %d %s", id, status, body)
	}
	var tr Trace
	if err := json.Unmarshal([]byte(body), &tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

// The BFF's exporter (the Go SDK's OTLP/HTTP, protobuf) delivers a trace the viewer answers as
// JSON and draws as a waterfall.
func TestTheGoExportersSpansAreKeptAndShown(t *testing.T) {
	srv := httptest.NewServer(NewHandler(NewStore(10)))
	t.Cleanup(srv.Close)
	exp, err := otlptracehttp.New(t.Context(), otlptracehttp.WithEndpointURL(srv.URL+"/v1/traces"))
	if err != nil {
		t.Fatal(err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp),
		sdktrace.WithResource(resource.NewSchemaless(attribute.String("service.name", "portal-bff"))))
	tracer := tp.Tracer("test")
	ctx, req := tracer.Start(context.Background(), "GET /api/v1/page", trace.WithSpanKind(trace.SpanKindServer))
	req.SetAttributes(attribute.String("portal.cache.page", "miss"), attribute.Int("http.response.status_code", 200))
	_, cms := tracer.Start(ctx, "cms node", trace.WithSpanKind(trace.SpanKindClient))
	cms.End()
	req.End()
	if err := tp.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}

	id := req.SpanContext().TraceID().String()
	tr := getTrace(t, srv.URL, id)
	if tr.TraceID != id || len(tr.Spans) != 2 {
		t.Fatalf("trace: %+v", tr)
	}
	root, child := tr.Spans[0], tr.Spans[1]
	if root.Name != "GET /api/v1/page" || root.Kind != "server" || root.Service != "portal-bff" || root.ParentSpanID != "" ||
		root.Attributes["portal.cache.page"] != "miss" || root.Attributes["http.response.status_code"] != "200" {
		t.Errorf("request span: %+v", root)
	}
	if child.Name != "cms node" || child.Kind != "client" || child.ParentSpanID != root.SpanID || child.DurationMs < 0 || child.End < child.Start {
		t.Errorf("CMS span: %+v", child)
	}

	_, list := get(t, srv.URL+"/")
	if !strings.Contains(list, `href="/traces/`+id+`"`) || !strings.Contains(list, "GET /api/v1/page") {
		t.Errorf("the list lacks the trace:\n%s", list)
	}
	_, page := get(t, srv.URL+"/traces/"+id)
	for _, want := range []string{"GET /api/v1/page", "cms node", "portal-bff", "portal.cache.page", `class="bar client`} {
		if !strings.Contains(page, want) {
			t.Errorf("the waterfall lacks %q", want)
		}
	}
	if status, _ := get(t, srv.URL+"/api/traces/0123456789abcdef0123456789abcdef"); status != http.StatusNotFound {
		t.Errorf("an unknown trace: %d", status)
	}
}

// Next's exporter (the JavaScript OTLP/HTTP one) sends JSON: hex ids, nanoseconds as strings,
// enums as numbers. Its spans join the BFF's in one trace.
func TestTheJavaScriptExportersJSONJoinsTheTrace(t *testing.T) {
	store := NewStore(10)
	srv := httptest.NewServer(NewHandler(store))
	t.Cleanup(srv.Close)
	body := `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"portal-frontend"}}]},
	"scopeSpans":[{"scope":{"name":"next.js"},"spans":[{"traceId":"4BF92F3577B34DA6A3CE929D0E0E4736","spanId":"00f067aa0ba902b7",
	"name":"render route (app) /[[...path]]","kind":2,"startTimeUnixNano":"1764300000000000000","endTimeUnixNano":1764300000250000000,
	"attributes":[{"key":"next.route","value":{"stringValue":"/[[...path]]"}},{"key":"http.status_code","value":{"intValue":"200"}},
	{"key":"ok","value":{"boolValue":true}}],"status":{"code":0}}]}]}]}`
	resp, err := http.Post(srv.URL+"/v1/traces", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("export: %d", resp.StatusCode)
	}
	store.Add([]Span{{TraceID: "4bf92f3577b34da6a3ce929d0e0e4736", SpanID: "1111111111111111", ParentSpanID: "00f067aa0ba902b7",
		Name: "GET /api/v1/page", Service: "portal-bff", Start: 1764300000100000000, End: 1764300000200000000}})

	tr := getTrace(t, srv.URL, "4bf92f3577b34da6a3ce929d0e0e4736")
	if len(tr.Spans) != 2 {
		t.Fatalf("spans: %+v", tr.Spans)
	}
	next := tr.Spans[0]
	if next.Service != "portal-frontend" || next.Kind != "server" || next.DurationMs != 250 || next.Status != "unset" ||
		next.Attributes["http.status_code"] != "200" || next.Attributes["ok"] != "true" {
		t.Errorf("Next's span: %+v", next)
	}
	sum := store.List(10)[0]
	if sum.Name != next.Name || sum.SpanCount != 2 || len(sum.Services) != 2 {
		t.Errorf("summary: %+v", sum)
	}

	if resp, _ := http.Post(srv.URL+"/v1/traces", "text/plain", strings.NewReader("x")); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a text body: %d", resp.StatusCode)
	}
	if resp, _ := http.Post(srv.URL+"/v1/traces", "application/json", strings.NewReader("{")); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("broken JSON: %d", resp.StatusCode)
	}
}

// Memory stays bounded: the oldest traces go first.
func TestTheOldestTracesAreForgotten(t *testing.T) {
	s := NewStore(2)
	for _, id := range []string{"a", "b", "c"} {
		s.Add([]Span{{TraceID: id, SpanID: "1"}})
	}
	if _, ok := s.Get("a"); ok {
		t.Error("the oldest trace is kept beyond the limit")
	}
	if l := s.List(10); len(l) != 2 || l[0].TraceID != "c" {
		t.Errorf("list: %+v", l)
	}
	s.Clear()
	if len(s.List(10)) != 0 {
		t.Error("cleared, yet listed")
	}
}
