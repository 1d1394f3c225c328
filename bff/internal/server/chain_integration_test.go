//go:build integration

package server_test

// The path a visitor's request takes in production, rehearsed on the running stack
// (`.bin/stack test`): the edge (Netlify's CDN; the stack's bff/cmd/edge on FRONTEND_URL, which
// follows netlify.toml), then the BFF for /api/v1 (a signed proxy rewrite) or Next.js for pages,
// whose own calls to the BFF are signed too. The BFF's public port takes nothing else, and the only
// client address it believes is the one the edge wrote beside its signature: a visitor who forges
// X-Forwarded-For, a new address on every request, is still counted as one. The visitor connects
// from this machine's address outside loopback, so its limits are its own, not those of every
// other end-to-end test's browser.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

// visitorAddress is an address of this machine outside loopback, for a visitor to connect from.
func visitorAddress(t *testing.T) net.IP {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsGlobalUnicast() {
			return n.IP
		}
	}
	t.Skip("this machine has no address outside loopback for a visitor to come from")
	return nil
}

// chain is the stack's site (its edge) and BFF, and a visitor's client that connects from the
// visitor's address.
type chain struct {
	site, bff, admin string
	client           *http.Client
}

func newChain(t *testing.T) chain {
	t.Helper()
	site, bff, admin := os.Getenv("FRONTEND_URL"), os.Getenv("BFF_URL"), os.Getenv("BFF_ADMIN_URL")
	if site == "" || bff == "" || admin == "" {
		t.Skip("FRONTEND_URL, BFF_URL or BFF_ADMIN_URL is not set; run through `.bin/stack test -- go test -tags integration ./...`")
	}
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: visitorAddress(t)}, Timeout: 5 * time.Second}
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{DialContext: dialer.DialContext},
		// A page's redirect is an answer to look at, not to follow.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	t.Cleanup(client.CloseIdleConnections)
	return chain{site: site, bff: bff, admin: admin, client: client}
}

// send sends a request to base+path with a forged X-Forwarded-For naming a new address, and any
// headers given, and answers the status and body.
func (ch chain) send(t *testing.T, base, method, path, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), method, base+path, strings.NewReader(body))
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d, 203.0.113.%d", rand.IntN(250)+1, rand.IntN(250)+1))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", ch.site)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := ch.client.Do(req)
	status, _, b := harness.Read(t, resp, err)
	return status, string(b)
}

// The BFF's public port answers nothing the edge or Next.js did not sign: a request straight to
// it is refused, forged, expired and wrong-issuer signatures included, while the same path through
// the site answers. Its metrics and health are not on that port at all.
func TestTheBFFTakesOnlyWhatTheEdgeSigned(t *testing.T) {
	ch := newChain(t)
	const path = "/api/v1/site"
	now := time.Now()
	edgeSecret := os.Getenv("EDGE_SIGNING_SECRET")
	for _, tc := range []struct{ name, token string }{
		{"unsigned", ""},
		{"forged", edgesign.Sign("a-secret-of-the-attackers-own", edgesign.IssuerEdge, now)},
		{"expired", edgesign.Sign(edgeSecret, edgesign.IssuerEdge, now.Add(-6*time.Minute))},
		{"wrong issuer", edgesign.Sign(edgeSecret, "a-partner", now)},
	} {
		headers := map[string]string{edgesign.ClientIPHeader: "198.51.100.7"}
		if tc.token != "" {
			headers[edgesign.Header] = tc.token
		}
		status, body := ch.send(t, ch.bff, "GET", path, "", headers)
		if status != http.StatusForbidden || !strings.Contains(body, `"code":"forbidden"`) {
			t.Errorf("%s, straight to the BFF: %d %.200s; want 403 problem+json", tc.name, status, body)
		}
	}
	if status, body := ch.send(t, ch.site, "GET", path, "", nil); status != http.StatusOK {
		t.Errorf("through the site: %d %.200s", status, body)
	}
	signed := map[string]string{edgesign.Header: edgesign.Sign(edgeSecret, edgesign.IssuerEdge, now)}
	for _, p := range []string{"/metrics", "/healthz", "/readyz"} {
		if status, _ := ch.send(t, ch.bff, "GET", p, "", signed); status != http.StatusNotFound {
			t.Errorf("%s on the public port, signed: %d, want 404", p, status)
		}
		if status, _ := ch.send(t, ch.site, "GET", "/api/v1"+p, "", nil); status != http.StatusNotFound {
			t.Errorf("/api/v1%s through the site: %d, want 404", p, status)
		}
		if status, _, _ := harness.Get(t, ch.admin+p); status != http.StatusOK {
			t.Errorf("%s on the admin port: %d", p, status)
		}
	}
}

// untilLimited sends up to most requests, until one is refused with 429; every other
// answer must be want. It answers how many were sent.
func untilLimited(t *testing.T, most, want int, send func(i int) (int, string)) int {
	t.Helper()
	for i := 1; i <= most; i++ {
		status, body := send(i)
		if status == http.StatusTooManyRequests {
			return i
		}
		if status != want {
			t.Fatalf("request %d answered %d, want %d until the limit: %.300s", i, status, want, body)
		}
	}
	t.Fatalf("%d requests, each with a new forged X-Forwarded-For, were never limited", most)
	return 0
}

// Sign-in attempts are limited per address (RATE_LIMIT_PER_IP, 1,000 on the stack for its
// end-to-end tests). The attempts here are refused by the form's rules (400), which counts as an
// attempt and costs the Auth emulator nothing. A forged X-Nf-Client-Connection-Ip does not help
// either: the edge writes that header itself.
func TestAForgedForwardedForDoesNotEscapeTheSignInLimit(t *testing.T) {
	ch := newChain(t)
	n := untilLimited(t, 5000, http.StatusBadRequest, func(i int) (int, string) {
		return ch.send(t, ch.site, "POST", "/api/v1/session", `{"email":"not-an-email","password":"x"}`,
			map[string]string{edgesign.ClientIPHeader: fmt.Sprintf("192.0.2.%d", i%250+1)})
	})
	t.Logf("limited after %d attempts", n)
}

// The content a visitor's requests make the BFF load from the CMS (cache misses) is limited per
// address (CONTENT_MISSES_PER_IP, 5,000 on the stack, whose end-to-end tests are all one visitor), whether the browser asks the BFF through the edge's proxy
// or Next.js renders a page for the visitor: Next.js passes the address the edge gave it on with
// its own signed reads. Next.js's reads for no visitor in particular are not charged, so the
// limited visitor's page still renders for everyone else.
func TestAForgedForwardedForDoesNotEscapeTheContentBudget(t *testing.T) {
	ch := newChain(t)
	run := fmt.Sprintf("chain-%d", rand.Int64())
	n := untilLimited(t, 8000, http.StatusNotFound, func(i int) (int, string) {
		return ch.send(t, ch.site, "GET", fmt.Sprintf("/api/v1/page?path=/%s-%d", run, i), "", nil)
	})
	t.Logf("limited after %d unknown paths", n)

	page := "/" + run + "-page"
	status, body := ch.send(t, ch.site, "GET", page, "", nil)
	// Next.js answers a render that threw with its error page, status 500.
	if status != http.StatusInternalServerError {
		t.Errorf("the limited visitor's page render answered %d (%.200s); want the error page, as its content was refused", status, body)
	}
	if status, _, _ := harness.Get(t, ch.site+page); status != http.StatusNotFound {
		t.Errorf("another visitor's render of %s answered %d; want the 404 page", page, status)
	}
}
