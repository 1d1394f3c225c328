package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
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
