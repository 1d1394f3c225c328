package server_test

// The content site while its CMS fails in each way a real one does: gone, hung past its timeout,
// or answering garbage. Cached pages keep being served, every request for a page never fetched
// answers a clean 503 problem within the timeout, nothing hangs, and the site recovers by itself
// when the CMS is back. (faults_integration_test.go does the same for Auth, Firestore and the
// order system on the real stand-ins.)

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/faultproxy"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

func TestTheSiteRidesOutCMSFaultsAndRecovers(t *testing.T) {
	cms := harness.StartCMS(t)
	proxy := faultproxy.Start(t, strings.TrimPrefix(cms.URL, "http://"))
	b := harness.StartBFF(t, harness.Config("http://"+proxy.Addr(), map[string]string{"CMS_TIMEOUT": "300ms"}))
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/page?path=/"); status != http.StatusOK {
		t.Fatalf("warm-up: status %d", status)
	}

	for _, fault := range []struct {
		name string
		mode faultproxy.Mode
	}{{"down", faultproxy.Down}, {"hung", faultproxy.Stall}, {"garbage", faultproxy.Garbage}} {
		t.Run(fault.name, func(t *testing.T) {
			proxy.Set(fault.mode)
			b.Advance(2 * time.Hour) // past fresh: every cached page tries to reload, and fails
			for range 5 {
				status, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/")
				if status != http.StatusOK || headline(t, body) != homeHeadline {
					t.Fatalf("the cached home page: status %d", status)
				}
			}
			start := time.Now()
			status, h, body := harness.Get(t, b.URL+"/api/v1/page?path=/benefits/never-fetched-"+fault.name)
			// The CMS's own timeout, or the page's load deadline around it, ends the wait: either
			// way a 503 that says the content did not come.
			if status != http.StatusServiceUnavailable || !strings.HasPrefix(h.Get("Content-Type"), "application/problem+json") ||
				!strings.Contains(string(body), "The content service is unavailable. Please try again in a moment.") &&
					!strings.Contains(string(body), "The content is taking too long to load.") {
				t.Fatalf("a page never fetched: status %d %s", status, body)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Fatalf("the 503 took %v, want about the 300ms CMS timeout", took)
			}
		})
	}

	// Back: a page never fetched renders, with no restart.
	proxy.Set(faultproxy.Pass)
	status, _, _ := harness.Get(t, b.URL+"/api/v1/page?path=/blog")
	if status != http.StatusOK {
		t.Fatalf("after the CMS is back: status %d", status)
	}
}
