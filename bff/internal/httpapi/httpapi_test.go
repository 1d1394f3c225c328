package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/errreport"
	"github.com/union-benefits/portal/bff/internal/httpapi/handlertest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// docs is the feature httpapi's own tests mount, standing for any of the real ones: a document
// for a reader (GET or HEAD /api/v1/doc?path=, behind PublicDocument and ResolveReader) and a
// write (POST /api/v1/writes). Its ?path= picks the answer that takes a request down each of
// the middleware's paths: a failure of ours, an upstream's, a client's mistake, a load that
// never finishes, a document long enough for gzip. It records what it was asked.
type docs struct {
	asked  []portal.Reader
	writes int
}

func (d *docs) mount(members Members) Mount {
	return func(api fiber.Router) {
		api.Add(GetOrHead, "/doc", PublicDocument, ResolveReader(members, d), d.doc)
		api.Post("/writes", func(c fiber.Ctx) error {
			d.writes++
			return c.SendStatus(fiber.StatusAccepted)
		})
	}
}

func (d *docs) Reader(_ context.Context, a portal.Audience, union string) (portal.Reader, error) {
	return portal.Reader{Audience: a, Union: union, Chosen: union != ""}, nil
}

func (d *docs) doc(c fiber.Ctx) error {
	ctx, r, path := c.Context(), Reader(c), c.Query("path")
	d.asked = append(d.asked, r)
	switch path {
	case "/boom":
		return apperr.Wrap(apperr.Internal, "x", io.ErrUnexpectedEOF)
	case "/hang":
		<-ctx.Done()
		return apperr.Wrap(apperr.Unavailable, "The request was cancelled.", ctx.Err())
	case "/gone":
		return apperr.PageNotFound(errors.New("cms: 404 for /gone"))
	case "/down":
		return apperr.Wrap(apperr.Unavailable, "The content is unavailable.", errors.New("cms: connection refused"))
	}
	doc := map[string]string{"path": path}
	if path == "/long" {
		doc["title"] = strings.Repeat("Savings ", 200)
	}
	enc, err := portal.Encode(doc, "doc|"+path+"|"+r.Key())
	if err != nil {
		return err
	}
	return SendEncoded(c, enc)
}

func testApp(d *docs, logs io.Writer) http.Handler {
	return handlertest.Handler(New(testOptions(logs), d.mount(visitorsOnly{})))
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

type workingCache struct{}

func (workingCache) Check(context.Context) error { return nil }

func TestInternalErrorsAreLoggedButNeverShown(t *testing.T) {
	var logs bytes.Buffer
	h := testApp(&docs{}, &logs)
	rec, body := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/doc?path=/boom", nil))
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

// reported records what the error handler reports.
type reported struct{ events []errreport.Event }

func (r *reported) Report(e errreport.Event) { r.events = append(r.events, e) }

// Every internal error goes to the error-reporting endpoint (spec 1 §9) with its request id; a
// client's mistake and an upstream's outage do not (the endpoint is for our own faults).
func TestInternalErrorsAndOnlyThoseAreReported(t *testing.T) {
	var got reported
	o := testOptions(io.Discard)
	o.Errors = &got
	h := handlertest.Handler(New(o, (&docs{}).mount(visitorsOnly{})))
	for _, path := range []string{"/gone", "/down", "/boom"} {
		handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/doc?path="+path, nil))
	}
	if len(got.events) != 1 {
		t.Fatalf("reported %d events, want 1 (the internal error only): %+v", len(got.events), got.events)
	}
	e := got.events[0]
	if e.Method != "GET" || e.Path != "/api/v1/doc" || e.Status != 500 || e.RequestID == "" || !errors.Is(e.Err, io.ErrUnexpectedEOF) {
		t.Errorf("reported %+v", e)
	}
}

// A client's mistake (an unknown path, a refused form) is expected by the thousand, and the access
// log already says its status: its cause is logged only at debug level, so a flood of unique
// paths is not a flood of warnings. An upstream's failure is a warning.
func TestOnlyFailuresOfOursAreWarnings(t *testing.T) {
	var logs bytes.Buffer
	h := testApp(&docs{}, &logs)
	if rec, _ := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/doc?path=/gone", nil)); rec.Code != 404 {
		t.Fatalf("/gone answered %d", rec.Code)
	}
	if bytes.Contains(logs.Bytes(), []byte(`"level":"WARN"`)) || bytes.Contains(logs.Bytes(), []byte("cms: 404")) {
		t.Errorf("a 404 was logged above debug level: %s", logs.String())
	}
	logs.Reset()
	if rec, _ := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/doc?path=/down", nil)); rec.Code != 503 {
		t.Fatalf("/down answered %d", rec.Code)
	}
	if !bytes.Contains(logs.Bytes(), []byte(`"level":"WARN"`)) || !bytes.Contains(logs.Bytes(), []byte("connection refused")) {
		t.Errorf("an upstream's failure was not a warning with its cause: %s", logs.String())
	}
}

func TestUnknownRoutesAndMethodsAnswerProblems(t *testing.T) {
	h := testApp(&docs{}, io.Discard)
	for _, r := range []*http.Request{
		httptest.NewRequest("GET", "/api/v1/nope", nil),
		httptest.NewRequest("DELETE", "/api/v1/doc?path=/", nil),
	} {
		rec, body := handlertest.Do(h, r)
		if rec.Code < 400 || rec.Code >= 500 || rec.Header().Get("Content-Type") != "application/problem+json" || body["code"] == nil {
			t.Errorf("%s %s: %d %s %v", r.Method, r.URL, rec.Code, rec.Header().Get("Content-Type"), body)
		}
	}
}

func TestStateChangingRequestsFromOtherSitesAreRejected(t *testing.T) {
	d := &docs{}
	h := testApp(d, io.Discard)
	for name, set := range map[string]func(*http.Request){
		"foreign origin":   func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") },
		"cross-site fetch": func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
	} {
		r := httptest.NewRequest("POST", "/api/v1/writes", strings.NewReader(`{}`))
		set(r)
		if rec, _ := handlertest.Do(h, r); rec.Code != 403 {
			t.Errorf("%s: status %d", name, rec.Code)
		}
	}
	r := httptest.NewRequest("POST", "/api/v1/writes", strings.NewReader(`{}`))
	r.Header.Set("Origin", "http://127.0.0.1:3000")
	if rec, _ := handlertest.Do(h, r); rec.Code != 202 {
		t.Errorf("own origin: status %d", rec.Code)
	}
	if d.writes != 1 {
		t.Errorf("%d writes reached the handler; only the same-origin request may", d.writes)
	}
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
	app := New(o, (&docs{}).mount(visitorsOnly{}))
	start := time.Now()
	resp, err := app.Test(httptest.NewRequest("GET", "/api/v1/doc?path=/hang", nil), fiber.TestConfig{Timeout: 5 * time.Second})
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
	d := &docs{}
	identified := 0
	app := New(testOptions(io.Discard), d.mount(oneMember{&identified}))
	for cookie, want := range map[string]portal.Reader{
		"alice": {Audience: portal.Member, Union: "42", Chosen: true},    // the profile's union wins over ?union=
		"dead":  {Audience: portal.Anonymous, Union: "37", Chosen: true}, // a dead session reads as a visitor
		"":      {Audience: portal.Anonymous, Union: "37", Chosen: true}, // no session
	} {
		identified = 0
		r := httptest.NewRequest("GET", "/api/v1/doc?path=/&union=37", nil)
		if cookie != "" {
			r.AddCookie(&http.Cookie{Name: SessionCookie, Value: cookie})
		}
		resp, err := app.Test(r)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%q: %v %v", cookie, resp, err)
		}
		if got := d.asked[len(d.asked)-1]; got != want {
			t.Errorf("cookie %q: reader %+v; want %+v", cookie, got, want)
		}
		if wantIdentified := min(len(cookie), 1); identified != wantIdentified {
			t.Errorf("cookie %q: the session was verified %d times; want %d", cookie, identified, wantIdentified)
		}
	}
	resp, err := app.Test(httptest.NewRequest("GET", "/api/v1/doc?path=/&union="+strings.Repeat("x", 100), nil))
	if err != nil || resp.StatusCode != 400 || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("an absurd union: %v %v; want a 400 problem", resp, err)
	}
}

// Every answer names its request with an id of its own, the one its log line has, so a member's
// report of a failure can be found in the logs.
func TestEveryAnswerNamesItsRequestAsItsLogLineDoes(t *testing.T) {
	var logs bytes.Buffer
	h := testApp(&docs{}, &logs)
	seen := map[string]bool{}
	for range 3 {
		logs.Reset()
		rec, _ := handlertest.Do(h, httptest.NewRequest("GET", "/api/v1/doc?path=/", nil))
		id := rec.Header().Get("X-Request-Id")
		if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" || seen[id] {
			t.Fatalf("request id %q: want 32 hex digits, new each time (had %v)", id, seen)
		}
		seen[id] = true
		var line struct {
			RequestID string `json:"request_id"`
		}
		if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line.RequestID != id {
			t.Fatalf("log line %s (%v); want request_id %q", logs.String(), err, id)
		}
	}
}

// An upload's request logs where its bytes start and where the upload stood after it, so an
// upload that went wrong can be followed in the logs; other requests' lines are as before.
func TestAnUploadsLogLineSaysItsOffsets(t *testing.T) {
	var logs bytes.Buffer
	h := handlertest.Handler(New(testOptions(&logs), func(api fiber.Router) {
		api.Patch("/uploads/u1", func(c fiber.Ctx) error {
			c.Set("Upload-Offset", "8388608")
			return c.SendStatus(fiber.StatusNoContent)
		})
	}))
	var line map[string]any
	req := httptest.NewRequest("PATCH", "/api/v1/uploads/u1", strings.NewReader("x"))
	req.Header.Set("Upload-Offset", "4194304")
	if rec, _ := handlertest.Do(h, req); rec.Code != fiber.StatusNoContent {
		t.Fatalf("the upload answered %d", rec.Code)
	}
	if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line["upload_offset"] != "4194304" || line["upload_offset_after"] != "8388608" {
		t.Fatalf("log line %s (%v); want upload_offset 4194304 and upload_offset_after 8388608", logs.String(), err)
	}

	logs.Reset()
	line = nil
	handlertest.Do(testApp(&docs{}, &logs), httptest.NewRequest("GET", "/api/v1/doc?path=/", nil))
	if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line["status"] == nil || line["upload_offset"] != nil || line["upload_offset_after"] != nil {
		t.Fatalf("a document's log line %s (%v) names an upload offset", logs.String(), err)
	}
}
