package httpapi

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// fakePages is a Pages of our own that records what it was asked.
type fakePages struct{ asked []portal.PageRequest }

func (f *fakePages) Page(ctx context.Context, req portal.PageRequest) (*portal.Encoded, error) {
	res, err := f.result(ctx, req)
	if err != nil {
		return nil, err
	}
	return portal.Encode(res.Answer(), "page|"+req.Path+"|"+req.Reader.Key())
}

func (f *fakePages) result(ctx context.Context, req portal.PageRequest) (portal.PageResult, error) {
	f.asked = append(f.asked, req)
	if req.Path == "/boom" {
		return portal.PageResult{}, apperr.Wrap(apperr.Internal, "x", io.ErrUnexpectedEOF)
	}
	if req.Path == "/hang" { // a load that never finishes
		<-ctx.Done()
		return portal.PageResult{}, apperr.Wrap(apperr.Unavailable, "The request was cancelled.", ctx.Err())
	}
	if req.Path == "/gone" {
		return portal.PageResult{}, apperr.PageNotFound(errors.New("cms: 404 for /gone"))
	}
	if req.Path == "/down" {
		return portal.PageResult{}, apperr.Wrap(apperr.Unavailable, "The content is unavailable.", errors.New("cms: connection refused"))
	}
	if req.Path == "/long" { // long enough to have a gzip form
		return portal.PageResult{Document: &portal.PageDocument{Kind: "page", Path: req.Path, Title: strings.Repeat("Savings ", 200), Blocks: []portal.Block{}}}, nil
	}
	if req.Path == "/moved" {
		return portal.PageResult{Redirect: &portal.Redirect{Location: "/elsewhere", Permanent: true}}, nil
	}
	return portal.PageResult{Document: &portal.PageDocument{Kind: "home", Path: req.Path, Blocks: []portal.Block{}}}, nil
}

func (f *fakePages) Reader(_ context.Context, a portal.Audience, union string) (portal.Reader, error) {
	return portal.Reader{Audience: a, Union: union, Chosen: union != ""}, nil
}

func (f *fakePages) Site(_ context.Context, r portal.Reader) (*portal.Encoded, error) {
	return portal.Encode(&portal.SiteChrome{}, "site|"+r.Key())
}

func (f *fakePages) Sitemap(context.Context) (*portal.Encoded, error) {
	return portal.Encode(map[string]any{"entries": nil}, "sitemap")
}

func (f *fakePages) Eligibility(_ context.Context, r portal.Reader) (*portal.Encoded, error) {
	return portal.Encode(portal.EligibilityDocument{}, "eligibility|"+r.Key())
}

type fakePurger struct{ tags []string }

func (f *fakePurger) Purge(tags ...string) int { f.tags = append(f.tags, tags...); return len(tags) }

func testApp(pages *fakePages, purger *fakePurger, logs io.Writer) http.Handler {
	app := New(testOptions(logs),
		Content(ContentDeps{Pages: pages, Members: visitorsOnly{}}),
		Hooks(HooksDeps{Purger: purger, Revalidator: noRevalidation{}, Secret: "s", Logger: slog.New(slog.DiscardHandler)}))
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

// testOptions are the app's options for a ready BFF whose cache works.
func testOptions(logs io.Writer) Options {
	ready := new(atomic.Bool)
	ready.Store(true)
	return Options{
		Logger:         slog.New(slog.NewJSONHandler(logs, nil)),
		AllowedOrigins: []string{"http://127.0.0.1:3000"},
		RequestTimeout: 5 * time.Second,
		Ready:          ready,
		Cache:          workingCache{},
		Edge:           anyRequest{},
	}
}

// visitorsOnly knows no session: every request is a visitor's.
type visitorsOnly struct{}

func (visitorsOnly) Identify(context.Context, string) (portal.Identity, error) {
	return portal.Identity{}, apperr.New(apperr.Unauthenticated, "Please log in to continue.")
}

func (visitorsOnly) MemberUnion(context.Context, portal.Identity) (string, error) { return "", nil }

type noRevalidation struct{}

func (noRevalidation) Revalidate(context.Context, []string) error { return nil }

type workingCache struct{}

func (workingCache) Check(context.Context) error { return nil }

// sign is what the CMS sends as X-CMS-Signature for body now.
func sign(secret string, body []byte) string {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	return "t=" + ts + ",sha256=" + hex.EncodeToString(WebhookMAC(secret, ts, body))
}

func do(h http.Handler, r *http.Request) (*httptest.ResponseRecorder, map[string]any) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	var body map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	return rec, body
}

func TestPagePathParameter(t *testing.T) {
	pages := &fakePages{}
	h := testApp(pages, &fakePurger{}, io.Discard)
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
	h := testApp(pages, &fakePurger{}, io.Discard)
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

func TestInternalErrorsAreLoggedButNeverShown(t *testing.T) {
	var logs bytes.Buffer
	h := testApp(&fakePages{}, &fakePurger{}, &logs)
	rec, body := do(h, httptest.NewRequest("GET", "/api/v1/page?path=/boom", nil))
	if rec.Code != 500 || body["code"] != "internal" || body["detail"] != "500 Internal Server Error" {
		t.Fatalf("%d %v", rec.Code, body)
	}
	if bytes.Contains(rec.Body.Bytes(), []byte("unexpected EOF")) {
		t.Fatal("the cause reached the client")
	}
	if !bytes.Contains(logs.Bytes(), []byte("unexpected EOF")) || !bytes.Contains(logs.Bytes(), []byte(`"request_id"`)) {
		t.Fatalf("the cause was not logged with a request id: %s", logs.String())
	}
}

// A client's mistake (an unknown path, a refused form) is expected by the thousand, and the access
// log already says its status: its cause is logged only at debug level, so a flood of unique
// paths is not a flood of warnings. An upstream's failure is a warning.
func TestOnlyFailuresOfOursAreWarnings(t *testing.T) {
	var logs bytes.Buffer
	h := testApp(&fakePages{}, &fakePurger{}, &logs)
	if rec, _ := do(h, httptest.NewRequest("GET", "/api/v1/page?path=/gone", nil)); rec.Code != 404 {
		t.Fatalf("/gone answered %d", rec.Code)
	}
	if bytes.Contains(logs.Bytes(), []byte(`"level":"WARN"`)) || bytes.Contains(logs.Bytes(), []byte("cms: 404")) {
		t.Errorf("a 404 was logged above debug level: %s", logs.String())
	}
	logs.Reset()
	if rec, _ := do(h, httptest.NewRequest("GET", "/api/v1/page?path=/down", nil)); rec.Code != 503 {
		t.Fatalf("/down answered %d", rec.Code)
	}
	if !bytes.Contains(logs.Bytes(), []byte(`"level":"WARN"`)) || !bytes.Contains(logs.Bytes(), []byte("connection refused")) {
		t.Errorf("an upstream's failure was not a warning with its cause: %s", logs.String())
	}
}

func TestUnknownRoutesAndMethodsAnswerProblems(t *testing.T) {
	h := testApp(&fakePages{}, &fakePurger{}, io.Discard)
	for _, r := range []*http.Request{
		httptest.NewRequest("GET", "/api/v1/nope", nil),
		httptest.NewRequest("DELETE", "/api/v1/page?path=/", nil),
	} {
		rec, body := do(h, r)
		if rec.Code < 400 || rec.Code >= 500 || rec.Header().Get("Content-Type") != "application/problem+json" || body["code"] == nil {
			t.Errorf("%s %s: %d %s %v", r.Method, r.URL, rec.Code, rec.Header().Get("Content-Type"), body)
		}
	}
}

func TestStateChangingRequestsFromOtherSitesAreRejected(t *testing.T) {
	purger := &fakePurger{}
	h := testApp(&fakePages{}, purger, io.Discard)
	body := []byte(`{"tags":["menu"]}`)
	for name, set := range map[string]func(*http.Request){
		"foreign origin":   func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") },
		"cross-site fetch": func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
	} {
		r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
		r.Header.Set("X-CMS-Signature", sign("s", body))
		set(r)
		if rec, _ := do(h, r); rec.Code != 403 {
			t.Errorf("%s: status %d", name, rec.Code)
		}
	}
	r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
	r.Header.Set("X-CMS-Signature", sign("s", body))
	r.Header.Set("Origin", "http://127.0.0.1:3000")
	if rec, _ := do(h, r); rec.Code != 202 {
		t.Errorf("own origin: status %d", rec.Code)
	}
	if len(purger.tags) != 1 {
		t.Errorf("purged %v; only the same-origin request may purge", purger.tags)
	}
}

func TestFrontendTags(t *testing.T) {
	if got := frontendTags([]string{"node:1"}); len(got) != 1 {
		t.Errorf("node only: %v", got)
	}
	got := frontendTags([]string{"node:1", "menu", "variable:x"})
	if got[len(got)-1] != "site" || len(got) != 4 {
		t.Errorf("site-wide: %v", got)
	}
}

// FuzzCMSWebhook: whatever a signed body holds, the webhook answers 202 or a 400 problem, never
// a 500 or a panic.
func FuzzCMSWebhook(f *testing.F) {
	for _, seed := range []string{`{"tags":["node:1072"]}`, `{"tags":[]}`, `{"tags":"x"}`, `[]`, `{"tags":["a:b","menu"]}`, ``, `{"tags":[null]}`} {
		f.Add([]byte(seed))
	}
	h := testApp(&fakePages{}, &fakePurger{}, io.Discard)
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
		r.Header.Set("X-CMS-Signature", sign("s", body))
		rec, _ := do(h, r)
		if rec.Code != 202 && rec.Code != 400 {
			t.Fatalf("status %d for %q", rec.Code, body)
		}
	})
}

// stuckCache is a content cache that never completes a store.
type stuckCache struct{}

func (stuckCache) Check(ctx context.Context) error {
	<-ctx.Done()
	return apperr.Wrap(apperr.Unavailable, "The content cache is not responding.", ctx.Err())
}

func TestReadyzFailsWhileTheCacheCannotStore(t *testing.T) {
	o := testOptions(io.Discard)
	o.Cache = stuckCache{}
	app := Admin(o)
	start := time.Now()
	resp, err := app.Test(httptest.NewRequest("GET", "/readyz", nil), fiber.TestConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("readyz with a frozen cache: status %d; want 503", resp.StatusCode)
	}
	if took := time.Since(start); took > readyCheckTimeout+time.Second {
		t.Fatalf("readyz took %v", took)
	}
	resp, _ = app.Test(httptest.NewRequest("GET", "/healthz", nil))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %d", resp.StatusCode)
	}
}

func TestARequestWaitingOnALoadGivesUpAtItsDeadline(t *testing.T) {
	o := testOptions(io.Discard)
	o.RequestTimeout = 100 * time.Millisecond
	app := New(o, Content(ContentDeps{Pages: &fakePages{}, Members: visitorsOnly{}}))
	start := time.Now()
	resp, err := app.Test(httptest.NewRequest("GET", "/api/v1/page?path=/hang", nil), fiber.TestConfig{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusServiceUnavailable || time.Since(start) > 2*time.Second {
		t.Fatalf("status %d after %v; want 503 at the 100ms deadline", resp.StatusCode, time.Since(start))
	}
}

// oneMember knows one session cookie, "alice", whose profile names union 42; it counts how often
// the session is verified.
type oneMember struct{ identified *int }

func (m oneMember) Identify(_ context.Context, cookie string) (portal.Identity, error) {
	*m.identified++
	if cookie != "alice" {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, "Your session has ended. Please log in again.")
	}
	return portal.Identity{UID: "alice-uid"}, nil
}

func (oneMember) MemberUnion(context.Context, portal.Identity) (string, error) { return "42", nil }

func TestAMembersPagesAreForTheUnionOfTheirProfileAndTheSessionIsVerifiedOnce(t *testing.T) {
	pages := &fakePages{}
	identified := 0
	app := New(testOptions(io.Discard), Content(ContentDeps{Pages: pages, Members: oneMember{&identified}}))
	for cookie, want := range map[string]portal.Reader{
		"alice": {Audience: portal.Member, Union: "42", Chosen: true},    // the profile's union wins over ?union=
		"dead":  {Audience: portal.Anonymous, Union: "37", Chosen: true}, // a dead session reads as a visitor
		"":      {Audience: portal.Anonymous, Union: "37", Chosen: true}, // no session
	} {
		identified = 0
		r := httptest.NewRequest("GET", "/api/v1/page?path=/&union=37", nil)
		if cookie != "" {
			r.AddCookie(&http.Cookie{Name: SessionCookie, Value: cookie})
		}
		resp, err := app.Test(r)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%q: %v %v", cookie, resp, err)
		}
		if got := pages.asked[len(pages.asked)-1].Reader; got != want {
			t.Errorf("cookie %q: reader %+v; want %+v", cookie, got, want)
		}
		if wantIdentified := min(len(cookie), 1); identified != wantIdentified {
			t.Errorf("cookie %q: the session was verified %d times; want %d", cookie, identified, wantIdentified)
		}
	}
}
