// Package metrics holds the BFF's Prometheus metrics. Every method is safe on a nil *Metrics, so
// unit tests can leave metrics out.
package metrics

import (
	"net/http"
	"strconv"
	"sync"
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
	// upstreamErrors counts the calls whose outcome is a failure of the upstream (see
	// UpstreamFailed), beside the histogram that has every outcome, so an alert needs no ratio.
	upstreamErrors *prometheus.CounterVec
	cache          *prometheus.CounterVec
	// requestObservers and cacheCounters hold each label set's child once used: every answer is
	// observed and every cached one makes lookups, and finding the child by its label values
	// hashed and validated them each time (with the key's concatenation, about a tenth of a
	// cached page document's cost).
	requestObservers children[requestLabels, prometheus.Observer]
	cacheCounters    children[cacheLabels, prometheus.Counter]
	purgeLag         prometheus.Histogram
	purgeReconnect   prometheus.Counter
	uploadBytes      prometheus.Counter
	uploadRefusals   *prometheus.CounterVec
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
		upstreamErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_upstream_errors_total",
			Help: "Upstream calls that failed upstream (unreachable, timed out, 5xx, malformed), by upstream and operation.",
		}, []string{"upstream", "operation"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_cache_lookups_total",
			Help: "Cache lookups by cache kind and result (hit, stale, miss).",
		}, []string{"kind", "result"}),
		purgeLag: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "bff_purge_bus_lag_seconds",
			Help: "Time from a replica publishing a purge on the Redis bus to another replica receiving it.",
			// A purge crosses one Redis hop: milliseconds; seconds mean a stalled subscriber.
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}),
		purgeReconnect: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bff_purge_bus_reconnects_total",
			Help: "Times this replica's purge bus subscription came back after losing Redis (each drops the content cache).",
		}),
		uploadBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bff_upload_bytes_total",
			Help: "Bytes of case documents members uploaded and the BFF stored.",
		}),
		uploadRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_upload_refusals_total",
			Help: "Uploads refused, by reason (too_large, type, name, quota, ...).",
		}, []string{"reason"}),
	}
	m.registry.MustRegister(m.requests, m.upstream, m.upstreamErrors, m.cache,
		m.purgeLag, m.purgeReconnect, m.uploadBytes, m.uploadRefusals,
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
	m.requestObservers.get(requestLabels{route, method, status}, func() prometheus.Observer {
		return m.requests.WithLabelValues(route, method, strconv.Itoa(status))
	}).Observe(d.Seconds())
}

type requestLabels struct {
	route, method string
	status        int
}

type cacheLabels struct{ kind, result string }

// children maps a vector's label values to its child, made once by newChild.
type children[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

func (c *children[K, V]) get(k K, newChild func() V) V {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok = c.m[k]; !ok {
		if c.m == nil {
			c.m = map[K]V{}
		}
		v = newChild()
		c.m[k] = v
	}
	return v
}

// ObserveUpstream records one upstream call that started at start; outcome is "ok" or an error
// code (apperr's), so the label set stays small, and operation a name from code, never a path
// or an id. An outcome UpstreamFailed says is a failure also counts in bff_upstream_errors_total.
func (m *Metrics) ObserveUpstream(upstream, operation, outcome string, start time.Time) {
	if m == nil {
		return
	}
	m.upstream.WithLabelValues(upstream, operation, outcome).Observe(time.Since(start).Seconds())
	if UpstreamFailed(outcome) {
		m.upstreamErrors.WithLabelValues(upstream, operation).Inc()
	}
}

// UpstreamFailed says whether an upstream call's outcome is the upstream failing (unreachable,
// too slow, a 5xx, an answer that makes no sense: "unavailable" or "internal"), as opposed to an
// answer about the request (not found, conflict, invalid credentials), which is the upstream
// working.
func UpstreamFailed(outcome string) bool {
	return outcome == "unavailable" || outcome == "internal"
}

// PurgeReceived records the lag of one purge from another replica: from its publishing (sent,
// the sender's clock) to now. Replicas' clocks differ by milliseconds at most on Cloud Run; a
// negative lag (a clock ahead) counts as none.
func (m *Metrics) PurgeReceived(sent time.Time) {
	if m == nil {
		return
	}
	m.purgeLag.Observe(max(time.Since(sent), 0).Seconds())
}

// PurgeBusReconnected counts one return of the purge bus after it was lost.
func (m *Metrics) PurgeBusReconnected() {
	if m == nil {
		return
	}
	m.purgeReconnect.Inc()
}

// UploadStored counts the bytes of one stored upload (or chunk of one).
func (m *Metrics) UploadStored(bytes int64) {
	if m == nil || bytes <= 0 {
		return
	}
	m.uploadBytes.Add(float64(bytes))
}

// UploadRefused counts one refused upload; reason is a name from code (a bounded set).
func (m *Metrics) UploadRefused(reason string) {
	if m == nil {
		return
	}
	m.uploadRefusals.WithLabelValues(reason).Inc()
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
	m.cacheCounters.get(cacheLabels{kind, result}, func() prometheus.Counter {
		return m.cache.WithLabelValues(kind, result)
	}).Inc()
}

// Register adds a feature's own collectors (the Web Vitals' histograms, package vitals) to the
// registry /metrics serves.
func (m *Metrics) Register(cs ...prometheus.Collector) {
	if m == nil {
		return
	}
	m.registry.MustRegister(cs...)
}
