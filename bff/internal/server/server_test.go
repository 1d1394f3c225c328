package server_test

// Integration tests of the whole BFF, built as main builds it, against the fixture CMS (the real
// stand-in, served in-process from a copy of fixtures/cms).

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

const (
	homeHeadline = "Savings and support for every union family"
	homeFixture  = "node/home/1072.json"
)

func headline(t *testing.T, body []byte) string {
	t.Helper()
	var doc struct {
		Hero struct{ Headline string }
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatalf("page document: %v: %s", err, body)
	}
	return doc.Hero.Headline
}

const nodeHome = "/api/v0/node?path=home%2F1072"

func TestConcurrentFirstRequestsMakeOneCMSRequest(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))

	const n = 50
	var wg sync.WaitGroup
	start := make(chan struct{})
	statuses := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			resp, err := http.Get(b.URL + "/api/v1/page?path=/")
			if err != nil {
				t.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		}()
	}
	close(start)
	wg.Wait()

	for i, s := range statuses {
		if s != http.StatusOK {
			t.Fatalf("request %d: status %d", i, s)
		}
	}
	if got := cms.Count(nodeHome); got != 1 {
		t.Fatalf("CMS answered %d requests for the home node; want exactly 1", got)
	}
}

func TestSignedWebhookPurgesNodeAndNextRequestFetchesNewContent(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))

	if _, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("headline %q", headline(t, body))
	}
	cms.Edit(t, homeFixture, homeHeadline, "Edited headline")

	// Still fresh: the cached page is served without asking the CMS.
	if _, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("before purge: headline %q", headline(t, body))
	}

	body := []byte(`{"tags":["node:1072"]}`)
	resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", body, harness.Sign(harness.WebhookSecret, body))
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook status %d", resp.StatusCode)
	}
	var res struct {
		Purged int
		Tags   []string
	}
	harness.Decode(t, resp, &res)
	if res.Purged == 0 {
		t.Fatal("webhook purged nothing")
	}

	if _, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/"); headline(t, body) != "Edited headline" {
		t.Fatalf("after purge: headline %q", headline(t, body))
	}
	if got := cms.Count(nodeHome); got != 2 {
		t.Fatalf("CMS answered %d home node requests; want 2 (first load, reload after purge)", got)
	}
}

// The car search's makes are cached under a tag of their own, "car-makes": a publish of a make
// must be able to name it (the webhook once refused the hyphen, so makes never refreshed).
func TestAWebhookNamingCarMakesRefreshesTheCarSearch(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	const page = "/api/v1/page?path=/benefits/car-buying"

	if _, _, body := harness.Get(t, b.URL+page); !strings.Contains(string(body), `"Land Rover"`) {
		t.Fatal("the car search does not offer Land Rover before the edit")
	}
	cms.Edit(t, "truecar-make.json", `"name": "Land Rover"`, `"name": "Land Rover Edited"`)

	body := []byte(`{"tags":["car-makes"]}`)
	resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", body, harness.Sign(harness.WebhookSecret, body))
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook status %d; want 202", resp.StatusCode)
	}
	if _, _, body := harness.Get(t, b.URL+page); !strings.Contains(string(body), `"Land Rover Edited"`) {
		t.Fatal("after the webhook the car search still offers the old make")
	}
}

func TestUnsignedOrWronglySignedWebhookIsRefusedAndPurgesNothing(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	harness.Get(t, b.URL+"/api/v1/page?path=/")
	cms.Edit(t, homeFixture, homeHeadline, "Edited headline")

	body := []byte(`{"tags":["node:1072"]}`)
	for name, sig := range map[string]string{
		"unsigned":     "",
		"wrong secret": harness.Sign("not-the-secret", body),
		"other body":   harness.Sign(harness.WebhookSecret, []byte(`{"tags":["menu"]}`)),
		"malformed":    "sha256=zz",
		"no algorithm": strings.Replace(harness.Sign(harness.WebhookSecret, body), "sha256=", "", 1),
		"no time":      "sha256=" + strings.SplitN(harness.Sign(harness.WebhookSecret, body), "sha256=", 2)[1],
		// A captured request replayed later, or one sent from a clock far ahead.
		"replayed after 6 minutes": harness.SignAt(harness.WebhookSecret, body, time.Now().Add(-6*time.Minute)),
		"from the future":          harness.SignAt(harness.WebhookSecret, body, time.Now().Add(6*time.Minute)),
		// The time is signed: moving it invalidates the signature.
		"time moved": "t=" + strconv.FormatInt(time.Now().Unix()+1, 10) + ",sha256=" +
			strings.SplitN(harness.Sign(harness.WebhookSecret, body), "sha256=", 2)[1],
	} {
		resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", body, sig)
		var p struct{ Code string }
		harness.Decode(t, resp, &p)
		if resp.StatusCode != http.StatusUnauthorized || p.Code != "unauthenticated" {
			t.Errorf("%s: status %d code %q; want 401 unauthenticated", name, resp.StatusCode, p.Code)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
			t.Errorf("%s: content type %q", name, ct)
		}
	}
	if _, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("a refused webhook purged the page: headline %q", headline(t, body))
	}
}

func TestCachedPageRendersWhileCMSIsDown(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/page?path=/"); status != http.StatusOK {
		t.Fatalf("warm-up status %d", status)
	}
	cms.Close()
	b.Advance(2 * time.Hour) // past fresh, inside stale: the reload fails, the stale page stays

	for range 3 {
		status, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/")
		if status != http.StatusOK || headline(t, body) != homeHeadline {
			t.Fatalf("with the CMS down: status %d, headline %q", status, headline(t, body))
		}
		time.Sleep(50 * time.Millisecond) // let the background reload fail in between
	}
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/site"); status != http.StatusServiceUnavailable {
		t.Fatalf("site chrome never fetched before: status %d, want 503", status)
	}
}

func TestNeverFetchedPathAnswers503WithinTheTimeoutWhenCMSIsDown(t *testing.T) {
	cms := harness.StartCMS(t)
	cms.Close()
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))

	start := time.Now()
	status, h, body := harness.Get(t, b.URL+"/api/v1/page?path=/benefits/never-fetched")
	if status != http.StatusServiceUnavailable {
		t.Fatalf("status %d: %s", status, body)
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("content type %q", ct)
	}
	if time.Since(start) > time.Second {
		t.Fatalf("took %v", time.Since(start))
	}
}

func TestHangingCMSAnswers503WithinTheUpstreamTimeout(t *testing.T) {
	release := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); hang.Close() })
	b := harness.StartBFF(t, harness.Config(hang.URL, map[string]string{"CMS_TIMEOUT": "500ms"}))

	start := time.Now()
	status, _, body := harness.Get(t, b.URL+"/api/v1/page?path=/")
	took := time.Since(start)
	if status != http.StatusServiceUnavailable {
		t.Fatalf("status %d: %s", status, body)
	}
	if took < 400*time.Millisecond || took > 2*time.Second {
		t.Fatalf("answered after %v; want about the 500ms upstream timeout", took)
	}
}

func TestCrossSiteWebhookPostIsRejected(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	body := []byte(`{"tags":["menu"]}`)
	req, _ := http.NewRequest(http.MethodPost, b.URL+"/api/v1/hooks/cms", bytes.NewReader(body))
	req.Header.Set("X-CMS-Signature", harness.Sign(harness.WebhookSecret, body))
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("status %d; want 403", resp.StatusCode)
	}
}

func TestReadyzFollowsTheReadyFlag(t *testing.T) {
	b := harness.StartOnFixtures(t)
	if status, _, _ := harness.Get(t, b.Admin+"/readyz"); status != http.StatusOK {
		t.Fatalf("ready: status %d", status)
	}
	b.Server.Ready.Store(false) // as main does when shutting down
	if status, _, _ := harness.Get(t, b.Admin+"/readyz"); status != http.StatusServiceUnavailable {
		t.Fatalf("shutting down: status %d", status)
	}
	if status, _, _ := harness.Get(t, b.Admin+"/healthz"); status != http.StatusOK {
		t.Fatalf("healthz while shutting down: status %d", status)
	}
}

func TestShutdownAnswersNotReadyWhileTheListenerDrains(t *testing.T) {
	b := harness.StartOnFixtures(t)
	stopped := make(chan error, 1)
	go func() { stopped <- b.Server.Shutdown(300*time.Millisecond, time.Second) }()
	// During the drain the listener still serves: readiness says stop sending, pages still work.
	deadline := time.Now().Add(200 * time.Millisecond)
	for b.Server.Ready.Load() && time.Now().Before(deadline) {
		runtime.Gosched()
	}
	if status, _, _ := harness.Get(t, b.Admin+"/readyz"); status != http.StatusServiceUnavailable {
		t.Fatalf("readyz while draining: status %d", status)
	}
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/page?path=/"); status != http.StatusOK {
		t.Fatalf("a page while draining: status %d", status)
	}
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	for _, listener := range []string{b.Direct + "/api/v1/sitemap", b.Admin + "/healthz"} {
		if _, err := http.Get(listener); err == nil {
			t.Fatalf("%s still answers after shutdown", listener)
		}
	}
}

func TestMetricsCountRequestsUpstreamCallsAndCacheLookups(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	harness.Get(t, b.URL+"/api/v1/page?path=/")
	harness.Get(t, b.URL+"/api/v1/page?path=/")
	_, _, body := harness.Get(t, b.Admin+"/metrics")
	for _, want := range []string{
		`bff_http_request_duration_seconds_count{method="GET",route="/api/v1/page",status="200"} 2`,
		`bff_upstream_request_duration_seconds_count{operation="node",outcome="ok",upstream="cms"} 1`,
		`bff_cache_lookups_total{kind="page",result="hit"} 1`,
		`bff_cache_lookups_total{kind="page",result="miss"} 1`,
		"\nbff_cache_index_tags ",
		"\nbff_cache_index_keys ",
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}
	// The home page and what it was built from are cached, so the index is not empty.
	if bytes.Contains(body, []byte("\nbff_cache_index_keys 0\n")) {
		t.Error("the tag index reports no keys after a page was cached")
	}
}

// The BFF's public listener answers only what the edge or the Next.js server signed; health and
// metrics are not there at all, only on the admin listener.
func TestThePublicListenerTakesOnlySignedTraffic(t *testing.T) {
	b := harness.StartOnFixtures(t)
	now := time.Now()
	send := func(base, path, token string) (int, []byte) {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		if token != "" {
			req.Header.Set(edgesign.Header, token)
		}
		resp, err := http.DefaultClient.Do(req)
		status, _, body := harness.Read(t, resp, err)
		return status, body
	}
	for _, tc := range []struct{ name, token string }{
		{"unsigned", ""},
		{"forged", edgesign.Sign("not-the-edge-secret", edgesign.IssuerEdge, now)},
		{"expired", edgesign.Sign(harness.EdgeSecret, edgesign.IssuerEdge, now.Add(-6*time.Minute))},
		{"another issuer", edgesign.Sign(harness.EdgeSecret, "a-partner", now)},
		{"the edge's issuer with the server's key", edgesign.Sign(harness.ServerSecret, edgesign.IssuerEdge, now)},
	} {
		status, body := send(b.Direct, "/api/v1/page?path=/", tc.token)
		if status != http.StatusForbidden || !strings.Contains(string(body), `"code":"forbidden"`) {
			t.Errorf("%s: %d %s", tc.name, status, body)
		}
	}
	if status, body := send(b.URL, "/api/v1/page?path=/", ""); status != http.StatusOK {
		t.Errorf("through the edge: %d %s", status, body)
	}
	if status, body := send(b.Direct, "/api/v1/page?path=/", edgesign.Sign(harness.ServerSecret, edgesign.IssuerServer, now)); status != http.StatusOK {
		t.Errorf("signed by the Next.js server: %d %s", status, body)
	}
	for _, path := range []string{"/metrics", "/healthz", "/readyz"} {
		if status, _ := send(b.URL, path, ""); status != http.StatusNotFound {
			t.Errorf("public %s: %d, want 404", path, status)
		}
		if status, _ := send(b.Admin, path, ""); status != http.StatusOK {
			t.Errorf("admin %s: %d", path, status)
		}
	}
}
