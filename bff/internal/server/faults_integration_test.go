//go:build integration

package server_test

// Fault tests on the real stand-ins: the Auth emulator, the Firestore emulator and the order
// stand-in each taken down (connections cut) or hung behind a fault proxy, then brought back.
// Pages keep being served, each member route that needs the broken upstream answers 503 with its
// message within the upstream's timeout, nothing hangs, and the BFF recovers by itself. Run
// through `.bin/stack test -- go test -tags integration ./bff/...`.

import (
	"net/http"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/faultproxy"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// upstreamTimeout is the Auth and Firestore timeout of the BFFs here: short, so a hung upstream
// costs the test little.
const upstreamTimeout = time.Second

func faultBFF(t *testing.T, env map[string]string) *harness.BFF {
	t.Helper()
	env["AUTH_TIMEOUT"] = upstreamTimeout.String()
	return harness.ServeOnEmulators(t, env)
}

// signedUpMember is a new member, signed in, who has seen the home page (so what a member's page
// needs is as warm as for anyone who browses).
func signedUpMember(t *testing.T, b *harness.BFF) (*harness.Browser, string) {
	t.Helper()
	br := harness.NewBrowser(t, b.URL, harness.LoadContract(t))
	email := br.SignUp("fault", "Password1")
	pagesStillServe(t, br, 1)
	return br, email
}

// pagesStillServe asks for the home page n times as br: every answer must be the page.
func pagesStillServe(t *testing.T, br *harness.Browser, n int) {
	t.Helper()
	for range n {
		br.Want(br.Call("GET", "/api/v1/page", "/api/v1/page?path=/", nil), 200)
	}
}

// within calls f and fails unless it took at most d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	start := time.Now()
	f()
	if took := time.Since(start); took > d {
		t.Fatalf("%s took %v, want at most %v", what, took, d)
	}
}

// recovers retries f until it answers true, for at most d: clients reconnect with their own
// backoff, so recovery is a matter of seconds, not of a restart.
func recovers(t *testing.T, d time.Duration, what string, f func() bool) {
	t.Helper()
	start := time.Now()
	for !f() {
		if time.Since(start) > d {
			t.Fatalf("%s did not recover within %v", what, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("%s recovered after %v", what, time.Since(start).Round(time.Millisecond))
}

func TestAuthDownOrHungThenBack(t *testing.T) {
	proxy := faultproxy.Start(t, os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"))
	t.Setenv("FIREBASE_AUTH_EMULATOR_HOST", proxy.Addr())
	b := faultBFF(t, map[string]string{})
	br, email := signedUpMember(t, b)
	signIn := func() harness.Answer {
		return br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": "Password1"})
	}

	// Pages read a member whose session cannot be checked as a visitor. While Auth hangs each
	// check waits for AUTH_TIMEOUT, so fewer pages there keep the test short.
	for mode, pages := range map[faultproxy.Mode]int{faultproxy.Down: 10, faultproxy.Stall: 3} {
		proxy.Set(mode)
		pagesStillServe(t, br, pages)
		for what, call := range map[string]func() harness.Answer{
			"a sign-in": signIn,
			// The Admin SDK checks every session with the emulator (in production a session's
			// check is cached for REVOCATION_TTL), so member routes need Auth here.
			"a profile read": func() harness.Answer { return br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil) },
		} {
			within(t, upstreamTimeout+2*time.Second, what, func() {
				if a := br.Want(call(), 503); a.Title() != "Error contacting authentication server!" {
					t.Fatalf("%s with Auth at fault (%d): %s", what, mode, a.Body)
				}
			})
		}
	}

	proxy.Set(faultproxy.Pass)
	recovers(t, 10*time.Second, "sign-in", func() bool { return signIn().Status == 200 })
	br.Want(br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200)
}

func TestFirestoreDownOrHungThenBack(t *testing.T) {
	proxy := faultproxy.Start(t, os.Getenv("FIRESTORE_EMULATOR_HOST"))
	t.Setenv("FIRESTORE_EMULATOR_HOST", proxy.Addr())
	b := faultBFF(t, map[string]string{})
	br, _ := signedUpMember(t, b)
	br.Want(br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200)

	for _, mode := range []faultproxy.Mode{faultproxy.Down, faultproxy.Stall} {
		proxy.Set(mode)
		pagesStillServe(t, br, 5)
		within(t, upstreamTimeout+2*time.Second, "a profile read", func() {
			if a := br.Want(br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 503); a.Title() != "The profile store is unavailable." {
				t.Fatalf("profile with Firestore at fault (%d): %s", mode, a.Body)
			}
		})
		// A write is refused whole, never half made.
		within(t, upstreamTimeout+2*time.Second, "a favorite", func() {
			br.Want(br.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/benefit:1180", nil), 503)
		})
	}

	proxy.Set(faultproxy.Pass)
	recovers(t, 20*time.Second, "the profile", func() bool {
		return br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil).Status == 200
	})
	if a := br.Want(br.Call("GET", "/api/v1/favorites", "/api/v1/favorites", nil), 200); harness.Dig(a.JSON, "ids") != nil {
		if ids, _ := harness.Dig(a.JSON, "ids").([]any); len(ids) != 0 {
			t.Fatalf("a refused favorite was saved: %s", a.Body)
		}
	}
}

func TestOrderSystemDownOrGarbageThenBack(t *testing.T) {
	orders, err := url.Parse(os.Getenv("ORDERS_URL"))
	if err != nil || orders.Host == "" {
		t.Skip("needs the stack's ORDERS_URL")
	}
	proxy := faultproxy.Start(t, orders.Host)
	b := faultBFF(t, map[string]string{"ORDERS_URL": "http://" + proxy.Addr() + orders.Path})
	br := harness.NewBrowser(t, b.URL, harness.LoadContract(t))
	set := func(product string, n int) harness.Answer {
		return br.Call("PUT", "/api/v1/cart/items/{id}", "/api/v1/cart/items/"+product, map[string]int{"quantity": n})
	}
	br.Want(set("member-benefit-37", 1), 200)

	for mode, product := range map[faultproxy.Mode]string{faultproxy.Down: "hardship-grants-brochure", faultproxy.Garbage: "wireless-discount-coupon"} {
		proxy.Set(mode)
		pagesStillServe(t, br, 5)
		// A product the BFF has seen lately needs no call: the cart goes on.
		br.Want(set("member-benefit-37", 2), 200)
		within(t, 7*time.Second, "a cart change", func() {
			a := set(product, 1)
			if a.Status != http.StatusServiceUnavailable || a.Title() != "We could not update your cart. Please refresh and try again." {
				t.Fatalf("adding a product never seen with the order system at fault (%d): %d %s", mode, a.Status, a.Body)
			}
		})
	}

	proxy.Set(faultproxy.Pass)
	recovers(t, 10*time.Second, "the cart", func() bool { return set("hardship-grants-brochure", 1).Status == 200 })
	a := br.Want(br.Call("GET", "/api/v1/cart", "/api/v1/cart", nil), 200)
	if n := harness.Dig(a.JSON, "count"); n != 3.0 {
		t.Fatalf("the cart after the faults: %s (want 2 + 1: a refused change leaves nothing behind)", a.Body)
	}
}
