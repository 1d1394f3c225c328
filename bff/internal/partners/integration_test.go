//go:build integration

package partners_test

// Partner sign-in against the Auth and Firestore emulators: a registered member verifies their
// email, allows the seeded test partner and gets what a partner receives, which the partner
// checks against the portal's published keys (as the demo partner does) and which Firebase does
// not take as a sign-in, so nobody can use it to change the member's password; the audit log and
// the connection in Firestore; and a disconnect after which the partner learns nothing more. Run
// through `.bin/stack test -- go test -tags integration ./bff/...`.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"

	gfs "cloud.google.com/go/firestore"
	firebase "firebase.google.com/go/v4"
	"firebase.google.com/go/v4/auth"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/partnerdemo"
)

// emulatorPost calls the Auth emulator's Identity Toolkit REST API as a partner's page could, and
// answers the status and the reply.
func emulatorPost(t *testing.T, method string, body any) (int, map[string]any) {
	t.Helper()
	url := fmt.Sprintf("http://%s/identitytoolkit.googleapis.com/v1/accounts:%s?key=fake-api-key", os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"), method)
	data, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var reply map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&reply)
	return resp.StatusCode, reply
}

func TestPartnerSignInOnTheEmulators(t *testing.T) {
	b := harness.ServeOnEmulators(t, map[string]string{"SETTINGS_TTL": "1ns"})
	c := harness.LoadContract(t)
	ctx := context.Background()
	app, err := firebase.NewApp(ctx, &firebase.Config{ProjectID: os.Getenv("FIREBASE_PROJECT_ID")})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := app.Auth(ctx)
	if err != nil {
		t.Fatal(err)
	}
	store, err := gfs.NewClient(ctx, os.Getenv("FIREBASE_PROJECT_ID"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })

	br := harness.NewBrowser(t, b.URL, c)
	email := br.SignUp("partner", password)
	uid := br.UID()

	if a := token(br, "test-partner", nil); a.Status != 403 || a.Title() != "Your email address is still unverified." {
		t.Fatalf("unverified: %d %s", a.Status, a.Body)
	}
	// The member follows the link (here: the Admin SDK marks it); the next ask reads it afresh.
	if _, err := admin.UpdateUser(ctx, uid, (&auth.UserToUpdate{}).EmailVerified(true)); err != nil {
		t.Fatal(err)
	}
	if a := br.Want(document(br, "test-partner"), 200); harness.Dig(a.JSON, "member", "emailVerified") != true || harness.Dig(a.JSON, "member", "confirmed") != false {
		t.Fatalf("document: %s", a.Body)
	}
	if a := token(br, "test-partner", nil); a.Status != 409 {
		t.Fatalf("before consent: %d %s", a.Status, a.Body)
	}
	br.Want(connect(br, "test-partner"), 200)
	received, _ := br.Want(token(br, "test-partner", map[string]string{"origin": "http://127.0.0.1:3000"}), 200).JSON["token"].(string)

	// The partner's server checks it against the published keys, and learns who the member is
	// to it: their email, verified, and an id of its own, not the uid.
	partner := &partnerdemo.Verifier{Issuer: harness.Nowhere, KeysURL: b.URL + partnerdemo.KeysPath, Partner: "test-partner"}
	m, err := partner.Verify(ctx, received)
	if err != nil || m.Email != email || !m.EmailVerified || m.Subject == "" || m.Subject == uid {
		t.Fatalf("the partner's check: %+v %v", m, err)
	}
	if _, err := partner.Verify(ctx, received); err == nil {
		t.Errorf("the same token was good twice")
	}
	other := &partnerdemo.Verifier{Issuer: harness.Nowhere, KeysURL: b.URL + partnerdemo.KeysPath, Partner: "travel-deals"}
	if _, err := other.Verify(ctx, received); err == nil {
		t.Errorf("another partner took a token that was not for it")
	}
	again, _ := br.Want(token(br, "test-partner", nil), 200).JSON["token"].(string)
	if m2, err := partner.Verify(ctx, again); err != nil || m2.Subject != m.Subject {
		t.Errorf("the member's id at the partner changed: %+v %v", m2, err)
	}

	// The take-over a Firebase custom token allowed: exchange it for the member's sign-in, then
	// set a password of the partner's choosing. Firebase takes what a partner receives for no
	// sign-in, so there is no ID token to change anything with, and the portal still refuses the
	// partner's password.
	status, reply := emulatorPost(t, "signInWithCustomToken", map[string]any{"token": again, "returnSecureToken": true})
	if status == http.StatusOK {
		t.Fatalf("Firebase signed a partner in with what it received: %v", reply)
	}
	status, reply = emulatorPost(t, "update", map[string]any{"idToken": again, "password": "Partner-chosen1", "returnSecureToken": true})
	if status == http.StatusOK {
		t.Fatalf("Firebase changed the password with what a partner received: %v", reply)
	}
	intruder := harness.NewBrowser(t, b.URL, c)
	if a := intruder.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": "Partner-chosen1"}); a.Status != 401 {
		t.Errorf("signing in with the partner's password: %d %s", a.Status, a.Body)
	}
	br.Want(harness.NewBrowser(t, b.URL, c).Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)

	// Firestore holds the audit entries and the connection.
	entries, err := store.Collection("partnerTokens").Where("uid", "==", uid).Documents(ctx).GetAll()
	if err != nil || len(entries) != 2 || entries[0].Data()["partner"] != "test-partner" {
		t.Fatalf("audit log: %v %v", entries, err)
	}
	sites := br.Want(br.Call("GET", "/api/v1/partners", "/api/v1/partners", nil), 200)
	if list := harness.Dig(sites.JSON, "sites").([]any); len(list) != 1 || harness.Dig(list[0], "lastSignIn") == nil {
		t.Fatalf("sites: %s", sites.Body)
	}

	// Disconnect: consent gone, so the partner learns nothing more without asking; the member's
	// own sessions go on (there was nothing of theirs to revoke).
	br.Want(br.Call("DELETE", "/api/v1/partners/{id}/connection", "/api/v1/partners/test-partner/connection", nil), 200)
	if a := token(br, "test-partner", nil); a.Status != 409 {
		t.Errorf("token after disconnect: %d %s", a.Status, a.Body)
	}
	if a := br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil); a.Status != 200 {
		t.Errorf("this browser after disconnect: %d", a.Status)
	}
}
