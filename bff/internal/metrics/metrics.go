// Package metrics holds the BFF's Prometheus metrics. Every method is safe on a nil *Metrics, so
// unit tests can leave metrics out.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is the BFF's set of collectors on its own registry.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.HistogramVec
	upstream *prometheus.HistogramVec
	cache    *prometheus.CounterVec
}

// New registers the BFF's collectors, plus the Go runtime and process ones, on a new registry.
func New() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern, method and status.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method", "status"}),
		upstream: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_upstream_request_duration_seconds",
			Help:    "Time of one call to an upstream system, by upstream, operation and outcome.",
			Buckets: prometheus.DefBuckets,
		}, []string{"upstream", "operation", "outcome"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_cache_lookups_total",
			Help: "Cache lookups by cache kind and result (hit, stale, miss).",
		}, []string{"kind", "result"}),
	}
	m.registry.MustRegister(m.requests, m.upstream, m.cache,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	if m == nil {
		return http.NotFoundHandler()
	}
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// ObserveRequest records one answered HTTP request.
func (m *Metrics) ObserveRequest(route, method string, status int, d time.Duration) {
	if m == nil {
		return
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Observe(d.Seconds())
}

// ObserveUpstream records one upstream call that started at start; outcome is "ok" or an error
// code, so the label set stays small.
func (m *Metrics) ObserveUpstream(upstream, operation, outcome string, start time.Time) {
	if m == nil {
		return
	}
	m.upstream.WithLabelValues(upstream, operation, outcome).Observe(time.Since(start).Seconds())
}

// CacheIndex reports the content cache's tag index, read from size at each scrape: how many tags
// name at least one cached entry, and how many entries are indexed. The index is kept outside
// the cache's byte budget, so these show whether it stays bounded when readers ask for endless
// distinct paths or searches.
func (m *Metrics) CacheIndex(size func() (tags, keys int)) {
	if m == nil {
		return
	}
	m.registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_cache_index_tags",
			Help: "Tags in the content cache's tag index (each names at least one cached entry).",
		}, func() float64 { tags, _ := size(); return float64(tags) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_cache_index_keys",
			Help: "Cached entries in the content cache's tag index.",
		}, func() float64 { _, keys := size(); return float64(keys) }),
	)
}

// CacheLookup counts one cache lookup.
func (m *Metrics) CacheLookup(kind, result string) {
	if m == nil {
		return
	}
	m.cache.WithLabelValues(kind, result).Inc()
}

// Register adds a feature's own collectors (the Web Vitals' histograms, package vitals) to the
// registry /metrics serves.
func (m *Metrics) Register(cs ...prometheus.Collector) {
	if m == nil {
		return
	}
	m.registry.MustRegister(cs...)
}
