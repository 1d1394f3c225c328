package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// scrape answers what a Prometheus scrape of m would read.
func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("metrics answered %d", rec.Code)
	}
	return rec.Body.String()
}

func TestCacheIndexIsReadAtEachScrape(t *testing.T) {
	m := New()
	tags, keys := 3, 5
	m.CacheIndex(func() (int, int) { return tags, keys })
	for _, want := range []string{"bff_cache_index_tags 3\n", "bff_cache_index_keys 5\n"} {
		if out := scrape(t, m); !strings.Contains(out, want) {
			t.Errorf("scrape lacks %q:\n%s", want, out)
		}
	}
	tags, keys = 0, 7
	for _, want := range []string{"bff_cache_index_tags 0\n", "bff_cache_index_keys 7\n"} {
		if out := scrape(t, m); !strings.Contains(out, want) {
			t.Errorf("after a change, scrape lacks %q", want)
		}
	}
}

func TestANilMetricsTakesTheCacheIndexQuietly(t *testing.T) {
	var m *Metrics
	m.CacheIndex(func() (int, int) { return 1, 1 })
}

// Every method is safe on a nil *Metrics, the unit tests' choice.
func TestANilMetricsTakesEveryObservationQuietly(t *testing.T) {
	var m *Metrics
	m.ObserveUpstream("cms", "node", "unavailable", time.Now())
	m.PurgeReceived(time.Now())
	m.PurgeBusReconnected()
	m.UploadStored(10)
	m.UploadRefused("type")
}

// Only the upstream failing counts as an upstream error; an answer about the request does not.
func TestUpstreamErrorsCountFailuresOnly(t *testing.T) {
	m := New()
	for _, outcome := range []string{"ok", "not_found", "unauthenticated", "conflict", "unavailable", "internal", "unavailable"} {
		m.ObserveUpstream("auth", "getUser", outcome, time.Now())
	}
	if out := scrape(t, m); !strings.Contains(out, `bff_upstream_errors_total{operation="getUser",upstream="auth"} 3`) {
		t.Fatalf("errors:\n%s", out)
	}
}

// A purge received from a replica whose clock is ahead counts as no lag, not a negative one.
func TestAPurgeFromTheFutureHasNoLag(t *testing.T) {
	m := New()
	m.PurgeReceived(time.Now().Add(time.Second))
	if out := scrape(t, m); !strings.Contains(out, "bff_purge_bus_lag_seconds_sum 0\n") {
		t.Fatalf("lag:\n%s", out)
	}
}
