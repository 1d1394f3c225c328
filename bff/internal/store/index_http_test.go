package store_test

// The store index and the shipping state sent straight to the BFF, as a browser would send them:
// the reader's union, the featured split, the state filter from the parameter and the cookie,
// the order system failing and being cached, the state's cookie and its refusals. The order
// system is the real stand-in over fixtures/orders, in process (union 37 has three personalised
// materials, the fallback union 58 one; car-buying-flyer does not ship to AK or HI;
// travel-savings-coupon is out of stock). Every answer is validated against the contract.

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
)

const (
	indexRoute = "/api/v1/store"
	stateRoute = "/api/v1/store/state"
	stateWords = "We could not select your state. Please refresh and try again."
)

// everyUnion are the products fixtures/orders offers every union, in its order.
var everyUnion = []string{
	"wireless-discount-coupon", "hardship-grants-brochure", "mortgage-program-flyer", "scholarship-program-flyer",
	"travel-savings-coupon", "car-buying-flyer", "new-member-packet-insert",
}

// countingOrders is the order stand-in counting the GraphQL requests it answers.
func countingOrders(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	h, err := orderstub.NewHandler(filepath.Join(harness.Root(), "fixtures", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	n := new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/graphql" {
			n.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/graphql", n
}

func indexBFF(t *testing.T, ordersURL string, env map[string]string) (*harness.BFF, *harness.Contract) {
	t.Helper()
	all := map[string]string{"ORDERS_URL": ordersURL}
	for k, v := range env {
		all[k] = v
	}
	return harness.StartBFF(t, harness.Config(harness.StartCMS(t).URL, all)), harness.LoadContract(t)
}

// ids are the ids of a list of the index ("featured" or "products").
func ids(a harness.Answer, list string) []string {
	return harness.Each(a.JSON, list, "id")
}

func product(a harness.Answer, id string) map[string]any {
	for _, list := range []string{"featured", "products"} {
		items, _ := a.JSON[list].([]any)
		for _, p := range items {
			if m := p.(map[string]any); m["id"] == id {
				return m
			}
		}
	}
	return nil
}

func without(list []string, id string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(s string) bool { return s == id })
}

func TestIndexIsTheUnionsProductsFeaturedApart(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	br := harness.NewBrowser(t, b.URL, c)

	a := br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37", nil), 200)
	if cc := a.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("cache control %q", cc)
	}
	if harness.Dig(a.JSON, "union", "id") != "37" || harness.Dig(a.JSON, "union", "shortName") != "CWA" {
		t.Errorf("union = %v", a.JSON["union"])
	}
	if got, want := ids(a, "featured"), []string{"member-benefit-37", "organizing-benefit-37", "credit-card-37"}; !slices.Equal(got, want) {
		t.Errorf("featured = %v, want %v", got, want)
	}
	if got := ids(a, "products"); !slices.Equal(got, everyUnion) {
		t.Errorf("products = %v, want %v (no state yet: all of them)", got, everyUnion)
	}
	if a.JSON["state"] != nil || a.JSON["phone"] != phone {
		t.Errorf("state %v, phone %v", a.JSON["state"], a.JSON["phone"])
	}
	// The leaders mailbox the state modal gives for orders abroad (spec 3 §2), from LEADERS_EMAIL.
	if a.JSON["leadersEmail"] != config.DevLeadersEmail {
		t.Errorf("leadersEmail %v, want %s", a.JSON["leadersEmail"], config.DevLeadersEmail)
	}
	states, _ := a.JSON["states"].([]any)
	if len(states) != 51 || harness.Dig(states[0], "title") != "Alabama" || !slices.ContainsFunc(states, func(s any) bool {
		return harness.Dig(s, "code") == "DC" && harness.Dig(s, "title") == "District of Columbia"
	}) || slices.ContainsFunc(states, func(s any) bool { return harness.Dig(s, "code") == "PR" }) {
		t.Errorf("states: %v", states)
	}

	travel := product(a, "travel-savings-coupon")
	if travel["stock"] != 0.0 || travel["favoriteId"] != "product:travel-savings-coupon" || travel["label"] != "Coupon" ||
		!strings.HasSuffix(travel["image"].(string), "/images/travel-savings-coupon.svg") || travel["description"] == "" {
		t.Errorf("travel-savings-coupon: %v", travel)
	}
	car, _ := product(a, "car-buying-flyer")["states"].([]any)
	if len(car) != 49 || car[0] != "Alabama" || slices.Contains(car, "Alaska") || slices.Contains(car, any("AK")) {
		t.Errorf("car-buying-flyer states (titles, no AK or HI): %v", car)
	}

	// A visitor who chose no union reads the fallback union's (58: one personalised material).
	fallback := br.Want(br.Call("GET", indexRoute, indexRoute, nil), 200)
	if harness.Dig(fallback.JSON, "union", "id") != "58" || !slices.Equal(ids(fallback, "featured"), []string{"organizing-benefit-58"}) {
		t.Errorf("fallback: union %v, featured %v", fallback.JSON["union"], ids(fallback, "featured"))
	}
}

func TestIndexIsLimitedToTheShippingState(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	br := harness.NewBrowser(t, b.URL, c)

	for _, target := range []string{"?union=37&state=AK", "?union=37&state=alaska", "?union=37&state=Alaska"} {
		a := br.Want(br.Call("GET", indexRoute, indexRoute+target, nil), 200)
		if harness.Dig(a.JSON, "state", "code") != "AK" || harness.Dig(a.JSON, "state", "title") != "Alaska" {
			t.Errorf("%s: state %v", target, a.JSON["state"])
		}
		if got, want := ids(a, "products"), without(everyUnion, "car-buying-flyer"); !slices.Equal(got, want) {
			t.Errorf("%s: products %v, want %v", target, got, want)
		}
		if len(ids(a, "featured")) != 3 {
			t.Errorf("%s: featured %v", target, ids(a, "featured"))
		}
	}
	a := br.Call("GET", indexRoute, indexRoute+"?state=Narnia", nil)
	if a.Status != 400 || a.Title() != stateWords || a.FieldError("state") != stateWords {
		t.Errorf("unknown state parameter: %d %s", a.Status, a.Body)
	}

	// The cookie, as the page's server render forwards it: the title, URL-encoded.
	for cookie, want := range map[string]string{
		"up_store_state=Hawaii":                   "HI",
		"up_store_state=New%20York":               "NY",
		"up_store_state=District%20of%20Columbia": "DC",
		"up_store_state=Narnia":                   "",
		"up_store_state=%zz":                      "",
	} {
		br.Header.Set("Cookie", cookie)
		a := br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37", nil), 200)
		code, _ := harness.Dig(a.JSON, "state", "code").(string)
		if code != want {
			t.Errorf("%s: state %v, want %q", cookie, a.JSON["state"], want)
		}
		if hasCar := slices.Contains(ids(a, "products"), "car-buying-flyer"); hasCar == (want == "HI") {
			t.Errorf("%s: car-buying-flyer listed = %v", cookie, hasCar)
		}
	}
	// The parameter wins over the cookie.
	br.Header.Set("Cookie", "up_store_state=Hawaii")
	if a := br.Want(br.Call("GET", indexRoute, indexRoute+"?state=TX", nil), 200); harness.Dig(a.JSON, "state", "code") != "TX" {
		t.Errorf("parameter and cookie: %v", a.JSON["state"])
	}
}

func TestAMemberReadsTheirOwnUnionsProducts(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	maria := member(t, b, c, demoUID, "member@example.com") // Communications Workers of America: 37
	a := maria.Want(maria.Call("GET", indexRoute, indexRoute+"?union=61", nil), 200)
	if harness.Dig(a.JSON, "union", "id") != "37" || !slices.Contains(ids(a, "featured"), "credit-card-37") {
		t.Errorf("member: union %v, featured %v", a.JSON["union"], ids(a, "featured"))
	}
}

func TestOrderSystemFailingIsAnEmptyStore(t *testing.T) {
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "upstream says no", http.StatusInternalServerError)
	}))
	t.Cleanup(broken.Close)
	for name, url := range map[string]string{"down": harness.Nowhere + "/graphql", "answering 500": broken.URL + "/graphql"} {
		t.Run(name, func(t *testing.T) {
			b, c := indexBFF(t, url, nil)
			br := harness.NewBrowser(t, b.URL, c)
			a := br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37&state=NY", nil), 200)
			if len(ids(a, "featured")) != 0 || len(ids(a, "products")) != 0 || a.JSON["phone"] != phone ||
				harness.Dig(a.JSON, "union", "id") != "37" || harness.Dig(a.JSON, "state", "code") != "NY" {
				t.Errorf("%s", a.Body)
			}
			if strings.Contains(string(a.Body), "upstream says no") {
				t.Errorf("the cause leaked: %s", a.Body)
			}
		})
	}
}

func TestProductsAreCachedAndPurgedByTag(t *testing.T) {
	url, calls := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	br := harness.NewBrowser(t, b.URL, c)
	for _, target := range []string{"?union=37", "?union=37&state=AK", "?union=CWA", "?union=37&state=TX"} {
		br.Want(br.Call("GET", indexRoute, indexRoute+target, nil), 200)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("order system asked %d times for one union's products, want 1", n)
	}
	br.Want(br.Call("GET", indexRoute, indexRoute+"?union=61", nil), 200)
	if n := calls.Load(); n != 2 {
		t.Errorf("another union: %d calls, want 2", n)
	}

	for _, tag := range []string{"products:37", "products"} {
		before := calls.Load()
		body := []byte(`{"tags":["` + tag + `"]}`)
		resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", body, harness.Sign(harness.WebhookSecret, body))
		resp.Body.Close()
		if resp.StatusCode != 202 {
			t.Fatalf("purge %s: %d", tag, resp.StatusCode)
		}
		br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37", nil), 200)
		if n := calls.Load(); n != before+1 {
			t.Errorf("after purging %s: %d calls, want %d", tag, n, before+1)
		}
	}
}

func TestChoosingTheShippingState(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	br := harness.NewBrowser(t, b.URL, c)

	a := br.Want(br.Call("POST", stateRoute, stateRoute, map[string]string{"state": "New York"}), 200)
	if harness.Dig(a.JSON, "state", "code") != "NY" || harness.Dig(a.JSON, "state", "title") != "New York" {
		t.Errorf("answer: %s", a.Body)
	}
	cookie := a.Header.Get("Set-Cookie")
	for _, want := range []string{"up_store_state=New%20York", "max-age=3600", "path=/", "HttpOnly", "SameSite=Lax"} {
		if !strings.Contains(strings.ToLower(cookie), strings.ToLower(want)) {
			t.Errorf("cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(strings.ToLower(cookie), "secure") {
		t.Errorf("cookie %q: Secure on a localhost frontend", cookie)
	}
	if cc := a.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("cache control %q", cc)
	}
	// The browser's next index reads it.
	idx := br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37", nil), 200)
	if harness.Dig(idx.JSON, "state", "title") != "New York" {
		t.Errorf("index after choosing: state %v", idx.JSON["state"])
	}
	// A code names its state too.
	if a := br.Want(br.Call("POST", stateRoute, stateRoute, map[string]string{"state": "ak"}), 200); harness.Dig(a.JSON, "state", "title") != "Alaska" {
		t.Errorf("by code: %s", a.Body)
	}

	for name, body := range map[string]any{
		"unknown":       map[string]string{"state": "Narnia"},
		"outside 50+DC": map[string]string{"state": "Puerto Rico"},
		"empty":         map[string]string{"state": ""},
		"missing":       map[string]string{},
		"not a string":  `{"state": 5}`,
		"not JSON":      "state=NY",
	} {
		a := br.Call("POST", stateRoute, stateRoute, body)
		if a.Status != 400 || a.Title() != stateWords || a.FieldError("state") != stateWords || a.Header.Get("Set-Cookie") != "" {
			t.Errorf("%s: %d %s, cookie %q", name, a.Status, a.Body, a.Header.Get("Set-Cookie"))
		}
	}
}

func TestTheStateCookieIsSecureOutsideLocalhost(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, map[string]string{"FRONTEND_URL": "https://benefits.example.org"})
	br := harness.NewBrowser(t, b.URL, c)
	a := br.Want(br.Call("POST", stateRoute, stateRoute, map[string]string{"state": "Texas"}), 200)
	if cookie := strings.ToLower(a.Header.Get("Set-Cookie")); !strings.Contains(cookie, "secure") || !strings.Contains(cookie, "httponly") {
		t.Errorf("cookie %q: want Secure and HttpOnly", cookie)
	}
}

func TestCrossSiteStateChoiceIsRefused(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	for name, header := range map[string][2]string{
		"cross-site fetch": {"Sec-Fetch-Site", "cross-site"},
		"foreign origin":   {"Origin", "https://evil.example"},
	} {
		br := harness.NewBrowser(t, b.URL, c)
		br.Header.Set(header[0], header[1])
		a := br.Call("POST", stateRoute, stateRoute, map[string]string{"state": "Texas"})
		if a.Status != 403 || a.Header.Get("Set-Cookie") != "" {
			t.Errorf("%s: %d %s, cookie %q", name, a.Status, a.Body, a.Header.Get("Set-Cookie"))
		}
	}
}

// The store index carries the editors' four store promos (union_structure_global's
// store_promo_one to four), in order, each with its link.
func TestIndexCarriesTheEditorsStorePromos(t *testing.T) {
	url, _ := countingOrders(t)
	b, c := indexBFF(t, url, nil)
	br := harness.NewBrowser(t, b.URL, c)
	a := br.Want(br.Call("GET", indexRoute, indexRoute+"?union=37", nil), 200)
	want := []string{"Benefit brochures for your members", "Posters for the break room", "Recruiting flyers", "Meeting and event kits"}
	if got := harness.Each(a.JSON, "promos", "headline"); !slices.Equal(got, want) {
		t.Fatalf("promos %v, want %v", got, want)
	}
	promos := a.JSON["promos"].([]any)
	if harness.Dig(promos[0], "eyebrow") != "Free" || harness.Dig(promos[0], "link", "url") != "/store" ||
		harness.Dig(promos[0], "link", "title") != "Order brochures" || harness.Dig(promos[0], "description") == "" {
		t.Errorf("first promo %v", promos[0])
	}
}
