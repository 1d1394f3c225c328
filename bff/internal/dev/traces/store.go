// Package traces is the local stack's trace viewer: a small OTLP/HTTP receiver that keeps the
// most recent traces in memory, draws a list of them and each one's waterfall on the server (plain
// HTML, no script), and answers each trace as JSON for the end-to-end tests.
//
// Both tiers export to it when the stack sets OTEL_EXPORTER_OTLP_ENDPOINT to its address: the
// BFF's Go SDK sends protobuf, Next's JavaScript exporter JSON, both to POST /v1/traces.
// Jaeger or the OpenTelemetry collector would do it too, but neither is a Go module that builds
// offline with its web page (their pages are built by npm in their releases), and both are far
// larger than what a developer needs here: which spans one request made, and how long each took.
package traces

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// Span is one span as the viewer keeps and answers it.
type Span struct {
	TraceID      string `json:"traceId"`
	SpanID       string `json:"spanId"`
	ParentSpanID string `json:"parentSpanId,omitempty"`
	Name         string `json:"name"`
	// Kind is "server", "client", "internal", "producer" or "consumer" ("" when unspecified).
	Kind string `json:"kind"`
	// Service is the service.name of the resource that sent the span (portal-bff, the frontend's).
	Service       string            `json:"service"`
	Start         int64             `json:"startTimeUnixNano"`
	End           int64             `json:"endTimeUnixNano"`
	DurationMs    float64           `json:"durationMs"`
	Status        string            `json:"status"` // "unset", "ok" or "error"
	StatusMessage string            `json:"statusMessage,omitempty"`
	Attributes    map[string]string `json:"attributes"`
}

// Trace is every span received of one trace, in the order they started.
type Trace struct {
	TraceID string `json:"traceId"`
	Spans   []Span `json:"spans"`
}

// Summary is one line of the trace list: the trace's root span (or its earliest one while the
// root has not arrived), its services and its extent.
type Summary struct {
	TraceID    string    `json:"traceId"`
	Name       string    `json:"name"`
	Service    string    `json:"service"`
	Services   []string  `json:"services"`
	SpanCount  int       `json:"spanCount"`
	Start      time.Time `json:"start"`
	DurationMs float64   `json:"durationMs"`
	Error      bool      `json:"error"`
}

// Store keeps the most recent traces, at most maxTraces of them and maxSpans spans each.
type Store struct {
	mu        sync.Mutex
	traces    map[string]*Trace
	order     []string // trace ids, oldest first
	maxTraces int
	maxSpans  int
}

// NewStore keeps up to maxTraces traces.
func NewStore(maxTraces int) *Store {
	return &Store{traces: map[string]*Trace{}, maxTraces: maxTraces, maxSpans: 5000}
}

// Add files spans under their traces, forgetting the oldest traces beyond the limit.
func (s *Store) Add(spans []Span) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sp := range spans {
		t := s.traces[sp.TraceID]
		if t == nil {
			t = &Trace{TraceID: sp.TraceID}
			s.traces[sp.TraceID] = t
			s.order = append(s.order, sp.TraceID)
			if len(s.order) > s.maxTraces {
				delete(s.traces, s.order[0])
				s.order = s.order[1:]
			}
		}
		if len(t.Spans) < s.maxSpans {
			t.Spans = append(t.Spans, sp)
		}
	}
}

// Get is a copy of the trace id names, its spans in the order they started.
func (s *Store) Get(id string) (Trace, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.traces[id]
	if !ok {
		return Trace{}, false
	}
	out := Trace{TraceID: t.TraceID, Spans: slices.Clone(t.Spans)}
	slices.SortStableFunc(out.Spans, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
	return out, true
}

// List summarises the newest traces first, at most limit of them.
func (s *Store) List(limit int) []Summary {
	s.mu.Lock()
	ids := slices.Clone(s.order)
	s.mu.Unlock()
	slices.Reverse(ids)
	out := make([]Summary, 0, min(limit, len(ids)))
	for _, id := range ids {
		if len(out) == limit {
			break
		}
		if t, ok := s.Get(id); ok {
			out = append(out, summarize(t))
		}
	}
	return out
}

// Clear forgets every trace.
func (s *Store) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.traces, s.order = map[string]*Trace{}, nil
}

func summarize(t Trace) Summary {
	sum := Summary{TraceID: t.TraceID, SpanCount: len(t.Spans)}
	if len(t.Spans) == 0 {
		return sum
	}
	ids := map[string]bool{}
	for _, sp := range t.Spans {
		ids[sp.SpanID] = true
	}
	root := t.Spans[0]
	for _, sp := range t.Spans {
		if sp.ParentSpanID == "" || !ids[sp.ParentSpanID] {
			root = sp
			break
		}
	}
	first, last := t.Spans[0].Start, t.Spans[0].End
	for _, sp := range t.Spans {
		first, last = min(first, sp.Start), max(last, sp.End)
		if !slices.Contains(sum.Services, sp.Service) {
			sum.Services = append(sum.Services, sp.Service)
		}
		sum.Error = sum.Error || sp.Status == "error"
	}
	sum.Name, sum.Service = root.Name, root.Service
	sum.Start = time.Unix(0, first)
	sum.DurationMs = float64(last-first) / 1e6
	return sum
}
