package vitals_test

// The Web Vitals endpoint through the whole BFF, as a browser's beacon reaches it through the
// edge: what it observes on the admin listener's /metrics, what it refuses, and its limit per
// client address.

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

const route = "/api/v1/vitals"

// beacon posts body as navigator.sendBeacon does: text/plain, from the site's origin.
func beacon(t *testing.T, url, origin, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url+route, strings.NewReader(body))
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("Origin", origin)
	resp, err := http.DefaultClient.Do(req)
	status, _, b := harness.Read(t, resp, err)
	return status, string(b)
}

func metricsText(t *testing.T, admin string) string {
	t.Helper()
	status, _, body := harness.Get(t, admin+"/metrics")
	if status != 200 {
		t.Fatalf("/metrics: %d", status)
	}
	return string(body)
}

// startBFF starts a BFF on a fixture CMS with the default configuration: the contract to check
// its answers against, the BFF, and the site's own origin, from which the browser sends reports.
func startBFF(t *testing.T) (*harness.Contract, *harness.BFF, string) {
	t.Helper()
	cfg := harness.Config(harness.StartCMS(t).URL, nil)
	return harness.LoadContract(t), harness.StartBFF(t, cfg), cfg.Frontend.AllowedOrigins[0]
}

func TestAReportLandsInItsHistograms(t *testing.T) {
	c, b, origin := startBFF(t)

	status, body := beacon(t, b.URL, origin, `{"route":"benefit","metrics":[
		{"name":"LCP","value":1234.5,"rating":"good"},
		{"name":"INP","value":350,"rating":"needs-improvement"},
		{"name":"TTFB","value":90,"rating":"good"},
		{"name":"CLS","value":0.31,"rating":"poor"}]}`)
	if status != 204 || body != "" {
		t.Fatalf("report: %d %q; want 204 and no body", status, body)
	}
	if ptr, err := c.ResponseSchema(route, "POST", 204, ""); err != nil || ptr != "" {
		t.Errorf("204 in the contract: %q %v", ptr, err)
	}
	m := metricsText(t, b.Admin)
	for _, want := range []string{
		`web_vitals_seconds_count{metric="LCP",rating="good",route="benefit"} 1`,
		`web_vitals_seconds_sum{metric="LCP",rating="good",route="benefit"} 1.2345`,
		`web_vitals_seconds_bucket{metric="LCP",rating="good",route="benefit",le="2.5"} 1`,
		`web_vitals_seconds_bucket{metric="LCP",rating="good",route="benefit",le="1"} 0`,
		`web_vitals_seconds_count{metric="INP",rating="needs-improvement",route="benefit"} 1`,
		`web_vitals_seconds_sum{metric="TTFB",rating="good",route="benefit"} 0.09`,
		`web_vitals_cls_count{rating="poor",route="benefit"} 1`,
		`web_vitals_cls_bucket{rating="poor",route="benefit",le="0.25"} 0`,
		`web_vitals_cls_bucket{rating="poor",route="benefit",le="0.5"} 1`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// Nothing of the request is a label: no address, no path, no user agent.
	for _, line := range strings.Split(m, "\n") {
		if strings.HasPrefix(line, "web_vitals") && (strings.Contains(line, "127.0.0.1") || strings.Contains(line, "/benefits")) {
			t.Errorf("a label names the client: %s", line)
		}
	}
}

func TestAnythingOutsideTheFixedSetsIsRefused(t *testing.T) {
	c, b, origin := startBFF(t)
	good := `{"name":"LCP","value":1200,"rating":"good"}`
	for name, body := range map[string]string{
		"a raw path for a route":    `{"route":"/account/abc123","metrics":[` + good + `]}`,
		"an unknown route kind":     `{"route":"admin","metrics":[` + good + `]}`,
		"no metrics":                `{"route":"home","metrics":[]}`,
		"an unknown metric":         `{"route":"home","metrics":[{"name":"FID","value":10,"rating":"good"}]}`,
		"a metric twice":            `{"route":"home","metrics":[` + good + `,` + good + `]}`,
		"five metrics":              `{"route":"home","metrics":[` + strings.Repeat(good+",", 4) + good + `]}`,
		"a negative value":          `{"route":"home","metrics":[{"name":"TTFB","value":-1,"rating":"good"}]}`,
		"a timing over a minute":    `{"route":"home","metrics":[{"name":"LCP","value":60001,"rating":"poor"}]}`,
		"a layout shift over 10":    `{"route":"home","metrics":[{"name":"CLS","value":11,"rating":"poor"}]}`,
		"a value that is no number": `{"route":"home","metrics":[{"name":"CLS","value":"NaN","rating":"poor"}]}`,
		"an unknown rating":         `{"route":"home","metrics":[{"name":"LCP","value":1200,"rating":"great"}]}`,
		"no JSON":                   `LCP=1200`,
		"a body too large":          `{"route":"home","metrics":[` + good + `],"pad":"` + strings.Repeat("x", 4096) + `"}`,
	} {
		t.Run(name, func(t *testing.T) {
			status, body := beacon(t, b.URL, origin, body)
			if status != 400 && status != 413 {
				t.Fatalf("%d %s; want 400 (413 for the size)", status, body)
			}
			ptr, err := c.ResponseSchema(route, "POST", status, "application/problem+json")
			if err != nil {
				t.Fatal(err)
			}
			c.Validate(t, ptr, []byte(body))
		})
	}
	if m := metricsText(t, b.Admin); strings.Contains(m, "web_vitals_seconds_count") || strings.Contains(m, "web_vitals_cls_count") {
		t.Errorf("a refused report was observed:\n%s", grep(m, "web_vitals"))
	}
	// Another site's page cannot send one (the origin check of every POST).
	if status, _ := beacon(t, b.URL, "https://elsewhere.example", `{"route":"home","metrics":[`+good+`]}`); status != 403 {
		t.Errorf("cross-site report: %d, want 403", status)
	}
}

func TestReportsAreLimitedPerClientAddress(t *testing.T) {
	cms := harness.StartCMS(t)
	// RATE_LIMIT_PER_IP 2: ten times that, 20 reports a window, for Web Vitals.
	cfg := harness.Config(cms.URL, map[string]string{"RATE_LIMIT_PER_IP": "2"})
	b := harness.NewBFF(t, cfg)
	origin := cfg.Frontend.AllowedOrigins[0]
	post := func(addr string) int {
		req := httptest.NewRequest("POST", route, strings.NewReader(`{"route":"home","metrics":[{"name":"TTFB","value":80,"rating":"good"}]}`))
		req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
		req.Header.Set("Origin", origin)
		req.Header.Set(edgesign.ClientIPHeader, addr)
		resp, err := b.Server.App.Test(harness.SignAsEdge(req))
		status, _, _ := harness.Read(t, resp, err)
		return status
	}
	visitor := fmt.Sprintf("198.51.100.%d", rand.IntN(250)+1)
	for i := 1; i <= 20; i++ {
		if s := post(visitor); s != 204 {
			t.Fatalf("report %d: %d, want 204", i, s)
		}
	}
	if s := post(visitor); s != 429 {
		t.Errorf("report 21 from one address: %d, want 429", s)
	}
	if s := post("203.0.113.9"); s != 204 {
		t.Errorf("another address's first report: %d, want 204", s)
	}
}

func grep(text, prefix string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
