package server_test

// The content site while its CMS fails in each way a real one does: gone, hung past its timeout,
// or answering garbage. Cached pages keep being served, every request for a page never fetched
// answers a clean 503 problem within the timeout, nothing hangs, and the site recovers by itself
// when the CMS is back. (faults_integration_test.go does the same for Auth, Firestore and the
// order system on the real stand-ins.)

import (
	"fmt"
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

func TestEachVisitorMayCauseOnlySoManyCMSCalls(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, map[string]string{"CONTENT_MISSES_PER_IP": "5"}))
	// Next.js renders for the visitor at 203.0.113.7 and says so beside its signature.
	get := func(path, visitor string) int {
		req, _ := http.NewRequest(http.MethodGet, b.Direct+"/api/v1/page?path="+path, nil)
		req.Header = harness.ServerHeaders(visitor)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status := get("/", ""); status != http.StatusOK {
		t.Fatalf("warm-up: %d", status)
	}
	for i := range 5 {
		if status := get(fmt.Sprint("/benefits/unique-", i), "203.0.113.7"); status != http.StatusNotFound {
			t.Fatalf("unique path %d: %d", i, status)
		}
	}
	if status := get("/benefits/unique-5", "203.0.113.7"); status != http.StatusTooManyRequests {
		t.Fatalf("the sixth unique path: %d, want 429", status)
	}
	// What is cached costs nothing: the visitor still reads the site, and paths already looked up.
	for _, path := range []string{"/", "/benefits/unique-0"} {
		if status := get(path, "203.0.113.7"); status != http.StatusOK && status != http.StatusNotFound {
			t.Fatalf("%s for the visitor over budget: %d", path, status)
		}
	}
	// Another visitor has their own budget; our own servers (no visitor named) are not limited.
	if status := get("/benefits/unique-6", "203.0.113.8"); status != http.StatusNotFound {
		t.Fatalf("another visitor: %d", status)
	}
	for i := range 7 {
		if status := get(fmt.Sprint("/benefits/server-", i), ""); status != http.StatusNotFound {
			t.Fatalf("a server's unique path %d: %d", i, status)
		}
	}
}
