package server_test

// Integration tests of the whole BFF, built as main builds it, against the fixture CMS (the real
// stand-in, served in-process from a copy of fixtures/cms).

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/dev/accounttest"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/server"
)

const (
	secret       = "test-webhook-secret"
	homeHeadline = "Savings and support for every union family"
	homeFixture  = "node/home/1072.json"
)

// fixtureCMS serves a private copy of fixtures/cms, so a test can edit content as an editor
// would, and counts the API requests it answers by path and query.
type fixtureCMS struct {
	*httptest.Server
	dir string

	mu       sync.Mutex
	requests map[string]int
}

func startCMS(t *testing.T) *fixtureCMS {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../../fixtures/cms")); err != nil {
		t.Fatal(err)
	}
	f := &fixtureCMS{dir: dir, requests: map[string]int{}}
	h := cmsfixture.NewHandler(dir)
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.requests[r.URL.Path+"?"+r.URL.RawQuery]++
		f.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fixtureCMS) count(pathAndQuery string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[pathAndQuery]
}

// edit rewrites a fixture file in the CMS's copy, as publishing would.
func (f *fixtureCMS) edit(t *testing.T, file, old, new string) {
	t.Helper()
	p := filepath.Join(f.dir, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s does not contain %q", file, old)
	}
	if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte(old), []byte(new)), 0o644); err != nil {
		t.Fatal(err)
	}
}

type bff struct {
	url      string
	srv      *server.Server
	now      *atomic.Int64 // unix nanoseconds; tests move the clock
	auth     *accounttest.Auth
	profiles *accounttest.Profiles
}

func testConfig(cmsURL string) config.Config {
	cfg, err := config.Load(func(k string) string {
		return map[string]string{
			"CMS_URL":            cmsURL,
			"CMS_TIMEOUT":        "500ms",
			"CMS_WEBHOOK_SECRET": secret,
			"FIREBASE_API_KEY":   "test-key",
			"FRONTEND_URL":       "http://127.0.0.1:1", // nothing listens: revalidation fails softly
		}[k]
	})
	if err != nil {
		panic(err)
	}
	return cfg
}

func startBFF(t *testing.T, cfg config.Config) *bff {
	t.Helper()
	now := new(atomic.Int64)
	now.Store(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC).UnixNano())
	auth, profiles := accounttest.NewAuth(), accounttest.NewProfiles()
	srv, err := server.New(cfg, server.Options{
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:      func() time.Time { return time.Unix(0, now.Load()) },
		Auth:     auth,
		Profiles: profiles,
	})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	srv.Ready.Store(true)
	t.Cleanup(func() {
		_ = srv.App.ShutdownWithTimeout(time.Second)
		srv.Close()
	})
	return &bff{url: "http://" + ln.Addr().String(), srv: srv, now: now, auth: auth, profiles: profiles}
}

func (b *bff) advance(d time.Duration) { b.now.Add(int64(d)) }

func get(t *testing.T, url string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, body
}

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
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))

	const n = 50
	var wg sync.WaitGroup
	start := make(chan struct{})
	statuses := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			resp, err := http.Get(b.url + "/api/v1/page?path=/")
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
	if got := cms.count(nodeHome); got != 1 {
		t.Fatalf("CMS answered %d requests for the home node; want exactly 1", got)
	}
}

func TestSignedWebhookPurgesNodeAndNextRequestFetchesNewContent(t *testing.T) {
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))

	if _, _, body := get(t, b.url+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("headline %q", headline(t, body))
	}
	cms.edit(t, homeFixture, homeHeadline, "Edited headline")

	// Still fresh: the cached page is served without asking the CMS.
	if _, _, body := get(t, b.url+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("before purge: headline %q", headline(t, body))
	}

	body := []byte(`{"tags":["node:1072"]}`)
	resp := post(t, b.url+"/api/v1/hooks/cms", body, httpapi.Sign(secret, body))
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook status %d", resp.StatusCode)
	}
	var res struct {
		Purged int
		Tags   []string
	}
	decode(t, resp, &res)
	if res.Purged == 0 {
		t.Fatal("webhook purged nothing")
	}

	if _, _, body := get(t, b.url+"/api/v1/page?path=/"); headline(t, body) != "Edited headline" {
		t.Fatalf("after purge: headline %q", headline(t, body))
	}
	if got := cms.count(nodeHome); got != 2 {
		t.Fatalf("CMS answered %d home node requests; want 2 (first load, reload after purge)", got)
	}
}

func TestUnsignedOrWronglySignedWebhookIsRefusedAndPurgesNothing(t *testing.T) {
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	get(t, b.url+"/api/v1/page?path=/")
	cms.edit(t, homeFixture, homeHeadline, "Edited headline")

	body := []byte(`{"tags":["node:1072"]}`)
	for name, sig := range map[string]string{
		"unsigned":     "",
		"wrong secret": httpapi.Sign("not-the-secret", body),
		"other body":   httpapi.Sign(secret, []byte(`{"tags":["menu"]}`)),
		"malformed":    "sha256=zz",
		"no algorithm": strings.TrimPrefix(httpapi.Sign(secret, body), "sha256="),
	} {
		resp := post(t, b.url+"/api/v1/hooks/cms", body, sig)
		var p struct{ Code string }
		decode(t, resp, &p)
		if resp.StatusCode != http.StatusUnauthorized || p.Code != "unauthenticated" {
			t.Errorf("%s: status %d code %q; want 401 unauthenticated", name, resp.StatusCode, p.Code)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
			t.Errorf("%s: content type %q", name, ct)
		}
	}
	if _, _, body := get(t, b.url+"/api/v1/page?path=/"); headline(t, body) != homeHeadline {
		t.Fatalf("a refused webhook purged the page: headline %q", headline(t, body))
	}
}

func TestCachedPageRendersWhileCMSIsDown(t *testing.T) {
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	if status, _, _ := get(t, b.url+"/api/v1/page?path=/"); status != http.StatusOK {
		t.Fatalf("warm-up status %d", status)
	}
	cms.Close()
	b.advance(2 * time.Hour) // past fresh, inside stale: the reload fails, the stale page stays

	for range 3 {
		status, _, body := get(t, b.url+"/api/v1/page?path=/")
		if status != http.StatusOK || headline(t, body) != homeHeadline {
			t.Fatalf("with the CMS down: status %d, headline %q", status, headline(t, body))
		}
		time.Sleep(50 * time.Millisecond) // let the background reload fail in between
	}
	if status, _, _ := get(t, b.url+"/api/v1/site"); status != http.StatusServiceUnavailable {
		t.Fatalf("site chrome never fetched before: status %d, want 503", status)
	}
}

func TestNeverFetchedPathAnswers503WithinTheTimeoutWhenCMSIsDown(t *testing.T) {
	cms := startCMS(t)
	cms.Close()
	b := startBFF(t, testConfig(cms.URL))

	start := time.Now()
	status, h, body := get(t, b.url+"/api/v1/page?path=/benefits/never-fetched")
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
	b := startBFF(t, testConfig(hang.URL)) // CMS_TIMEOUT is 500ms

	start := time.Now()
	status, _, body := get(t, b.url+"/api/v1/page?path=/")
	took := time.Since(start)
	if status != http.StatusServiceUnavailable {
		t.Fatalf("status %d: %s", status, body)
	}
	if took < 400*time.Millisecond || took > 2*time.Second {
		t.Fatalf("answered after %v; want about the 500ms upstream timeout", took)
	}
}

func TestCrossSiteWebhookPostIsRejected(t *testing.T) {
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	body := []byte(`{"tags":["menu"]}`)
	req, _ := http.NewRequest(http.MethodPost, b.url+"/api/v1/hooks/cms", bytes.NewReader(body))
	req.Header.Set("X-CMS-Signature", httpapi.Sign(secret, body))
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
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	if status, _, _ := get(t, b.url+"/readyz"); status != http.StatusOK {
		t.Fatalf("ready: status %d", status)
	}
	b.srv.Ready.Store(false) // as main does when shutting down
	if status, _, _ := get(t, b.url+"/readyz"); status != http.StatusServiceUnavailable {
		t.Fatalf("shutting down: status %d", status)
	}
	if status, _, _ := get(t, b.url+"/healthz"); status != http.StatusOK {
		t.Fatalf("healthz while shutting down: status %d", status)
	}
}

func TestMetricsCountRequestsUpstreamCallsAndCacheLookups(t *testing.T) {
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	get(t, b.url+"/api/v1/page?path=/")
	get(t, b.url+"/api/v1/page?path=/")
	_, _, body := get(t, b.url+"/metrics")
	for _, want := range []string{
		`bff_http_request_duration_seconds_count{method="GET",route="/api/v1/page",status="200"} 2`,
		`bff_upstream_request_duration_seconds_count{operation="node",outcome="ok",upstream="cms"} 1`,
		`bff_cache_lookups_total{kind="page",result="hit"} 1`,
		`bff_cache_lookups_total{kind="page",result="miss"} 1`,
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func post(t *testing.T, url string, body []byte, sig string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set("X-CMS-Signature", sig)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func decode(t *testing.T, resp *http.Response, into any) {
	t.Helper()
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}
