package server_test

// The contract test: real BFF answers, validated against contracts/openapi.yaml. A handler that
// drifts from the document the frontend's types are generated from fails here. Answers that need
// a session are validated where their feature's tests sign in (account/http_test.go,
// grants/http_test.go), which check every answer against the contract too.

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

func TestBFFAnswersMatchTheContract(t *testing.T) {
	c := harness.LoadContract(t)
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	down := harness.StartCMS(t)
	down.Close()
	bDown := harness.StartBFF(t, harness.Config(down.URL, nil))

	purge := []byte(`{"tags":["node:1072","menu"]}`)
	cases := []struct {
		name, base, method, route, target string
		body                              []byte
		sig                               string
		status                            int
	}{
		{"home page", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=/", nil, "", 200},
		{"style guide, every block type", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=/style-guide", nil, "", 200},
		{"page with trailing slash", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=//", nil, "", 200},
		{"unknown page", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=/no/such/page", nil, "", 404},
		{"missing path", b.URL, "GET", "/api/v1/page", "/api/v1/page", nil, "", 400},
		{"relative path", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=home", nil, "", 400},
		{"CMS down", bDown.URL, "GET", "/api/v1/page", "/api/v1/page?path=/", nil, "", 503},
		{"site chrome", b.URL, "GET", "/api/v1/site", "/api/v1/site", nil, "", 200},
		{"site chrome, CMS down", bDown.URL, "GET", "/api/v1/site", "/api/v1/site", nil, "", 503},
		{"healthz", b.Admin, "GET", "/healthz", "/healthz", nil, "", 200},
		{"readyz", b.Admin, "GET", "/readyz", "/readyz", nil, "", 200},
		{"blog list", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/all-tips-updates", nil, "", 200},
		{"blog list filtered", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?offset=10&date=2026-06&topic=211", nil, "", 200},
		{"blog list past the end", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/union-news?offset=500", nil, "", 200},
		{"blog list, unknown category", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/no-such-category", nil, "", 404},
		{"blog list, bad offset", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?offset=-1", nil, "", 400},
		{"blog list, bad date", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?date=june", nil, "", 400},
		{"blog list, unknown topic", b.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?topic=999", nil, "", 400},
		{"blog list, CMS down", bDown.URL, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips", nil, "", 503},
		{"blog post", b.URL, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/5512", nil, "", 200},
		{"blog post without image or promo", b.URL, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/all-tips-updates/5455", nil, "", 200},
		{"blog post, unknown", b.URL, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/1", nil, "", 404},
		{"blog post, CMS down", bDown.URL, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/5512", nil, "", 503},
		{"search", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=budget", nil, "", 200},
		{"search benefits", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=budget&type=benefits&page=0", nil, "", 200},
		{"search, no results", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=zzqxjv&type=blogpost", nil, "", 200},
		{"search, empty term", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=", nil, "", 400},
		{"search, bad type", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=budget&type=video", nil, "", 400},
		{"search, bad page", b.URL, "GET", "/api/v1/search", "/api/v1/search?q=budget&page=x", nil, "", 400},
		{"search, CMS down", bDown.URL, "GET", "/api/v1/search", "/api/v1/search?q=budget", nil, "", 503},
		{"grant form, visitor", b.URL, "GET", "/api/v1/forms/{id}", "/api/v1/forms/hospital-grant", nil, "", 401},
		{"submit case, visitor", b.URL, "POST", "/api/v1/forms/{id}/cases", "/api/v1/forms/hospital-grant/cases", []byte(`{"fields":{}}`), "", 401},
		{"my forms, visitor", b.URL, "GET", "/api/v1/cases", "/api/v1/cases", nil, "", 401},
		{"my orders, visitor", b.URL, "GET", "/api/v1/orders", "/api/v1/orders?page=2", nil, "", 401},
		{"job loss pre-check", b.URL, "GET", "/api/v1/precheck/job-loss", "/api/v1/precheck/job-loss", nil, "", 200},
		{"job loss pre-check, CMS down", bDown.URL, "GET", "/api/v1/precheck/job-loss", "/api/v1/precheck/job-loss", nil, "", 200},
		{"livestream chat", b.URL, "POST", "/api/v1/livestreams/{slug}/access", "/api/v1/livestreams/member-town-hall/access", []byte(`{"name":"Pat","email":"pat@example.org","updates":true}`), "", 200},
		{"livestream chat, bad form", b.URL, "POST", "/api/v1/livestreams/{slug}/access", "/api/v1/livestreams/member-town-hall/access", []byte(`{"name":"","email":"pat@"}`), "", 400},
		{"livestream chat, no such stream", b.URL, "POST", "/api/v1/livestreams/{slug}/access", "/api/v1/livestreams/no-such-stream/access", []byte(`{"name":"Pat","email":"pat@example.org"}`), "", 404},
		{"livestream page", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=/livestream/member-town-hall", nil, "", 200},
		{"car search page", b.URL, "GET", "/api/v1/page", "/api/v1/page?path=/benefits/car-buying", nil, "", 200},
		{"webhook", b.URL, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", purge, harness.Sign(harness.WebhookSecret, purge), 202},
		{"webhook unsigned", b.URL, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", purge, "", 401},
		{"webhook bad body", b.URL, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", []byte(`{"tags":"x"}`), harness.Sign(harness.WebhookSecret, []byte(`{"tags":"x"}`)), 400},
		{"webhook bad tag", b.URL, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", []byte(`{"tags":["DROP TABLE"]}`), harness.Sign(harness.WebhookSecret, []byte(`{"tags":["DROP TABLE"]}`)), 400},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, tc.base+tc.target, bytes.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if tc.sig != "" {
				req.Header.Set("X-CMS-Signature", tc.sig)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			ptr, err := c.ResponseSchema(tc.route, tc.method, resp.StatusCode, resp.Header.Get("Content-Type"))
			if err != nil {
				t.Fatal(err)
			}
			c.Validate(t, ptr, body)
		})
	}
}

// The hand-written examples the frontend's tests use must stay valid too.
func TestContractExamplesMatchTheContract(t *testing.T) {
	c := harness.LoadContract(t)
	for file, schema := range map[string]string{
		"page-home.json":        "#/components/schemas/PageDocument",
		"page-style-guide.json": "#/components/schemas/PageDocument",
		"site.json":             "#/components/schemas/SiteChrome",
	} {
		body, err := os.ReadFile(filepath.Join(harness.Root(), "contracts", "examples", file))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(file, func(t *testing.T) { c.Validate(t, schema, body) })
	}
}

// Guards the guard: a validator that accepts anything would make the contract test pass forever.
func TestContractValidatorCatchesDrift(t *testing.T) {
	c := harness.LoadContract(t)
	sch, err := c.Compile("#/components/schemas/PageDocument")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		`{"kind":"home"}`,
		`{"kind":"blog","path":"/","title":"x","hero":{"variant":"home","headline":"x"},"blocks":[],"meta":{"title":"x"}}`,
		`{"kind":"home","path":"/","title":"x","hero":{"variant":"home","headline":"x"},"blocks":[{"type":"text_block","id":"1"}],"meta":{"title":"x"}}`,
	} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if sch.Validate(v) == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// Content documents are revalidated with their ETag (httpapi/encoded.go): the contract must say
// so for every route that answers that way, so a client generated from it sends If-None-Match.
func TestRevalidationMatchesTheContract(t *testing.T) {
	c := harness.LoadContract(t)
	b := harness.StartOnFixtures(t)
	for _, tc := range []struct{ route, target string }{
		{"/api/v1/page", "/api/v1/page?path=/"},
		{"/api/v1/site", "/api/v1/site"},
		{"/api/v1/sitemap", "/api/v1/sitemap"},
		{"/api/v1/eligibility", "/api/v1/eligibility"},
	} {
		t.Run(tc.route, func(t *testing.T) {
			first, err := http.Get(b.URL + tc.target)
			if err != nil {
				t.Fatal(err)
			}
			first.Body.Close()
			tag := first.Header.Get("ETag")
			if first.StatusCode != http.StatusOK || tag == "" {
				t.Fatalf("first answer: status %d, ETag %q", first.StatusCode, tag)
			}
			if harness.Dig(c.Doc(), "paths", tc.route, "get", "responses", "200", "headers", "ETag") == nil {
				t.Errorf("the contract's 200 for %s names no ETag header", tc.route)
			}

			req, _ := http.NewRequest(http.MethodGet, b.URL+tc.target, nil)
			req.Header.Set("If-None-Match", tag)
			again, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(again.Body)
			again.Body.Close()
			if again.StatusCode != http.StatusNotModified || len(body) != 0 {
				t.Fatalf("revalidation: status %d with %d bytes, want 304 and none", again.StatusCode, len(body))
			}
			if harness.Dig(c.Doc(), "paths", tc.route, "get", "responses", "304") == nil {
				t.Errorf("the contract documents no 304 for %s", tc.route)
			}
		})
	}
}
