package grants_test

// Grant calls sent straight to the BFF, as a browser or an attacker would send them, without the
// frontend: gating, every endpoint's answers, idempotent submission and ownership. Firebase Auth
// and Firestore are the fakes here (the integration tests use the emulators); the CMS is the
// fixture CMS. Every answer is validated against contracts/openapi.yaml.

import (
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// browser is one person's browser (harness.Browser) with this package's steps.
type browser struct{ *harness.Browser }

type answer = harness.Answer

func newBrowser(t *testing.T, base string, c *harness.Contract) *browser {
	return &browser{harness.NewBrowser(t, base, c)}
}

const password = "Password1"

// signIn adds a member with a profile to the fakes and signs this browser in as them.
func (br *browser) signIn(b *harness.BFF, uid, email string) {
	br.T.Helper()
	b.Auth.Add(uid, email, password, true)
	b.Profiles.Put(uid, portal.Profile{
		FirstName: "Maria", LastName: "Lopez", Email: email, MobilePhone: "5105550142",
		Union: "Communications Workers of America", UnionLocal: "9415",
		Home: portal.Address{Address1: "1450 Broadway", City: "Oakland", State: "home_CA", Zip: "94612", Country: "us"},
	})
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
}

// hospital is a hospital grant submission valid on the harness's clock (2026-11-21).
func hospital() map[string]any {
	return map[string]any{"fields": map[string]any{
		"firstName": "Maria", "lastName": "Lopez", "email": "maria@example.com", "confirmEmail": "maria@example.com",
		"street": "1450 Broadway", "city": "Oakland", "state": "CA", "zip": "94612", "mobilePhone": "5105550142",
		"union": "10237", "terms": true,
		"programParticipation": []string{"25"}, "creditCardNumber": "4821", "hospitalOneStart": "2026-09-02",
		"hospitalOneEnd": "2026-09-09", "annualIncome": "52000", "hospitalUnreimbursed": "2400",
	}}
}

const (
	formRoute   = "/api/v1/forms/{id}"
	submitRoute = "/api/v1/forms/{id}/cases"
	casesRoute  = "/api/v1/cases"
)

func grantsBFF(t *testing.T) (*harness.BFF, *harness.Contract) {
	t.Helper()
	return harness.StartOnFixtures(t), harness.LoadContract(t)
}

func TestVisitorsAreRefused(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	for _, a := range []answer{
		br.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil),
		br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()),
		br.Call("GET", casesRoute, "/api/v1/cases", nil),
	} {
		if a.Status != 401 || a.Title() != "No current user ID!" || a.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("visitor: %d %q %q", a.Status, a.Title(), a.Header.Get("Cache-Control"))
		}
	}
	br.Header.Set("Cookie", "session=forged")
	if a := br.Call("GET", casesRoute, "/api/v1/cases", nil); a.Status != 401 || !strings.Contains(a.Header.Get("Set-Cookie"), "session=;") {
		t.Errorf("dead session: %d, cookie %q", a.Status, a.Header.Get("Set-Cookie"))
	}
	if len(b.Cases.All()) != 0 {
		t.Error("a visitor's submission was stored")
	}
}

func TestFormDocuments(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	br.signIn(b, "member-a", "maria@example.com")

	a := br.Want(br.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if a.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("cache control %q", a.Header.Get("Cache-Control"))
	}
	if a.JSON["kind"] != "hospital" || a.JSON["type"] != "grant" || harness.Dig(a.JSON, "prefill", "state") != "CA" ||
		harness.Dig(a.JSON, "prefill", "union") != "10237" || harness.Dig(a.JSON, "prefill", "unionLocal") != "9415" {
		t.Errorf("hospital form: %s", a.Body)
	}
	if !strings.Contains(harness.Dig(a.JSON, "texts", "intro").(string), "hospitalized") ||
		!strings.Contains(harness.Dig(a.JSON, "texts", "disclaimer").(string), "not loans") ||
		harness.Dig(a.JSON, "texts", "programPage") != "/benefits/hospital-grant" {
		t.Errorf("texts: %s", a.Body)
	}
	unions, _ := a.JSON["unions"].([]any)
	if len(unions) != 10 || harness.Dig(unions[0], "label") != "American Federation of State, County and Municipal Employees (AFSCME)" ||
		harness.Dig(unions[0], "id") != "10233" {
		t.Errorf("unions: %v", unions)
	}

	// The one form whose fixture has no concluding text (the button row is hidden).
	debt := br.Want(br.Call("GET", formRoute, "/api/v1/forms/debt-management-plan-grant", nil), 200)
	if _, ok := harness.Dig(debt.JSON, "texts").(map[string]any)["concluding"]; ok || debt.JSON["unionLocalRequired"] != true {
		t.Errorf("debt management: %s", debt.Body)
	}
	card := br.Want(br.Call("GET", formRoute, "/api/v1/forms/job-loss-grant-form-union-benefits-credit-cardholders", nil), 200)
	if card.JSON["kind"] != "job_loss_card" {
		t.Errorf("the {product} form: %s", card.Body)
	}

	ext := br.Want(br.Call("GET", formRoute, "/api/v1/forms/smartphone-rebate-form", nil), 200)
	url, _ := harness.Dig(ext.JSON, "external", "url").(string)
	if ext.JSON["type"] != "external" || !strings.HasSuffix(url, "/sites/default/files/external-forms/smartphone-rebate.html?embed=1&union=Communications+Workers+of+America") ||
		harness.Dig(ext.JSON, "external", "height") != 1415.0 || harness.Dig(ext.JSON, "external", "width") != 800.0 {
		t.Errorf("external form: %s", ext.Body)
	}
	if status, _, page := harness.Get(t, url); status != 200 || !strings.Contains(string(page), "Smartphone Rebate") {
		t.Errorf("the stand-in page: %d", status)
	}

	for _, id := range []string{"no-such-form", "Hospital-Grant", "hospital_grant", strings.Repeat("a", 129)} {
		if a := br.Call("GET", formRoute, "/api/v1/forms/"+id, nil); a.Status != 404 || a.Title() != "404 not found." {
			t.Errorf("%s: %d %q", id, a.Status, a.Title())
		}
	}
}

func TestSubmitOnceAndList(t *testing.T) {
	b, c := grantsBFF(t)
	maria := newBrowser(t, b.URL, c)
	maria.signIn(b, "member-a", "maria@example.com")

	if list := maria.Want(maria.Call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.JSON["cases"].([]any)) != 0 {
		t.Fatalf("cases before any: %s", list.Body)
	}
	first := maria.Want(maria.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 201)
	id := harness.Dig(first.JSON, "case", "id")
	if first.Title() != "Form submitted successfully." || harness.Dig(first.JSON, "case", "statusLine") != "Sending" ||
		harness.Dig(first.JSON, "case", "submitted") != "2026-11-21T12:00:00Z" || first.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("submitted: %s", first.Body)
	}
	// A double click: the same case, answered 200, still one record.
	again := maria.Want(maria.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 200)
	if harness.Dig(again.JSON, "case", "id") != id || b.Cases.Writes != 1 {
		t.Fatalf("repeat: %s, %d writes", again.Body, b.Cases.Writes)
	}
	stored := b.Cases.All()[0]
	if stored.UID != "member-a" || stored.Status != "unprocessed" || !stored.SkipUnionCheck || stored.Values["state"] != "5" {
		t.Errorf("stored %+v", stored)
	}

	b.Advance(time.Hour)
	other := hospital()
	other["fields"].(map[string]any)["hospitalUnreimbursed"] = "2500"
	second := maria.Want(maria.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", other), 201)
	list := maria.Want(maria.Call("GET", casesRoute, "/api/v1/cases", nil), 200)
	cases := list.JSON["cases"].([]any)
	if len(cases) != 2 || harness.Dig(cases[0], "id") != harness.Dig(second.JSON, "case", "id") || harness.Dig(cases[1], "id") != id ||
		harness.Dig(cases[0], "programPage") != "/benefits/hospital-grant" {
		t.Fatalf("My Forms, newest first: %s", list.Body)
	}
	form := maria.Want(maria.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if harness.Dig(form.JSON, "alreadySubmitted", "caseId") != harness.Dig(second.JSON, "case", "id") ||
		harness.Dig(form.JSON, "alreadySubmitted", "submitted") != "2026-11-21T13:00:00Z" {
		t.Errorf("already submitted: %s", form.Body)
	}

	// Another member sees none of it, and the same values make their own case.
	ana := newBrowser(t, b.URL, c)
	ana.signIn(b, "member-b", "ana@example.com")
	if list := ana.Want(ana.Call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.JSON["cases"].([]any)) != 0 {
		t.Fatalf("member B sees: %s", list.Body)
	}
	if form := ana.Want(ana.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200); form.JSON["alreadySubmitted"] != nil {
		t.Errorf("member B is told of A's case: %s", form.Body)
	}
	theirs := ana.Want(ana.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 201)
	if harness.Dig(theirs.JSON, "case", "id") == id {
		t.Fatal("two members' submissions share a case")
	}
	if len(b.Cases.All()) != 3 {
		t.Errorf("%d cases", len(b.Cases.All()))
	}
}

func TestBrokenRulesWriteNothing(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	br.signIn(b, "member-a", "maria@example.com")
	bad := hospital()
	f := bad["fields"].(map[string]any)
	f["confirmEmail"], f["union"], f["hospitalOneStart"], f["uid"] = "mario@example.com", "37", "2026-09-10", "member-b"
	a := br.Want(br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", bad), 400)
	for field, want := range map[string]string{
		"email":          `Email "maria@example.com" does not match confirmation value "mario@example.com"`,
		"union":          "Unknown union 37",
		"hospitalOneEnd": "Hospitalization start date should be before end date.",
		"uid":            "This field is not part of this form.",
	} {
		if got := a.FieldError(field); got != want {
			t.Errorf("%s: %q, want %q", field, got, want)
		}
	}
	if a.Title() != `Email "maria@example.com" does not match confirmation value "mario@example.com"` {
		t.Errorf("title %q", a.Title())
	}
	for _, body := range []string{`{"fields":`, `[]`, `{"fields":"x"}`} {
		br.Want(br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", body), 400)
	}
	if a := br.Want(br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", `{}`), 400); a.FieldError("terms") != "This field is required." {
		t.Errorf("empty submission: %s", a.Body)
	}
	if a := br.Want(br.Call("POST", submitRoute, "/api/v1/forms/no-such-form/cases", hospital()), 404); a.Title() != "404 not found." {
		t.Errorf("unknown form: %q", a.Title())
	}
	if a := br.Want(br.Call("POST", submitRoute, "/api/v1/forms/smartphone-rebate-form/cases", hospital()), 404); a.Title() != "Unknown form type" {
		t.Errorf("external form: %q", a.Title())
	}
	br.Header.Set("Sec-Fetch-Site", "cross-site")
	br.Want(br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 403)
	if n := len(b.Cases.All()); n != 0 {
		t.Fatalf("%d cases written", n)
	}
}

func TestStoreDown(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	br.signIn(b, "member-a", "maria@example.com")
	b.Cases.Fail = true
	a := br.Want(br.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 503)
	if a.Title() != "Your form could not be submitted. Please try again, or call 800-472-2005." {
		t.Errorf("store down: %q", a.Title())
	}
	br.Want(br.Call("GET", casesRoute, "/api/v1/cases", nil), 503)
	br.Want(br.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 503)
}
