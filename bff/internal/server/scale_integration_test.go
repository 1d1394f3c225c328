//go:build integration

package server_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/server"
)

// Several replicas of the BFF behind one address, as Cloud Run or Kubernetes runs them: in
// process here, each built as main builds it on the stack's emulators, sharing a real
// redis-server that the tests stop and start, and a fixture CMS the tests edit.

// signInLimit is how many sign-ins one address may try per window (RATE_LIMIT_PER_IP's default).
const signInLimit = 30

const rateLimited = "Too many attempts. Please wait a few minutes and try again."

// replica is one BFF replica listening on loopback, with its logs.
type replica struct {
	url  string
	logs *redistest.Logs
}

// startReplicas starts n replicas on the stack's emulators, the CMS at cmsURL and Redis at
// redisURL.
func startReplicas(t *testing.T, n int, cmsURL, redisURL string) []*replica {
	t.Helper()
	if os.Getenv("FIREBASE_AUTH_EMULATOR_HOST") == "" || os.Getenv("FIRESTORE_EMULATOR_HOST") == "" ||
		os.Getenv("STORAGE_EMULATOR_HOST") == "" {
		t.Skip("needs the stack's emulators: run inside `eval \"$(.bin/stack env)\"` (make test does)")
	}
	cfg, err := config.Load(func(k string) string {
		switch k {
		case "CMS_URL":
			return cmsURL
		case "REDIS_URL":
			return redisURL
		case "FRONTEND_URL":
			return "http://127.0.0.1:1" // nothing answers: revalidation fails softly
		case "CMS_WEBHOOK_SECRET":
			return harness.WebhookSecret
		case "RATE_LIMIT_PER_IP", "RATE_LIMIT_PER_EMAIL", "RATE_LIMIT_WINDOW":
			return "" // the defaults
		}
		return os.Getenv(k)
	})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.PerIP != signInLimit {
		t.Fatalf("RATE_LIMIT_PER_IP defaults to %d, want %d", cfg.Limits.PerIP, signInLimit)
	}
	var out []*replica
	for range n {
		logs := &redistest.Logs{}
		srv, err := server.New(cfg, server.Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() { _ = srv.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
		srv.Ready.Store(true)
		t.Cleanup(func() { _ = srv.App.ShutdownWithTimeout(time.Second); srv.Close() })
		// Through an edge of its own, which signs what it forwards, as the site's does.
		r := &replica{url: harness.Edge(t, "http://"+ln.Addr().String(), cfg.Edge.Secret.Reveal()), logs: logs}
		out = append(out, r)
		r.waitLog(t, "purge bus listening")
	}
	return out
}

// home is the home page's headline as the replica serves it.
func (r *replica) home(t *testing.T) string {
	t.Helper()
	status, _, body := harness.Get(t, r.url+"/api/v1/page?path=/")
	if status != http.StatusOK {
		t.Fatalf("home page: status %d: %s", status, body)
	}
	return headline(t, body)
}

// purge sends the replica the CMS's signed webhook for tags.
func (r *replica) purge(t *testing.T, tags ...string) {
	t.Helper()
	body, _ := json.Marshal(map[string][]string{"tags": tags})
	resp := harness.Post(t, r.url+"/api/v1/hooks/cms", body, harness.Sign(harness.WebhookSecret, body))
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook: status %d", resp.StatusCode)
	}
}

// signIn tries a sign-in with a wrong password for an address nobody has (one per attempt, so
// only the address's limit counts) and returns the status and the problem's detail.
func (r *replica) signIn(t *testing.T, attempt int) (int, string) {
	t.Helper()
	body := fmt.Sprintf(`{"email":"nobody-%d-%d@example.com","password":"wrong-password"}`, time.Now().UnixNano(), attempt)
	req, _ := http.NewRequest(http.MethodPost, r.url+"/api/v1/session", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://127.0.0.1:1")
	resp, err := http.DefaultClient.Do(req)
	status, _, answer := harness.Read(t, resp, err)
	var problem struct{ Detail string }
	_ = json.Unmarshal(answer, &problem)
	return status, problem.Detail
}

// forgot asks for a password reset email for an address nobody has.
func (r *replica) forgot(t *testing.T) {
	t.Helper()
	body := fmt.Sprintf(`{"email":"nobody-%d@example.com"}`, time.Now().UnixNano())
	req, _ := http.NewRequest(http.MethodPost, r.url+"/api/v1/password/forgot", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://127.0.0.1:1")
	resp, err := http.DefaultClient.Do(req)
	if status, _, answer := harness.Read(t, resp, err); status >= 500 {
		t.Fatalf("password reset request: status %d: %s", status, answer)
	}
}

// waitLog polls the replica's logs until they hold what.
func (r *replica) waitLog(t *testing.T, what string) {
	t.Helper()
	eventually(t, "log "+what, func() bool { return strings.Contains(r.logs.String(), what) })
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !poll.Until(15*time.Second, 20*time.Millisecond, cond) {
		t.Fatalf("never: %s", what)
	}
}

// signInsAreLimitedAsOne tries signInLimit+1 sign-ins from this address spread over the
// replicas in turn: each of the first is refused for its password, the last for the limit.
func signInsAreLimitedAsOne(t *testing.T, replicas []*replica) {
	t.Helper()
	for i := range signInLimit {
		if status, detail := replicas[i%len(replicas)].signIn(t, i); status != http.StatusUnauthorized {
			t.Fatalf("sign-in %d on replica %d: status %d (%s), want 401", i+1, i%len(replicas)+1, status, detail)
		}
	}
	last := replicas[signInLimit%len(replicas)]
	if status, detail := last.signIn(t, signInLimit); status != http.StatusTooManyRequests || detail != rateLimited {
		t.Fatalf("sign-in %d: status %d %q, want 429 %q", signInLimit+1, status, detail, rateLimited)
	}
}

// An editor's publish reaches the replica that did not receive the webhook: its next request
// shows the edit.
func TestAWebhookOnOneReplicaPurgesEveryReplica(t *testing.T) {
	cms := harness.StartCMS(t)
	store := redistest.Require(t)
	rs := startReplicas(t, 2, cms.URL, store.URL())
	a, b := rs[0], rs[1]
	if a.home(t) != homeHeadline || b.home(t) != homeHeadline {
		t.Fatal("the replicas do not serve the fixture's headline")
	}
	cms.Edit(t, homeFixture, homeHeadline, "Edited headline")
	if b.home(t) != homeHeadline {
		t.Fatal("the other replica's cached page changed before the webhook")
	}
	a.purge(t, "node:1072")
	if got := a.home(t); got != "Edited headline" {
		t.Fatalf("the receiving replica serves %q", got)
	}
	// The bus is asynchronous: the other replica applies the purge within moments.
	eventually(t, "the other replica serves the edit", func() bool { return b.home(t) == "Edited headline" })
}

// 31 sign-in attempts from one address spread over two replicas are limited as if one replica
// had them all: the 31st is refused with the spec's message.
func TestSignInsAcrossReplicasAreLimitedAsOne(t *testing.T) {
	cms := harness.StartCMS(t)
	store := redistest.Require(t)
	signInsAreLimitedAsOne(t, startReplicas(t, 2, cms.URL, store.URL()))
}

// Redis goes away and comes back. Meanwhile pages are served, limits count in each replica (the
// outage logged once), a purge applies on the replica that received it; the replica that missed
// it drops its cache when it reconnects; then limits are shared and purges cross replicas again.
func TestTheReplicasRideOutARedisOutage(t *testing.T) {
	cms := harness.StartCMS(t)
	store := redistest.Require(t)
	rs := startReplicas(t, 2, cms.URL, store.URL())
	a, b := rs[0], rs[1]
	a.home(t)
	b.home(t)

	store.Stop()
	a.waitLog(t, "purge bus lost")
	b.waitLog(t, "purge bus lost")

	// Limits: one replica alone refuses the 31st attempt, and logs the outage once.
	for i := range signInLimit {
		if status, detail := a.signIn(t, i); status != http.StatusUnauthorized {
			t.Fatalf("sign-in %d during the outage: status %d (%s), want 401", i+1, status, detail)
		}
	}
	if status, detail := a.signIn(t, signInLimit); status != http.StatusTooManyRequests || detail != rateLimited {
		t.Fatalf("sign-in %d during the outage: status %d %q, want 429 %q", signInLimit+1, status, detail, rateLimited)
	}
	if n := strings.Count(a.logs.String(), "shared limits unavailable"); n != 1 {
		t.Fatalf("the outage was logged %d times, want once", n)
	}

	// Purges: the receiving replica applies it, the other cannot hear it and keeps its page.
	cms.Edit(t, homeFixture, homeHeadline, "Edited during the outage")
	a.purge(t, "node:1072")
	if got := a.home(t); got != "Edited during the outage" {
		t.Fatalf("the receiving replica serves %q during the outage", got)
	}
	if got := b.home(t); got != homeHeadline {
		t.Fatalf("the other replica serves %q: it heard a purge without the bus?", got)
	}

	store.Restart()
	// The replica that missed the purge drops its cache as it reconnects.
	b.waitLog(t, "purge bus back")
	if got := b.home(t); got != "Edited during the outage" {
		t.Fatalf("after reconnecting the other replica serves %q", got)
	}
	a.waitLog(t, "purge bus back")

	// Limits are shared again once each replica's limiters reach Redis (they try it again a
	// second after failing; one that asked nothing during the outage never left it): a password
	// reset request counts against the address's limit, in a count of its own, so it tells
	// without spending sign-ins.
	for i, r := range rs {
		eventually(t, fmt.Sprintf("replica %d counts in Redis again", i+1), func() bool {
			r.forgot(t)
			logs := r.logs.String()
			return strings.Count(logs, "shared limits unavailable") == strings.Count(logs, "shared limits available again")
		})
	}
	signInsAreLimitedAsOne(t, rs)

	// And a purge crosses replicas again: b holds the page, the webhook goes to a.
	cms.Edit(t, homeFixture, "Edited during the outage", "Edited after the outage")
	if got := b.home(t); got != "Edited during the outage" {
		t.Fatalf("the other replica serves %q before the webhook", got)
	}
	a.purge(t, "node:1072")
	eventually(t, "the other replica serves the edit after the outage", func() bool { return b.home(t) == "Edited after the outage" })
}
