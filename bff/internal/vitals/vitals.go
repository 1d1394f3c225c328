// Package vitals takes the Web Vitals members' browsers measure (LCP, INP, CLS, TTFB, reported by
// frontend/lib/webVitals.ts with navigator.sendBeacon) and turns them into Prometheus histograms
// on the admin listener's /metrics. Nothing of a report is kept but the observation: no address,
// no path (only its route kind, from a fixed set), no cookie or session is read. Every label comes
// from a fixed set, so the series stay bounded whatever a client sends.
package vitals

import (
	"math"
	"slices"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// Names are the metrics a report may hold, as web-vitals names them.
var Names = []string{"LCP", "INP", "CLS", "TTFB"}

// RouteKinds are what a page is, as the browser derives it from the path (frontend
// lib/routeKind.ts holds the same list): never the path itself, which may name a member's uid or
// anything a visitor typed.
var RouteKinds = []string{
	"home", "benefit", "blog", "store", "checkout", "account", "form", "search",
	"login", "livestream", "union", "page",
}

// Ratings are web-vitals' verdicts on a value, against Google's thresholds.
var Ratings = []string{"good", "needs-improvement", "poor"}

// Bounds of a believable value: a millisecond timing beyond a minute, or a layout shift score
// beyond 10, is a broken or forged report, not a member's experience, and would only skew the
// histograms.
const (
	maxMillis = 60_000
	maxShift  = 10
)

// MaxMetrics is how many metrics one report may hold: one of each name.
const MaxMetrics = 4

// Report is what the browser sends when the page is hidden: the route kind of the page and the
// metrics measured on it.
type Report struct {
	Route   string   `json:"route"`
	Metrics []Metric `json:"metrics"`
}

// Metric is one measurement: milliseconds for LCP, INP and TTFB, a unitless score for CLS.
type Metric struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Rating string  `json:"rating"`
}

// Check refuses a report with anything outside the fixed sets or the believable ranges: 400,
// and nothing of it is observed.
func Check(r Report) error {
	if !slices.Contains(RouteKinds, r.Route) {
		return apperr.Field("route", "Not a route kind.")
	}
	if len(r.Metrics) == 0 || len(r.Metrics) > MaxMetrics {
		return apperr.Field("metrics", "A report holds one to four metrics.")
	}
	seen := map[string]bool{}
	for _, m := range r.Metrics {
		if !slices.Contains(Names, m.Name) || seen[m.Name] {
			return apperr.Field("metrics.name", "Not a Web Vital, or one named twice.")
		}
		seen[m.Name] = true
		limit := float64(maxMillis)
		if m.Name == "CLS" {
			limit = maxShift
		}
		if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) || m.Value < 0 || m.Value > limit {
			return apperr.Field("metrics.value", "Not a believable value.")
		}
		if !slices.Contains(Ratings, m.Rating) {
			return apperr.Field("metrics.rating", "Not a rating.")
		}
	}
	return nil
}

// Histograms are the Web Vitals' collectors: the three timings in seconds, in one histogram by
// metric, route kind and rating; the layout shift score in one of its own (its scale is another).
// The buckets hold Google's thresholds (LCP 2.5 s and 4 s, INP 200 ms and 500 ms, TTFB 0.8 s and
// 1.8 s, CLS 0.1 and 0.25), so the share of good and poor views reads straight off them.
type Histograms struct {
	timings *prometheus.HistogramVec
	shifts  *prometheus.HistogramVec
}

// NewHistograms makes the collectors; register them with Collectors.
func NewHistograms() *Histograms {
	return &Histograms{
		timings: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "web_vitals_seconds",
			Help:    "Web Vitals timings members' browsers measured (LCP, INP, TTFB), by metric, route kind and rating.",
			Buckets: []float64{0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10, 20, 60},
		}, []string{"metric", "route", "rating"}),
		shifts: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "web_vitals_cls",
			Help:    "Cumulative Layout Shift scores members' browsers measured, by route kind and rating.",
			Buckets: []float64{0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2},
		}, []string{"route", "rating"}),
	}
}

// Collectors are what the metrics registry must hold.
func (h *Histograms) Collectors() []prometheus.Collector {
	return []prometheus.Collector{h.timings, h.shifts}
}

// Observe records a checked report.
func (h *Histograms) Observe(r Report) {
	for _, m := range r.Metrics {
		if m.Name == "CLS" {
			h.shifts.WithLabelValues(r.Route, m.Rating).Observe(m.Value)
			continue
		}
		h.timings.WithLabelValues(m.Name, r.Route, m.Rating).Observe(m.Value / 1000)
	}
}
