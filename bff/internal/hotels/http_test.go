package hotels_test

// The hotel search box's routes sent straight to the BFF, as a browser sends them: the
// autocomplete through the partner's stand-in over fixtures/hotels (cached, failures empty), the
// results link and the partner redirect (302s whose Location is only ever ours or the partner's).
// Every JSON answer is validated against the contract.

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/hotelstub"
)

const (
	locationsRoute = "/api/v1/hotels/locations"
	listings       = "https://hotels.example.com/hotels/listings"
)

// partner is the hotel partner's stand-in counting the autocomplete calls it answers.
func partner(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	h, err := hotelstub.NewHandler(filepath.Join(harness.Root(), "fixtures", "hotels", "autocomplete"))
	if err != nil {
		t.Fatal(err)
	}
	n := new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, n
}

func hotelsBFF(t *testing.T, apiURL string) (*harness.BFF, *harness.Browser) {
	t.Helper()
	return hotelsOn(t, harness.Nowhere, apiURL)
}

// hotelsOn is hotelsBFF over the CMS at cmsURL (a fixture CMS of its own lets members sign up:
// the BFF checks their union there).
func hotelsOn(t *testing.T, cmsURL, apiURL string) (*harness.BFF, *harness.Browser) {
	t.Helper()
	b := harness.StartBFF(t, harness.Config(cmsURL, map[string]string{
		"HOTELS_API_URL": apiURL, "HOTELS_LISTINGS_URL": listings, "HOTELS_MEMBER_KEY": "MK1",
	}))
	return b, harness.NewBrowser(t, b.URL, harness.LoadContract(t))
}

func names(a harness.Answer) []string {
	return harness.Each(a.JSON, "items", "name")
}

func TestLocationsThroughThePartner(t *testing.T) {
	api, calls := partner(t)
	_, br := hotelsBFF(t, api)

	a := br.Want(br.Call("GET", locationsRoute, locationsRoute+"?q="+url.QueryEscape("New Y"), nil), 200)
	if got := strings.Join(names(a), "|"); got != "New York|The New Yorker, A Wyndham Hotel" {
		t.Errorf("names %s", got)
	}
	first, _ := a.JSON["items"].([]any)
	if harness.Dig(first[0], "id") != "3000016152" || harness.Dig(first[0], "state") != "NY" || harness.Dig(first[0], "type") != "CITY" {
		t.Errorf("first item %v", first[0])
	}
	if cc := a.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("cache control %q", cc)
	}
	// Another spelling of the same query is the same cache entry: the partner is not asked again.
	br.Want(br.Call("GET", locationsRoute, locationsRoute+"?q=new++y", nil), 200)
	if calls.Load() != 1 {
		t.Errorf("the partner answered %d calls, want 1", calls.Load())
	}
}

func TestLocationsRefusesBadInputBeforeThePartner(t *testing.T) {
	api, calls := partner(t)
	_, br := hotelsBFF(t, api)
	for _, q := range []string{"", "n", "a/b", "../../x", "ne%23", strings.Repeat("a", 65)} {
		a := br.Want(br.Call("GET", locationsRoute, locationsRoute+"?q="+url.QueryEscape(q), nil), 400)
		if a.FieldError("q") == "" {
			t.Errorf("%q: no field error: %s", q, a.Body)
		}
	}
	if calls.Load() != 0 {
		t.Errorf("the partner was asked %d times", calls.Load())
	}
}

// The partner failing, or not answering at all, is an empty list: the box stays usable.
func TestLocationsFailuresAreAnEmptyList(t *testing.T) {
	api, _ := partner(t)
	for name, base := range map[string]string{"failing": api, "down": harness.Nowhere} {
		_, br := hotelsBFF(t, base)
		a := br.Want(br.Call("GET", locationsRoute, locationsRoute+"?q="+hotelstub.FailQuery, nil), 200)
		if items, ok := a.JSON["items"].([]any); !ok || len(items) != 0 {
			t.Errorf("%s: %s", name, a.Body)
		}
	}
}

// noFollow is a client that reads a 302 instead of following it.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func location(t *testing.T, target string) (int, string) {
	t.Helper()
	resp := get(t, target, "")
	return resp.StatusCode, resp.Header.Get("Location")
}

// get reads target without following a redirect, sending cookie when not empty.
func get(t *testing.T, target, cookie string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", target, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// A redirect is private; a refusal is no-store like every error.
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
		t.Errorf("%s: cache control %q", target, cc)
	}
	return resp
}

func TestResultsSendsTheBrowserToTheListings(t *testing.T) {
	b, _ := hotelsBFF(t, harness.Nowhere)
	// harness.Start is 21 November 2026.
	status, loc := location(t, b.URL+"/api/v1/hotels/results?destinationId=3000016152&destinationType=CITY"+
		"&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2&childrenAges=0%2C9")
	want := listings + "?wl_source=searchbox&mk=MK1&destinationType=CITY&destinationId=3000016152" +
		"&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2&childrenAges=0%2C9"
	if status != http.StatusFound || loc != want {
		t.Errorf("%d %s\nwant %s", status, loc, want)
	}
	status, loc = location(t, b.URL+"/api/v1/hotels/results?destinationId=3000016152&destinationType=CITY&checkIn=20261101&checkOut=20261103")
	if status != http.StatusBadRequest || loc != "" {
		t.Errorf("a past check-in: %d %s", status, loc)
	}
	status, _ = location(t, b.URL+"/api/v1/hotels/results?destinationId=https%3A%2F%2Fevil.example&destinationType=CITY")
	if status != http.StatusBadRequest {
		t.Errorf("a URL as destination: %d", status)
	}
}

const (
	partnerURL = "https://hotels.example.com/?in=3000016152&from=20261201&to=20261203&rooms=1&adults=2"
	listing    = listings + "?utm_source=union-benefits&utm_medium=partner-redirect&utm_campaign=hotels&mk=MK1" +
		"&destinationType=CITY&destinationId=3000016152&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2"
)

func redirectRoute(b *harness.BFF, raw string) string {
	return b.URL + "/api/v1/hotels/redirect?redirect_url=" + url.QueryEscape(raw)
}

// signInFirst is the login modal over home going on to the same redirect once signed in.
var signInFirst = "/?modal=login&destination=" + url.QueryEscape("/api/v1/hotels/redirect?redirect_url="+url.QueryEscape(partnerURL))

func TestRedirectGoesOnlyToTheStoreAndThePartner(t *testing.T) {
	b, br := hotelsOn(t, harness.StartCMS(t).URL, harness.Nowhere)
	br.SignUp("redirect", "Password1")
	member := br.CookieHeader()
	for raw, want := range map[string]string{
		"/store/checkout":            "/store/checkout",
		partnerURL:                   listing,
		"https://evil.example/?in=1": "/",
		"//evil.example/store":       "/",
		"/account":                   "/",
		"":                           "/",
	} {
		resp := get(t, redirectRoute(b, raw), member)
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != want {
			t.Errorf("%q: %d %s\nwant %s", raw, resp.StatusCode, loc, want)
		}
	}
}

// Spec 1 §4, §7: the listing link carries the site's member key, so a request without a live
// session is never sent there, whatever it says: it is sent to sign in, and on to the same
// redirect. A store path still goes there for anyone.
func TestRedirectSendsAVisitorToSignInFirst(t *testing.T) {
	b, br := hotelsOn(t, harness.StartCMS(t).URL, harness.Nowhere)
	br.SignUp("redirect-uid", "Password1")
	uid := br.UID() // a real member's uid, named by the request rather than its session
	for name, cookie := range map[string]string{
		"no cookie":           "",
		"a made-up session":   "session=forged",
		"a uid, not a cookie": "uid=" + uid,
	} {
		resp := get(t, redirectRoute(b, partnerURL)+"&uid="+uid, cookie)
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != signInFirst {
			t.Errorf("%s: %d %s\nwant %s", name, resp.StatusCode, loc, signInFirst)
		}
		if strings.Contains(resp.Header.Get("Location"), "MK1") {
			t.Errorf("%s: the member key went to a visitor", name)
		}
	}
	if status, loc := location(t, redirectRoute(b, "/store")); status != http.StatusFound || loc != "/store" {
		t.Errorf("a visitor's store path: %d %s", status, loc)
	}
}
