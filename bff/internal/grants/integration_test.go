//go:build integration

package grants_test

// The grant flows against the real stand-ins: the Firebase Auth emulator, the Firestore emulator
// (@firestore-emulator/server) and the stack's fixture CMS. Run through
// `.bin/stack test -- go test -tags integration ./bff/...`, or inside `eval "$(.bin/stack env)"`
// next to `make dev`.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/firestore"
)

func realBFF(t *testing.T) *harness.BFF { return harness.ServeOnEmulators(t, nil) }

// register signs a new member up (and in) through the BFF.
func (br *browser) register() {
	br.T.Helper()
	br.SignUp("grants", password)
}

// recent is a hospital submission whose dates are within the window on the real clock.
func recent() map[string]any {
	body := hospital()
	f := body["fields"].(map[string]any)
	start := time.Now().UTC().AddDate(0, -2, 0)
	f["hospitalOneStart"], f["hospitalOneEnd"] = start.Format(time.DateOnly), start.AddDate(0, 0, 6).Format(time.DateOnly)
	// Unique values per run: the emulator keeps every case until it restarts.
	f["street"] = fmt.Sprintf("%d Broadway", rand.IntN(100000))
	return body
}

func TestCasesAgainstTheEmulators(t *testing.T) {
	b := realBFF(t)
	c := harness.LoadContract(t)
	a := newBrowser(t, b.URL, c)
	a.register()

	form := a.Want(a.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if harness.Dig(form.JSON, "prefill", "union") != "10237" || form.JSON["alreadySubmitted"] != nil {
		t.Fatalf("a new member's form: %s", form.Body)
	}

	// Create, then the same submission again: one case.
	body := recent()
	first := a.Want(a.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", body), 201)
	id, _ := harness.Dig(first.JSON, "case", "id").(string)
	again := a.Want(a.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", body), 200)
	if harness.Dig(again.JSON, "case", "id") != id {
		t.Fatalf("repeat made another case: %s", again.Body)
	}
	list := a.Want(a.Call("GET", casesRoute, "/api/v1/cases", nil), 200)
	cases, _ := list.JSON["cases"].([]any)
	if len(cases) != 1 || harness.Dig(cases[0], "id") != id || harness.Dig(cases[0], "statusLine") != "Sending" {
		t.Fatalf("My Forms: %s", list.Body)
	}
	form = a.Want(a.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if harness.Dig(form.JSON, "alreadySubmitted", "caseId") != id {
		t.Errorf("already submitted: %s", form.Body)
	}

	// The record as stored: the session's uid, no confirmEmail, the flags.
	store, err := firestore.New(context.Background(), os.Getenv("FIREBASE_PROJECT_ID"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	session := a.Want(a.Call("GET", "/api/v1/session", "/api/v1/session", nil), 200)
	uid, _ := harness.Dig(session.JSON, "user", "uid").(string)
	stored, err := store.Cases().CasesOf(context.Background(), uid)
	if err != nil || len(stored) != 1 {
		t.Fatalf("stored: %+v %v", stored, err)
	}
	s := stored[0]
	if s.ID != id || s.Status != "unprocessed" || s.IsNew || !s.SkipUnionCheck || s.Values["unionName"] != "Communications Workers of America" ||
		s.Values["state"] != "5" || s.Values["stateCode"] != "CA" || s.Values["confirmEmail"] != nil {
		t.Errorf("stored case %+v", s)
	}

	// Member B sees none of A's cases; the same values make B's own.
	bb := newBrowser(t, b.URL, c)
	bb.register()
	if list := bb.Want(bb.Call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.JSON["cases"].([]any)) != 0 {
		t.Fatalf("B sees: %s", list.Body)
	}
	if form := bb.Want(bb.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200); form.JSON["alreadySubmitted"] != nil {
		t.Fatalf("B is told of A's case: %s", form.Body)
	}
	theirs := bb.Want(bb.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", body), 201)
	if harness.Dig(theirs.JSON, "case", "id") == id {
		t.Fatal("B's submission landed on A's case")
	}
	if list := a.Want(a.Call("GET", casesRoute, "/api/v1/cases", nil), 200); len(list.JSON["cases"].([]any)) != 1 {
		t.Fatalf("A sees B's case: %s", list.Body)
	}

	// A broken rule writes nothing.
	bad := recent()
	bad["fields"].(map[string]any)["hospitalUnreimbursed"] = "10"
	a.Want(a.Call("POST", submitRoute, "/api/v1/forms/hospital-grant/cases", bad), 400)
	if stored, _ := store.Cases().CasesOf(context.Background(), uid); len(stored) != 1 {
		t.Fatalf("%d cases after a refused submission", len(stored))
	}
}

// The demo member's seeded cases, as My Forms lists them.
func TestSeededCasesOfTheDemoMember(t *testing.T) {
	b := realBFF(t)
	c := harness.LoadContract(t)
	br := newBrowser(t, b.URL, c)
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "member@example.com", "password": password}), 200)
	list := br.Want(br.Call("GET", casesRoute, "/api/v1/cases", nil), 200)
	lines := map[string]any{}
	for _, c := range list.JSON["cases"].([]any) {
		lines[harness.Dig(c, "formId").(string)] = harness.Dig(c, "statusLine")
	}
	if lines["hospital-grant"] != "Sending" || lines["job-loss-grant-form-union-benefits-credit-cardholders"] != "Sending" {
		t.Errorf("status lines: %v", lines)
	}
	if v, ok := lines["strike-grant-credit-cardholders"]; !ok || v != nil {
		t.Errorf("the case with a confirmation number shows a status line: %v", lines)
	}
	form := br.Want(br.Call("GET", formRoute, "/api/v1/forms/hospital-grant", nil), 200)
	if form.JSON["alreadySubmitted"] == nil {
		t.Errorf("the seeded hospital case is not within the past year: %s", form.Body)
	}
}
