package hotels

import (
	"net/url"
	"strings"
	"testing"
)

const campaign = "utm_source=union-benefits&utm_medium=partner-redirect&utm_campaign=hotels"

func TestRedirectToTheStore(t *testing.T) {
	l := links(t, "https://hotels.example.com/hotels/listings")
	for raw, want := range map[string]string{
		"/store":                     "/store",
		"/store/":                    "/store/",
		"/store/checkout":            "/store/checkout",
		"/store?state=New York":      "/store?state=New+York",
		"/store/checkout?step=2#top": "/store/checkout?step=2",
	} {
		got, ok := l.Redirect(raw)
		if !ok || got.URL != want || got.ForMembers {
			t.Errorf("Redirect(%q) = %+v, %v; want %q for anyone", raw, got, ok, want)
		}
	}
}

// Only our store's paths and the partner's host are ever targets: anything else is refused, and
// the reader goes home.
func TestRedirectRefusesEverythingElse(t *testing.T) {
	l := links(t, "https://hotels.example.com/hotels/listings")
	for _, raw := range []string{
		"", "/", "/account", "/storefront", "/store-locator", "store", "store/checkout",
		"//evil.example/store", "///evil.example", `/\evil.example`, `/store/\evil`, "/\t/evil.example",
		"/store/../account", "/store/./checkout", "/store//checkout", "/store/%2e%2e/account", "/store/%2F%2Fevil",
		"/store\r\nSet-Cookie: x=1",
		"https://evil.example/in/1", "https://hotels.example.com.evil.example/", "https://evil.example/?x=hotels.example.com",
		"http://hotels.example.com/in/1", "https://hotels.example.com:8443/in/1", "https://user:pw@hotels.example.com/",
		"https://evil.example@hotels.example.com/", "javascript:alert(1)", "data:text/html,<script>", "//hotels.example.com/",
		"https:hotels.example.com", "/" + string(make([]byte, 2048)),
	} {
		if got, ok := l.Redirect(raw); ok {
			t.Errorf("Redirect(%q) = %+v, want refused", raw, got)
		}
	}
}

func TestRedirectRebuildsAPartnerURL(t *testing.T) {
	l := links(t, "https://hotels.example.com/hotels/listings")
	base := "https://hotels.example.com/hotels/listings?" + campaign + "&mk=MK+1&destinationType=CITY"
	for raw, want := range map[string]string{
		"https://hotels.example.com/?in=3000016152&from=20261201&to=20261203&rooms=2&adults=3": base +
			"&destinationId=3000016152&checkIn=20261201&checkOut=20261203&numRooms=2&numAdults=3",
		// The partner's path form, with dates as the date box writes them.
		"https://HOTELS.example.com/relax/in/3000016152/from/12/01/2026/to/12/03/2026": base + "&destinationId=3000016152",
		"https://hotels.example.com/relax/in/3000016152/from/20261201/to/20261203/rooms/1/adults/2": base +
			"&destinationId=3000016152&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2",
		"https://hotels.example.com/x?in=1&from=12/1/2026&to=2026-12-03": base + "&destinationId=1&checkIn=20261201&checkOut=20261203",
		// Whatever else the URL holds is dropped: its path, other parameters, a member key of its own.
		"https://hotels.example.com/elsewhere?in=1&mk=other&next=https://evil.example#x": base + "&destinationId=1",
		// Values that fail their rules are left out, one by one.
		"https://hotels.example.com/?in=1%262&from=20261301&to=20261203&rooms=10&adults=0": base,
		"https://hotels.example.com/?in=1&from=20261205&to=20261203":                       base + "&destinationId=1",
		"https://hotels.example.com/?in=1&from=20261205":                                   base + "&destinationId=1",
		"https://hotels.example.com/":                                                      base,
	} {
		got, ok := l.Redirect(raw)
		if !ok || got.URL != want || !got.ForMembers {
			t.Errorf("Redirect(%q)\n got %+v, %v\nwant %q for members", raw, got, ok, want)
		}
	}
}

// Offline, the listings page is the stand-in's plain-http address with a port: the rule is the
// same, scheme, host and port exactly.
func TestRedirectMatchesTheConfiguredPort(t *testing.T) {
	l := links(t, "http://127.0.0.1:8081/hotels/listings")
	if _, ok := l.Redirect("http://127.0.0.1:8081/?in=1"); !ok {
		t.Error("the stand-in's own address refused")
	}
	for _, raw := range []string{"http://127.0.0.1/?in=1", "http://127.0.0.1:8082/?in=1", "https://127.0.0.1:8081/?in=1"} {
		if _, ok := l.Redirect(raw); ok {
			t.Errorf("Redirect(%q) accepted", raw)
		}
	}
}

func TestServiceRedirectSendsTheRestHome(t *testing.T) {
	s := New(nil, links(t, "https://hotels.example.com/l"), Options{})
	for _, signedIn := range []bool{false, true} {
		if got := s.Redirect("https://evil.example/", signedIn); got != "/" {
			t.Errorf("signed in %v: got %q", signedIn, got)
		}
		if got := s.Redirect("/store", signedIn); got != "/store" {
			t.Errorf("signed in %v: got %q", signedIn, got)
		}
	}
}

// The listing link carries the site's member key: a visitor is sent to sign in, with the same
// redirect as where the sign-in goes on to (spec 1 §4); a member goes there at once.
func TestServiceRedirectSendsAVisitorToSignInFirst(t *testing.T) {
	s := New(nil, links(t, "https://hotels.example.com/l"), Options{})
	raw := "https://hotels.example.com/?in=1&rooms=2"
	got := s.Redirect(raw, false)
	if strings.Contains(got, "mk=") || strings.Contains(got, "MK") {
		t.Fatalf("a visitor got the member key: %q", got)
	}
	u, err := url.Parse(got)
	if err != nil || u.Path != "/" || u.Host != "" || u.Query().Get("modal") != "login" {
		t.Fatalf("not the login modal: %q", got)
	}
	want := "/api/v1/hotels/redirect?redirect_url=" + url.QueryEscape(raw)
	if d := u.Query().Get("destination"); d != want {
		t.Errorf("destination %q, want %q", d, want)
	}
	if got := s.Redirect(raw, true); got != "https://hotels.example.com/l?"+campaign+"&mk=MK+1&destinationType=CITY&destinationId=1&numRooms=2" {
		t.Errorf("a member got %q", got)
	}
}
