package main

// The stack section of the bench (-stack): figures only the whole portal can show, measured
// against a running stack in test mode (`make bench` starts one: Next.js from its production
// build, the BFF, the fixture CMS). Each goal's figure is printed beside its baseline from the
// same run, so the ratios hold whatever the machine.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// pageLoad is what a browser sends with a page load; the page cache serves only such requests
// (frontend/lib/pageCache.ts), as a browser's address bar or link makes them.
var pageLoad = http.Header{"Sec-Fetch-Dest": {"document"}}

// stackEnv is what the stack tells its test command (devstack.Env and CMS_FIXTURE_DIR).
type stackEnv struct {
	frontend, bff, webhookSecret, fixtures string
}

func stackFromEnv() (stackEnv, error) {
	e := stackEnv{
		frontend:      os.Getenv("FRONTEND_URL"),
		bff:           os.Getenv("BFF_URL"),
		webhookSecret: os.Getenv("CMS_WEBHOOK_SECRET"),
		fixtures:      os.Getenv("CMS_FIXTURE_DIR"),
	}
	if e.frontend == "" || e.bff == "" || e.webhookSecret == "" || e.fixtures == "" {
		return e, fmt.Errorf("-stack runs inside the stack's test mode (make bench): FRONTEND_URL, BFF_URL, CMS_WEBHOOK_SECRET and CMS_FIXTURE_DIR must be set")
	}
	return e, nil
}

// Goal targets, as issues 19 and 38 state them.
const (
	targetPageCacheRatio = 0.8 // anonymous home from the CDN / a static file of its bytes
	targetWarmTTFB       = 50 * time.Millisecond
	targetHomeJS         = 140 * 1024       // gzipped bytes a modern browser downloads
	targetPublish        = 2 * time.Second  // an edit published until the page shows it
	publishSamples       = 5                // edits timed
	ttfbSamples          = 30               // requests timed for each TTFB median
	publishPage          = "/savings-tools" // a page no e2e test reads (pageCache.spec.ts edits it too)
	publishFixture       = "node/savings-tools.json"
	publishTag           = "node:2202"
	publishField         = `"hero_headline": "Savings Tools"`
)

// runStack prints the stack section: the page cache against a static asset and against a page
// rendered per request, the home page's JavaScript, and publish-to-visible.
func runStack(dur time.Duration, workers int) error {
	env, err := stackFromEnv()
	if err != nil {
		return err
	}
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: workers, DisableCompression: true},
		// Every figure is of the answer itself, never of a redirect followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	home := env.frontend + "/"
	html, err := fetch(client, home, pageLoad)
	if err != nil {
		return err
	}
	scripts := modernScripts(html)
	if len(scripts) == 0 {
		return fmt.Errorf("the home page names no script")
	}

	sizes, err := scriptSizes(client, env.frontend, scripts)
	if err != nil {
		return err
	}

	// The baselines: a small static asset, and a static file of the home page's own bytes, both
	// served by the edge itself as Netlify's CDN serves a deploy's files (the bench writes the
	// file into the build's static folder, which the stack's edge serves, and removes it after).
	// A request carrying a cookie other than the union's is rendered per request, as a member's
	// page is: the page's own baseline.
	small := sizes[len(sizes)-1]
	copyPath, cleanup, err := staticCopy(html)
	if err != nil {
		return err
	}
	defer cleanup()
	perRequest := http.Header{"Cookie": {"bench=1"}, "Sec-Fetch-Dest": {"document"}}
	fmt.Printf("\n== stack (Next.js production build behind the edge at %s) ==\n", env.frontend)
	fmt.Printf("%-56s %9s %8s %12s\n", "target", "req/s", "errors", "TTFB median")
	rows := []struct {
		name   string
		url    string
		header http.Header
	}{
		{fmt.Sprintf("static asset, small (%.1f KB)", float64(small.raw)/1024), env.frontend + small.path, nil},
		{fmt.Sprintf("static file of the home page's bytes (%.0f KB)", float64(len(html))/1024), env.frontend + copyPath, nil},
		{"home page, anonymous, from the CDN (edge cache)", home, pageLoad},
		{"home page, rendered per request", home, perRequest},
	}
	rates := make([]float64, len(rows))
	ttfbs := make([]time.Duration, len(rows))
	for i, r := range rows {
		ttfbs[i] = medianTTFB(client, r.url, r.header, ttfbSamples)
		n, errs := loadFor(workers, dur, func() bool { _, err := fetch(client, r.url, r.header); return err == nil })
		rates[i] = float64(n) / dur.Seconds()
		fmt.Printf("%-56s %9.0f %8d %12s\n", r.name, rates[i], errs, ttfbs[i].Round(100*time.Microsecond))
		if errs > 0 {
			return fmt.Errorf("%s: %d failed requests", r.name, errs)
		}
	}
	fmt.Printf("cached page / static file of its bytes: %.2f (target >= %.1f); / the small asset: %.2f\n",
		rates[2]/rates[1], targetPageCacheRatio, rates[2]/rates[0])
	fmt.Printf("cached page / rendered per request: %.1fx\n", rates[2]/rates[3])
	fmt.Printf("anonymous home, warm TTFB median: %s (target <= %s)\n", ttfbs[2].Round(100*time.Microsecond), targetWarmTTFB)
	if err := middlewareStep(client, workers, dur, rates[2], rates[1]); err != nil {
		return err
	}

	fmt.Printf("\nhome page scripts (gzip -9), largest first:\n")
	total := 0
	for _, s := range sizes {
		fmt.Printf("  %8.1f KB  (%7.1f KB raw)  %s\n", float64(s.gz)/1024, float64(s.raw)/1024, filepath.Base(s.path))
		total += s.gz
	}
	fmt.Printf("home page JavaScript, gzipped, modern browser: %.1f KB in %d scripts (target <= %d KB)\n",
		float64(total)/1024, len(sizes), targetHomeJS/1024)

	return publishToVisible(client, env)
}

var (
	scriptTag  = regexp.MustCompile(`<script\b[^>]*>`)
	preloadTag = regexp.MustCompile(`<link\b[^>]*rel="(?:preload|modulepreload)"[^>]*>`)
	srcAttr    = regexp.MustCompile(`\b(?:src|href)="([^"]+)"`)
)

// modernScripts are the scripts a modern browser downloads for a page: every script with a
// source and every script preload, less the noModule polyfills such a browser skips.
func modernScripts(html []byte) []string {
	var out []string
	add := func(tag string) {
		if strings.Contains(tag, "noModule") || strings.Contains(tag, "nomodule") {
			return
		}
		if m := srcAttr.FindStringSubmatch(tag); m != nil && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	for _, t := range scriptTag.FindAll(html, -1) {
		add(string(t))
	}
	for _, t := range preloadTag.FindAll(html, -1) {
		if strings.Contains(string(t), `as="script"`) {
			add(string(t))
		}
	}
	return out
}

// sized is a script of the page: its path, and its size as sent and gzipped at level 9.
type sized struct {
	path    string
	raw, gz int
}

// scriptSizes fetches each script and sizes it, largest (gzipped) first.
func scriptSizes(client *http.Client, origin string, scripts []string) ([]sized, error) {
	var all []sized
	for _, s := range scripts {
		body, err := fetch(client, origin+s, nil)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = w.Write(body)
		_ = w.Close()
		all = append(all, sized{s, len(body), buf.Len()})
	}
	slices.SortFunc(all, func(a, b sized) int { return b.gz - a.gz })
	return all, nil
}

// publishToVisible edits a page in the fixture CMS's copy as an editor publishes it, sends the
// signed webhook, and times until the page, served from the page cache, shows the edit.
func publishToVisible(client *http.Client, env stackEnv) error {
	file := filepath.Join(env.fixtures, publishFixture)
	original, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if !bytes.Contains(original, []byte(publishField)) {
		return fmt.Errorf("%s no longer holds %s", file, publishField)
	}
	defer func() {
		_ = os.WriteFile(file, original, 0o644)
		_ = sendWebhook(client, env.bff, env.webhookSecret, publishTag)
	}()
	page := env.frontend + publishPage
	var times []time.Duration
	for i := range publishSamples {
		if _, err := fetch(client, page, pageLoad); err != nil { // cached before the edit
			return err
		}
		headline := "Savings Tools, edit " + strconv.Itoa(i)
		edited := bytes.Replace(original, []byte(publishField), []byte(`"hero_headline": "`+headline+`"`), 1)
		if err := os.WriteFile(file, edited, 0o644); err != nil {
			return err
		}
		start := time.Now()
		if err := sendWebhook(client, env.bff, env.webhookSecret, publishTag); err != nil {
			return err
		}
		for {
			body, err := fetch(client, page, pageLoad)
			if err != nil {
				return err
			}
			if bytes.Contains(body, []byte(headline)) {
				break
			}
			if time.Since(start) > 10*time.Second {
				return fmt.Errorf("publish: the edit never showed on %s", publishPage)
			}
			time.Sleep(10 * time.Millisecond)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	fmt.Printf("\npublish to visible (%d edits, through the CDN): median %s, worst %s (target < %s)\n",
		len(times), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond), targetPublish)
	return nil
}

// staticCopy writes html where the stack's edge serves the build's static files
// (frontend/.next/static, at /_next/static/), and returns its address and how to remove it.
func staticCopy(html []byte) (string, func(), error) {
	name := fmt.Sprintf("bench-home-%d.html", os.Getpid())
	file := filepath.Join("frontend", ".next", "static", name)
	if err := os.WriteFile(file, html, 0o644); err != nil {
		return "", nil, fmt.Errorf("the static copy of the home page: %w", err)
	}
	return "/_next/static/" + name, func() { _ = os.Remove(file) }, nil
}

// middlewareStep measures the step every page load takes before the CDN's cache, as on Netlify,
// where the site's proxy runs as an edge function in front of it: the proxy as the stack runs it
// (scripts/edge-function.cjs: its built bundle alone, as Netlify's runtime runs it), against the
// cached page's own rate; as the floor, an empty proxy (the empty app's of pages.go, which answers
// without reading anything) run the same way; and that empty proxy in `next start`, where a
// proxy's step also pays for Next's server.
func middlewareStep(client *http.Client, workers int, dur time.Duration, cached, static float64) error {
	edgeFunction := os.Getenv("EDGE_FUNCTION_URL")
	if edgeFunction == "" {
		return nil
	}
	rewrites := func(r *http.Response) bool {
		return r.StatusCode == http.StatusOK && strings.Contains(r.Header.Get("X-Middleware-Rewrite"), "/visitor/")
	}
	page := http.Header{"Sec-Fetch-Dest": {"document"}, "Host": {strings.TrimPrefix(os.Getenv("FRONTEND_URL"), "http://")}}
	ours, errs := loadStep(client, edgeFunction+"/", page, workers, dur, rewrites)
	fmt.Printf("%-56s %9.0f %8d\n", "the proxy's step (its bundle alone, as Netlify runs it)", ours, errs)
	fmt.Printf("the cached page's rate / the proxy's step: %.2f (the page loads the proxy's step bounds)\n", cached/ours)

	dir, err := emptyNextApp()
	if err != nil {
		return err
	}
	noContent := func(r *http.Response) bool { return r.StatusCode == http.StatusNoContent }
	empty, errs, err := loadServer(client, func(port string) *exec.Cmd {
		return exec.Command(nodeBinary(), "scripts/edge-function.cjs", dir, port)
	}, workers, dur, noContent)
	if err != nil {
		return fmt.Errorf("the empty proxy as an edge function: %w", err)
	}
	fmt.Printf("%-56s %9.0f %8d\n", "an empty proxy's step, the same way", empty, errs)
	inNext, errs, err := loadServer(client, func(port string) *exec.Cmd {
		cmd := exec.Command(nodeBinary(), nextBin(), "start", "-H", "127.0.0.1", "-p", port)
		cmd.Dir = dir
		return cmd
	}, workers, dur, noContent)
	if err != nil {
		return fmt.Errorf("the empty app's proxy in next start: %w", err)
	}
	fmt.Printf("%-56s %9.0f %8d\n", "an empty proxy's step in next start (empty Next app)", inNext, errs)
	// A cached page costs the static file's work and the step's; on these shared cores the rates
	// add as costs do.
	fmt.Printf("ours / the empty one: %.2f; a cached page behind ours could reach about %.2f of the static file, behind the empty one %.2f (%.2f in next start)\n",
		ours/empty, 1/(1+static/ours), 1/(1+static/empty), 1/(1+static/inNext))
	return nil
}

// loadStep loads url with header from workers clients for dur, counting the answers ok takes; it
// returns them per second, and the other answers.
func loadStep(client *http.Client, url string, header http.Header, workers int, dur time.Duration, ok func(*http.Response) bool) (float64, int64) {
	n, errs := loadFor(workers, dur, func() bool { return ask(client, url, header, ok) })
	return float64(n) / dur.Seconds(), errs
}

// loadServer starts the server command makes for a free port and loads its emptyStepPath as
// loadStep does.
func loadServer(client *http.Client, command func(port string) *exec.Cmd, workers int, dur time.Duration,
	ok func(*http.Response) bool) (float64, int64, error) {
	origin, stop, err := startOnFreePort(command, emptyStepPath, nil, ok)
	if err != nil {
		return 0, 0, err
	}
	defer stop()
	rate, errs := loadStep(client, origin+emptyStepPath, nil, workers, dur, ok)
	return rate, errs, nil
}

// startOnFreePort starts the server command makes for a free loopback port, in production mode,
// and returns its origin once its answer to path (with header) is one ok takes, and how to stop it.
func startOnFreePort(command func(port string) *exec.Cmd, path string, header http.Header, ok func(*http.Response) bool) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	_ = ln.Close()
	cmd := command(port)
	cmd.Env = append(os.Environ(), "NEXT_TELEMETRY_DISABLED=1", "NODE_ENV=production")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }
	origin := "http://127.0.0.1:" + port
	for deadline := time.Now().Add(30 * time.Second); ; {
		if ask(http.DefaultClient, origin+path, header, ok) {
			return origin, stop, nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, fmt.Errorf("%s did not answer %s within 30 s", cmd.Args[0], path)
		}
		time.Sleep(100 * time.Millisecond) // polling for the server to come up
	}
}

// ask GETs url with header (its Host, when given, as the request's host) and says whether ok
// takes the answer.
func ask(client *http.Client, url string, header http.Header, ok func(*http.Response) bool) bool {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header = header.Clone()
	if h := header.Get("Host"); h != "" {
		req.Host = h
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return ok(resp)
}

// fetch GETs url and returns its body, failing on anything but 200.
func fetch(client *http.Client, url string, header http.Header) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header = header.Clone()
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %s", url, resp.Status)
	}
	return body, err
}

// medianTTFB times n sequential requests from sending to the first byte of the answer.
func medianTTFB(client *http.Client, url string, header http.Header, n int) time.Duration {
	times := make([]time.Duration, 0, n)
	for range n {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header = header.Clone()
		start := time.Now()
		resp, err := client.Do(req) // returns once the status line and headers have arrived
		if err != nil {
			continue
		}
		times = append(times, time.Since(start))
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if len(times) == 0 {
		return 0
	}
	slices.Sort(times)
	return times[len(times)/2]
}
