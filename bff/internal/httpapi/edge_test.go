package httpapi

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/edgesign"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/ratelimit"
)

const (
	testEdgeSecret   = "test-edge-secret-of-32-characters!"
	testServerSecret = "test-server-secret-of-32-characters"
)

// anyRequest is the Verifier of unit tests that are not about the edge: every request is signed.
type anyRequest struct{}

func (anyRequest) Verify(string, time.Time) (edgesign.Claims, error) {
	return edgesign.Claims{Issuer: edgesign.IssuerEdge}, nil
}

// echoClient answers the client address fromEdge found, behind the real verifier.
func echoClient() *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: problemHandler(slog.New(slog.DiscardHandler), nil)})
	app.Use(fromEdge(edgesign.NewVerifier(testEdgeSecret, testServerSecret)))
	app.All("/*", func(c fiber.Ctx) error { return c.SendString(ClientAddr(c)) })
	return app
}

func send(t *testing.T, app *fiber.App, method, path string, headers map[string]string) (int, string) {
	t.Helper()
	r := httptest.NewRequest(method, path, nil)
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	resp, err := app.Test(r)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestOnlyARequestSignedByTheEdgeOrTheServerGetsThrough(t *testing.T) {
	app := echoClient()
	now := time.Now()
	cases := []struct {
		name   string
		sign   string
		status int
	}{
		{"unsigned", "", 403},
		{"forged", edgesign.Sign("a-guessed-secret", edgesign.IssuerEdge, now), 403},
		{"expired", edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, now.Add(-10*time.Minute)), 403},
		{"another issuer", edgesign.Sign(testEdgeSecret, "partner", now), 403},
		{"the edge", edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, now), 200},
		{"the Next.js server", edgesign.Sign(testServerSecret, edgesign.IssuerServer, now), 200},
	}
	for _, tc := range cases {
		status, body := send(t, app, "GET", "/api/v1/page?path=/", map[string]string{edgesign.Header: tc.sign})
		if status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.status)
		}
		if status == 403 {
			var p problem
			if err := json.Unmarshal([]byte(body), &p); err != nil || p.Code != "forbidden" || p.Detail != "This request did not come through the site." {
				t.Errorf("%s: not the problem document: %s", tc.name, body)
			}
		}
	}
	// The CMS's webhook proves itself with its own HMAC (package hooks).
	if status, _ := send(t, app, "POST", webhookPath, nil); status != 200 {
		t.Errorf("webhook without the edge's signature: %d", status)
	}
}

func TestTheClientIsTheAddressTheEdgeNamed(t *testing.T) {
	app := echoClient()
	signed := edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, time.Now())
	cases := []struct {
		name    string
		headers map[string]string
		want    string
	}{
		{"the edge's header", map[string]string{edgesign.ClientIPHeader: "198.51.100.1"}, "198.51.100.1"},
		{"X-Forwarded-For is never read", map[string]string{edgesign.ClientIPHeader: "198.51.100.1", "X-Forwarded-For": "203.0.113.9"}, "198.51.100.1"},
		{"v4-mapped", map[string]string{edgesign.ClientIPHeader: "::ffff:198.51.100.1"}, "198.51.100.1"},
		{"IPv6: its /64", map[string]string{edgesign.ClientIPHeader: "2001:db8:1:2:aaaa::1"}, "2001:db8:1:2::/64"},
		{"IPv6 in another /64", map[string]string{edgesign.ClientIPHeader: "2001:db8:1:3::1"}, "2001:db8:1:3::/64"},
		{"none named: our own server, whatever X-Forwarded-For says", map[string]string{"X-Forwarded-For": "203.0.113.9"}, "server"},
		{"not an address: our own server's", map[string]string{edgesign.ClientIPHeader: "<script>"}, "server"},
	}
	for _, tc := range cases {
		tc.headers[edgesign.Header] = signed
		if _, got := send(t, app, "GET", "/api/v1/x", tc.headers); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A client rotating a forged X-Forwarded-For, even behind a valid signature, still spends the one
// bucket of the address the edge saw.
func TestARotatingForgedHeaderDoesNotEscapeTheLimit(t *testing.T) {
	limiter := ratelimit.New(5, time.Minute)
	app := fiber.New(fiber.Config{ErrorHandler: problemHandler(slog.New(slog.DiscardHandler), nil)})
	app.Use(fromEdge(edgesign.NewVerifier(testEdgeSecret, testServerSecret)))
	limits := AttemptLimits{IP: limiter, Who: ratelimit.New(1000, time.Minute)}
	app.Post("/signin", func(c fiber.Ctx) error {
		if err := limits.Allow(c, "signin", ""); err != nil {
			return err
		}
		return c.SendStatus(204)
	})
	statuses := map[int]int{}
	for i := range 8 {
		status, _ := send(t, app, "POST", "/signin", map[string]string{
			edgesign.Header:         edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, time.Now()),
			edgesign.ClientIPHeader: "198.51.100.1",
			"X-Forwarded-For":       fmt.Sprintf("203.0.113.%d", i),
		})
		statuses[status]++
	}
	if statuses[204] != 5 || statuses[429] != 3 {
		t.Errorf("statuses %v, want 5 allowed and 3 refused", statuses)
	}
}

// One subscriber holds a whole IPv6 /64: rotating addresses inside it still spends one bucket,
// while a neighbour in another /64 has their own.
func TestRotatingIPv6AddressesInOneNetworkDoNotEscapeTheLimit(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: problemHandler(slog.New(slog.DiscardHandler), nil)})
	app.Use(fromEdge(edgesign.NewVerifier(testEdgeSecret, testServerSecret)))
	limits := AttemptLimits{IP: ratelimit.New(5, time.Minute), Who: ratelimit.New(1000, time.Minute)}
	app.Post("/signin", func(c fiber.Ctx) error {
		if err := limits.Allow(c, "signin", ""); err != nil {
			return err
		}
		return c.SendStatus(204)
	})
	signIn := func(addr string) int {
		status, _ := send(t, app, "POST", "/signin", map[string]string{
			edgesign.Header:         edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, time.Now()),
			edgesign.ClientIPHeader: addr,
		})
		return status
	}
	statuses := map[int]int{}
	for i := range 8 {
		statuses[signIn(fmt.Sprintf("2001:db8:1:2:%x::%x", i, i+1))]++
	}
	if statuses[204] != 5 || statuses[429] != 3 {
		t.Errorf("statuses %v, want 5 allowed and 3 refused", statuses)
	}
	if status := signIn("2001:db8:1:3::1"); status != 204 {
		t.Errorf("another /64: %d", status)
	}
}

// The admin listener serves health, readiness and metrics, and nothing else; the public app
// serves none of them.
func TestHealthAndMetricsAreOnlyOnTheAdminListener(t *testing.T) {
	o := testOptions(io.Discard)
	o.Edge = edgesign.NewVerifier(testEdgeSecret, testServerSecret)
	o.Metrics = metrics.New()
	public, admin := New(o), Admin(o)
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if status, _ := send(t, admin, "GET", path, nil); status != 200 {
			t.Errorf("admin %s: %d", path, status)
		}
		signed := map[string]string{edgesign.Header: edgesign.Sign(testEdgeSecret, edgesign.IssuerEdge, time.Now())}
		if status, body := send(t, public, "GET", path, signed); status != 404 {
			t.Errorf("public %s: %d %s", path, status, body)
		}
	}
	if status, _ := send(t, admin, "GET", "/api/v1/page?path=/", nil); status != 404 {
		t.Errorf("admin serves the API: %d", status)
	}
}

// Every answer, an error's too, says it is not to be framed, sniffed or rendered.
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	for _, hsts := range []bool{false, true} {
		o := testOptions(io.Discard)
		o.Secure = hsts
		app := New(o)
		for _, path := range []string{"/api/v1/nowhere", "/api/v1/page?path=/"} {
			resp, err := app.Test(httptest.NewRequest("GET", path, nil))
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range map[string]string{
				"Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
				"X-Content-Type-Options":  "nosniff",
				"X-Frame-Options":         "DENY",
				"Referrer-Policy":         "no-referrer",
			} {
				if got := resp.Header.Get(name); got != want {
					t.Errorf("%s %s: %q, want %q", path, name, got, want)
				}
			}
			if got := resp.Header.Get("Strict-Transport-Security"); (got != "") != hsts {
				t.Errorf("%s HSTS %v: %q", path, hsts, got)
			}
		}
	}
}
