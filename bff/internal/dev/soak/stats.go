package soak

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Recorder counts answers by route and status and keeps every latency. Keeping them all is
// simple and exact: ten minutes at a thousand requests a second is 600,000 durations, under
// 5 MB, and percentiles need no bucket arithmetic.
type Recorder struct {
	mu       sync.Mutex
	routes   map[string]*RouteStats
	examples []string // the first failures, to say what went wrong
	// waits are how long each open-loop send waited for a free client after it was due: part of
	// its latency, and the part the BFF did not spend. Large waits mean the BFF fell behind the
	// rate (or the client is short of -inflight).
	waits []time.Duration
}

// maxExamples is how many failures a Recorder keeps the words of.
const maxExamples = 5

// RouteStats is what one route's requests got.
type RouteStats struct {
	Statuses  map[int]int // status -> count; 0 is no answer (a transport error)
	Errors    int
	Latencies []time.Duration
}

// NewRecorder returns an empty Recorder.
func NewRecorder() *Recorder { return &Recorder{routes: map[string]*RouteStats{}} }

// Record counts one answer; detail says what a failed one was.
func (r *Recorder) Record(route string, status int, failed bool, latency time.Duration, detail string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.routes[route]
	if s == nil {
		s = &RouteStats{Statuses: map[int]int{}}
		r.routes[route] = s
	}
	s.Statuses[status]++
	if failed {
		s.Errors++
		if len(r.examples) < maxExamples {
			r.examples = append(r.examples, route+": "+detail)
		}
	}
	s.Latencies = append(s.Latencies, latency)
}

// RecordWait keeps how long one send waited for a free client.
func (r *Recorder) RecordWait(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.waits = append(r.waits, d)
}

// Waits summarises the waits for a free client: p50, p99 and the longest.
func (r *Recorder) Waits() (p50, p99, longest time.Duration) {
	r.mu.Lock()
	sorted := slices.Clone(r.waits)
	r.mu.Unlock()
	slices.Sort(sorted)
	if len(sorted) == 0 {
		return 0, 0, 0
	}
	return Percentile(sorted, 50), Percentile(sorted, 99), sorted[len(sorted)-1]
}

// Examples are the words of the first failures.
func (r *Recorder) Examples() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.examples)
}

// Summary is one line of a report: a route's (or every route's) counts and latencies.
type Summary struct {
	Route         string
	Requests      int
	Errors        int
	Statuses      map[int]int
	P50, P99, Max time.Duration
}

// Summaries are each route's summary in name order, then "all".
func (r *Recorder) Summaries() []Summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Summary
	all := Summary{Route: "all", Statuses: map[int]int{}}
	var every []time.Duration
	for _, name := range slices.Sorted(maps.Keys(r.routes)) {
		s := r.routes[name]
		out = append(out, summarise(name, s.Statuses, s.Errors, s.Latencies))
		for status, n := range s.Statuses {
			all.Statuses[status] += n
		}
		all.Errors += s.Errors
		every = append(every, s.Latencies...)
	}
	return append(out, summarise("all", all.Statuses, all.Errors, every))
}

func summarise(name string, statuses map[int]int, errors int, latencies []time.Duration) Summary {
	sorted := slices.Clone(latencies)
	slices.Sort(sorted)
	s := Summary{Route: name, Requests: len(sorted), Errors: errors, Statuses: maps.Clone(statuses),
		P50: Percentile(sorted, 50), P99: Percentile(sorted, 99)}
	if len(sorted) > 0 {
		s.Max = sorted[len(sorted)-1]
	}
	return s
}

// Total is every route's requests and errors.
func (r *Recorder) Total() (requests, errors int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.routes {
		requests += len(s.Latencies)
		errors += s.Errors
	}
	return requests, errors
}

// Percentile is the nearest-rank p-th percentile of sorted: the smallest value that at least p%
// of the values are at or below. 0 for no values.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(float64(len(sorted))*p/100 + 0.9999999)
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// StatusText lists statuses with their counts, lowest first: "200:950 404:50"; 0 shows as "err".
func StatusText(statuses map[int]int) string {
	var parts []string
	for _, status := range slices.Sorted(maps.Keys(statuses)) {
		name := strconv.Itoa(status)
		if status == 0 {
			name = "err"
		}
		parts = append(parts, fmt.Sprintf("%s:%d", name, statuses[status]))
	}
	return strings.Join(parts, " ")
}
