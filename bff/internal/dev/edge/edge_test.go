package edge

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/edgesign"
)

const secret = "edge-test-secret"

// seen is what an origin behind the edge received.
type seen struct {
	path, rawPath, sign, clientIP, forwardedFor, host string
	body                                              int
}

// origin records each request it receives on ch and answers 200, or waits for the request to
// be abandoned when its path is /slow.
func origin(t *testing.T, ch chan<- seen) *url.URL {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		ch <- seen{r.URL.Path, r.URL.RawPath, r.Header.Get(edgesign.Header), r.Header.Get(edgesign.ClientIPHeader),
			r.Header.Get("X-Forwarded-For"), r.Host, int(n)}
		if strings.HasSuffix(r.URL.Path, "/slow") {
			<-r.Context().Done()
			return
		}
		_, _ = io.WriteString(w, "ok")
	}))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return u
}

// stack is an edge in front of a BFF and a function (Next.js), each recording what it received.
type stack struct {
	edge          string
	bff, function chan seen
}

func newStack(t *testing.T, o Options) stack {
	t.Helper()
	s := stack{bff: make(chan seen, 4), function: make(chan seen, 4)}
	bff := origin(t, s.bff)
	o.Rules = []Rule{{From: "/api/v1/*", To: bff.String() + "/api/v1/:splat", Secret: secret}}
	o.Function = origin(t, s.function)
	h, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s.edge = srv.URL
	return s
}

func send(t *testing.T, method, url string, body io.Reader, header http.Header) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, body)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestTheAPIGoesToTheBFFSignedAndNamingTheClient(t *testing.T) {
	s := newStack(t, Options{})
	forged := http.Header{
		edgesign.Header:         {"a.forged.token"},
		edgesign.ClientIPHeader: {"203.0.113.9"},
		"X-Forwarded-For":       {"198.51.100.1"},
	}
	if status, body := send(t, "GET", s.edge+"/api/v1/cases/case-a%2F../files?x=1", nil, forged); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	got := <-s.bff
	if _, err := edgesign.NewVerifier(secret, "other").Verify(got.sign, time.Now()); err != nil {
		t.Errorf("the BFF got a signature that does not verify (%v): %q", err, got.sign)
	}
	if got.clientIP != "127.0.0.1" {
		t.Errorf("client address %q: the edge must write it, not pass the client's own on", got.clientIP)
	}
	if got.forwardedFor != "198.51.100.1, 127.0.0.1" {
		t.Errorf("X-Forwarded-For %q: the edge appends the address that connected", got.forwardedFor)
	}
	if got.rawPath != "/api/v1/cases/case-a%2F../files" {
		t.Errorf("path %q (%q): sent on as the client escaped it", got.rawPath, got.path)
	}
	// Pages go to the function with the client's address, never with a signature.
	if status, _ := send(t, "GET", s.edge+"/benefits", nil, forged); status != 200 {
		t.Fatal(status)
	}
	page := <-s.function
	if page.sign != "" || page.clientIP != "127.0.0.1" || page.path != "/benefits" {
		t.Errorf("function got %+v", page)
	}
}

func TestAFunctionTakesNoBodyOverSixMegabytes(t *testing.T) {
	s := newStack(t, Options{})
	over := bytes.Repeat([]byte("x"), MaxFunctionBody+1)
	if status, body := send(t, "POST", s.edge+"/account/forms", bytes.NewReader(over), nil); status != http.StatusRequestEntityTooLarge {
		t.Errorf("declared: %d %s", status, body)
	}
	// Of unknown length (chunked): refused once the count passes the limit.
	if status, body := send(t, "POST", s.edge+"/account/forms", io.MultiReader(bytes.NewReader(over)), nil); status != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked: %d %s", status, body)
	}
	if status, _ := send(t, "POST", s.edge+"/account/forms", bytes.NewReader(over[:MaxFunctionBody]), nil); status != 200 {
		t.Errorf("exactly the limit: %d", status)
	}
	if got := <-s.function; got.body != MaxFunctionBody {
		t.Errorf("the function read %d bytes", got.body)
	}
	// The proxy to the BFF streams: a case document of 20 MB reaches it whole.
	upload := bytes.Repeat([]byte("x"), 20<<20)
	if status, _ := send(t, "POST", s.edge+"/api/v1/cases/c/uploads?name=a.pdf", bytes.NewReader(upload), nil); status != 200 {
		t.Errorf("upload through the proxy: %d", status)
	}
	if got := <-s.bff; got.body != len(upload) {
		t.Errorf("the BFF read %d bytes", got.body)
	}
}

// A request that takes longer than the limit is cut with a 504, as Netlify cuts a proxied request
// (and a function) after 26 s; here the limit is shortened so the test is quick.
func TestASlowOriginIsCutAtTheLimit(t *testing.T) {
	s := newStack(t, Options{Timeout: 300 * time.Millisecond})
	for _, path := range []string{"/api/v1/slow", "/slow"} {
		start := time.Now()
		status, body := send(t, "GET", s.edge+path, nil, nil)
		if status != http.StatusGatewayTimeout || !strings.Contains(body, "Gateway Timeout") {
			t.Errorf("%s: %d %s", path, status, body)
		}
		if took := time.Since(start); took < 300*time.Millisecond || took > 5*time.Second {
			t.Errorf("%s cut after %v", path, took)
		}
	}
}

// The same at Netlify's own limit, 26 s: slow, so it runs beside the other tests.
func TestASlowOriginIsCutAfterTwentySixSeconds(t *testing.T) {
	if testing.Short() {
		t.Skip("takes 26 s")
	}
	t.Parallel()
	s := newStack(t, Options{})
	start := time.Now()
	status, _ := send(t, "GET", s.edge+"/api/v1/slow", nil, nil)
	took := time.Since(start)
	if status != http.StatusGatewayTimeout || took < 26*time.Second || took > 30*time.Second {
		t.Errorf("%d after %v; want 504 after 26 s", status, took)
	}
}

func TestTheRulesAreNetlifyTomls(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	file := filepath.Join(filepath.Dir(here), "..", "..", "..", "..", "netlify.toml")
	env := map[string]string{"EDGE_SIGNING_SECRET": secret}
	rules, err := ReadNetlifyToml(file, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := Rule{From: "/api/v1/*", To: BFFPlaceholder + "/api/v1/:splat", Secret: secret}
	if len(rules) != 1 || rules[0] != want {
		t.Fatalf("rules %+v, want %+v", rules, want)
	}
	delete(env, "EDGE_SIGNING_SECRET")
	if _, err := ReadNetlifyToml(file, func(k string) string { return env[k] }); err == nil ||
		!strings.Contains(err.Error(), "EDGE_SIGNING_SECRET") {
		t.Errorf("without the secret: %v", err)
	}
}

// The rule naming the BFF's placeholder goes to each BFF origin in turn, as Cloud Run spreads
// requests over its instances.
func TestTheBFFsReplicasAreTakenInTurn(t *testing.T) {
	a, b := make(chan seen, 4), make(chan seen, 4)
	h, err := New(Options{
		Rules:    []Rule{{From: "/api/v1/*", To: BFFPlaceholder + "/api/v1/:splat", Secret: secret}},
		BFF:      []*url.URL{origin(t, a), origin(t, b)},
		Function: origin(t, make(chan seen, 4)),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for range 4 {
		if status, _ := send(t, "GET", srv.URL+"/api/v1/site", nil, nil); status != 200 {
			t.Fatal(status)
		}
	}
	if len(a) != 2 || len(b) != 2 {
		t.Errorf("replicas got %d and %d requests, want 2 each", len(a), len(b))
	}
	if got := <-a; got.path != "/api/v1/site" || got.sign == "" {
		t.Errorf("replica got %+v", got)
	}
	if _, err := New(Options{Rules: []Rule{{From: "/api/v1/*", To: BFFPlaceholder + "/api/v1/:splat"}}}); err == nil {
		t.Error("a rule naming the BFF with no BFF origin given was accepted")
	}
}

func TestTheClientLeavingIsNoError(t *testing.T) {
	s := newStack(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", s.edge+"/api/v1/slow", nil)
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("a request abandoned by its client answered")
	}
}
