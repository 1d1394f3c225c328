//go:build integration

package store_test

// The store against the real stand-ins: the Auth and Firestore emulators and the stack's order
// stand-in (ORDERS_URL). A visitor's cart merged at sign-up and at sign-in, one order however
// often an attempt is sent, and the order on My Orders beside the demo member's seven. Run
// through `.bin/stack test -- go test -tags integration ./bff/...`.

import (
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// signUp registers a new member through the BFF in br (which may hold a visitor's cart) and
// answers their uid and email.
func signUp(t *testing.T, br *browser) (string, string) {
	t.Helper()
	email := br.SignUp("store", password)
	return br.UID(), email
}

func TestCartMergeAndOneOrderOnTheEmulators(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	c := harness.LoadContract(t)

	// A visitor fills a cart, then signs up: the cart is theirs.
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 3}), 200)
	_, email := signUp(t, br)
	if a := br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200); lines(a) != "hardship-grants-brochure×3" {
		t.Fatalf("after sign-up: %s", a.Body)
	}

	// On another device, as a visitor, they add more; signing in there merges it in.
	other := &browser{harness.NewBrowser(t, b.URL, c)}
	other.Want(setQuantity(other, "hardship-grants-brochure", map[string]int{"quantity": 2}), 200)
	other.Want(setQuantity(other, "wireless-discount-coupon", map[string]int{"quantity": 10}), 200)
	other.Want(other.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
	for _, who := range []*browser{br, other} {
		if a := who.Want(who.Call("GET", cartRoute, cartRoute, nil), 200); lines(a) != "hardship-grants-brochure×5 wireless-discount-coupon×10" {
			t.Fatalf("after the merge: %s", a.Body)
		}
	}

	// The order, sent three times under one key: one order, the same answer.
	first := br.Want(placeOrder(br, "emulator-attempt-1", checkoutForm()), 201)
	number := harness.Dig(first.JSON, "order", "orderNumber")
	for range 2 {
		again := other.Want(placeOrder(other, "emulator-attempt-1", checkoutForm()), 200)
		if harness.Dig(again.JSON, "order", "orderNumber") != number {
			t.Errorf("replay: %s", again.Body)
		}
	}
	if a := br.Call("GET", cartRoute, cartRoute, nil); lines(a) != "" {
		t.Errorf("cart after the order: %s", a.Body)
	}
	a := br.Want(br.Call("GET", route, route, nil), 200)
	if got := orderNumbers(a); len(got) != 1 || got[0] != number || harness.Dig(a.JSON, "total") != 1.0 {
		t.Errorf("My Orders: %s", a.Body)
	}
}

// The demo member's seven seeded orders page five and two; the pages never mix members.
func TestOrdersPagingOnTheStandIn(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	c := harness.LoadContract(t)
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "member@example.com", "password": password}), 200)
	one := br.Want(br.Call("GET", route, route, nil), 200)
	two := br.Want(br.Call("GET", route, route+"?page=2", nil), 200)
	if len(orderNumbers(one)) != 5 || len(orderNumbers(two)) < 2 || harness.Dig(one.JSON, "pages") != harness.Dig(two.JSON, "pages") {
		t.Errorf("pages: %s / %s", one.Body, two.Body)
	}
}

// Tabs sending at once, on the emulator: one order. Firestore's claim, not a transaction, holds
// the other attempts off (the offline stand-in does not isolate transactions).
func TestConcurrentAttemptsOnTheEmulators(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	c := harness.LoadContract(t)
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	signUp(t, br)
	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 1}), 200)
	statuses := raceOrders(t, b, c, br, 6)
	a := br.Want(br.Call("GET", route, route, nil), 200)
	if total := harness.Dig(a.JSON, "total"); total != 1.0 {
		t.Errorf("%v orders placed, want 1; statuses %v", total, statuses)
	}
}
