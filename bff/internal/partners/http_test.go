package partners_test

// Partner sign-in sent straight to the BFF, as the popup or an attacker would send it: which
// reader gets which document, every rule before a token is released, the audit log, consent and
// disconnect. Firebase Auth and Firestore are the fakes (integration_test.go runs the emulators);
// every answer is validated against contracts/openapi.yaml.

import (
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/partnerdemo"
	"github.com/union-benefits/portal/bff/internal/portal"
)

const password = "Password1"

func start(t *testing.T) (*harness.BFF, *harness.Contract) {
	t.Helper()
	cms := harness.StartCMS(t)
	// The login switch is read afresh each time, so a test can flip it.
	return harness.StartBFF(t, harness.Config(cms.URL, map[string]string{"SETTINGS_TTL": "1ns"})), harness.LoadContract(t)
}

// member signs a new browser in as a member (verified or not) with a profile.
func member(t *testing.T, b *harness.BFF, c *harness.Contract, uid string, verified bool) *harness.Browser {
	t.Helper()
	email := uid + "@example.com"
	b.Auth.Add(uid, email, password, verified)
	b.Profiles.Put(uid, portal.Profile{FirstName: "Maria", Email: email, Union: "Communications Workers of America"})
	br := harness.NewBrowser(t, b.URL, c)
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
	return br
}

func document(br *harness.Browser, id string) harness.Answer {
	return br.Call("GET", "/api/v1/partners/{id}", "/api/v1/partners/"+id, nil)
}

func token(br *harness.Browser, id string, body any) harness.Answer {
	return br.Call("POST", "/api/v1/partners/{id}/token", "/api/v1/partners/"+id+"/token", body)
}

func connect(br *harness.Browser, id string) harness.Answer {
	return br.Call("PUT", "/api/v1/partners/{id}/connection", "/api/v1/partners/"+id+"/connection", nil)
}

func TestThePopupsDocument(t *testing.T) {
	b, c := start(t)
	visitor := harness.NewBrowser(t, b.URL, c)
	a := visitor.Want(document(visitor, "test-partner"), 200)
	if harness.Dig(a.JSON, "name") != "Test Partner" || harness.Dig(a.JSON, "loginEnabled") != true || a.JSON["member"] != nil ||
		a.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("visitor: %s", a.Body)
	}
	// The disclaimer is the partner's HTML, sanitised: no script, no handler.
	if d, _ := a.JSON["confirmationDisclaimer"].(string); strings.Contains(d, "script") || strings.Contains(d, "onclick") || !strings.Contains(d, "This partner exists for testing.") {
		t.Errorf("disclaimer %q", d)
	}
	if origins := harness.Dig(a.JSON, "allowedOrigins").([]any); len(origins) != 2 {
		t.Errorf("origins %v", origins)
	}
	a = document(visitor, "no-such-partner")
	if a.Status != 404 || a.Title() != "Partner no-such-partner not found." {
		t.Errorf("unknown: %d %q", a.Status, a.Title())
	}

	unverified := member(t, b, c, "u-unverified", false)
	a = unverified.Want(document(unverified, "test-partner"), 200)
	if harness.Dig(a.JSON, "member", "emailVerified") != false || harness.Dig(a.JSON, "member", "confirmed") != false {
		t.Errorf("unverified member: %s", a.Body)
	}
	// Verified since the session began: the document reads it afresh.
	b.Auth.SetVerified("u-unverified", true)
	if a := document(unverified, "test-partner"); harness.Dig(a.JSON, "member", "emailVerified") != true {
		t.Errorf("verified since: %s", a.Body)
	}

	b.Profiles.SetLogin(false)
	a = visitor.Want(document(visitor, "test-partner"), 200)
	if harness.Dig(a.JSON, "loginEnabled") != false || !strings.Contains(a.Title()+harness.Dig(a.JSON, "loginOfflineMessage").(string), "temporarily offline") {
		t.Errorf("login off: %s", a.Body)
	}
}

func TestATokenNeedsEveryRule(t *testing.T) {
	b, c := start(t)
	visitor := harness.NewBrowser(t, b.URL, c)
	if a := token(visitor, "test-partner", nil); a.Status != 401 {
		t.Errorf("visitor: %d", a.Status)
	}

	br := member(t, b, c, "u-maria", false)
	if a := token(br, "test-partner", nil); a.Status != 403 || a.Title() != "Your email address is still unverified." {
		t.Errorf("unverified: %d %q", a.Status, a.Title())
	}
	b.Auth.SetVerified("u-maria", true)
	if a := token(br, "test-partner", nil); a.Status != 409 || a.Title() != "Please confirm that Test Partner may sign you in." {
		t.Errorf("no consent: %d %q", a.Status, a.Title())
	}
	if a := token(br, "no-such-partner", nil); a.Status != 404 {
		t.Errorf("unknown partner: %d", a.Status)
	}
	// Consent to another partner is not consent to this one.
	br.Want(connect(br, "travel-deals"), 200)
	if a := token(br, "test-partner", nil); a.Status != 409 {
		t.Errorf("consent to another: %d", a.Status)
	}
	if len(b.Partners.Tokens) != 0 {
		t.Fatalf("tokens issued while refused: %+v", b.Partners.Tokens)
	}

	first := br.Want(connect(br, "test-partner"), 200)
	again := br.Want(connect(br, "test-partner"), 200)
	if harness.Dig(first.JSON, "connected") != harness.Dig(again.JSON, "connected") {
		t.Errorf("connecting again moved the time: %s / %s", first.Body, again.Body)
	}

	a := br.Want(token(br, "test-partner", map[string]string{"origin": "http://127.0.0.1:3000"}), 200)
	// What the partner receives checks against the published keys, and says who the member is to
	// that partner: their email and an id that is not the uid.
	tok, _ := a.JSON["token"].(string)
	partner := &partnerdemo.Verifier{Issuer: harness.Nowhere, KeysURL: b.URL + partnerdemo.KeysPath, Partner: "test-partner", Now: b.Now}
	if m, err := partner.Verify(t.Context(), tok); err != nil || m.Email != "u-maria@example.com" || !m.EmailVerified || m.Subject == "" ||
		strings.Contains(tok, "u-maria\"") {
		t.Errorf("what the partner received: %+v %v", m, err)
	}
	// An origin the partner does not allow is not recorded as where it went.
	br.Want(token(br, "test-partner", map[string]string{"origin": "https://evil.example"}), 200)
	log := b.Partners.Tokens
	if len(log) != 2 || log[0].UID != "u-maria" || log[0].Partner != "test-partner" || log[0].Origin != "http://127.0.0.1:3000" || log[1].Origin != "" || log[0].Issued.IsZero() {
		t.Errorf("audit log %+v", log)
	}
	sites := br.Want(br.Call("GET", "/api/v1/partners", "/api/v1/partners", nil), 200)
	list := harness.Dig(sites.JSON, "sites").([]any)
	if len(list) != 2 || harness.Dig(list[1], "id") != "test-partner" || harness.Dig(list[1], "lastSignIn") == nil || harness.Dig(list[0], "lastSignIn") != nil {
		t.Errorf("sites %s", sites.Body)
	}

	// A token is never released when it cannot be accounted for.
	b.Partners.FailRecord = true
	if a := token(br, "test-partner", nil); a.Status != 503 || a.Title() != "Error contacting authentication server!" {
		t.Errorf("audit down: %d %q", a.Status, a.Title())
	}
	b.Partners.FailRecord = false

	// A cross-site page cannot ask for one.
	br.Header.Set("Origin", "https://evil.example")
	if a := token(br, "test-partner", nil); a.Status != 403 {
		t.Errorf("cross-site: %d", a.Status)
	}
	br.Header.Del("Origin")

	// Login off ends every session: no token.
	b.Profiles.SetLogin(false)
	if a := token(br, "test-partner", nil); a.Status != 401 {
		t.Errorf("login off: %d", a.Status)
	}
}

func TestTokensPerMemberAreLimited(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, map[string]string{"RATE_LIMIT_PER_IP": "3"}))
	br := member(t, b, harness.LoadContract(t), "u-rosa", true)
	br.Want(connect(br, "test-partner"), 200)
	for range 3 {
		br.Want(token(br, "test-partner", nil), 200)
	}
	if a := br.Want(token(br, "test-partner", nil), 429); a.Title() != "Too many attempts. Please wait a few minutes and try again." {
		t.Fatalf("the fourth token: %s", a.Body)
	}
	if n := len(b.Partners.Tokens); n != 3 {
		t.Fatalf("%d tokens logged, want the 3 issued", n)
	}
}

func TestDisconnectEndsFurtherTokens(t *testing.T) {
	b, c := start(t)
	br := member(t, b, c, "u-sam", true)
	otherDevice := harness.NewBrowser(t, b.URL, c)
	otherDevice.Want(otherDevice.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "u-sam@example.com", "password": password}), 200)
	br.Want(connect(br, "test-partner"), 200)
	br.Want(token(br, "test-partner", nil), 200)

	a := br.Want(br.Call("DELETE", "/api/v1/partners/{id}/connection", "/api/v1/partners/test-partner/connection", nil), 200)
	if sites := harness.Dig(a.JSON, "sites").([]any); len(sites) != 0 {
		t.Errorf("sites after: %s", a.Body)
	}
	// The partner must ask again. The member's sessions go on: the partner never held one of
	// theirs, so there is nothing to revoke.
	if a := token(br, "test-partner", nil); a.Status != 409 {
		t.Errorf("token after disconnect: %d", a.Status)
	}
	for _, device := range []*harness.Browser{br, otherDevice} {
		if a := device.Call("GET", "/api/v1/profile", "/api/v1/profile", nil); a.Status != 200 {
			t.Errorf("a device after disconnect: %d", a.Status)
		}
	}
	// Disconnecting what is not connected answers the same list.
	if again := br.Want(br.Call("DELETE", "/api/v1/partners/{id}/connection", "/api/v1/partners/test-partner/connection", nil), 200); string(again.Body) != string(a.Body) {
		t.Errorf("a second disconnect: %s", again.Body)
	}
}
