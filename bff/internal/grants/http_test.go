package grants_test

// Grant calls sent straight to the BFF, as a browser or an attacker would send them, without the
// frontend: gating, every endpoint's answers, idempotent submission and ownership. Firebase Auth
// and Firestore are the fakes here (the integration tests use the emulators); the CMS is the
// fixture CMS. Every answer is validated against contracts/openapi.yaml.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
)

type browser struct {
	t        *testing.T
	base     string
	client   *http.Client
	contract *harness.Contract
	header   http.Header
}

func newBrowser(t *testing.T, base string, c *harness.Contract) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, client: &http.Client{Jar: jar}, contract: c, header: http.Header{}}
}

type answer struct {
	status int
	header http.Header
	body   []byte
	json   map[string]any
}

func (a answer) detail() string {
	if s, ok := a.json["detail"].(string); ok {
		return s
	}
	s, _ := a.json["message"].(string)
	return s
}

func (a answer) fieldError(field string) string {
	errs, _ := a.json["errors"].([]any)
	for _, e := range errs {
		m, _ := e.(map[string]any)
		if m["field"] == field {
			s, _ := m["message"].(string)
			return s
		}
	}
	return ""
}

// call sends a request and validates the answer against route's schema in the contract.
func (br *browser) call(method, route, target string, body any) answer {
	br.t.Helper()
	var r io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(v)
	default:
		data, _ := json.Marshal(v)
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, br.base+target, r)
	if err != nil {
		br.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range br.header {
		req.Header[k] = vs
	}
	resp, err := br.client.Do(req)
	if err != nil {
		br.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, body: data}
	_ = json.Unmarshal(data, &a.json)
	ptr, err := br.contract.ResponseSchema(route, method, resp.StatusCode, resp.Header.Get("Content-Type"))
	if err != nil {
		br.t.Fatalf("%s %s: %v: %s", method, target, err, data)
	}
	br.contract.Validate(br.t, ptr, data)
	return a
}

func (br *browser) want(a answer, status int) answer {
	br.t.Helper()
	if a.status != status {
		br.t.Fatalf("status %d, want %d: %s", a.status, status, a.body)
	}
	return a
}

const password = "Password1"

// signIn adds a member with a profile to the fakes and signs this browser in as them.
func (br *browser) signIn(b *harness.BFF, uid, email string) {
	br.t.Helper()
	b.Auth.Add(uid, email, password, true)
	b.Profiles.Put(uid, portal.Profile{
		FirstName: "Maria", LastName: "Lopez", Email: email, MobilePhone: "5105550142",
		Union: "Communications Workers of America", UnionLocal: "9415",
		Home: portal.Address{Address1: "1450 Broadway", City: "Oakland", State: "home_CA", Zip: "94612", Country: "us"},
	})
	br.want(br.call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
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
	cms := harness.StartCMS(t)
	return harness.StartBFF(t, harness.Config(cms.URL, nil)), harness.LoadContract(t)
}

func TestVisitorsAreRefused(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	for _, a := range []answer{
		br.call("GET", formRoute, "/api/v1/forms/hospital-grant", nil),
		br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()),
		br.call("GET", casesRoute, "/api/v1/cases", nil),
	} {
		if a.status != 401 || a.detail() != "No current user ID!" || a.header.Get("Cache-Control") != "no-store" {
			t.Errorf("visitor: %d %q %q", a.status, a.detail(), a.header.Get("Cache-Control"))
		}
	}
	br.header.Set("Cookie", "session=forged")
	if a := br.call("GET", casesRoute, "/api/v1/cases", nil); a.status != 401 || !strings.Contains(a.header.Get("Set-Cookie"), "session=;") {
		t.Errorf("dead session: %d, cookie %q", a.status, a.header.Get("Set-Cookie"))
	}
	if len(b.Cases.All()) != 0 {
		t.Error("a visitor's submission was stored")
	}
}

func TestFormDocuments(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	br.signIn(b, "member-a", "maria@example.com")

	a := br.want(br.call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if a.header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("cache control %q", a.header.Get("Cache-Control"))
	}
	if a.json["kind"] != "hospital" || a.json["type"] != "grant" || harness.Dig(a.json, "prefill", "state") != "CA" ||
		harness.Dig(a.json, "prefill", "union") != "10237" || harness.Dig(a.json, "prefill", "unionLocal") != "9415" {
		t.Errorf("hospital form: %s", a.body)
	}
	if !strings.Contains(harness.Dig(a.json, "texts", "intro").(string), "hospitalized") ||
		!strings.Contains(harness.Dig(a.json, "texts", "disclaimer").(string), "not loans") ||
		harness.Dig(a.json, "texts", "programPage") != "/benefits/hardship-grants" {
		t.Errorf("texts: %s", a.body)
	}
	unions, _ := a.json["unions"].([]any)
	if len(unions) != 10 || harness.Dig(unions[0], "label") != "American Federation of State, County and Municipal Employees (AFSCME)" ||
		harness.Dig(unions[0], "id") != "10233" {
		t.Errorf("unions: %v", unions)
	}

	// The one form whose fixture has no concluding text (the button row is hidden).
	debt := br.want(br.call("GET", formRoute, "/api/v1/forms/debt-management-plan-grant", nil), 200)
	if _, ok := harness.Dig(debt.json, "texts").(map[string]any)["concluding"]; ok || debt.json["unionLocalRequired"] != true {
		t.Errorf("debt management: %s", debt.body)
	}
	card := br.want(br.call("GET", formRoute, "/api/v1/forms/job-loss-grant-form-union-benefits-credit-cardholders", nil), 200)
	if card.json["kind"] != "job_loss_card" {
		t.Errorf("the {product} form: %s", card.body)
	}

	ext := br.want(br.call("GET", formRoute, "/api/v1/forms/smartphone-rebate-form", nil), 200)
	url, _ := harness.Dig(ext.json, "external", "url").(string)
	if ext.json["type"] != "external" || !strings.HasSuffix(url, "/sites/default/files/external-forms/smartphone-rebate.html?embed=1&union=Communications+Workers+of+America") ||
		harness.Dig(ext.json, "external", "height") != 1415.0 || harness.Dig(ext.json, "external", "width") != 800.0 {
		t.Errorf("external form: %s", ext.body)
	}
	if status, _, page := harness.Get(t, url); status != 200 || !strings.Contains(string(page), "Smartphone Rebate") {
		t.Errorf("the stand-in page: %d", status)
	}

	for _, id := range []string{"no-such-form", "Hospital-Grant", "hospital_grant", strings.Repeat("a", 129)} {
		if a := br.call("GET", formRoute, "/api/v1/forms/"+id, nil); a.status != 404 || a.detail() != "404 not found." {
			t.Errorf("%s: %d %q", id, a.status, a.detail())
		}
	}
}

func TestSubmitOnceAndList(t *testing.T) {
	b, c := grantsBFF(t)
	maria := newBrowser(t, b.URL, c)
	maria.signIn(b, "member-a", "maria@example.com")

	if list := maria.want(maria.call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.json["cases"].([]any)) != 0 {
		t.Fatalf("cases before any: %s", list.body)
	}
	first := maria.want(maria.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 201)
	id := harness.Dig(first.json, "case", "id")
	if first.detail() != "Form submitted successfully." || harness.Dig(first.json, "case", "statusLine") != "Sending" ||
		harness.Dig(first.json, "case", "submitted") != "2026-11-21T12:00:00Z" || first.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("submitted: %s", first.body)
	}
	// A double click: the same case, answered 200, still one record.
	again := maria.want(maria.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 200)
	if harness.Dig(again.json, "case", "id") != id || b.Cases.Writes != 1 {
		t.Fatalf("repeat: %s, %d writes", again.body, b.Cases.Writes)
	}
	stored := b.Cases.All()[0]
	if stored.UID != "member-a" || stored.Status != "unprocessed" || !stored.SkipUnionCheck || stored.Values["state"] != "5" {
		t.Errorf("stored %+v", stored)
	}

	b.Advance(time.Hour)
	other := hospital()
	other["fields"].(map[string]any)["hospitalUnreimbursed"] = "2500"
	second := maria.want(maria.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", other), 201)
	list := maria.want(maria.call("GET", casesRoute, "/api/v1/cases", nil), 200)
	cases := list.json["cases"].([]any)
	if len(cases) != 2 || harness.Dig(cases[0], "id") != harness.Dig(second.json, "case", "id") || harness.Dig(cases[1], "id") != id ||
		harness.Dig(cases[0], "programPage") != "/benefits/hardship-grants" {
		t.Fatalf("My Forms, newest first: %s", list.body)
	}
	form := maria.want(maria.call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if harness.Dig(form.json, "alreadySubmitted", "caseId") != harness.Dig(second.json, "case", "id") ||
		harness.Dig(form.json, "alreadySubmitted", "submitted") != "2026-11-21T13:00:00Z" {
		t.Errorf("already submitted: %s", form.body)
	}

	// Another member sees none of it, and the same values make their own case.
	ana := newBrowser(t, b.URL, c)
	ana.signIn(b, "member-b", "ana@example.com")
	if list := ana.want(ana.call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.json["cases"].([]any)) != 0 {
		t.Fatalf("member B sees: %s", list.body)
	}
	if form := ana.want(ana.call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200); form.json["alreadySubmitted"] != nil {
		t.Errorf("member B is told of A's case: %s", form.body)
	}
	theirs := ana.want(ana.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 201)
	if harness.Dig(theirs.json, "case", "id") == id {
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
	a := br.want(br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", bad), 400)
	for field, want := range map[string]string{
		"email":          `Email "maria@example.com" does not match confirmation value "mario@example.com"`,
		"union":          "Unknown union 37",
		"hospitalOneEnd": "Hospitalization start date should be before end date.",
		"uid":            "This field is not part of this form.",
	} {
		if got := a.fieldError(field); got != want {
			t.Errorf("%s: %q, want %q", field, got, want)
		}
	}
	if a.detail() != `Email "maria@example.com" does not match confirmation value "mario@example.com"` {
		t.Errorf("title %q", a.detail())
	}
	for _, body := range []string{`{"fields":`, `[]`, `{"fields":"x"}`} {
		br.want(br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", body), 400)
	}
	if a := br.want(br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", `{}`), 400); a.fieldError("terms") != "This field is required." {
		t.Errorf("empty submission: %s", a.body)
	}
	if a := br.want(br.call("POST", submitRoute, "/api/v1/forms/no-such-form/cases", hospital()), 404); a.detail() != "404 not found." {
		t.Errorf("unknown form: %q", a.detail())
	}
	if a := br.want(br.call("POST", submitRoute, "/api/v1/forms/smartphone-rebate-form/cases", hospital()), 404); a.detail() != "Unknown form type" {
		t.Errorf("external form: %q", a.detail())
	}
	br.header.Set("Sec-Fetch-Site", "cross-site")
	br.want(br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 403)
	if n := len(b.Cases.All()); n != 0 {
		t.Fatalf("%d cases written", n)
	}
}

func TestStoreDown(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)
	br.signIn(b, "member-a", "maria@example.com")
	b.Cases.Fail = true
	a := br.want(br.call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", hospital()), 503)
	if a.detail() != "Your form could not be submitted. Please try again, or call 800-472-2005." {
		t.Errorf("store down: %q", a.detail())
	}
	br.want(br.call("GET", casesRoute, "/api/v1/cases", nil), 503)
	br.want(br.call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 503)
}
