package server_test

// The contract test: real BFF answers, validated against contracts/openapi.yaml. A handler that
// drifts from the document the frontend's types are generated from fails here.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
)

const contractPath = "../../../contracts/openapi.yaml"

// contract is the OpenAPI document, compiled lazily schema by schema.
type contract struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
}

func loadContract(t *testing.T) *contract {
	t.Helper()
	raw, err := os.ReadFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	// Round-trip through JSON so the validator sees JSON types (float64 numbers, string keys).
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("openapi.json", parsed); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(js, &doc)
	return &contract{doc: doc, compiler: c}
}

// responseSchema finds the JSON pointer of the schema documented for an answer.
func (c *contract) responseSchema(path, method string, status int, contentType string) (string, error) {
	op, ok := dig(c.doc, "paths", path, strings.ToLower(method)).(map[string]any)
	if !ok {
		return "", fmt.Errorf("%s %s is not in the contract", method, path)
	}
	resp, ok := dig(op, "responses", strconv.Itoa(status)).(map[string]any)
	if !ok {
		return "", fmt.Errorf("%s %s: status %d is not documented", method, path, status)
	}
	ptr := "#/paths/" + escape(path) + "/" + strings.ToLower(method) + "/responses/" + strconv.Itoa(status)
	if ref, ok := resp["$ref"].(string); ok {
		ptr = ref
		resp = dig(c.doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...).(map[string]any)
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", err
	}
	if _, ok := dig(resp, "content", mt, "schema").(map[string]any); !ok {
		return "", fmt.Errorf("%s %s %d: content type %s is not documented", method, path, status, mt)
	}
	return ptr + "/content/" + escape(mt) + "/schema", nil
}

func (c *contract) validate(t *testing.T, ptr string, body []byte) {
	t.Helper()
	sch, err := c.compiler.Compile("openapi.json" + ptr)
	if err != nil {
		t.Fatalf("compile %s: %v", ptr, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("answer is not JSON: %v: %s", err, body)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("answer does not match %s: %v\n%s", ptr, err, body)
	}
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// escape makes a JSON pointer token of s (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func TestBFFAnswersMatchTheContract(t *testing.T) {
	c := loadContract(t)
	cms := startCMS(t)
	b := startBFF(t, testConfig(cms.URL))
	down := startCMS(t)
	down.Close()
	bDown := startBFF(t, testConfig(down.URL))

	purge := []byte(`{"tags":["node:1072","menu"]}`)
	cases := []struct {
		name, base, method, route, target string
		body                              []byte
		sig                               string
		status                            int
	}{
		{"home page", b.url, "GET", "/api/v1/page", "/api/v1/page?path=/", nil, "", 200},
		{"style guide, every block type", b.url, "GET", "/api/v1/page", "/api/v1/page?path=/style-guide", nil, "", 200},
		{"page with trailing slash", b.url, "GET", "/api/v1/page", "/api/v1/page?path=//", nil, "", 200},
		{"unknown page", b.url, "GET", "/api/v1/page", "/api/v1/page?path=/no/such/page", nil, "", 404},
		{"missing path", b.url, "GET", "/api/v1/page", "/api/v1/page", nil, "", 400},
		{"relative path", b.url, "GET", "/api/v1/page", "/api/v1/page?path=home", nil, "", 400},
		{"CMS down", bDown.url, "GET", "/api/v1/page", "/api/v1/page?path=/", nil, "", 503},
		{"site chrome", b.url, "GET", "/api/v1/site", "/api/v1/site", nil, "", 200},
		{"site chrome, CMS down", bDown.url, "GET", "/api/v1/site", "/api/v1/site", nil, "", 503},
		{"healthz", b.url, "GET", "/healthz", "/healthz", nil, "", 200},
		{"readyz", b.url, "GET", "/readyz", "/readyz", nil, "", 200},
		{"blog list", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/all-tips-updates", nil, "", 200},
		{"blog list filtered", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?offset=10&date=2026-06&topic=211", nil, "", 200},
		{"blog list past the end", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/union-news?offset=500", nil, "", 200},
		{"blog list, unknown category", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/no-such-category", nil, "", 404},
		{"blog list, bad offset", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?offset=-1", nil, "", 400},
		{"blog list, bad date", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?date=june", nil, "", 400},
		{"blog list, unknown topic", b.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips?topic=999", nil, "", 400},
		{"blog list, CMS down", bDown.url, "GET", "/api/v1/blog/{category}", "/api/v1/blog/money-tips", nil, "", 503},
		{"blog post", b.url, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/5512", nil, "", 200},
		{"blog post without image or promo", b.url, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/all-tips-updates/5455", nil, "", 200},
		{"blog post, unknown", b.url, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/1", nil, "", 404},
		{"blog post, CMS down", bDown.url, "GET", "/api/v1/blog/{category}/{id}", "/api/v1/blog/money-tips/5512", nil, "", 503},
		{"search", b.url, "GET", "/api/v1/search", "/api/v1/search?q=budget", nil, "", 200},
		{"search benefits", b.url, "GET", "/api/v1/search", "/api/v1/search?q=budget&type=benefits&page=0", nil, "", 200},
		{"search, no results", b.url, "GET", "/api/v1/search", "/api/v1/search?q=zzqxjv&type=blogpost", nil, "", 200},
		{"search, empty term", b.url, "GET", "/api/v1/search", "/api/v1/search?q=", nil, "", 400},
		{"search, bad type", b.url, "GET", "/api/v1/search", "/api/v1/search?q=budget&type=video", nil, "", 400},
		{"search, bad page", b.url, "GET", "/api/v1/search", "/api/v1/search?q=budget&page=x", nil, "", 400},
		{"search, CMS down", bDown.url, "GET", "/api/v1/search", "/api/v1/search?q=budget", nil, "", 503},
		{"webhook", b.url, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", purge, httpapi.Sign(secret, purge), 202},
		{"webhook unsigned", b.url, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", purge, "", 401},
		{"webhook bad body", b.url, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", []byte(`{"tags":"x"}`), httpapi.Sign(secret, []byte(`{"tags":"x"}`)), 400},
		{"webhook bad tag", b.url, "POST", "/api/v1/hooks/cms", "/api/v1/hooks/cms", []byte(`{"tags":["DROP TABLE"]}`), httpapi.Sign(secret, []byte(`{"tags":["DROP TABLE"]}`)), 400},
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
			ptr, err := c.responseSchema(tc.route, tc.method, resp.StatusCode, resp.Header.Get("Content-Type"))
			if err != nil {
				t.Fatal(err)
			}
			c.validate(t, ptr, body)
		})
	}
}

// The hand-written examples the frontend's tests use must stay valid too.
func TestContractExamplesMatchTheContract(t *testing.T) {
	c := loadContract(t)
	for file, schema := range map[string]string{
		"page-home.json":        "#/components/schemas/PageDocument",
		"page-style-guide.json": "#/components/schemas/PageDocument",
		"site.json":             "#/components/schemas/SiteChrome",
	} {
		body, err := os.ReadFile(filepath.Join("../../../contracts/examples", file))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(file, func(t *testing.T) { c.validate(t, schema, body) })
	}
}

// Guards the guard: a validator that accepts anything would make the contract test pass forever.
func TestContractValidatorCatchesDrift(t *testing.T) {
	c := loadContract(t)
	sch, err := c.compiler.Compile("openapi.json#/components/schemas/PageDocument")
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
