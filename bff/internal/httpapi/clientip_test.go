package httpapi

import (
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/ratelimit"
)

// echoClient answers the client address the middleware found. Fiber's test connection comes
// from 0.0.0.0, which trustedProxies names as a proxy when the case says so.
func echoClient(trustedProxies ...string) *fiber.App {
	app := fiber.New()
	app.Use(resolveClient(parseProxies(trustedProxies)))
	app.Get("/", func(c fiber.Ctx) error { return c.SendString(clientAddr(c)) })
	return app
}

func clientOf(t *testing.T, app *fiber.App, xff ...string) string {
	t.Helper()
	r := httptest.NewRequest("GET", "/", nil)
	for _, v := range xff {
		r.Header.Add("X-Forwarded-For", v)
	}
	resp, err := app.Test(r)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

func TestTheClientIsTheRightmostAddressNoTrustedProxyStandsFor(t *testing.T) {
	behindProxies := echoClient("0.0.0.0", "10.0.0.0/8")
	cases := []struct {
		name string
		xff  []string
		want string
	}{
		{"no header: the proxy itself", nil, "0.0.0.0"},
		{"one hop", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a forged entry on the left is ignored", []string{"1.1.1.1, 198.51.100.1"}, "198.51.100.1"},
		{"trusted hops on the right are skipped", []string{"1.1.1.1, 198.51.100.1, 10.0.0.5"}, "198.51.100.1"},
		{"every header line counts, in order", []string{"1.1.1.1", "198.51.100.1"}, "198.51.100.1"},
		{"IPv6 and v4-mapped", []string{"2001:db8::1, ::ffff:10.1.2.3"}, "2001:db8::1"},
		{"garbage left of the client is ignored", []string{"<script>, 198.51.100.1"}, "198.51.100.1"},
		{"garbage where the client should be: the last trusted hop's view", []string{"198.51.100.1, not-an-ip"}, "0.0.0.0"},
	}
	for _, tc := range cases {
		if got := clientOf(t, behindProxies, tc.xff...); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// From a peer that is no proxy of ours, the header is not believed at all.
	if got := clientOf(t, echoClient(), "198.51.100.1"); got != "0.0.0.0" {
		t.Errorf("untrusted peer: %q", got)
	}
}

// A client rotating the forged part of the header still spends one bucket.
func TestARotatingForgedHeaderDoesNotEscapeTheLimit(t *testing.T) {
	limiter := ratelimit.New(5, time.Minute)
	app := fiber.New(fiber.Config{ErrorHandler: problemHandler(slog.New(slog.DiscardHandler))})
	app.Use(resolveClient(parseProxies([]string{"0.0.0.0"})))
	limits := attemptLimits{ip: limiter, who: ratelimit.New(1000, time.Minute)}
	app.Post("/signin", func(c fiber.Ctx) error {
		if err := limits.allow(c, "signin", ""); err != nil {
			return err
		}
		return c.SendStatus(204)
	})
	statuses := map[int]int{}
	for i := range 8 {
		r := httptest.NewRequest("POST", "/signin", nil)
		r.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d, 198.51.100.1", i))
		resp, err := app.Test(r)
		if err != nil {
			t.Fatal(err)
		}
		statuses[resp.StatusCode]++
	}
	if statuses[204] != 5 || statuses[429] != 3 {
		t.Errorf("statuses %v, want 5 allowed and 3 refused", statuses)
	}
}

// Every answer, an error's too, says it is not to be framed, sniffed or rendered.
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	for _, hsts := range []bool{false, true} {
		o := testOptions(io.Discard)
		o.Secure = hsts
		app := New(o)
		for _, path := range []string{"/healthz", "/api/v1/nowhere"} {
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
