package content

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/httpapi/httpapitest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// fakePages is a Pages of our own that records what it was asked.
type fakePages struct{ asked []PageRequest }

func (f *fakePages) Page(_ context.Context, req PageRequest) (*portal.Encoded, error) {
	f.asked = append(f.asked, req)
	res := PageResult{Document: &PageDocument{Kind: "home", Path: req.Path, Blocks: []portal.Block{}}}
	switch req.Path {
	case "/long": // long enough to have a gzip form
		res = PageResult{Document: &PageDocument{Kind: "page", Path: req.Path, Title: strings.Repeat("Savings ", 200), Blocks: []portal.Block{}}}
	case "/moved":
		res = PageResult{Redirect: &Redirect{Location: "/elsewhere", Permanent: true}}
	}
	return portal.Encode(res.Answer(), "page|"+req.Path+"|"+req.Reader.Key())
}

func (f *fakePages) Reader(_ context.Context, a portal.Audience, union string) (portal.Reader, error) {
	return portal.Reader{Audience: a, Union: union, Chosen: union != ""}, nil
}

func (f *fakePages) Site(_ context.Context, r portal.Reader) (*portal.Encoded, error) {
	return portal.Encode(&SiteChrome{}, "site|"+r.Key())
}

func (f *fakePages) Sitemap(context.Context) (*portal.Encoded, error) {
	return portal.Encode(map[string]any{"entries": nil}, "sitemap")
}

func (f *fakePages) Eligibility(_ context.Context, r portal.Reader) (*portal.Encoded, error) {
	return portal.Encode(EligibilityDocument{}, "eligibility|"+r.Key())
}

// visitorsOnly knows no session: every request is a visitor's.
type visitorsOnly struct{}

func (visitorsOnly) Identify(context.Context, string) (portal.Identity, error) {
	return portal.Identity{}, apperr.New(apperr.Unauthenticated, "Please log in to continue.")
}

func (visitorsOnly) MemberUnion(context.Context, portal.Identity) (string, error) { return "", nil }

func testApp(pages EncodedPages) http.Handler {
	app := httpapi.New(httpapitest.Options(io.Discard), Mount(MountDeps{Pages: pages, Members: visitorsOnly{}}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		resp, err := app.Test(r)
		if err != nil {
			panic(err)
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	})
}

func do(h http.Handler, r *http.Request) (*httptest.ResponseRecorder, map[string]any) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	var body map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	return rec, body
}

func getWith(h http.Handler, target string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPagePathParameter(t *testing.T) {
	pages := &fakePages{}
	h := testApp(pages)
	for raw, want := range map[string]int{
		"/":                             200,
		"/benefits//card/":              200,
		"":                              400,
		"benefits":                      400,
		"/a\x00b":                       400,
		"/" + string(make([]byte, 600)): 400,
	} {
		rec, body := do(h, httptest.NewRequest("GET", "/api/v1/page?path="+url.QueryEscape(raw), nil))
		if rec.Code != want {
			t.Errorf("path %q: status %d; want %d", raw, rec.Code, want)
		}
		if want == 400 && (body["code"] != "invalid" || rec.Header().Get("Content-Type") != "application/problem+json") {
			t.Errorf("path %q: not an invalid problem: %v %s", raw, body, rec.Header().Get("Content-Type"))
		}
	}
	var paths []string
	for _, req := range pages.asked {
		paths = append(paths, req.Path)
	}
	if !slices.Contains(paths, "/benefits/card") || slices.Contains(paths, "/benefits//card/") {
		t.Errorf("paths asked %q; want /benefits//card/ cleaned to /benefits/card", paths)
	}
}

func TestRedirectsAnswerARedirectDocumentAndUnionsReachTheReader(t *testing.T) {
	pages := &fakePages{}
	h := testApp(pages)
	rec, body := do(h, httptest.NewRequest("GET", "/api/v1/page?path=/moved", nil))
	if rec.Code != 200 || body["kind"] != "redirect" || body["location"] != "/elsewhere" || body["permanent"] != true {
		t.Fatalf("%d %v", rec.Code, body)
	}
	do(h, httptest.NewRequest("GET", "/api/v1/page?path=/&union=37", nil))
	if got := pages.asked[len(pages.asked)-1].Reader; got.Union != "37" || got.Audience != portal.Anonymous {
		t.Fatalf("reader %+v", got)
	}
	if rec, _ := do(h, httptest.NewRequest("GET", "/api/v1/page?path=/&union="+strings.Repeat("x", 100), nil)); rec.Code != 400 {
		t.Fatalf("an absurd union answered %d", rec.Code)
	}
}

func TestARepeatRequestWithTheETagIsNotModified(t *testing.T) {
	h := testApp(&fakePages{})
	for _, target := range []string{"/api/v1/page?path=/", "/api/v1/page?path=/long", "/api/v1/page?path=/moved", "/api/v1/site", "/api/v1/sitemap", "/api/v1/eligibility"} {
		first := getWith(h, target, nil)
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("%s: status %d, ETag %q; want 200 and a strong ETag", target, first.Code, tag)
		}
		if cc := first.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q; want no-cache, as before", target, cc)
		}
		for name, inm := range map[string]string{"the ETag": tag, "weakened by a proxy": "W/" + tag,
			"in a list": `"other", ` + tag, "any": "*"} {
			again := getWith(h, target, map[string]string{"If-None-Match": inm})
			if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("%s with If-None-Match %s: status %d, %d body bytes; want 304 and none", target, name, again.Code, again.Body.Len())
			}
			if again.Header().Get("ETag") != tag || again.Header().Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: the 304 has ETag %q, Cache-Control %q", target, again.Header().Get("ETag"), again.Header().Get("Cache-Control"))
			}
		}
		if other := getWith(h, target, map[string]string{"If-None-Match": `"an older version"`}); other.Code != http.StatusOK ||
			!bytes.Equal(other.Body.Bytes(), first.Body.Bytes()) {
			t.Errorf("%s with another ETag: status %d; want 200 and the document", target, other.Code)
		}
	}
}
