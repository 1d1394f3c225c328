//go:build integration

package server_test

// The chain a visitor's request takes in production: the edge (a CDN, which appends the address
// that connected to it to X-Forwarded-For), Next.js, the BFF. A visitor who forges
// X-Forwarded-For, a new address on every request, must still be counted as one: the BFF keys its
// limits on the rightmost address no trusted proxy stands for, which the edge wrote. Run on the
// stack's Next.js and BFF (`.bin/stack test`), with an edge of our own in front of Next.js and a
// visitor connecting from this machine's address outside loopback (loopback is a trusted proxy).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
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

// chain is an edge in front of the stack's Next.js, listening on the visitor's address, and a
// client that connects to it from there.
type chain struct {
	site   string // the stack's Next.js, for the Origin a page of the site sends
	edge   string
	client *http.Client
}

func newChain(t *testing.T) chain {
	t.Helper()
	site := os.Getenv("FRONTEND_URL")
	if site == "" {
		t.Skip("FRONTEND_URL is not set; run through `.bin/stack test -- go test -tags integration ./...`")
	}
	target, err := url.Parse(site)
	if err != nil {
		t.Fatal(err)
	}
	ip := visitorAddress(t)
	ln, err := net.Listen("tcp", net.JoinHostPort(ip.String(), "0"))
	if err != nil {
		t.Fatal(err)
	}
	// httputil.ReverseProxy with a Director appends the connecting address to X-Forwarded-For,
	// as a CDN does.
	edge := httptest.NewUnstartedServer(httputil.NewSingleHostReverseProxy(target))
	edge.Listener = ln
	edge.Start()
	t.Cleanup(edge.Close)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{DialContext: dialer.DialContext},
		// A page's redirect is an answer to look at, not to follow.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	t.Cleanup(client.CloseIdleConnections)
	return chain{site: site, edge: edge.URL, client: client}
}

// send sends a request through the edge with a forged X-Forwarded-For naming a new address, and
// answers the status and body.
func (ch chain) send(t *testing.T, method, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), method, ch.edge+path, strings.NewReader(body))
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d, 203.0.113.%d", rand.IntN(250)+1, rand.IntN(250)+1))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", ch.site)
	}
	resp, err := ch.client.Do(req)
	status, _, b := harness.Read(t, resp, err)
	return status, string(b)
}

// untilLimited sends requests until one is refused with 429, at most max of them; every other
// answer must be want. It answers how many were sent.
func untilLimited(t *testing.T, max, want int, send func(i int) (int, string)) int {
	t.Helper()
	for i := 1; i <= max; i++ {
		status, body := send(i)
		if status == http.StatusTooManyRequests {
			return i
		}
		if status != want {
			t.Fatalf("request %d answered %d, want %d until the limit: %.300s", i, status, want, body)
		}
	}
	t.Fatalf("%d requests, each with a new forged X-Forwarded-For, were never limited", max)
	return 0
}

// Sign-in attempts are limited per address (RATE_LIMIT_PER_IP, 1,000 on the stack for its
// end-to-end tests). The attempts here are refused by the form's rules (400), which counts as an
// attempt and costs the Auth emulator nothing.
func TestAForgedForwardedForDoesNotEscapeTheSignInLimit(t *testing.T) {
	ch := newChain(t)
	n := untilLimited(t, 5000, http.StatusBadRequest, func(int) (int, string) {
		return ch.send(t, "POST", "/api/v1/session", `{"email":"not-an-email","password":"x"}`)
	})
	t.Logf("limited after %d attempts", n)
}

// The content a visitor's requests make the BFF load from the CMS (cache misses) is limited per
// address (CONTENT_MISSES_PER_IP, 300), whether the browser asks the BFF through the rewrite or
// Next.js renders a page for the visitor: Next.js passes the visitor's X-Forwarded-For on with
// its own reads. Next.js's reads for no visitor in particular are not charged, so the limited
// visitor's page still renders for everyone else.
func TestAForgedForwardedForDoesNotEscapeTheContentBudget(t *testing.T) {
	ch := newChain(t)
	run := fmt.Sprintf("chain-%d", rand.Int64())
	n := untilLimited(t, 5000, http.StatusNotFound, func(i int) (int, string) {
		return ch.send(t, "GET", fmt.Sprintf("/api/v1/page?path=/%s-%d", run, i), "")
	})
	t.Logf("limited after %d unknown paths", n)

	page := "/" + run + "-page"
	status, body := ch.send(t, "GET", page, "")
	// Next.js answers a render that threw with its error page, status 500.
	if status != http.StatusInternalServerError {
		t.Errorf("the limited visitor's page render answered %d (%.200s); want the error page, as its content was refused", status, body)
	}
	if status, _, _ := harness.Get(t, ch.site+page); status != http.StatusNotFound {
		t.Errorf("another visitor's render of %s answered %d; want the 404 page", page, status)
	}
}
