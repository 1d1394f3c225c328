package mailing_test

// The sign-up as the browser sends it, through the whole BFF (harness and its in-memory fakes):
// the cookie a visitor keeps, a member's emailOpt, what GET /session then says, repeats, and
// requests from other sites. Every answer is validated against contracts/openapi.yaml.

import (
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

const route = "/api/v1/mailing-list"

func bff(t *testing.T) (*harness.BFF, *harness.Contract) {
	t.Helper()
	return harness.StartOnFixtures(t), harness.LoadContract(t)
}

func subscribed(t *testing.T, br *harness.Browser) bool {
	t.Helper()
	v, _ := harness.Dig(br.Want(br.Call("GET", "/api/v1/session", "/api/v1/session", nil), 200).JSON, "emailSubscribed").(bool)
	return v
}

func TestAVisitorKeepsTheirSubscriptionInACookie(t *testing.T) {
	b, c := bff(t)
	br := harness.NewBrowser(t, b.URL, c)
	if subscribed(t, br) {
		t.Fatal("a new visitor reads as subscribed")
	}
	form := map[string]any{"email": "visitor@example.org", "union": "37", "source": "blog-sidebar"}
	a := br.Want(br.Call("POST", route, route, form), 200)
	if a.Title() != "Newsletter signup successful!" {
		t.Errorf("message %q", a.Title())
	}
	cookie := strings.ToLower(a.Header.Get("Set-Cookie"))
	for _, want := range []string{"union_benefits_subscribed=1", "max-age=31536000", "path=/", "httponly", "samesite=lax"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("cookie %q lacks %s", cookie, want)
		}
	}
	if !subscribed(t, br) {
		t.Error("after signing up the session does not say so")
	}
	// A double click: still one entry.
	br.Want(br.Call("POST", route, route, form), 200)
	if all := b.Subscriptions.All(); len(all) != 1 || all[0].Email != "visitor@example.org" || all[0].UID != "" {
		t.Errorf("list %+v", all)
	}
	// Another browser is not subscribed by this one's sign-up.
	if subscribed(t, harness.NewBrowser(t, b.URL, c)) {
		t.Error("another visitor reads as subscribed")
	}
}

func TestAMembersSubscriptionIsTheirProfiles(t *testing.T) {
	b, c := bff(t)
	br := harness.NewBrowser(t, b.URL, c)
	reg := map[string]any{
		"email": "member@example.org", "password": "Password1", "confirmPassword": "Password1",
		"firstName": "Ada", "lastName": "Lovelace", "union": "37", "zip": "94612", "emailOpt": false,
	}
	br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", reg), 201)
	if subscribed(t, br) {
		t.Fatal("a member who opted out reads as subscribed")
	}
	a := br.Want(br.Call("POST", route, route, map[string]any{"email": "member@example.org", "union": "37", "source": "home-promo"}), 200)
	if strings.Contains(a.Header.Get("Set-Cookie"), "union_benefits_subscribed") {
		t.Error("a member got the visitor's cookie: their subscription is their profile's")
	}
	if !subscribed(t, br) {
		t.Error("the member's session does not read as subscribed")
	}
	if all := b.Subscriptions.All(); len(all) != 1 || all[0].UID == "" {
		t.Errorf("list %+v: the entry names the member", all)
	}
}

func TestRefusedSignUps(t *testing.T) {
	b, c := bff(t)
	br := harness.NewBrowser(t, b.URL, c)
	a := br.Want(br.Call("POST", route, route, map[string]any{"email": "", "union": "", "source": "hero-form"}), 400)
	if a.Title() != "Union and email address required." || a.Header.Get("Set-Cookie") != "" {
		t.Errorf("empty form: %q, cookie %q", a.Title(), a.Header.Get("Set-Cookie"))
	}
	br.Want(br.Call("POST", route, route, `{"email":["x"]}`), 400)

	other := harness.NewBrowser(t, b.URL, c)
	other.Header = http.Header{"Origin": {"https://evil.example"}, "Sec-Fetch-Site": {"cross-site"}}
	other.Want(other.Call("POST", route, route, map[string]any{"email": "x@example.org", "union": "37", "source": "hero-form"}), 403)
	if n := len(b.Subscriptions.All()); n != 0 {
		t.Errorf("refused sign-ups wrote %d entries", n)
	}
}

// Sign-ups are limited per address like the account forms (RATE_LIMIT_PER_IP, 30 here).
func TestSignUpsAreLimited(t *testing.T) {
	b, c := bff(t)
	br := harness.NewBrowser(t, b.URL, c)
	limited := 0
	for i := range 35 {
		email := strings.Repeat("x", i+1) + "@example.org"
		a := br.Call("POST", route, route, map[string]any{"email": email, "union": "37", "source": "hero-form"})
		if a.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 5 {
		t.Errorf("%d of 35 limited, want the 5 past 30", limited)
	}
}
