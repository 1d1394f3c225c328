package store_test

// My Orders sent straight to the BFF, as a browser or an attacker would send it: gating, paging,
// ownership and the order system failing. The order system is the real stand-in over
// fixtures/orders (the demo member demo-member-0001 has seven orders), in process; Firebase Auth
// and Firestore are the fakes. Every answer is validated against contracts/openapi.yaml.

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
)

const (
	route    = "/api/v1/orders"
	password = "Password1"
	demoUID  = "demo-member-0001"
	phone    = "800-472-2005"
)

type browser struct{ *harness.Browser }

// signIn adds a member with a profile to the fakes and signs this browser in as them.
func (br *browser) signIn(b *harness.BFF, uid, email string) {
	br.T.Helper()
	b.Auth.Add(uid, email, password, true)
	b.Profiles.Put(uid, portal.Profile{FirstName: "Maria", LastName: "Lopez", Email: email, Union: "Communications Workers of America"})
	br.Want(br.Call("GET", "/api/v1/session", "/api/v1/session", nil), 200)
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
}

// storeBFF is a BFF whose order system is at ordersURL ("" for the in-process stand-in).
func storeBFF(t *testing.T, ordersURL string) (*harness.BFF, *harness.Contract) {
	t.Helper()
	if ordersURL == "" {
		ordersURL = harness.StartOrders(t).GraphQL()
	}
	cms := harness.StartCMS(t)
	return harness.StartBFF(t, harness.Config(cms.URL, map[string]string{"ORDERS_URL": ordersURL})), harness.LoadContract(t)
}

func member(t *testing.T, b *harness.BFF, c *harness.Contract, uid, email string) *browser {
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	br.signIn(b, uid, email)
	return br
}

// orderNumbers are the numbers of a page's orders, in the order given.
func orderNumbers(a harness.Answer) []string {
	return harness.Each(a.JSON, "orders", "orderNumber")
}

func TestVisitorIsRefused(t *testing.T) {
	b, c := storeBFF(t, "")
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	a := br.Call("GET", route, route, nil)
	if a.Status != 401 || a.Title() != "Please log in to continue." || a.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("visitor: %d %q %q", a.Status, a.Title(), a.Header.Get("Cache-Control"))
	}
	// A uid in the address changes nothing: the uid is the session's alone.
	if a := br.Call("GET", route, route+"?uid="+demoUID, nil); a.Status != 401 {
		t.Errorf("visitor naming a uid: %d %s", a.Status, a.Body)
	}
	br.Header.Set("Cookie", "session=forged")
	if a := br.Call("GET", route, route, nil); a.Status != 401 || !strings.Contains(a.Header.Get("Set-Cookie"), "session=;") {
		t.Errorf("dead session: %d, cookie %q", a.Status, a.Header.Get("Set-Cookie"))
	}
}

func TestDemoMembersSevenOrdersOnTwoPages(t *testing.T) {
	b, c := storeBFF(t, "")
	maria := member(t, b, c, demoUID, "member@example.com")

	first := maria.Want(maria.Call("GET", route, route, nil), 200)
	if cc := first.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("cache control %q", cc)
	}
	if got, want := orderNumbers(first), []string{"SO-108245", "SO-107688", "SO-107033", "SO-106417", "SO-105902"}; !slices.Equal(got, want) {
		t.Errorf("page 1 = %v, want %v (newest first)", got, want)
	}
	if first.JSON["page"] != 1.0 || first.JSON["pages"] != 2.0 || first.JSON["total"] != 7.0 || first.JSON["pageSize"] != 5.0 {
		t.Errorf("page 1 paging: %s", first.Body)
	}
	newest := first.JSON["orders"].([]any)[0]
	if harness.Dig(newest, "created") != time.Unix(1761654840, 0).UTC().Format(time.RFC3339) {
		t.Errorf("created = %v", harness.Dig(newest, "created"))
	}
	items := harness.Dig(newest, "items").([]any)
	if len(items) != 3 || harness.Dig(items[0], "id") != "car-buying-flyer" || harness.Dig(items[0], "title") != "Car Buying Service" ||
		harness.Dig(items[0], "label") == "" || harness.Dig(items[0], "quantity") == nil ||
		!strings.HasSuffix(harness.Dig(items[0], "image").(string), "/images/car-buying-flyer.svg") {
		t.Errorf("items of the newest order: %v", items)
	}

	second := maria.Want(maria.Call("GET", route, route+"?page=2", nil), 200)
	if got, want := orderNumbers(second), []string{"SO-105236", "SO-104871"}; !slices.Equal(got, want) {
		t.Errorf("page 2 = %v, want %v", got, want)
	}
	if second.JSON["page"] != 2.0 || second.JSON["pages"] != 2.0 || second.JSON["total"] != 7.0 {
		t.Errorf("page 2 paging: %s", second.Body)
	}

	// A page past the last is the last page, and says so.
	for _, p := range []string{"3", "10000"} {
		past := maria.Want(maria.Call("GET", route, route+"?page="+p, nil), 200)
		if past.JSON["page"] != 2.0 || !slices.Equal(orderNumbers(past), []string{"SO-105236", "SO-104871"}) {
			t.Errorf("page %s: %s", p, past.Body)
		}
	}
}

func TestAnotherMemberSeesOnlyTheirOwn(t *testing.T) {
	b, c := storeBFF(t, "")
	robin := member(t, b, c, "member-b", "robin@example.com")
	for _, target := range []string{route, route + "?uid=" + demoUID, route + "?page=2"} {
		a := robin.Want(robin.Call("GET", route, target, nil), 200)
		if len(orderNumbers(a)) != 0 || a.JSON["total"] != 0.0 || a.JSON["page"] != 1.0 || a.JSON["pages"] != 1.0 {
			t.Errorf("%s: %s; want an empty page 1 of 1", target, a.Body)
		}
	}
}

func TestBadPagesAreRefused(t *testing.T) {
	b, c := storeBFF(t, "")
	maria := member(t, b, c, demoUID, "member@example.com")
	for _, p := range []string{"0", "-1", "x", "1.5", "+1", "01", "10001", "99999999999999999999", "%20"} {
		a := maria.Call("GET", route, route+"?page="+p, nil)
		if a.Status != 400 || a.Title() != "The page must be a whole number from 1 to 10000." ||
			a.FieldError("page") != a.Title() || a.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("page=%s: %d %q %q", p, a.Status, a.Title(), a.Header.Get("Cache-Control"))
		}
	}
}

func TestOrderSystemFailingIs503WithThePhone(t *testing.T) {
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "upstream says no", http.StatusInternalServerError)
	}))
	t.Cleanup(broken.Close)
	for name, url := range map[string]string{"down": harness.Nowhere + "/graphql", "answering 500": broken.URL + "/graphql"} {
		t.Run(name, func(t *testing.T) {
			b, c := storeBFF(t, url)
			maria := member(t, b, c, demoUID, "member@example.com")
			a := maria.Call("GET", route, route, nil)
			want := "We could not load your orders. Please refresh and try again or contact us at " + phone + "."
			if a.Status != 503 || a.Title() != want || a.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("%d %q %q", a.Status, a.Title(), a.Header.Get("Cache-Control"))
			}
			if strings.Contains(string(a.Body), "upstream says no") || strings.Contains(string(a.Body), "127.0.0.1") {
				t.Errorf("the cause leaked: %s", a.Body)
			}
		})
	}
}
