package store_test

// The cart and checkout sent straight to the BFF, as a browser or an attacker would send them:
// the cart rules in the spec's words, the visitor's cookie and its merge at sign-in, one order
// per attempt however often it is sent, and nobody reaching another's cart. The order system is
// the real stand-in over fixtures/orders, in process; Firebase Auth, Firestore's profiles and the
// cart store are the fakes (cart_integration_test.go runs the cart store on the emulator). Every
// answer is validated against contracts/openapi.yaml.

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

const (
	cartRoute  = "/api/v1/cart"
	itemRoute  = "/api/v1/cart/items/{id}"
	orderRoute = "/api/v1/store/orders"
	cartCookie = "up_cart"
)

// cartRecord is a stored cart of the pairs id, quantity.
func cartRecord(pairs ...any) store.CartRecord {
	var r store.CartRecord
	for i := 0; i+1 < len(pairs); i += 2 {
		r.Lines = append(r.Lines, portal.CartLine{ID: pairs[i].(string), Quantity: pairs[i+1].(int)})
	}
	return r
}

func setQuantity(br *browser, id string, body any) harness.Answer {
	br.T.Helper()
	return br.Call("PUT", itemRoute, "/api/v1/cart/items/"+id, body)
}

// lines are a cart answer's lines as "id×quantity", in order.
func lines(a harness.Answer) string {
	var out []string
	items, _ := a.JSON["items"].([]any)
	for _, it := range items {
		out = append(out, fmt.Sprintf("%v×%v", harness.Dig(it, "id"), harness.Dig(it, "quantity")))
	}
	return strings.Join(out, " ")
}

func cookieSet(a harness.Answer, name string) string {
	for _, c := range (&http.Response{Header: a.Header}).Cookies() {
		if c.Name == name {
			return c.String()
		}
	}
	return ""
}

// checkoutForm is a valid checkout with the fields changed by the pairs "information.phone", "x".
func checkoutForm(pairs ...string) map[string]map[string]string {
	f := map[string]map[string]string{
		"information": {
			"firstName": "Maria", "lastName": "Lopez", "email": "maria@example.com", "phone": "5551234567",
			"union": "cwa", "unionNumber": "52-A", "members": "120", "worksites": "3",
			"website": "https://cwa-local52.example.org", "memo": "packets",
		},
		"shipping": {
			"address": "1 Main St", "city": "Reno", "state": "NV", "zip": "89501", "country": "us",
		},
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		step, field, _ := strings.Cut(pairs[i], ".")
		f[step][field] = pairs[i+1]
	}
	return f
}

func placeOrder(br *browser, key string, form any) harness.Answer {
	br.T.Helper()
	br.Header.Set("Idempotency-Key", key)
	defer br.Header.Del("Idempotency-Key")
	return br.Call("POST", orderRoute, orderRoute, form)
}

func TestVisitorCartAndItsRules(t *testing.T) {
	b, c := storeBFF(t, "")
	br := &browser{harness.NewBrowser(t, b.URL, c)}

	// Reading an empty cart makes nothing: no cookie, no record.
	a := br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200)
	if lines(a) != "" || cookieSet(a, cartCookie) != "" || a.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("empty cart: %s, cookie %q, %q", a.Body, cookieSet(a, cartCookie), a.Header.Get("Cache-Control"))
	}

	// The first line gives the visitor a cart and its HttpOnly cookie.
	a = br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 2}), 200)
	cookie := cookieSet(a, cartCookie)
	for _, want := range []string{"HttpOnly", "SameSite=Lax", "Max-Age=2592000", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("cart cookie %q lacks %s", cookie, want)
		}
	}
	if lines(a) != "hardship-grants-brochure×2" || harness.Dig(a.JSON, "count") != 2.0 {
		t.Fatalf("after adding: %s", a.Body)
	}
	setQuantity(br, "wireless-discount-coupon", map[string]int{"quantity": 5})
	// Absolute: sending the same value again changes nothing.
	setQuantity(br, "wireless-discount-coupon", map[string]int{"quantity": 5})
	a = br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200)
	if lines(a) != "hardship-grants-brochure×2 wireless-discount-coupon×5" || harness.Dig(a.JSON, "count") != 7.0 {
		t.Fatalf("cart: %s", a.Body)
	}
	if a := setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 100000}); lines(a) != "hardship-grants-brochure×100000 wireless-discount-coupon×5" {
		t.Errorf("the most allowed: %s", a.Body)
	}

	refusals := []struct {
		name, id string
		body     any
		status   int
		want     string
	}{
		{"over 100,000", "hardship-grants-brochure", map[string]int{"quantity": 100001}, 400, "Product quantities can not be greater then 100,000"},
		{"out of stock", "travel-savings-coupon", map[string]int{"quantity": 1}, 400, "Out of stock items can not be added to cart."},
		{"not an object", "hardship-grants-brochure", `[1]`, 400, "Product could not be added to cart. Please refresh and try again."},
		{"no quantity", "hardship-grants-brochure", `{}`, 400, "Product could not be added to cart. Please refresh and try again."},
		{"a fraction", "hardship-grants-brochure", `{"quantity": 1.5}`, 400, "Product could not be added to cart. Please refresh and try again."},
		{"a string", "hardship-grants-brochure", `{"quantity": "3"}`, 400, "Product could not be added to cart. Please refresh and try again."},
		{"not JSON", "hardship-grants-brochure", `quantity=3`, 400, "Product could not be added to cart. Please refresh and try again."},
		{"unknown product", "no-such-product", map[string]int{"quantity": 1}, 404, "Product could not be added to cart. Please refresh and try again."},
	}
	for _, r := range refusals {
		a := setQuantity(br, r.id, r.body)
		if a.Status != r.status || a.Title() != r.want {
			t.Errorf("%s: %d %q", r.name, a.Status, a.Title())
		}
	}
	// None of them changed the cart.
	if a := br.Call("GET", cartRoute, cartRoute, nil); lines(a) != "hardship-grants-brochure×100000 wireless-discount-coupon×5" {
		t.Errorf("after the refusals: %s", a.Body)
	}

	// Below 1 removes the line; removing what is not there is fine.
	for _, q := range []int{0, -3} {
		a := br.Want(setQuantity(br, "wireless-discount-coupon", map[string]int{"quantity": q}), 200)
		if lines(a) != "hardship-grants-brochure×100000" {
			t.Errorf("quantity %d: %s", q, a.Body)
		}
	}
	// Removing an out-of-stock or unknown product is allowed: it is how a member clears it.
	br.Want(setQuantity(br, "travel-savings-coupon", map[string]int{"quantity": 0}), 200)

	// A cross-site request is refused before it reaches the cart.
	br.Header.Set("Origin", "https://evil.example")
	if a := setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 1}); a.Status != 403 {
		t.Errorf("cross-site: %d", a.Status)
	}
	br.Header.Del("Origin")

	// A forged or foreign cookie names no cart.
	other := &browser{harness.NewBrowser(t, b.URL, c)}
	other.Header.Set("Cookie", cartCookie+"=forged")
	if a := other.Call("GET", cartRoute, cartRoute, nil); lines(a) != "" {
		t.Errorf("forged cookie: %s", a.Body)
	}
}

func TestOnlyInStockLinesAreShown(t *testing.T) {
	b, c := storeBFF(t, "")
	br := member(t, b, c, "u-stock", "stock@example.com")
	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 2}), 200)
	// A line whose product ran out (or left the catalogue) after it was added.
	b.Carts.Put(store.MemberCart("u-stock"), cartRecord("hardship-grants-brochure", 2, "travel-savings-coupon", 4, "gone-product", 1))
	a := br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200)
	if lines(a) != "hardship-grants-brochure×2" || harness.Dig(a.JSON, "count") != 2.0 {
		t.Errorf("in-stock lines only: %s", a.Body)
	}
}

func TestCartFollowsTheVisitorIntoTheirAccount(t *testing.T) {
	b, c := storeBFF(t, "")
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 2}), 200)
	br.Want(setQuantity(br, "mortgage-program-flyer", map[string]int{"quantity": 99999}), 200)

	// The member already has a cart from another device.
	b.Carts.Put(store.MemberCart("u-merge"), cartRecord("mortgage-program-flyer", 7, "scholarship-program-flyer", 1))
	b.Auth.Add("u-merge", "merge@example.com", password, true)
	a := br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "merge@example.com", "password": password}), 200)
	if cookie := cookieSet(a, cartCookie); !strings.Contains(cookie, "Max-Age=0") && !strings.Contains(cookie, "max-age=0") && !strings.Contains(cookie, "Expires=Thu, 01 Jan 1970") {
		t.Errorf("the visitor's cookie is not cleared: %q", cookie)
	}
	a = br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200)
	if lines(a) != "mortgage-program-flyer×100000 scholarship-program-flyer×1 hardship-grants-brochure×2" {
		t.Errorf("merged: %s", a.Body)
	}
	// The visitor's cart is gone, so signing out and in again merges nothing twice.
	br.Want(br.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 200)
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "merge@example.com", "password": password}), 200)
	if a := br.Call("GET", cartRoute, cartRoute, nil); lines(a) != "mortgage-program-flyer×100000 scholarship-program-flyer×1 hardship-grants-brochure×2" {
		t.Errorf("second sign-in: %s", a.Body)
	}
}

func TestMembersNeverShareACart(t *testing.T) {
	b, c := storeBFF(t, "")
	maria := member(t, b, c, "u-maria", "maria@example.com")
	sam := member(t, b, c, "u-sam", "sam@example.com")
	maria.Want(setQuantity(maria, "hardship-grants-brochure", map[string]int{"quantity": 3}), 200)
	if a := sam.Call("GET", cartRoute, cartRoute, nil); lines(a) != "" {
		t.Errorf("Sam sees Maria's cart: %s", a.Body)
	}
	// A uid or a cart cookie in the request changes nothing: the cart is the session's.
	sam.Header.Set("Cookie", sam.CookieHeader()+"; "+cartCookie+"=x")
	if a := sam.Call("GET", cartRoute, cartRoute+"?uid=u-maria", nil); lines(a) != "" {
		t.Errorf("Sam naming Maria: %s", a.Body)
	}
	sam.Header.Del("Cookie")
	// Sam cannot place an order from Maria's cart either.
	if a := placeOrder(sam, "sam-attempt-1", checkoutForm()); a.Status != 400 || a.Title() != "Your cart is empty. Add materials before you check out." {
		t.Errorf("Sam's empty cart: %d %s", a.Status, a.Body)
	}
}

func TestPlacingAnOrder(t *testing.T) {
	b, c := storeBFF(t, "")
	br := member(t, b, c, "u-order", "order@example.com")

	// Visitors cannot check out.
	visitor := &browser{harness.NewBrowser(t, b.URL, c)}
	if a := placeOrder(visitor, "visitor-attempt", checkoutForm()); a.Status != 401 {
		t.Errorf("visitor: %d", a.Status)
	}

	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 40}), 200)
	br.Want(setQuantity(br, "car-buying-flyer", map[string]int{"quantity": 10}), 200)

	// Every rule is the BFF's, whatever the page checked.
	a := placeOrder(br, "attempt-0001", checkoutForm("information.firstName", " ", "information.phone", "555-1234",
		"information.website", "cwa.org", "shipping.zip", "8950", "shipping.state", "XX", "information.memo", "other"))
	if a.Status != 400 || a.Title() != "You must complete all required fields" {
		t.Fatalf("invalid form: %d %s", a.Status, a.Body)
	}
	for field, want := range map[string]string{
		"information.firstName": "First Name is required.",
		"information.phone":     "Digits only no spaces or special characters",
		"information.website":   "Enter a fully qualified domain including http:// or https://",
		"information.other":     "Please tell us how the materials will be used.",
		"shipping.zip":          "Please enter a valid zip code (5 digits)",
		"shipping.state":        "Choose a state from the list.",
	} {
		if got := a.FieldError(field); got != want {
			t.Errorf("%s: %q, want %q", field, got, want)
		}
	}
	// A product that does not ship to the state is named on the state.
	a = placeOrder(br, "attempt-0002", checkoutForm("shipping.state", "AK"))
	if a.Status != 400 || a.FieldError("shipping.state") != "Car Buying Service can not be shipped to Alaska. Remove it from your cart or choose another state." {
		t.Errorf("not shippable: %d %s", a.Status, a.Body)
	}
	if a := placeOrder(br, "bad key!", checkoutForm()); a.Status != 400 {
		t.Errorf("bad key: %d", a.Status)
	}
	if a := placeOrder(br, "", checkoutForm()); a.Status != 400 {
		t.Errorf("no key: %d", a.Status)
	}

	// Placed: 201, and the ordered lines leave the cart.
	a = br.Want(placeOrder(br, "attempt-0003", checkoutForm()), 201)
	number, _ := harness.Dig(a.JSON, "order", "orderNumber").(string)
	if number == "" || harness.Dig(a.JSON, "replayed") != false {
		t.Fatalf("placed: %s", a.Body)
	}
	if a := br.Call("GET", cartRoute, cartRoute, nil); lines(a) != "" {
		t.Errorf("cart after the order: %s", a.Body)
	}
	// The same attempt again (a retry after a lost answer) is the same order, not a new one.
	a = br.Want(placeOrder(br, "attempt-0003", checkoutForm()), 200)
	if harness.Dig(a.JSON, "order", "orderNumber") != number || harness.Dig(a.JSON, "replayed") != true {
		t.Errorf("replay: %s", a.Body)
	}
	// Another attempt finds the cart empty.
	if a := placeOrder(br, "attempt-0004", checkoutForm()); a.Status != 400 || a.Title() != "Your cart is empty. Add materials before you check out." {
		t.Errorf("second attempt: %d %s", a.Status, a.Body)
	}
	// My Orders shows it, newest first, with what was ordered.
	a = br.Want(br.Call("GET", route, route, nil), 200)
	if got := orderNumbers(a); len(got) != 1 || got[0] != number {
		t.Errorf("My Orders: %v, want [%s]", got, number)
	}
	if items := harness.Dig(a.JSON, "orders").([]any)[0].(map[string]any)["items"].([]any); len(items) != 2 {
		t.Errorf("ordered items: %v", items)
	}
}

// Two tabs (or a double click with two keys) sending at once place one order: the first marks
// the cart, the other is told to wait or finds the cart empty.
func TestConcurrentAttemptsPlaceOneOrder(t *testing.T) {
	b, c := storeBFF(t, "")
	br := member(t, b, c, "u-race", "race@example.com")
	br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 1}), 200)

	statuses := raceOrders(t, b, c, br, 6)
	a := br.Want(br.Call("GET", route, route, nil), 200)
	if total := harness.Dig(a.JSON, "total"); total != 1.0 {
		t.Errorf("%v orders placed, want 1; statuses %v", total, statuses)
	}
	created := 0
	for _, s := range statuses {
		switch s {
		case 201:
			created++
		case 200, 400, 409:
		default:
			t.Errorf("status %d among %v", s, statuses)
		}
	}
	if created != 1 {
		t.Errorf("%d answers say they placed the order: %v", created, statuses)
	}
}

func TestOrderSystemDown(t *testing.T) {
	b, c := storeBFF(t, harness.Nowhere+"/graphql")
	br := member(t, b, c, "u-down", "down@example.com")
	// The cart cannot check the product: the spec's cart failure.
	a := setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 1})
	if a.Status != 503 || a.Title() != "We could not update your cart. Please refresh and try again." {
		t.Errorf("cart: %d %q", a.Status, a.Title())
	}
	// A cart whose products cannot be read is an empty cart, not an error (spec 3 §4).
	b.Carts.Put(store.MemberCart("u-down"), cartRecord("hardship-grants-brochure", 1))
	if a := br.Want(br.Call("GET", cartRoute, cartRoute, nil), 200); lines(a) != "" {
		t.Errorf("cart: %s", a.Body)
	}
	a = placeOrder(br, "attempt-down", checkoutForm())
	if a.Status != 503 || a.Title() != "We were unable to submit your order. Please refresh and try again or contact us at "+phone+"." {
		t.Errorf("order: %d %q", a.Status, a.Title())
	}
}

// raceOrders sends n order attempts at once from tabs sharing br's session, under two keys (each
// sent n/2 times), and answers their statuses.
func raceOrders(t *testing.T, b *harness.BFF, c *harness.Contract, br *browser, n int) []int {
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tab := &browser{harness.NewBrowser(t, b.URL, c)}
			tab.Header.Set("Cookie", br.CookieHeader())
			tab.Header.Set("Idempotency-Key", fmt.Sprintf("tab-attempt-%d", i%2))
			statuses[i] = tab.Call("POST", orderRoute, orderRoute, checkoutForm()).Status
		}()
	}
	wg.Wait()
	return statuses
}

// Each cookieless add starts a cart record, so one address may start only so many in a window
// (4 × RATE_LIMIT_PER_IP); a visitor with a cart, and a member, go on.
func TestVisitorCartsPerAddressAreLimited(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, map[string]string{"ORDERS_URL": harness.StartOrders(t).GraphQL(), "RATE_LIMIT_PER_IP": "1"}))
	c := harness.LoadContract(t)
	var first *browser
	for i := range 4 {
		br := &browser{harness.NewBrowser(t, b.URL, c)}
		br.Want(setQuantity(br, "hardship-grants-brochure", map[string]int{"quantity": 1}), 200)
		if i == 0 {
			first = br
		}
	}
	late := &browser{harness.NewBrowser(t, b.URL, c)}
	if a := setQuantity(late, "hardship-grants-brochure", map[string]int{"quantity": 1}); a.Status != 429 {
		t.Errorf("a fifth new cart: %d %s", a.Status, a.Body)
	}
	if a := setQuantity(first, "hardship-grants-brochure", map[string]int{"quantity": 2}); a.Status != 200 {
		t.Errorf("a visitor with a cart: %d", a.Status)
	}
	m := member(t, b, c, "u-limit", "limit@example.com")
	if a := setQuantity(m, "hardship-grants-brochure", map[string]int{"quantity": 1}); a.Status != 200 {
		t.Errorf("a member: %d", a.Status)
	}
}
