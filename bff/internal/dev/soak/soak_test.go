package soak

import (
	"encoding/hex"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/hooks"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestPercentileIsTheNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = ms(i + 1) // 1ms .. 100ms
	}
	for _, c := range []struct {
		values []time.Duration
		p      float64
		want   time.Duration
	}{
		{nil, 99, 0},
		{[]time.Duration{ms(7)}, 50, ms(7)},
		{[]time.Duration{ms(7)}, 99, ms(7)},
		{[]time.Duration{ms(1), ms(2)}, 50, ms(1)},
		{[]time.Duration{ms(1), ms(2)}, 51, ms(2)},
		{hundred, 50, ms(50)},
		{hundred, 99, ms(99)},
		{hundred, 99.5, ms(100)},
		{hundred, 100, ms(100)},
		{hundred, 0, ms(1)},
	} {
		if got := Percentile(c.values, c.p); got != c.want {
			t.Errorf("p%v of %d values: %v, want %v", c.p, len(c.values), got, c.want)
		}
	}
}

func TestThePacerSpacesSendsEvenlyAndCatchesUp(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := NewPacer(start, 4) // every 250 ms
	if due := p.Due(start.Add(-time.Millisecond)); len(due) != 0 {
		t.Fatalf("due before the start: %v", due)
	}
	if due := p.Due(start); len(due) != 1 || !due[0].Equal(start) {
		t.Fatalf("at the start: %v, want the first send", due)
	}
	if next := p.Next(); !next.Equal(start.Add(ms(250))) {
		t.Fatalf("next %v, want start+250ms", next.Sub(start))
	}
	// Woken a second late: every send missed is handed out, each with its own due time, so the
	// latency measured from it includes the wait.
	due := p.Due(start.Add(ms(1100)))
	var offsets []time.Duration
	for _, d := range due {
		offsets = append(offsets, d.Sub(start))
	}
	want := []time.Duration{ms(250), ms(500), ms(750), ms(1000)}
	if len(offsets) != len(want) {
		t.Fatalf("after waking late: %v, want %v", offsets, want)
	}
	for i := range want {
		if offsets[i] != want[i] {
			t.Fatalf("after waking late: %v, want %v", offsets, want)
		}
	}
	if due := p.Due(start.Add(ms(1100))); len(due) != 0 {
		t.Fatalf("handed out twice: %v", due)
	}
}

func TestThePacerDoesNotDriftOverALongRun(t *testing.T) {
	start := time.Unix(0, 0)
	p := NewPacer(start, 700) // an interval of 1.428571... ms, not a whole number of nanoseconds
	n := len(p.Due(start.Add(10 * time.Minute)))
	if n != 700*600+1 { // the send at the start, then one every 1/700 s through 10 minutes
		t.Fatalf("%d sends due in 10 minutes at 700/s, want %d", n, 700*600+1)
	}
}

func TestTheExpectedStatusesOfEachRoute(t *testing.T) {
	routes := map[string]Route{}
	for _, r := range Mix(Target{BFF: "http://bff.test", Secret: "s"}) {
		routes[r.Name] = r
	}
	for _, c := range []struct {
		route  string
		status int
		failed bool
	}{
		{"home", 200, false}, {"home", 404, true}, {"home", 503, true}, {"home", 0, true},
		{"chrome", 200, false}, {"chrome", 500, true},
		{"busting", 404, false}, {"busting", 200, true}, {"busting", 400, true}, {"busting", 503, true},
		{"search", 200, false}, {"search", 400, true},
		{"signin", 401, false}, {"signin", 429, false}, {"signin", 200, true}, {"signin", 403, true}, {"signin", 503, true},
		{"purge", 202, false}, {"purge", 401, true}, {"purge", 0, true},
	} {
		r, ok := routes[c.route]
		if !ok {
			t.Fatalf("no route %s in the mix", c.route)
		}
		if got := r.Failed(c.status); got != c.failed {
			t.Errorf("%s answering %d: failed=%v, want %v", c.route, c.status, got, c.failed)
		}
	}
	if len(routes) != 6 {
		t.Errorf("the mix has %d routes, want the 6 checked here", len(routes))
	}
}

func TestTheMixBuildsTheBFFsRealRequests(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]string{}
	for _, r := range Mix(Target{BFF: "http://bff.test", Origin: "http://site.test", Secret: "s3cret"}) {
		req, err := r.Build(rng, now)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		again, _ := r.Build(rng, now)
		seen[r.Name] = req.Method + " " + req.URL.Path
		switch r.Name {
		case "home":
			if req.URL.Query().Get("path") != "/" {
				t.Errorf("home: %s", req.URL)
			}
		case "busting":
			p := req.URL.Query().Get("path")
			if !strings.HasPrefix(p, "/benefits/soak-") || p == again.URL.Query().Get("path") {
				t.Errorf("busting paths %q and %q: want unique /benefits/soak- paths", p, again.URL.Query().Get("path"))
			}
		case "search":
			q := req.URL.Query()
			if q.Get("q") == "" || !strings.Contains("all benefits blogpost", q.Get("type")) || !strings.Contains("012", q.Get("page")) {
				t.Errorf("search: %s", req.URL.RawQuery)
			}
		case "signin":
			body, _ := io.ReadAll(req.Body)
			if req.Header.Get("Origin") != "http://site.test" || req.Header.Get("Content-Type") != "application/json" ||
				!strings.Contains(string(body), `"email":"soak-`) || !strings.Contains(string(body), `@example.org"`) {
				t.Errorf("sign-in: %v %s", req.Header, body)
			}
		case "purge":
			body, _ := io.ReadAll(req.Body)
			sig := req.Header.Get("X-CMS-Signature")
			wantMAC := hex.EncodeToString(hooks.WebhookMAC("s3cret", "1800000000", body))
			if sig != "t=1800000000,sha256="+wantMAC || !strings.HasPrefix(string(body), `{"tags":["node:`) {
				t.Errorf("purge: %s signed %q", body, sig)
			}
		}
	}
	want := map[string]string{
		"home": "GET /api/v1/page", "busting": "GET /api/v1/page", "chrome": "GET /api/v1/site",
		"search": "GET /api/v1/search", "signin": "POST /api/v1/session", "purge": "POST /api/v1/hooks/cms",
	}
	for name, w := range want {
		if seen[name] != w {
			t.Errorf("%s sends %q, want %q", name, seen[name], w)
		}
	}
}

func TestPickFollowsTheWeights(t *testing.T) {
	routes := []Route{{Name: "a", Weight: 70}, {Name: "b", Weight: 30}, {Name: "never", Weight: 0}}
	rng := rand.New(rand.NewPCG(3, 4))
	counts := map[string]int{}
	for range 100_000 {
		counts[Pick(routes, rng).Name]++
	}
	if counts["never"] != 0 || counts["a"] < 69_000 || counts["a"] > 71_000 {
		t.Fatalf("picks %v, want about 70,000 a and 30,000 b", counts)
	}
}

func TestTheRecorderSummarisesEachRouteAndAll(t *testing.T) {
	r := NewRecorder()
	for i := 1; i <= 100; i++ {
		r.Record("home", 200, false, ms(i), "")
	}
	r.Record("signin", 401, false, ms(500), "")
	for range 7 {
		r.Record("signin", 503, true, ms(1000), "503 unavailable")
	}
	sums := r.Summaries()
	if len(sums) != 3 || sums[0].Route != "home" || sums[1].Route != "signin" || sums[2].Route != "all" {
		t.Fatalf("summaries %+v", sums)
	}
	if h := sums[0]; h.Requests != 100 || h.Errors != 0 || h.P50 != ms(50) || h.P99 != ms(99) || h.Max != ms(100) {
		t.Errorf("home %+v", h)
	}
	all := sums[2]
	if all.Requests != 108 || all.Errors != 7 || all.Max != ms(1000) || StatusText(all.Statuses) != "200:100 401:1 503:7" {
		t.Errorf("all %+v (%s)", all, StatusText(all.Statuses))
	}
	if n, errs := r.Total(); n != 108 || errs != 7 {
		t.Errorf("total %d, %d errors", n, errs)
	}
	if ex := r.Examples(); len(ex) != maxExamples || ex[0] != "signin: 503 unavailable" {
		t.Errorf("examples %q", ex)
	}
}

func TestHealthIsReadFromPrometheusText(t *testing.T) {
	text := `# HELP go_goroutines Number of goroutines that currently exist.
# TYPE go_goroutines gauge
go_goroutines 42
go_gc_duration_seconds{quantile="0.5"} 3.1e-05
process_resident_memory_bytes 5.1412992e+07
bff_cache_index_tags 12
bff_cache_index_keys 345
`
	m, err := ParseMetrics(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h, err := HealthFrom(m)
	if err != nil {
		t.Fatal(err)
	}
	if h != (Health{Goroutines: 42, RSS: 51412992, IndexTags: 12, IndexKeys: 345}) {
		t.Fatalf("health %+v", h)
	}
	delete(m, "bff_cache_index_keys")
	if _, err := HealthFrom(m); err == nil || !strings.Contains(err.Error(), "bff_cache_index_keys") {
		t.Fatalf("a missing metric: %v", err)
	}
}

func TestFlatToleratesLittleGrowthOnly(t *testing.T) {
	for _, c := range []struct {
		start, end, limit float64
		verdict           string
	}{
		{30, 50, 50, "flat"},    // a small count may grow by 20
		{30, 51, 50, "GREW"},    //
		{500, 550, 550, "flat"}, // a large one by 10%
		{500, 551, 550, "GREW"}, //
		{200, 220, 220, "flat"}, // where both allow the same
		{500, 400, 550, "flat"}, // fewer is flat
	} {
		limit := GoroutineLimit(c.start)
		if limit != c.limit {
			t.Errorf("goroutine limit from %v: %v, want %v", c.start, limit, c.limit)
		}
		if got := Verdict(c.end, limit); got != c.verdict {
			t.Errorf("%v -> %v goroutines: %s, want %s", c.start, c.end, got, c.verdict)
		}
	}
	if RSSLimit(100<<20) != 150<<20 || Verdict(151<<20, RSSLimit(100<<20)) != "GREW" || Verdict(150<<20, RSSLimit(100<<20)) != "flat" {
		t.Error("RSS may grow by half, and no more")
	}
}

func TestSteadyWaitsForThreeSecondsWithoutAFall(t *testing.T) {
	hs := func(gs ...float64) []Health {
		var out []Health
		for _, g := range gs {
			out = append(out, Health{Goroutines: g})
		}
		return out
	}
	for _, c := range []struct {
		counts []float64
		want   bool
	}{
		{[]float64{50, 50, 50}, false},    // too soon to tell
		{[]float64{50, 50, 50, 50}, true}, // three seconds without a fall
		{[]float64{80, 60, 60, 60}, false},
		{[]float64{80, 60, 60, 60, 61}, true}, // a rise is not a fall
	} {
		if got := steady(hs(c.counts...)); got != c.want {
			t.Errorf("steady(%v) = %v", c.counts, got)
		}
	}
}

// answerAfter is a client that answers every request with status after a pause, without a network.
type answerAfter struct {
	status int
	pause  time.Duration
}

func (a answerAfter) RoundTrip(*http.Request) (*http.Response, error) {
	time.Sleep(a.pause)
	return &http.Response{StatusCode: a.status, Body: io.NopCloser(strings.NewReader("{}")), Header: http.Header{}}, nil
}

func TestTheOpenLoopSendsAtItsRateAndCountsWaitingInLatency(t *testing.T) {
	routes := []Route{{Name: "r", Weight: 1, Expect: []int{200},
		Build: func(*rand.Rand, time.Time) (*http.Request, error) {
			return http.NewRequest("GET", "http://bff.test/", nil)
		}}}
	noProgress := func(time.Duration, *Recorder) {}

	// A fast server: every scheduled send is sent, one every 5 ms over 200 ms.
	fast := &http.Client{Transport: answerAfter{200, 0}}
	rec, _ := openLoop(t.Context(), fast, routes, 200, ms(200), 4, time.Hour, noProgress)
	if n, errs := rec.Total(); n != 40 || errs != 0 {
		t.Fatalf("%d requests, %d errors; want 40 sends at 200/s in 200 ms", n, errs)
	}

	// A server taking 20 ms with one client: sends due every 5 ms queue up. A closed loop would
	// report 20 ms; measured from when each was due, the last of 20 waited for the 19 before it.
	slow := &http.Client{Transport: answerAfter{200, ms(20)}}
	rec, _ = openLoop(t.Context(), slow, routes, 200, ms(100), 1, time.Hour, noProgress)
	sums := rec.Summaries()
	if all := sums[len(sums)-1]; all.Requests != 20 || all.Max < ms(300) {
		t.Fatalf("%d requests, max latency %v; want 20, the last one waiting about 400 ms", all.Requests, all.Max)
	}
	if _, _, longest := rec.Waits(); longest < ms(250) {
		t.Fatalf("the longest wait for the one client: %v; want about 300 ms", longest)
	}
}
