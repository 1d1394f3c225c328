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
	"net/http"
	"os"
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

// Goal targets, as issue 19 states them.
const (
	targetPageCacheRatio = 0.3              // anonymous home / static asset
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

	// Two static assets as the baseline: a small one, and the largest script of the page (React and
	// Next, which every page view downloads), whose size is nearer the page's own. A request
	// carrying a cookie other than the union's is rendered per request, as every page was before
	// the page cache: the page's own baseline.
	small, large := sizes[len(sizes)-1], sizes[0]
	perRequest := http.Header{"Cookie": {"bench=1"}, "Sec-Fetch-Dest": {"document"}}
	fmt.Printf("\n== stack (Next.js production build at %s) ==\n", env.frontend)
	fmt.Printf("%-52s %9s %8s %12s\n", "target", "req/s", "errors", "TTFB median")
	rows := []struct {
		name   string
		url    string
		header http.Header
	}{
		{fmt.Sprintf("static asset, small (%.0f KB)", float64(small.raw)/1024), env.frontend + small.path, nil},
		{fmt.Sprintf("static asset, React and Next (%.0f KB)", float64(large.raw)/1024), env.frontend + large.path, nil},
		{fmt.Sprintf("home page, anonymous, page cache (%.0f KB)", float64(len(html))/1024), home, pageLoad},
		{"home page, rendered per request", home, perRequest},
	}
	rates := make([]float64, len(rows))
	for i, r := range rows {
		ttfb := medianTTFB(client, r.url, r.header, ttfbSamples)
		n, errs := loadFor(workers, dur, func() bool { _, err := fetch(client, r.url, r.header); return err == nil })
		rates[i] = float64(n) / dur.Seconds()
		fmt.Printf("%-52s %9.0f %8d %12s\n", r.name, rates[i], errs, ttfb.Round(100*time.Microsecond))
		if errs > 0 {
			return fmt.Errorf("%s: %d failed requests", r.name, errs)
		}
	}
	fmt.Printf("page cache / static asset: %.2f against the small one, %.2f against React and Next (target >= %.1f)\n",
		rates[2]/rates[0], rates[2]/rates[1], targetPageCacheRatio)
	fmt.Printf("page cache / rendered per request: %.1fx\n", rates[2]/rates[3])

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
	fmt.Printf("\npublish to visible (%d edits, page cache): median %s, worst %s (target < %s)\n",
		len(times), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond), targetPublish)
	return nil
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
