package content

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/httpapi/handlertest"
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
	return handlertest.Handler(httpapi.New(httpapitest.Options(io.Discard), Mount(MountDeps{Pages: pages, Members: visitorsOnly{}})))
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
		rec, body := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/page?path="+url.QueryEscape(raw), nil))
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
	rec, body := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/page?path=/moved", nil))
	if rec.Code != 200 || body["kind"] != "redirect" || body["location"] != "/elsewhere" || body["permanent"] != true {
		t.Fatalf("%d %v", rec.Code, body)
	}
	handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/page?path=/&union=37", nil))
	if got := pages.asked[len(pages.asked)-1].Reader; got.Union != "37" || got.Audience != portal.Anonymous {
		t.Fatalf("reader %+v", got)
	}
	if rec, _ := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/page?path=/&union="+strings.Repeat("x", 100), nil)); rec.Code != 400 {
		t.Fatalf("an absurd union answered %d", rec.Code)
	}
}

func TestARepeatRequestWithTheETagIsNotModified(t *testing.T) {
	h := testApp(&fakePages{})
	handlertest.CheckNotModified(t, h, []string{"/api/v1/page?path=/", "/api/v1/page?path=/long", "/api/v1/page?path=/moved", "/api/v1/site", "/api/v1/sitemap", "/api/v1/eligibility"})
}
