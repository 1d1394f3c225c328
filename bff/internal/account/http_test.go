package account_test

// Account calls sent straight to the BFF, as a browser or an attacker would send them, without
// the frontend: every rule and message, ownership, cookies, cross-site requests and rate limits.
// Firebase Auth and Firestore are accounttest's fakes here; the integration tests use the
// emulators. Every answer is also validated against contracts/openapi.yaml.

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// browser is one person's browser (harness.Browser) with this package's account steps.
type browser struct{ *harness.Browser }

type answer = harness.Answer

func newBrowser(t *testing.T, b *harness.BFF, c *harness.Contract) *browser {
	return &browser{harness.NewBrowser(t, b.URL, c)}
}

const goodPassword = "Password1"

func registration(email string) map[string]any {
	return map[string]any{
		"email": email, "password": goodPassword, "confirmPassword": goodPassword,
		"firstName": "Ada", "lastName": "Lovelace", "union": "37", "zip": "94612",
	}
}

func (br *browser) register(email string) answer {
	br.T.Helper()
	return br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", registration(email)), 201)
}

func (br *browser) signIn(email, password string) answer {
	br.T.Helper()
	return br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password})
}

func (br *browser) session() map[string]any {
	br.T.Helper()
	return br.Want(br.Call("GET", "/api/v1/session", "/api/v1/session", nil), 200).JSON
}

func accountBFF(t *testing.T, env map[string]string) (*harness.BFF, *harness.Contract) {
	t.Helper()
	cms := harness.StartCMS(t)
	return harness.StartBFF(t, harness.Config(cms.URL, env)), harness.LoadContract(t)
}

func TestRegisterSignOutAndSignIn(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)

	reg := br.register("ada@example.com")
	if reg.Title() != "You have successfully registered and logged in. Please check your email for further instructions." {
		t.Fatalf("register message %q", reg.Title())
	}
	cookie := reg.Header.Get("Set-Cookie")
	for _, want := range []string{"session=", "httponly", "samesite=lax", "path=/"} {
		if !strings.Contains(strings.ToLower(cookie), want) {
			t.Errorf("session cookie %q lacks %s", cookie, want)
		}
	}
	if strings.Contains(strings.ToLower(cookie), "secure") {
		t.Errorf("a localhost frontend got a Secure cookie: %q", cookie)
	}
	if got := b.Auth.Sent; len(got) != 1 || got[0] != "verify:ada@example.com" {
		t.Errorf("emails sent %v, want one verification", got)
	}
	stored, _ := b.Profiles.Get(sessionUID(t, br))
	if stored.Union != "Communications Workers of America" || !stored.EmailOpt || stored.EmailOptDate == nil || stored.Home.Zip != "94612" {
		t.Errorf("stored profile %+v: the union is stored by name, email opt-in on with its date", stored)
	}

	s := br.session()
	user, _ := s["user"].(map[string]any)
	if s["signedIn"] != true || user["email"] != "ada@example.com" || harness.Dig(user, "union", "id") != "37" {
		t.Fatalf("session after registering: %s", mustJSON(s))
	}

	out := br.Want(br.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 200)
	if out.Title() != "Logout successful!" || !strings.Contains(out.Header.Get("Set-Cookie"), "max-age=0") {
		t.Fatalf("sign out: %q, cookie %q", out.Title(), out.Header.Get("Set-Cookie"))
	}
	if br.session()["signedIn"] != false {
		t.Fatal("still signed in after signing out")
	}

	if a := br.Want(br.signIn("ada@example.com", "Wrong-pass1"), 401); a.Title() != "The email or password is incorrect." {
		t.Fatalf("wrong password: %q", a.Title())
	}
	if a := br.Want(br.signIn("ada@example.com", goodPassword), 200); a.Title() != "Login successful!" {
		t.Fatalf("sign in: %q", a.Title())
	}
	if br.session()["signedIn"] != true {
		t.Fatal("not signed in after signing in")
	}
	if a := br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", registration("ada@example.com")), 409); a.Title() != "The email address is already in use by another account." {
		t.Fatalf("second registration: %q", a.Title())
	}
}

func TestSignOutEndsCopiesOfTheCookie(t *testing.T) {
	b, c := accountBFF(t, nil)
	laptop, thief := newBrowser(t, b, c), newBrowser(t, b, c)
	laptop.register("ada@example.com")
	phone := newBrowser(t, b, c)
	phone.Want(phone.signIn("ada@example.com", goodPassword), 200)

	// Someone copied the laptop's cookie: it works as long as the session does.
	thief.Header.Set("Cookie", laptop.CookieHeader())
	thief.Want(thief.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200)

	laptop.Want(laptop.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 200)
	if a := thief.Want(thief.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 401); a.Title() != "Your session has ended. Please log in again." {
		t.Fatalf("the copied cookie after sign-out: %s", a.Body)
	}
	if thief.session()["signedIn"] != false {
		t.Fatal("the copied cookie still reads as signed in")
	}
	// Only that session ended: the member's phone is still signed in.
	if phone.session()["signedIn"] != true {
		t.Fatal("signing out on the laptop signed the phone out")
	}
	// Signing out again, or with a cookie that is no session, is fine.
	laptop.Want(laptop.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 200)
	thief.Want(thief.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 200)
}

func TestCookiesAreSecureOutsideLocalhost(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"FRONTEND_URL": "https://benefits.example.org"})
	br := newBrowser(t, b, c)
	// A cookie jar keeps Secure cookies from https only, so read the header itself.
	reg := br.register("grace@example.com")
	if cookie := strings.ToLower(reg.Header.Get("Set-Cookie")); !strings.Contains(cookie, "secure") || !strings.Contains(cookie, "httponly") {
		t.Fatalf("cookie %q: want Secure and HttpOnly", cookie)
	}
	// The cookie is a __Host- one (whole host, Path=/, no Domain), and only that name is read: a
	// plain "session" cookie, which a sibling subdomain or plain HTTP could plant, is not.
	set, err := http.ParseSetCookie(reg.Header.Get("Set-Cookie"))
	if err != nil || set.Name != "__Host-session" || set.Path != "/" || set.Domain != "" {
		t.Fatalf("Set-Cookie %q: want __Host-session on / without a domain (%v)", reg.Header.Get("Set-Cookie"), err)
	}
	sessionWith := func(cookie string) any {
		other := newBrowser(t, b, c)
		other.Header.Set("Cookie", cookie)
		return other.session()["signedIn"]
	}
	if sessionWith("__Host-session="+set.Value) != true {
		t.Fatal("the __Host- cookie does not sign in")
	}
	if sessionWith("session="+set.Value) != false {
		t.Fatal("a plain session cookie was believed outside localhost")
	}
	out := br.Call("DELETE", "/api/v1/session", "/api/v1/session", nil)
	if cleared := out.Header.Get("Set-Cookie"); !strings.HasPrefix(cleared, "__Host-session=;") {
		t.Fatalf("sign-out clears %q, want the __Host- cookie", cleared)
	}
}

func sessionUID(t *testing.T, br *browser) string {
	t.Helper()
	uid, _ := harness.Dig(br.session(), "user", "uid").(string)
	if uid == "" {
		t.Fatal("no signed-in user")
	}
	return uid
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestRegistrationRulesAndMessages(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	with := func(k string, v any) map[string]any {
		r := registration("new@example.com")
		r[k] = v
		return r
	}
	cases := []struct {
		name   string
		body   map[string]any
		field  string
		title  string
		status int
	}{
		{"no union", with("union", ""), "union", "Please select your union.", 400},
		{"unknown union", with("union", "999"), "union", "Unknown union 999", 400},
		{"bad email", with("email", "ada@example"), "email", "Please enter a valid email address.", 400},
		{"no first name", with("firstName", " "), "firstName", "Please provide valid values for all fields.", 400},
		{"no last name", with("lastName", ""), "lastName", "Please provide valid values for all fields.", 400},
		{"short zip", with("zip", "123"), "zip", "Please provide valid values for all fields.", 400},
		{"zip with symbols", with("zip", "94612!"), "zip", "Please provide valid values for all fields.", 400},
		{"weak password", with("password", "password"), "password", "Please provide valid values for all fields.", 400},
		{"confirm differs", with("confirmPassword", "Password2"), "confirmPassword", "Please confirm your password by entering it again exactly as you did in the Create Password field.", 400},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			br.T = t
			a := br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", tc.body), tc.status)
			if a.Title() != tc.title || a.FieldError(tc.field) != tc.title {
				t.Fatalf("got title %q, %s: %q; want %q", a.Title(), tc.field, a.FieldError(tc.field), tc.title)
			}
		})
	}
	br.T = t
	// The checks run in spec 3 §5's order: with everything wrong, the union's message leads.
	a := br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", map[string]any{"password": "x"}), 400)
	if a.Title() != "Please select your union." || len(a.JSON["errors"].([]any)) != 7 {
		t.Fatalf("all wrong: %s", a.Body)
	}
	if br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", `{"email":`), 400).Title() != "The request body is not valid JSON." {
		t.Fatal("malformed JSON")
	}
	if b.Auth.Exists("new@example.com") {
		t.Fatal("a refused registration created an account")
	}
}

func TestARefusedProfileWriteLeavesNoAccount(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	b.Profiles.FailSave = true
	a := br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", registration("half@example.com")), 503)
	if !strings.HasPrefix(a.Title(), "Sorry, there has been an error registering your new account. Please contact the provider at ") {
		t.Fatalf("message %q", a.Title())
	}
	if b.Auth.Exists("half@example.com") {
		t.Fatal("the account stayed without its profile")
	}
}

func validProfile(email string) map[string]any {
	return map[string]any{
		"firstName": "Ada", "lastName": "Lovelace", "email": email, "mobilePhone": "(510) 555-0134",
		"mobileOpt": true, "emailOpt": false, "union": "37", "unionJoined": "2004", "unionLocal": "Local 9415",
		"unionRole": "union_role_1", "unionRelationship": "relationship_union_2", "employmentStatus": "employment_status_1",
		"incomeOpt": true, "incomeRange": "annual_income_5", "birthDay": "10", "birthMonth": "12", "birthYear": "1985",
		"home": map[string]any{"address1": "1 Main St", "address2": "", "city": "Oakland", "country": "us", "state": "home_CA", "zip": "94612"},
	}
}

func TestProfileRulesAndMessages(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	set := func(k string, v any) map[string]any {
		p := validProfile("ada@example.com")
		if field, ok := strings.CutPrefix(k, "home."); ok {
			p["home"].(map[string]any)[field] = v
		} else {
			p[k] = v
		}
		return p
	}
	cases := []struct{ field, value, message string }{
		{"firstName", "", "This field is required."},
		{"lastName", " ", "This field is required."},
		{"email", "", "This field is required."},
		{"email", "ada@", "Please enter a valid email address."},
		{"email", "other@example.com", "Use Change Email to change your email address."},
		{"union", "", "You cannot save your profile with an empty union value. Please select a union on your profile."},
		{"union", "999", "Unknown union 999"},
		{"mobilePhone", "555-01", "Please enter a valid mobile phone number."},
		{"unionJoined", "04", "Please enter the year you joined as 4 digits."},
		{"unionJoined", "2999", "Please enter the year you joined as 4 digits."},
		{"unionRole", "union_role_9", "Please choose one of the options."},
		{"birthDay", "31", "Please choose a valid birthday."}, // 31 December is fine; see the month below
		{"home.zip", "", "This field is required."},
		{"home.zip", "1234", "Please enter a 5-10 digit zip."},
		{"home.zip", "12345678901", "Please enter a 5-10 digit zip."},
		{"home.state", "CA", "Please choose one of the options."},
		{"home.country", "mars", "Please choose one of the options."},
	}
	for _, tc := range cases {
		t.Run(tc.field+"="+tc.value, func(t *testing.T) {
			br.T = t
			body := set(tc.field, tc.value)
			field := tc.field
			if tc.field == "birthDay" {
				body["birthMonth"] = "2" // 31 February
				field = "birthMonth"
			}
			a := br.Want(br.Call("PUT", "/api/v1/profile", "/api/v1/profile", body), 400)
			if got := a.FieldError(field); got != tc.message {
				t.Fatalf("%s: %q, want %q (%s)", field, got, tc.message, a.Body)
			}
		})
	}
	br.T = t
	noPhone := set("mobilePhone", "")
	if a := br.Want(br.Call("PUT", "/api/v1/profile", "/api/v1/profile", noPhone), 400); a.FieldError("mobileOpt") != "Please enter a mobile phone number to receive text messages." {
		t.Fatalf("texts without a phone: %s", a.Body)
	}

	writes := b.Profiles.Writes
	a := br.Want(br.Call("PUT", "/api/v1/profile", "/api/v1/profile", validProfile("ada@example.com")), 200)
	if a.Title() != "Your profile has been updated." || b.Profiles.Writes != writes+1 {
		t.Fatalf("save: %q, %d writes", a.Title(), b.Profiles.Writes-writes)
	}
	stored, _ := b.Profiles.Get(sessionUID(t, br))
	if stored.MobilePhone != "5105550134" || stored.MobileOptDate == nil || stored.EmailOpt || stored.EmailOptDate != nil || stored.Union != "Communications Workers of America" {
		t.Fatalf("stored: phone %q as digits, texts dated, email opt-out undated, union by name: %+v", stored.MobilePhone, stored)
	}
	if got := harness.Dig(a.JSON, "profile", "union"); got != "37" {
		t.Fatalf("the profile reads the union as its term id: %v", got)
	}
}

func TestInterestsRulesAndMessages(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	good := func() map[string]any {
		return map[string]any{"interests": []string{"travel", "auto"}, "wirelessCarrier": "wireless_carrier_11", "wirelessCarrierOther": "Mint",
			"vehicleOwner": "vehicle_owner_1", "vehicleMake": "Ford", "vehicleModel": "F-150", "spanishSpeakerInHome": "spanish_speaker_in_home_2",
			"homeowner": "homeowner_2", "recommendUp": "recommend_up_1"}
	}
	cases := []struct {
		name, field, message string
		change               func(map[string]any)
	}{
		{"no interests", "interests", `Minimum of one "What are you interested in?" is required.`, func(m map[string]any) { m["interests"] = []string{} }},
		{"no carrier", "wirelessCarrier", "Please choose your wireless carrier.", func(m map[string]any) { m["wirelessCarrier"] = "" }},
		{"other carrier unnamed", "wirelessCarrierOther", "Please tell us your wireless carrier.", func(m map[string]any) { m["wirelessCarrierOther"] = " " }},
		{"owner without a model", "vehicleMake", "Please choose your vehicle's make and model.", func(m map[string]any) { m["vehicleModel"] = "" }},
		{"model of another make", "vehicleMake", "Please choose your vehicle's make and model.", func(m map[string]any) { m["vehicleModel"] = "Wrangler" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			br.T = t
			body := good()
			tc.change(body)
			a := br.Want(br.Call("PUT", "/api/v1/profile/interests", "/api/v1/profile/interests", body), 400)
			if a.FieldError(tc.field) != tc.message {
				t.Fatalf("%s: %s", tc.field, a.Body)
			}
		})
	}
	br.T = t
	a := br.Want(br.Call("PUT", "/api/v1/profile/interests", "/api/v1/profile/interests", good()), 200)
	if a.Title() != `Your interests have been updated. Please continue to complete your profile by clicking on "My Profile".` {
		t.Fatalf("message %q", a.Title())
	}
	// A non-owner answer clears make and model, whatever the browser sends with it.
	body := good()
	body["vehicleOwner"] = "vehicle_owner_2"
	a = br.Want(br.Call("PUT", "/api/v1/profile/interests", "/api/v1/profile/interests", body), 200)
	if harness.Dig(a.JSON, "profile", "vehicleMake") != "" || harness.Dig(a.JSON, "profile", "vehicleModel") != "" {
		t.Fatalf("make and model kept: %s", a.Body)
	}
}

func TestAMemberNeverReachesAnotherMembersData(t *testing.T) {
	b, c := accountBFF(t, nil)
	alice, bob := newBrowser(t, b, c), newBrowser(t, b, c)
	alice.register("alice@example.com")
	bob.register("bob@example.com")
	bobUID := sessionUID(t, bob)
	bob.Want(bob.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/benefit:1180", nil), 200)

	// No route takes a uid: whatever Alice adds, she reads and writes her own profile.
	for _, target := range []string{"/api/v1/profile?uid=" + bobUID, "/api/v1/profile"} {
		a := alice.Want(alice.Call("GET", "/api/v1/profile", target, nil), 200)
		if harness.Dig(a.JSON, "profile", "email") != "alice@example.com" {
			t.Fatalf("%s: %s", target, a.Body)
		}
	}
	body := validProfile("bob@example.com")
	body["uid"] = bobUID
	alice.Want(alice.Call("PUT", "/api/v1/profile", "/api/v1/profile", body), 400)
	alice.Want(alice.Call("PUT", "/api/v1/profile", "/api/v1/profile?uid="+bobUID, validProfile("alice@example.com")), 200)
	alice.Want(alice.Call("DELETE", "/api/v1/favorites/{id}", "/api/v1/favorites/benefit:1180", nil), 200)

	stored, _ := b.Profiles.Get(bobUID)
	if stored.FirstName != "Ada" || len(stored.Favorites) != 1 {
		t.Fatalf("Bob's profile changed: %+v", stored)
	}
	if favs := alice.Want(alice.Call("GET", "/api/v1/favorites", "/api/v1/favorites", nil), 200); len(favs.JSON["ids"].([]any)) != 0 {
		t.Fatalf("Alice sees favorites: %s", favs.Body)
	}

	// Without a session, or with a forged one, nothing personal answers.
	visitor := newBrowser(t, b, c)
	for _, r := range []struct{ method, route string }{
		{"GET", "/api/v1/profile"}, {"PUT", "/api/v1/profile"}, {"PUT", "/api/v1/profile/interests"},
		{"GET", "/api/v1/favorites"}, {"GET", "/api/v1/account/benefits"}, {"PUT", "/api/v1/session/password"},
	} {
		visitor.Want(visitor.Call(r.method, r.route, r.route, map[string]any{}), 401)
	}
	visitor.Header.Set("Cookie", "session=session|"+bobUID+"|999999")
	visitor.Want(visitor.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200) // the fake's sessions are unsigned
	visitor.Header.Set("Cookie", "session=forged")
	visitor.Want(visitor.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 401)
}

func TestCrossSiteRequestsAreRefused(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	br.Header.Set("Origin", "https://evil.example")
	if a := br.Want(br.Call("DELETE", "/api/v1/session", "/api/v1/session", nil), 403); a.Title() != "Cross-site requests are not allowed." {
		t.Fatalf("cross-site origin: %q", a.Title())
	}
	br.Header.Del("Origin")
	br.Header.Set("Sec-Fetch-Site", "cross-site")
	br.Want(br.Call("PUT", "/api/v1/profile", "/api/v1/profile", validProfile("ada@example.com")), 403)
	br.Header.Del("Sec-Fetch-Site")
	if br.session()["signedIn"] != true {
		t.Fatal("a refused cross-site sign-out signed the member out")
	}
}

func TestAbuseLimitsAnswer429(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"RATE_LIMIT_PER_EMAIL": "3", "RATE_LIMIT_PER_IP": "6"})
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	for range 3 {
		br.Want(br.signIn("ada@example.com", "Wrong-pass1"), 401)
	}
	a := br.Want(br.signIn("ada@example.com", goodPassword), 429)
	if a.Title() != "Too many attempts. Please wait a few minutes and try again." {
		t.Fatalf("429 message %q", a.Title())
	}
	// Per IP: other emails from the same address run out too.
	for i := range 2 {
		br.Want(br.signIn("other"+string(rune('a'+i))+"@example.com", goodPassword), 401)
	}
	br.Want(br.signIn("fresh@example.com", goodPassword), 429)

	// Reset answers the same for a registered and an unknown email, and is limited per email.
	r1 := br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}), 202)
	r2 := br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "nobody@example.com"}), 202)
	if string(r1.Body) != string(r2.Body) || r1.Title() != "Password reset successfully sent!" {
		t.Fatalf("reset answers differ: %s / %s", r1.Body, r2.Body)
	}
	for range 2 {
		br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"})
	}
	br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}), 429)
}

func TestTheEmailLockoutCountsFailuresOnly(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"RATE_LIMIT_PER_EMAIL": "3", "RATE_LIMIT_PER_IP": "100"})
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	// A member who signs in rightly again and again is never locked out.
	for range 6 {
		br.Want(br.signIn("ada@example.com", goodPassword), 200)
	}
	// Two failures leave the third try open; the third failure closes the email's window, even
	// for the right password, in any spelling of the email.
	for range 2 {
		br.Want(br.signIn("ada@example.com", "Wrong-pass1"), 401)
	}
	br.Want(br.signIn("ada@example.com", goodPassword), 200)
	br.Want(br.signIn(" ADA@example.com", "Wrong-pass1"), 401)
	br.Want(br.signIn("ada@example.com", goodPassword), 429)
	// Another member is not touched.
	br.register("bob@example.com")
	br.Want(br.signIn("bob@example.com", goodPassword), 200)
}

func TestAccountRoutesRefuseLargeBodies(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	big := map[string]any{"email": strings.Repeat("a", 40<<10) + "@example.com", "password": goodPassword}
	if a := br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", big), 413); a.Title() != "The request body is too large." {
		t.Fatalf("a 40 KiB sign-in: %s", a.Body)
	}
	br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", big), 413)
}

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	b, c := accountBFF(t, nil)
	laptop, phone := newBrowser(t, b, c), newBrowser(t, b, c)
	laptop.register("ada@example.com")
	phone.Want(phone.signIn("ada@example.com", goodPassword), 200)

	change := func(current, next, confirm string) answer {
		return laptop.Call("PUT", "/api/v1/session/password", "/api/v1/session/password",
			map[string]any{"currentPassword": current, "newPassword": next, "confirmPassword": confirm})
	}
	if a := laptop.Want(change("Wrong-pass1", "Newpass12", "Newpass12"), 400); a.FieldError("currentPassword") != "Invalid current password." {
		t.Fatalf("wrong current: %s", a.Body)
	}
	if a := laptop.Want(change(goodPassword, "short", "short"), 400); a.FieldError("newPassword") != "Your password needs at least 8 characters; 1 uppercase letter; 1 lowercase letter; and 1 number." {
		t.Fatalf("weak new: %s", a.Body)
	}
	if a := laptop.Want(change(goodPassword, "Newpass12", "Newpass13"), 400); a.FieldError("confirmPassword") == "" {
		t.Fatalf("confirm: %s", a.Body)
	}
	if a := laptop.Want(change(goodPassword, "Newpass12", "Newpass12"), 200); a.Title() != "Password update successful!" {
		t.Fatalf("change: %q", a.Title())
	}
	if laptop.session()["signedIn"] != true {
		t.Fatal("this browser's session was not renewed")
	}
	if phone.session()["signedIn"] != false {
		t.Fatal("the other session still works")
	}
	phone.Want(phone.signIn("ada@example.com", goodPassword), 401)
	phone.Want(phone.signIn("ada@example.com", "Newpass12"), 200)
}

func TestChangeEmail(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	newBrowser(t, b, c).register("taken@example.com")
	change := func(current, email string) answer {
		return br.Call("PUT", "/api/v1/session/email", "/api/v1/session/email", map[string]any{"currentPassword": current, "newEmail": email})
	}
	if a := br.Want(change("", "ada2@example.com"), 400); a.FieldError("currentPassword") != "Please enter your current password." {
		t.Fatalf("no current: %s", a.Body)
	}
	if a := br.Want(change(goodPassword, "ada2@"), 400); a.FieldError("newEmail") != "Please enter a valid email address." {
		t.Fatalf("bad email: %s", a.Body)
	}
	if a := br.Want(change("Wrong-pass1", "ada2@example.com"), 400); a.FieldError("currentPassword") != "Invalid current password." {
		t.Fatalf("wrong current: %s", a.Body)
	}
	br.Want(change(goodPassword, "taken@example.com"), 409)
	a := br.Want(change(goodPassword, "ada2@example.com"), 200)
	if a.Title() != "Email update successful!" || harness.Dig(a.JSON, "session", "user", "email") != "ada2@example.com" {
		t.Fatalf("change: %s", a.Body)
	}
	stored, _ := b.Profiles.Get(sessionUID(t, br))
	if stored.Email != "ada2@example.com" {
		t.Fatalf("profile email %q", stored.Email)
	}
}

func TestPasswordReset(t *testing.T) {
	b, c := accountBFF(t, nil)
	other := newBrowser(t, b, c)
	other.register("ada@example.com")
	br := newBrowser(t, b, c)
	br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}), 202)
	var code string
	for k := range b.Auth.Resets {
		code = k
	}
	reset := func(body map[string]any) answer {
		return br.Call("POST", "/api/v1/password/reset", "/api/v1/password/reset", body)
	}
	full := func() map[string]any {
		return map[string]any{"apiKey": "k", "lang": "en", "mode": "resetPassword", "oobCode": code, "password": "Fresh123", "confirmPassword": "Fresh123"}
	}
	for _, missing := range []string{"apiKey", "lang", "mode", "oobCode"} {
		body := full()
		delete(body, missing)
		br.Want(reset(body), 400)
	}
	weak := full()
	weak["password"], weak["confirmPassword"] = "fresh", "fresh"
	br.Want(reset(weak), 400)
	a := br.Want(reset(full()), 200)
	if a.Title() != "You have successfully updated your password and are now logged into your account!" || a.JSON["partial"] == true {
		t.Fatalf("reset: %s", a.Body)
	}
	if br.session()["signedIn"] != true || other.session()["signedIn"] != false {
		t.Fatal("reset must sign this browser in and end older sessions")
	}
	// The owner is told, through the outbox a mail sender consumes (the spec's passwordChangedEmail).
	if mail := b.Partners.Mail; len(mail) != 1 || mail[0].To != "ada@example.com" || mail[0].Template != "passwordChanged" ||
		mail[0].Subject != "Your password was changed" || !strings.Contains(mail[0].Text, "Hello Ada,") || !strings.Contains(mail[0].Text, "800-472-2005") {
		t.Errorf("password-changed mail: %+v", mail)
	}
	if a := br.Want(reset(full()), 400); a.Title() != "This password reset link is invalid or has expired. Please request a new one." {
		t.Fatalf("used code: %q", a.Title())
	}

	// The password changed but older sessions could not be ended: the partial notice.
	br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}), 202)
	for k := range b.Auth.Resets {
		code = k
	}
	b.Auth.Fail["RevokeSessions"] = true
	a = br.Want(reset(full()), 200)
	if a.JSON["partial"] != true || !strings.Contains(a.Title(), "some prior sessions may still be valid") {
		t.Fatalf("partial reset: %s", a.Body)
	}
}

func TestLoginSwitchedOffEndsSessionsAndRefusesSignIn(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"SETTINGS_TTL": "1ns"})
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	b.Profiles.SetLogin(false)

	s := br.session()
	offline := "Union Benefits log in is temporarily offline for maintenance. Please check back soon."
	if s["signedIn"] != false || s["loginEnabled"] != false || s["loginOfflineMessage"] != offline {
		t.Fatalf("session with login off: %s", mustJSON(s))
	}
	for _, a := range []answer{
		br.signIn("ada@example.com", goodPassword),
		br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", registration("new@example.com")),
		br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}),
	} {
		if a.Status != 503 || a.Title() != offline {
			t.Fatalf("with login off: %d %s", a.Status, a.Body)
		}
	}
	b.Profiles.SetLogin(true)
	if br.session()["signedIn"] != false {
		t.Fatal("the session came back when login was switched on again")
	}
}

func TestFavoritesAndMyBenefits(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	mine := br.Want(br.Call("GET", "/api/v1/account/benefits", "/api/v1/account/benefits", nil), 200)
	other, _ := mine.JSON["other"].([]any)
	if len(other) == 0 {
		t.Fatalf("no benefits: %s", mine.Body)
	}
	id, _ := other[0].(map[string]any)["id"].(string)
	if portal.FavoriteKind(id) != "benefit" {
		t.Fatalf("card id %q", id)
	}
	// Each card names its category, which My Benefits groups and filters by.
	for _, group := range []string{"other", "hardship"} {
		cards, _ := mine.JSON[group].([]any)
		for _, card := range cards {
			if c, _ := card.(map[string]any)["category"].(string); c == "" {
				t.Fatalf("a %s card without its category: %v", group, card)
			}
		}
	}
	br.Want(br.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/"+id, nil), 200)
	// A browser encodes the colon: the same favorite.
	br.Want(br.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/"+strings.Replace(id, ":", "%3A", 1), nil), 200)
	a := br.Want(br.Call("GET", "/api/v1/favorites", "/api/v1/favorites", nil), 200)
	if items, _ := a.JSON["items"].([]any); len(items) != 1 || len(a.JSON["ids"].([]any)) != 1 {
		t.Fatalf("favorites after adding one twice: %s", a.Body)
	}
	br.Want(br.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/benefit:0000", nil), 404)
	br.Want(br.Call("PUT", "/api/v1/favorites/{id}", "/api/v1/favorites/bogus", nil), 400)
	a = br.Want(br.Call("DELETE", "/api/v1/favorites/{id}", "/api/v1/favorites/"+id, nil), 200)
	if len(a.JSON["ids"].([]any)) != 0 {
		t.Fatalf("after removing: %s", a.Body)
	}
}

func TestPagesReadAMemberAsAMemberOfTheirUnion(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	// The members-only page is gated for a visitor...
	if a := br.Want(br.Call("GET", "/api/v1/page", "/api/v1/page?path=/member-toolkit", nil), 200); a.JSON["gate"] == nil {
		t.Fatalf("visitor: %s", a.Body)
	}
	br.register("ada@example.com")
	// ...and open to a member, whose union (37, CWA) comes from the profile, not the query.
	a := br.Want(br.Call("GET", "/api/v1/page", "/api/v1/page?path=/member-toolkit&union=41", nil), 200)
	if a.JSON["gate"] != nil || harness.Dig(a.JSON, "union", "id") != "37" {
		t.Fatalf("member: %s", a.Body)
	}
}

// The mails sent to one address in a day are few, whoever asks for them: before, the per-email
// window alone let anyone have a member sent 1,440 reset mails a day.
func TestAnAddressIsSentOnlyAFewMailsADay(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"MAILS_PER_DAY": "3", "RATE_LIMIT_PER_EMAIL": "100", "RATE_LIMIT_PER_IP": "100"})
	br := newBrowser(t, b, c)
	br.register("ada@example.com") // its verification mail is the sign-up's, not counted
	forgot := func(email string) answer {
		return br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": email})
	}
	br.Want(forgot("ada@example.com"), 202)
	br.Want(br.Call("POST", "/api/v1/session/verification", "/api/v1/session/verification", nil), 200)
	br.Want(forgot(" ADA@example.com"), 202) // any spelling of the address counts
	refused := br.Want(forgot("ada@example.com"), 429)
	if refused.Title() != "Too many attempts. Please wait a few minutes and try again." {
		t.Fatalf("429 message %q", refused.Title())
	}
	br.Want(br.Call("POST", "/api/v1/session/verification", "/api/v1/session/verification", nil), 429)
	if got := len(b.Auth.Sent); got != 4 {
		t.Errorf("mails sent %v, want the sign-up's and three", b.Auth.Sent)
	}
	// Another address has its own day.
	br.Want(forgot("bob@example.com"), 202)
}
