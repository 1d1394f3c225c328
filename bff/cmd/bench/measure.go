package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/edge"
	"github.com/union-benefits/portal/bff/internal/hooks"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// env is what every section measures against: the fixture CMS, a stand-in for Next.js's
// revalidation endpoint, and the BFF child.
type env struct {
	bff        *childBFF
	client     *http.Client
	cmsLatency atomic.Int64 // nanoseconds added to each CMS answer
	closers    []func()
}

func numCPU() int { return runtime.NumCPU() }

func startEnv(o options) (*env, error) {
	// Every request is signed as the Next.js server signs its own: the BFF's public listener
	// verifies each one, so the figures include that work, as production's do.
	e := &env{client: &http.Client{Transport: edge.Signer{Secret: benchSigningSecret, Base: &http.Transport{
		MaxIdleConnsPerHost: max(o.workers, 32),
		// The bench asks for gzip itself where it wants it, and reads the bytes as sent.
		DisableCompression: true,
	}}}}
	dir, cleanup, err := benchFixtures(o.fixtures, benchPages(o.docs))
	if err != nil {
		return nil, err
	}
	e.closers = append(e.closers, cleanup)
	fixture := cmsfixture.NewHandler(dir)
	cms := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d := time.Duration(e.cmsLatency.Load()); d > 0 {
			time.Sleep(d)
		}
		fixture.ServeHTTP(w, r)
	}))
	e.closers = append(e.closers, cms.Close)
	frontend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"revalidated":true}`)
	}))
	e.closers = append(e.closers, frontend.Close)
	b, err := startBFF(cms.URL, frontend.URL)
	if err != nil {
		e.Close()
		return nil, err
	}
	e.bff = b
	e.closers = append(e.closers, b.Stop)
	return e, nil
}

// Close stops everything startEnv started, the BFF first.
func (e *env) Close() {
	for _, c := range slices.Backward(e.closers) {
		c()
	}
}

// homePath and sitePath are the documents every page view asks for.
const (
	homePath = "/api/v1/page?path=/"
	sitePath = "/api/v1/site"
)

// warmUp loads the home page and the site chrome into the cache and returns the BFF's resident
// memory then: the idle baseline of the memory figure.
func (e *env) warmUp() (int64, error) {
	for _, p := range []string{homePath, sitePath, "/healthz"} {
		if st, _, _ := e.get(p, nil); st != http.StatusOK {
			return 0, fmt.Errorf("warm-up: %s answered %d", p, st)
		}
	}
	time.Sleep(500 * time.Millisecond)
	return e.bff.RSS()
}

// get sends one GET with the given headers and returns the status, the response headers and
// the time to the first byte of the answer (its headers).
func (e *env) get(path string, hdr map[string]string) (int, http.Header, time.Duration) {
	req, err := http.NewRequest(http.MethodGet, e.url(path), nil)
	if err != nil {
		return 0, nil, 0
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	start := time.Now()
	resp, err := e.client.Do(req)
	if err != nil {
		return 0, nil, 0
	}
	ttfb := time.Since(start)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, resp.Header, ttfb
}

// replayPath is the replay listener's answer (replayApp); chainHealthPath the chain listener's
// /healthz behind the public app's middleware (chainApp).
const (
	replayPath      = "/answer"
	chainHealthPath = "/api/v1/healthz"
)

// replayHome gives the replay listener the home document's answer as the BFF sends it with hdr,
// its headers but those the server writes itself (Date, Content-Length), and returns how many
// headers and body bytes it has.
func (e *env) replayHome(hdr map[string]string) (headers, size int, err error) {
	req, err := http.NewRequest(http.MethodGet, e.url(homePath), nil)
	if err != nil {
		return 0, 0, err
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	a := struct {
		Status  int
		Headers [][2]string
		Body    []byte
	}{Status: resp.StatusCode}
	if a.Body, err = io.ReadAll(resp.Body); err != nil {
		return 0, 0, err
	}
	for _, k := range slices.Sorted(maps.Keys(resp.Header)) {
		if k == "Date" || k == "Content-Length" {
			continue
		}
		for _, v := range resp.Header[k] {
			a.Headers = append(a.Headers, [2]string{k, v})
		}
	}
	body, _ := json.Marshal(a)
	put, _ := http.NewRequest(http.MethodPut, e.url(replayPath), bytes.NewReader(body))
	presp, err := e.client.Do(put)
	if err != nil {
		return 0, 0, err
	}
	presp.Body.Close()
	if presp.StatusCode != http.StatusNoContent {
		return 0, 0, fmt.Errorf("the replay listener answered %d", presp.StatusCode)
	}
	return len(a.Headers), len(a.Body), nil
}

// url is where path is served: the API on the BFF's public listener, health and metrics on its
// admin listener.
func (e *env) url(path string) string {
	if path == chainHealthPath {
		return e.bff.Chain + path
	}
	if strings.HasPrefix(path, "/api/") {
		return e.bff.URL + path
	}
	if path == replayPath {
		return e.bff.Replay + path
	}
	return e.bff.Admin + path
}

// purge sends the CMS's signed publish webhook for tags.
func (e *env) purge(tags ...string) error {
	return sendWebhook(e.client, e.bff.URL, benchSecret, tags...)
}

// sendWebhook posts the CMS's publish webhook for tags to the BFF at bffURL, signed with secret
// as the CMS signs it.
func sendWebhook(client *http.Client, bffURL, secret string, tags ...string) error {
	body, _ := json.Marshal(map[string][]string{"tags": tags})
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, bffURL+"/api/v1/hooks/cms", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CMS-Signature", "t="+ts+",sha256="+hex.EncodeToString(hooks.WebhookMAC(secret, ts, body)))
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		return fmt.Errorf("the webhook answered %d", resp.StatusCode)
	}
	return nil
}

// metric reads one sample of the BFF's /metrics, e.g. `bff_cache_index_keys`.
func (e *env) metric(name string) (float64, error) {
	resp, err := e.client.Get(e.url("/metrics"))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return strconv.ParseFloat(rest, 64)
		}
	}
	return 0, fmt.Errorf("/metrics has no %s", name)
}

// load sends GETs from workers clients for dur and returns the answers per second; any status
// but want fails the figure.
func (e *env) load(path string, hdr map[string]string, want, workers int, dur time.Duration) (float64, error) {
	ok, failed := loadFor(workers, dur, func() bool { st, _, _ := e.get(path, hdr); return st == want })
	if failed > 0 {
		return 0, fmt.Errorf("%s: %d answers were not %d", path, failed, want)
	}
	return float64(ok) / dur.Seconds(), nil
}

// loadFor runs send from workers clients for dur, counting the answers it calls good and bad.
func loadFor(workers int, dur time.Duration, send func() bool) (ok, failed int64) {
	var okN, failN atomic.Int64
	deadline := time.Now().Add(dur)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				if send() {
					okN.Add(1)
				} else {
					failN.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return okN.Load(), failN.Load()
}

// throughput is the throughput section's figures, in answers per second.
type throughput struct {
	healthz, home, homeGzip, home304 float64
	// chained is /healthz's handler behind the public app's middleware (chainApp): what every
	// public answer pays before its route.
	chained float64
	// replayed is the gzip home document's answer (headers and body) sent by a bare handler in
	// the BFF's process (replayApp): the most the document's own bytes allow.
	replayed                  float64
	replayHeaders, replaySize int
	etag                      bool // whether the home document has an ETag (no 304 row without)
}

// throughputRounds is how many times each target is loaded, in turn with the others, for
// o.dur/throughputRounds each: the ratios compare targets loaded under the same conditions,
// where one long run each drifted with the machine (a 0.6-0.85x swing between runs).
const throughputRounds = 5

func measureThroughput(e *env, o options) (throughput, error) {
	var t throughput
	gz := map[string]string{"Accept-Encoding": "gzip"}
	var err error
	if t.replayHeaders, t.replaySize, err = e.replayHome(gz); err != nil {
		return t, err
	}
	type target struct {
		into *float64
		path string
		hdr  map[string]string
		want int
	}
	targets := []target{
		{&t.healthz, "/healthz", nil, http.StatusOK},
		{&t.chained, chainHealthPath, nil, http.StatusOK},
		{&t.homeGzip, homePath, gz, http.StatusOK},
		{&t.replayed, replayPath, nil, http.StatusOK},
		{&t.home, homePath, nil, http.StatusOK},
	}
	_, h, _ := e.get(homePath, nil)
	if tag := h.Get("ETag"); tag != "" {
		t.etag = true
		targets = append(targets, target{&t.home304, homePath, map[string]string{"If-None-Match": tag}, http.StatusNotModified})
	}
	for range throughputRounds {
		for _, tg := range targets {
			v, err := e.load(tg.path, tg.hdr, tg.want, o.workers, o.dur/throughputRounds)
			if err != nil {
				return t, err
			}
			*tg.into += v / throughputRounds
		}
	}
	return t, nil
}

func (t throughput) print() {
	fmt.Printf("\n%-44s %10s %8s   (each in %d rounds, in turn)\n", "throughput", "req/s", "ratio", throughputRounds)
	fmt.Printf("%-44s %10.0f %8s\n", "/healthz (baseline)", t.healthz, "1.00")
	row := func(name string, v float64) { fmt.Printf("%-44s %10.0f %8.2f\n", name, v, v/t.healthz) }
	// Every caller asks for gzip (browsers, and Next's server-side fetch), and the cache keeps
	// that form: it is the figure the target is for. A client without gzip gets the JSON
	// inflated for it alone.
	row("/healthz behind the public app's middleware", t.chained)
	row("home page document, cached, gzip (target >= 0.9)", t.homeGzip)
	fmt.Printf("%-44s %10s %8.2f   (against /healthz behind the same middleware, as the guard compared before /healthz moved to the admin listener)\n",
		"", "", t.homeGzip/t.chained)
	fmt.Printf("%-44s %10.0f %8.2f   (its answer, %d headers and %d bytes, from a bare handler: the ceiling; the document is %.2fx it)\n",
		"  the same answer replayed", t.replayed, t.replayed/t.healthz, t.replayHeaders, t.replaySize, t.homeGzip/t.replayed)
	row("home page document, cached, without gzip", t.home)
	if t.etag {
		row("home page document, If-None-Match (304)", t.home304)
	} else {
		fmt.Printf("%-44s %10s\n", "home page document, If-None-Match (304)", "no ETag")
	}
}

// memory is the memory section's figures.
type memory struct {
	idle, filled int64 // resident bytes
	docs         int   // distinct page documents requested
	pageHits     int   // of those, answered from the cache when asked again
	entries      int   // entries in the content cache (documents and the CMS answers they came from)
	docBytes     int64 // the documents' JSON, all together
	gzipBytes    int64 // and gzipped, as the BFF sends it to a client that accepts gzip
}

// measureMemory asks for o.docs distinct generated pages, asks for them again to count how many
// the cache kept, and reads the BFF's resident memory.
func measureMemory(e *env, o options, idle int64) (memory, error) {
	m := memory{idle: idle, docs: o.docs}
	paths, err := benchDocuments(o.fixtures, o.docs)
	if err != nil {
		return m, err
	}
	var docBytes, gzipBytes atomic.Int64
	each := func() error {
		next := atomic.Int64{}
		var failed atomic.Int64
		var wg sync.WaitGroup
		for range max(o.workers, 16) {
			wg.Go(func() {
				for i := next.Add(1) - 1; i < int64(len(paths)); i = next.Add(1) - 1 {
					st, h, _ := e.get("/api/v1/page?"+paths[i], map[string]string{"Accept-Encoding": "gzip"})
					if st != http.StatusOK {
						failed.Add(1)
					}
					if n, err := strconv.ParseInt(h.Get("Content-Length"), 10, 64); err == nil {
						if h.Get("Content-Encoding") == "gzip" {
							gzipBytes.Add(n)
						} else {
							docBytes.Add(n)
						}
					}
				}
			})
		}
		wg.Wait()
		if n := failed.Load(); n > 0 {
			return fmt.Errorf("memory: %d generated pages did not answer 200", n)
		}
		return nil
	}
	if err := each(); err != nil {
		return m, err
	}
	m.docBytes, m.gzipBytes = docBytes.Load(), gzipBytes.Load()
	before, err := e.pageHits()
	if err != nil {
		return m, err
	}
	if err := each(); err != nil {
		return m, err
	}
	after, err := e.pageHits()
	if err != nil {
		return m, err
	}
	m.pageHits = int(after - before)
	keys, err := e.metric("bff_cache_index_keys")
	if err != nil {
		return m, err
	}
	m.entries = int(keys)
	time.Sleep(500 * time.Millisecond)
	m.filled, err = e.bff.RSS()
	return m, err
}

// pageHits reads how many page lookups the cache has answered fresh.
func (e *env) pageHits() (float64, error) {
	n, err := e.metric(`bff_cache_lookups_total{kind="page",result="hit"}`)
	if err != nil && strings.HasPrefix(err.Error(), "/metrics has no") {
		return 0, nil // no hit yet
	}
	return n, err
}

func (m memory) print() {
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	fmt.Printf("\n%-44s %10s\n", "memory (BFF process, VmRSS)", "MB")
	fmt.Printf("%-44s %10.1f\n", "idle after warm-up (baseline)", mb(m.idle))
	fmt.Printf("%-44s %10.1f   (%.2fx idle; %d of %d documents cached, %d cache entries)\n",
		fmt.Sprintf("%d distinct documents (target <= 150)", m.docs), mb(m.filled), float64(m.filled)/float64(m.idle),
		m.pageHits, m.docs, m.entries)
	fmt.Printf("%-44s %10.1f   (%.1f MB sent without gzip)\n", "the documents as sent gzipped, all together", mb(m.gzipBytes), mb(m.docBytes))
}

// coldPath is the cold path section's figures: times to first byte.
type coldPath struct {
	latency              time.Duration
	samples              int
	coldP50, coldP90     time.Duration
	warmP50, warmP90     time.Duration
	siteColdP50, siteP50 time.Duration
}

// homeTags purge everything the home page and the site chrome are built from: the home node (by
// its CMS path), the menus, the site variables and the unions.
var homeTags = []string{portal.PathTag("home/1072"), portal.MenuTag, portal.VariableTag("union_structure_global"),
	portal.VariableTag("union_structure_social_media"), portal.TermTag("union"), portal.BenefitsTag}

// measureColdPath times the home page document and the site chrome with their CMS data purged
// before each sample (cold) and cached (warm), with o.cmsLatency added to each CMS answer.
func measureColdPath(e *env, o options) (coldPath, error) {
	c := coldPath{latency: o.cmsLatency, samples: o.samples}
	e.cmsLatency.Store(int64(o.cmsLatency))
	defer e.cmsLatency.Store(0)
	sample := func(path string, cold bool) ([]time.Duration, error) {
		var out []time.Duration
		for range o.samples {
			if cold {
				if err := e.purge(homeTags...); err != nil {
					return nil, err
				}
			}
			st, _, d := e.get(path, nil)
			if st != http.StatusOK {
				return nil, fmt.Errorf("cold path: %s answered %d", path, st)
			}
			out = append(out, d)
		}
		slices.Sort(out)
		return out, nil
	}
	pct := func(s []time.Duration, p int) time.Duration { return s[(len(s)-1)*p/100] }
	var cold, warm, siteCold, site []time.Duration
	for _, run := range []struct {
		path string
		cold bool
		into *[]time.Duration
	}{{homePath, true, &cold}, {homePath, false, &warm}, {sitePath, true, &siteCold}, {sitePath, false, &site}} {
		var err error
		if *run.into, err = sample(run.path, run.cold); err != nil {
			return c, err
		}
	}
	c.coldP50, c.coldP90, c.warmP50, c.warmP90 = pct(cold, 50), pct(cold, 90), pct(warm, 50), pct(warm, 90)
	c.siteColdP50, c.siteP50 = pct(siteCold, 50), pct(site, 50)
	return c, nil
}

func (c coldPath) print() {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	fmt.Printf("\n%-44s %10s %8s   (%d samples, CMS answers %s slower)\n", "time to first byte", "p50 ms", "p90 ms", c.samples, c.latency)
	fmt.Printf("%-44s %10s %8s\n", "home page document, warm (baseline)", ms(c.warmP50), ms(c.warmP90))
	fmt.Printf("%-44s %10s %8s\n", "home page document, cold (target p50 <= 60)", ms(c.coldP50), ms(c.coldP90))
	fmt.Printf("%-44s %10s\n", "site chrome, warm", ms(c.siteP50))
	fmt.Printf("%-44s %10s\n", "site chrome, cold (CMS data purged)", ms(c.siteColdP50))
	fmt.Printf("%-44s %10.1f CMS round trips\n", "home page cold - warm", float64(c.coldP50-c.warmP50)/float64(c.latency))
}
