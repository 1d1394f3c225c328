// Package harness runs the whole BFF in process for tests, built as main builds it (server.New),
// against the fixture CMS served from a private copy of fixtures/cms, with Firebase Auth and
// Firestore replaced by the features' fakes (account/accounttest, grants/grantstest, ...) unless a
// test brings the emulators. Each feature package's integration tests use it; so do the contract
// tests, through Contract. The order system is the real stand-in (dev/orderstub) when a test
// starts one with StartOrders and passes its URL as ORDERS_URL; otherwise Config points the BFF
// at an address where nothing listens, so no test ever reaches a running stack's order stand-in.
package harness

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/edge"
	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
	"github.com/union-benefits/portal/bff/internal/edgesign"
	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
	"github.com/union-benefits/portal/bff/internal/hooks"
	"github.com/union-benefits/portal/bff/internal/livestream/livestreamtest"
	"github.com/union-benefits/portal/bff/internal/mailing/mailingtest"
	"github.com/union-benefits/portal/bff/internal/partners/partnerstest"
	"github.com/union-benefits/portal/bff/internal/server"
	"github.com/union-benefits/portal/bff/internal/store/storetest"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest"
)

// WebhookSecret is the CMS webhook secret of the BFFs Config builds.
const WebhookSecret = "test-webhook-secret"

// PreviewSecret is the preview-link secret of the BFFs Config builds.
const PreviewSecret = "test-preview-secret"

// EdgeSecret and ServerSecret are the keys the BFFs Config builds verify the edge's and the
// Next.js server's signatures with.
const (
	EdgeSecret   = "test-edge-signing-secret"
	ServerSecret = "test-server-signing-secret"
)

// StackEnv is the stack's variable name as `stack test` exports it to its command; a test run
// without the stack skips.
func StackEnv(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Skipf("%s is not set; run through `.bin/stack test -- go test -tags integration ./...`", name)
	}
	return v
}

// Root is the repository's top folder, found from this file, so tests in any package reach
// fixtures/ and contracts/ the same way.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..")
}

// CMS is the fixture CMS serving a private copy of fixtures/cms, so a test can edit content as
// an editor would, and counting the API requests it answers by path and query.
type CMS struct {
	*httptest.Server
	Dir string // the copy of fixtures/cms it serves

	mu       sync.Mutex
	requests map[string]int
}

// StartCMS starts a fixture CMS for the test.
func StartCMS(t testing.TB) *CMS {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(Root(), "fixtures", "cms"))); err != nil {
		t.Fatal(err)
	}
	f := &CMS{Dir: dir, requests: map[string]int{}}
	h := cmsfixture.NewHandler(dir)
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.requests[r.URL.Path+"?"+r.URL.RawQuery]++
		f.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

// Count is how many requests for pathAndQuery the CMS has answered.
func (f *CMS) Count(pathAndQuery string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[pathAndQuery]
}

// Edit rewrites a fixture file in the CMS's copy, as publishing would.
func (f *CMS) Edit(t testing.TB, file, from, to string) {
	t.Helper()
	p := filepath.Join(f.Dir, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(from)) {
		t.Fatalf("%s does not contain %q", file, from)
	}
	if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte(from), []byte(to)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Nowhere is an address where nothing listens: an upstream there is down.
const Nowhere = "http://127.0.0.1:1"

// Orders is the order system's stand-in (dev/orderstub) over fixtures/orders, in process: the same
// schema, fixtures and resolvers as the stack's. Orders placed through it last for the test.
type Orders struct {
	*httptest.Server
}

// StartOrders starts an order stand-in for the test.
func StartOrders(t testing.TB) *Orders {
	t.Helper()
	h, err := orderstub.NewHandler(filepath.Join(Root(), "fixtures", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	o := &Orders{Server: httptest.NewServer(h)}
	t.Cleanup(o.Close)
	return o
}

// GraphQL is the stand-in's endpoint, the value of ORDERS_URL.
func (o *Orders) GraphQL() string { return o.URL + "/graphql" }

// Config is a BFF configuration for tests against cmsURL; env overrides single variables.
// Nothing listens at its frontend URL (revalidation fails softly) nor at its order system's
// unless env's ORDERS_URL names one (StartOrders).
func Config(cmsURL string, env map[string]string) config.Config {
	cfg, err := config.Load(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return map[string]string{
			"CMS_URL": cmsURL,
			// Generous: under the race detector on a busy two-core machine the fixture CMS's
			// computed answers (search reads every node and post) take a few hundred ms.
			"CMS_TIMEOUT":           "2s",
			"CMS_WEBHOOK_SECRET":    WebhookSecret,
			"EDGE_SIGNING_SECRET":   EdgeSecret,
			"SERVER_SIGNING_SECRET": ServerSecret,
			"PREVIEW_SECRET":        PreviewSecret,
			"CMS_PREVIEW_TOKEN":     cmsfixture.PreviewToken,
			"FIREBASE_API_KEY":      "test-key",
			"FRONTEND_URL":          "http://127.0.0.1:1",
			"ORDERS_URL":            Nowhere + "/graphql",
			// Nothing answers for the hotel partner unless a test starts its stand-in.
			"HOTELS_API_URL": Nowhere,
		}[k]
	})
	if err != nil {
		panic(err)
	}
	return cfg
}

// BFF is a BFF listening on loopback, with a clock the test moves and the fakes it runs on (nil
// when it runs on the emulators).
type BFF struct {
	// URL is the BFF as browsers reach it: through an edge of its own (the stack's, package edge)
	// that signs every request and names the client, so a test calls it as the site does.
	URL string
	// Direct is the BFF's own public listener, which refuses what the edge did not sign; Admin
	// its admin listener (health, readiness, metrics).
	Direct, Admin string
	Server        *server.Server
	now           *atomic.Int64 // unix nanoseconds
	Auth          *accounttest.Auth
	Profiles      *accounttest.Profiles
	Cases         *grantstest.Cases
	Files         *uploadstest.Files
	Staging       uploadstest.Staging // the staging area of resumable uploads, in a temporary folder
	Carts         *storetest.Carts
	Partners      *partnerstest.Partners
	// Subscriptions is the fake mailing list.
	Subscriptions *mailingtest.Subscriptions
	// Chat is the livestream chat's comment-access records.
	Chat *livestreamtest.CommentAccess
}

// Start is the time of StartBFF's clock.
var Start = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// StartBFF builds the BFF from cfg on the features' fakes (accounttest's Auth and profiles,
// grantstest's cases, uploadstest's bucket, storetest's carts, partnerstest's partners,
// mailingtest's list, livestreamtest's chat records) and a clock at Start.
func StartBFF(t testing.TB, cfg config.Config) *BFF {
	t.Helper()
	return withFakes(t, cfg, Serve)
}

// StartBFFLogging is StartBFF with the BFF's logs written to log (StartBFF discards them).
func StartBFFLogging(t testing.TB, cfg config.Config, log *slog.Logger) *BFF {
	t.Helper()
	return withFakes(t, cfg, func(t testing.TB, cfg config.Config, o server.Options) *BFF {
		o.Logger = log
		return Serve(t, cfg, o)
	})
}

// StartOnFixtures is StartBFF with the default configuration (Config with no overrides) on a
// fixture CMS of its own, for a test that reads content and never edits it.
func StartOnFixtures(t testing.TB) *BFF {
	t.Helper()
	return StartBFF(t, Config(StartCMS(t).URL, nil))
}

// NewBFF is StartBFF without listening: its URL is empty, and tests send requests through
// Server.App.Test. A listening app finishes starting (its route tree) in the goroutine that
// listens, so a test that reads its routes (App.GetRoutes) or calls App.Test would race with it.
func NewBFF(t testing.TB, cfg config.Config) *BFF {
	t.Helper()
	return withFakes(t, cfg, Build)
}

// withFakes builds the BFF with build on the fakes and clock StartBFF describes.
func withFakes(t testing.TB, cfg config.Config, build func(testing.TB, config.Config, server.Options) *BFF) *BFF {
	t.Helper()
	now := new(atomic.Int64)
	now.Store(Start.UnixNano())
	auth, profiles, cases := accounttest.NewAuth(), accounttest.NewProfiles(), grantstest.NewCases()
	files := uploadstest.NewFiles(cfg.Storage.Bucket)
	staging := uploadstest.NewStaging(t.TempDir())
	carts := storetest.NewCarts()
	partners := partnerstest.NewPartners(profiles)
	subscriptions := mailingtest.NewSubscriptions()
	chat := livestreamtest.NewCommentAccess()
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	files.Now = clock
	b := build(t, cfg, server.Options{
		Now:      clock,
		Auth:     auth,
		Profiles: profiles,
		Cases:    cases,
		Files:    files,
		Staging:  staging,
		Carts:    carts,
		Partners: partners,

		Subscriptions: subscriptions,
		// The chat's records.
		CommentAccess: chat,
	})
	b.now, b.Auth, b.Profiles, b.Cases, b.Files, b.Carts, b.Partners, b.Chat = now, auth, profiles, cases, files, carts, partners, chat
	b.Subscriptions, b.Staging = subscriptions, staging
	return b
}

// Serve builds the BFF from cfg and o (real upstreams where o names none) and listens on
// loopback until the test ends.
func Serve(t testing.TB, cfg config.Config, o server.Options) *BFF {
	t.Helper()
	b := Build(t, cfg, o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = b.Server.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	go func() { _ = b.Server.Admin.Listener(admin, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { // before Build's Close
		_ = b.Server.App.ShutdownWithTimeout(time.Second)
		_ = b.Server.Admin.ShutdownWithTimeout(time.Second)
	})
	b.Direct, b.Admin = "http://"+ln.Addr().String(), "http://"+admin.Addr().String()
	b.URL = Edge(t, b.Direct, cfg.Edge.Secret.Reveal())
	return b
}

// Build builds the BFF from cfg and o as Serve does, ready, without listening; it is closed when
// the test ends. Its logs are discarded unless o names a logger.
func Build(t testing.TB, cfg config.Config, o server.Options) *BFF {
	t.Helper()
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	srv, err := server.New(cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	srv.Ready.Store(true)
	t.Cleanup(srv.Close)
	return &BFF{Server: srv}
}

// Edge puts the stack's edge in front of a BFF at bff until the test ends, and answers its URL:
// every path is proxied there, signed with secret, as netlify.toml's rule does for /api/v1. Its
// limits are not a unit test's concern: a slow upload under the race detector may take longer
// than Netlify's 26 s.
func Edge(t testing.TB, bff, secret string) string {
	t.Helper()
	h, err := edge.New(edge.Options{
		Rules:   []edge.Rule{{From: "/*", To: bff + "/:splat", Secret: secret}},
		Timeout: 10 * time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// SignAsEdge signs req as the edge does a browser's request, for tests that hand requests to
// the app itself (App.Test) rather than through URL.
func SignAsEdge(req *http.Request) *http.Request {
	req.Header.Set(edgesign.Header, edgesign.Sign(EdgeSecret, edgesign.IssuerEdge, time.Now()))
	return req
}

// ServerHeaders are the headers the Next.js server sends with a call it makes for the visitor at
// address ("" for a call made for every visitor): its own signature, and the visitor's address.
func ServerHeaders(address string) http.Header {
	h := http.Header{}
	h.Set(edgesign.Header, edgesign.Sign(ServerSecret, edgesign.IssuerServer, time.Now()))
	if address != "" {
		h.Set(edgesign.ClientIPHeader, address)
	}
	return h
}

// Advance moves the BFF's clock.
func (b *BFF) Advance(d time.Duration) { b.now.Add(int64(d)) }

// Now is the BFF's clock: the fakes' (Start, moved by Advance), or the wall clock's on the
// emulators.
func (b *BFF) Now() time.Time {
	if b.now == nil {
		return time.Now()
	}
	return time.Unix(0, b.now.Load())
}

// Get fetches url and reads the whole answer.
func Get(t testing.TB, url string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	return Read(t, resp, err)
}

// Read reads the whole answer to a request sent: its status, headers and body. It takes what
// sending answered (http.Client.Do, fiber's App.Test), failing the test on an error.
func Read(t testing.TB, resp *http.Response, err error) (int, http.Header, []byte) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, body
}

// Post sends a JSON body, signed with sig as the CMS would when sig is not empty.
func Post(t testing.TB, url string, body []byte, sig string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set("X-CMS-Signature", sig)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// Decode reads a JSON answer into into and closes it.
func Decode(t testing.TB, resp *http.Response, into any) {
	t.Helper()
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}

// Sign is the X-CMS-Signature the CMS sends with a webhook body now.
func Sign(secret string, body []byte) string { return SignAt(secret, body, time.Now()) }

// SignAt is the X-CMS-Signature of a webhook body sent at t.
func SignAt(secret string, body []byte, t time.Time) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",sha256=" + hex.EncodeToString(hooks.WebhookMAC(secret, ts, body))
}

// ServeOnEmulators builds the BFF from the stack's environment (`eval "$(.bin/stack env)"`, or
// `.bin/stack test -- ...`), on the real Auth and Firestore emulators, fake-gcs-server and the
// stack's fixture CMS; env overrides single variables. Nothing listens at its frontend URL. Outside the stack the
// test is skipped.
func ServeOnEmulators(t testing.TB, env map[string]string) *BFF {
	t.Helper()
	if os.Getenv("FIREBASE_AUTH_EMULATOR_HOST") == "" || os.Getenv("FIRESTORE_EMULATOR_HOST") == "" ||
		os.Getenv("STORAGE_EMULATOR_HOST") == "" {
		t.Skip("needs the stack's emulators: run inside `eval \"$(.bin/stack env)\"`")
	}
	cfg, err := config.Load(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == "FRONTEND_URL" {
			return "http://127.0.0.1:1"
		}
		return os.Getenv(k)
	})
	if err != nil {
		t.Fatal(err)
	}
	return Serve(t, cfg, server.Options{})
}

// GetTraced GETs url as a caller inside the trace traceID, its span parentSpan, would (a W3C
// traceparent, sampled), with the extra headers given, and returns the answer's status.
func GetTraced(t testing.TB, url, traceID, parentSpan string, header http.Header) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, values := range header {
		req.Header[name] = values
	}
	req.Header.Set("Traceparent", "00-"+traceID+"-"+parentSpan+"-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
