package content

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/httpapi/httpapitest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// echoPages answers every path with a document for it, and ?redirect_benefit= with a redirect,
// recording what it was asked: the page route's own checks are what is fuzzed.
type echoPages struct {
	fakePages
	last *PageRequest
}

func (p *echoPages) Page(_ context.Context, req PageRequest) (*portal.Encoded, error) {
	p.last = &req
	res := PageResult{Document: &PageDocument{Kind: "page", Path: req.Path, Blocks: []portal.Block{}}}
	if req.RedirectBenefit != "" {
		res = PageResult{Redirect: &Redirect{Location: "/benefits/" + req.RedirectBenefit}}
	}
	return portal.Encode(res.Answer(), req.Path)
}

// readBuffer is about how long a request line and headers the server reads (fasthttp's default
// buffer, 4096 bytes, less the few headers of the test's request).
const readBuffer = 3800

// FuzzPagePath: whatever ?path= and ?redirect_benefit= hold, the page route answers below 500;
// a refusal is a 400 problem; a path it
// accepts reaches the pages as the canonical site path (one leading /, no // or \), and a benefit
// only as a slug.
func FuzzPagePath(f *testing.F) {
	for _, seed := range []struct{ path, benefit string }{
		{"/", ""}, {"/benefits//card/", ""}, {"", ""}, {"benefits", ""}, {"/a\x00b", ""},
		{"//evil.example", ""}, {`/\evil.example`, ""}, {"/\t/evil.example", ""}, {"https://evil.example/", ""},
		{"/" + strings.Repeat("a", 511), ""}, {"/" + strings.Repeat("a", 512), ""}, {"/" + strings.Repeat("é", 300), ""},
		{"/\u202e/x", ""}, {"/\xff", ""},
		{"/", "wireless"}, {"/", "../etc"}, {"/", "//evil.example"}, {"/", "Wireless"}, {"/", strings.Repeat("a", 129)},
	} {
		f.Add(seed.path, seed.benefit)
	}
	pages := &echoPages{}
	app := httpapi.New(httpapitest.Options(io.Discard), Mount(MountDeps{Pages: pages, Members: visitorsOnly{}}))
	f.Fuzz(func(t *testing.T, path, benefit string) {
		pages.last = nil
		target := "/api/v1/page?path=" + url.QueryEscape(path)
		if benefit != "" {
			target += "&redirect_benefit=" + url.QueryEscape(benefit)
		}
		if len(target) > readBuffer {
			// The server refuses it before the app sees it (431, the server package's
			// TestAnOverlongPageURLIsAProblem); app.Test reports that as its own error.
			t.Skip()
		}
		resp, err := app.Test(httptest.NewRequest("GET", target, nil), fiber.TestConfig{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		switch resp.StatusCode {
		case 200:
			if pages.last == nil {
				t.Fatalf("path %q: 200 without asking the pages", path)
			}
			if got, want := pages.last.Path, portal.CleanPath(path); got != want {
				t.Fatalf("path %q reached the pages as %q; want %q", path, got, want)
			}
			if p := pages.last.Path; !strings.HasPrefix(p, "/") || strings.Contains(p, "//") || strings.ContainsAny(p, "\\\t\r\n") {
				t.Fatalf("path %q reached the pages as %q", path, p)
			}
			if b := pages.last.RedirectBenefit; b != benefit || (b != "" && !slugPattern.MatchString(b)) {
				t.Fatalf("redirect_benefit %q reached the pages as %q", benefit, b)
			}
			if benefit != "" && (body["kind"] != "redirect" || body["location"] != "/benefits/"+benefit) {
				t.Fatalf("redirect_benefit %q: answer %v", benefit, body)
			}
		case 400:
			if pages.last != nil {
				t.Fatalf("path %q, benefit %q: refused after the pages were asked", path, benefit)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" || body["code"] != "invalid" {
				t.Fatalf("path %q, benefit %q: %d %s %v; want an invalid problem", path, benefit, resp.StatusCode, ct, body)
			}
		default:
			t.Fatalf("path %q, benefit %q: status %d %v", path, benefit, resp.StatusCode, body)
		}
	})
}
