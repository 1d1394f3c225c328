package blog

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/httpapi/httpapitest"
)

// fakeBlogPages records what the handlers ask for.
type fakeBlogPages struct {
	lists    []ListRequest
	searches []SearchRequest
}

func (f *fakeBlogPages) BlogList(_ context.Context, req ListRequest) (*ListDocument, error) {
	f.lists = append(f.lists, req)
	if req.Category == "unknown" {
		return nil, apperr.New(apperr.NotFound, "404 not found.")
	}
	return &ListDocument{Posts: []PostTeaser{}}, nil
}

func (f *fakeBlogPages) BlogPost(_ context.Context, category, id string) (*PostDocument, error) {
	return &PostDocument{Post: PostDetail{PostTeaser: PostTeaser{ID: id}}}, nil
}

func (f *fakeBlogPages) Search(_ context.Context, req SearchRequest) (*SearchDocument, error) {
	f.searches = append(f.searches, req)
	return &SearchDocument{Query: req.Query, Type: req.Type, Results: []SearchResult{}}, nil
}

func blogApp(f *fakeBlogPages) func(target string) (int, map[string]any) {
	app := httpapi.New(httpapitest.Options(io.Discard), Mount(f))
	return func(target string) (int, map[string]any) {
		resp, err := app.Test(httptest.NewRequest("GET", target, nil))
		if err != nil {
			panic(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
}

func TestBlogListParameters(t *testing.T) {
	f := &fakeBlogPages{}
	get := blogApp(f)
	for target, want := range map[string]int{
		"/api/v1/blog/all-tips-updates":                               200,
		"/api/v1/blog/money-tips?offset=&date=&topic=":                200,
		"/api/v1/blog/money-tips?offset=30&date=2026-03&topic=212":    200,
		"/api/v1/blog/money-tips?offset=100000":                       200,
		"/api/v1/blog/unknown":                                        404,
		"/api/v1/blog/Money_Tips":                                     404,
		"/api/v1/blog/money-tips?offset=-10":                          400,
		"/api/v1/blog/money-tips?offset=ten":                          400,
		"/api/v1/blog/money-tips?offset=1.5":                          400,
		"/api/v1/blog/money-tips?offset=100001":                       400,
		"/api/v1/blog/money-tips?offset=99999999999999999999":         400,
		"/api/v1/blog/money-tips?date=2026-3":                         400,
		"/api/v1/blog/money-tips?date=2026-13":                        400,
		"/api/v1/blog/money-tips?date=" + url.QueryEscape("2026-03'"): 400,
		"/api/v1/blog/money-tips?topic=budgeting":                     400,
	} {
		status, body := get(target)
		if status != want {
			t.Errorf("%s: status %d; want %d (%v)", target, status, want, body)
			continue
		}
		if want == 400 {
			if body["code"] != "invalid" || body["errors"] == nil {
				t.Errorf("%s: problem %v; want code invalid with a field error", target, body)
			}
		}
	}
	last := f.lists[len(f.lists)-1]
	if len(f.lists) != 5 {
		t.Fatalf("asked %d times: %+v", len(f.lists), f.lists)
	}
	_ = last
	for _, l := range f.lists {
		if l.Category == "money-tips" && l.Offset == 30 && (l.Date != "2026-03" || l.Topic != "212") {
			t.Errorf("parameters not passed on: %+v", l)
		}
	}
}

func TestBlogPostParameters(t *testing.T) {
	get := blogApp(&fakeBlogPages{})
	for target, want := range map[string]int{
		"/api/v1/blog/money-tips/5512":   200,
		"/api/v1/blog/money-tips/55x":    404,
		"/api/v1/blog/money-tips/5512/x": 404,
		"/api/v1/blog/Money%20Tips/5512": 404,
	} {
		if status, body := get(target); status != want {
			t.Errorf("%s: status %d; want %d (%v)", target, status, want, body)
		}
	}
}

func TestSearchParameters(t *testing.T) {
	f := &fakeBlogPages{}
	get := blogApp(f)
	long := make([]byte, 201)
	for i := range long {
		long[i] = 'a'
	}
	for target, want := range map[string]int{
		"/api/v1/search?q=budget":                                    200,
		"/api/v1/search?q=++budget+++coaching+&type=benefits&page=2": 200,
		"/api/v1/search?q=budget&type=blogpost&page=":                200,
		"/api/v1/search":                     400,
		"/api/v1/search?q=":                  400,
		"/api/v1/search?q=+++":               400,
		"/api/v1/search?q=" + string(long):   400,
		"/api/v1/search?q=a%00b":             400,
		"/api/v1/search?q=%ff":               400,
		"/api/v1/search?q=budget&type=video": 400,
		"/api/v1/search?q=budget&page=-1":    400,
		"/api/v1/search?q=budget&page=1001":  400,
		"/api/v1/search?q=budget&page=x":     400,
	} {
		status, body := get(target)
		if status != want {
			t.Errorf("%s: status %d; want %d (%v)", target, status, want, body)
		} else if want == 400 && body["code"] != "invalid" {
			t.Errorf("%s: problem %v", target, body)
		}
	}
	want := SearchRequest{Query: "budget coaching", Type: "benefits", Page: 2}
	found := false
	for _, s := range f.searches {
		found = found || s == want
		if s.Type == "" {
			t.Errorf("type left empty: %+v", s)
		}
	}
	if !found {
		t.Errorf("searches %+v; want %+v among them", f.searches, want)
	}
}
