//go:build integration

package partners_test

// Partner sign-in against the Auth and Firestore emulators: a registered member verifies their
// email, allows the seeded test partner and gets a token that Firebase itself accepts for them
// (exchanged as a partner site would, then verified with the Admin SDK), the audit log and the
// connection in Firestore, and a disconnect that ends the partner's sign-in. Run through
// `.bin/stack test -- go test -tags integration ./bff/...`.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	gfs "cloud.google.com/go/firestore"
	firebase "firebase.google.com/go/v4"
	"firebase.google.com/go/v4/auth"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// emulatorPost calls the Auth emulator's Identity Toolkit REST API as a partner's page would.
func emulatorPost(t *testing.T, method string, body, into any) {
	t.Helper()
	url := fmt.Sprintf("http://%s/identitytoolkit.googleapis.com/v1/accounts:%s?key=fake-api-key", os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"), method)
	data, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		var problem map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&problem)
		t.Fatalf("%s: %d %v", method, resp.StatusCode, problem)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
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
	br.SignUp("partner", password)
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
	a := br.Want(token(br, "test-partner", map[string]string{"origin": "http://127.0.0.1:3000"}), 200)
	custom, _ := a.JSON["token"].(string)

	// The partner's page exchanges the token, and Firebase says who it is.
	var signedIn struct{ IDToken string }
	emulatorPost(t, "signInWithCustomToken", map[string]any{"token": custom, "returnSecureToken": true}, &signedIn)
	verified, err := admin.VerifyIDToken(ctx, signedIn.IDToken)
	if err != nil || verified.UID != uid || verified.Claims["partner"] != "test-partner" {
		t.Fatalf("the partner's sign-in: %+v %v", verified, err)
	}

	// Firestore holds the audit entry and the connection.
	entries, err := store.Collection("partnerTokens").Where("uid", "==", uid).Documents(ctx).GetAll()
	if err != nil || len(entries) != 1 || entries[0].Data()["partner"] != "test-partner" || entries[0].Data()["origin"] != "http://127.0.0.1:3000" {
		t.Fatalf("audit log: %v %v", entries, err)
	}
	sites := br.Want(br.Call("GET", "/api/v1/partners", "/api/v1/partners", nil), 200)
	if list := harness.Dig(sites.JSON, "sites").([]any); len(list) != 1 || harness.Dig(list[0], "lastSignIn") == nil {
		t.Fatalf("sites: %s", sites.Body)
	}

	// Disconnect: consent gone, the partner's refresh token revoked, this browser still signed in.
	time.Sleep(1100 * time.Millisecond) // Firebase's revocation time has one-second precision
	br.Want(br.Call("DELETE", "/api/v1/partners/{id}/connection", "/api/v1/partners/test-partner/connection", nil), 200)
	if a := token(br, "test-partner", nil); a.Status != 409 {
		t.Errorf("token after disconnect: %d %s", a.Status, a.Body)
	}
	if _, err := admin.VerifyIDTokenAndCheckRevoked(ctx, signedIn.IDToken); err == nil || !strings.Contains(err.Error(), "revoked") {
		t.Errorf("the partner's sign-in survived the disconnect: %v", err)
	}
	if a := br.Call("GET", "/api/v1/profile", "/api/v1/profile", nil); a.Status != 200 {
		t.Errorf("this browser after disconnect: %d", a.Status)
	}
}
