//go:build integration

package account_test

// The account flows against the real stand-ins: the Firebase Auth emulator (its out-of-band
// codes stand in for the emails) and the Firestore emulator, with the stack's fixture CMS.
// Run through `make test-integration`, or inside `eval "$(.bin/stack env)"` next to `make dev`.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/firestore"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// realBFF builds the BFF in process from the stack's environment, with real Auth and Firestore.
func realBFF(t *testing.T) *harness.BFF {
	// The login switch test flips the switch and needs the change at once.
	return harness.ServeOnEmulators(t, map[string]string{"SETTINGS_TTL": "1ns"})
}

// oobCode is the newest out-of-band code the Auth emulator "mailed" to email for requestType
// (VERIFY_EMAIL or PASSWORD_RESET).
func oobCode(t *testing.T, email, requestType string) (code, link string) {
	t.Helper()
	url := fmt.Sprintf("http://%s/emulator/v1/projects/%s/oobCodes", os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"), os.Getenv("FIREBASE_PROJECT_ID"))
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		OobCodes []struct{ Email, OobCode, OobLink, RequestType string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	for _, c := range out.OobCodes {
		if strings.EqualFold(c.Email, email) && c.RequestType == requestType {
			code, link = c.OobCode, c.OobLink
		}
	}
	if code == "" {
		t.Fatalf("no %s code for %s", requestType, email)
	}
	return code, link
}

func uniqueEmail(prefix string) string {
	return fmt.Sprintf("%s-%d@example.com", prefix, rand.Int64())
}

func TestAccountFlowsAgainstTheEmulators(t *testing.T) {
	b := realBFF(t)
	c := harness.LoadContract(t)
	laptop, phone := newBrowser(t, b, c), newBrowser(t, b, c)
	email := uniqueEmail("it")

	reg := laptop.register(email)
	if harness.Dig(reg.JSON, "session", "user", "emailVerified") != false {
		t.Fatalf("a new account is unverified: %s", reg.Body)
	}
	stored := laptop.Want(laptop.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200)
	if harness.Dig(stored.JSON, "profile", "union") != "37" || harness.Dig(stored.JSON, "profile", "home", "zip") != "94612" {
		t.Fatalf("profile in Firestore: %s", stored.Body)
	}

	// Verify: the registration mailed a link; the member follows it, and checking again sees it.
	_, link := oobCode(t, email, "VERIFY_EMAIL")
	if resp, err := http.Get(link); err != nil || resp.StatusCode != 200 {
		t.Fatalf("following the verification link: %v %v", resp, err)
	}
	if laptop.session()["user"].(map[string]any)["emailVerified"] != true {
		t.Fatal("the session does not see the verified email")
	}
	if a := laptop.Want(laptop.Call("POST", "/api/v1/session/verification", "/api/v1/session/verification", nil), 200); a.Title() != "Your email address is verified." {
		t.Fatalf("verification once verified: %q", a.Title())
	}

	// Profile save and read back through Firestore.
	laptop.Want(laptop.Call("PUT", "/api/v1/profile", "/api/v1/profile", validProfile(email)), 200)
	stored = laptop.Want(laptop.Call("GET", "/api/v1/profile", "/api/v1/profile", nil), 200)
	if harness.Dig(stored.JSON, "profile", "mobilePhone") != "5105550134" || harness.Dig(stored.JSON, "profile", "mobileOptDate") == nil {
		t.Fatalf("saved profile: %s", stored.Body)
	}

	// Change password: the other browser's session ends, the old password no longer works.
	phone.Want(phone.signIn(email, goodPassword), 200)
	time.Sleep(1100 * time.Millisecond) // revocation has one-second granularity
	laptop.Want(laptop.Call("PUT", "/api/v1/session/password", "/api/v1/session/password",
		map[string]any{"currentPassword": goodPassword, "newPassword": "Changed12", "confirmPassword": "Changed12"}), 200)
	if laptop.session()["signedIn"] != true {
		t.Fatal("this browser was signed out by its own password change")
	}
	if phone.session()["signedIn"] != false {
		t.Fatal("the other session survived the password change")
	}
	phone.Want(phone.signIn(email, goodPassword), 401)

	// Forgot and reset through the emulator's code: signed in with the new password.
	anon := newBrowser(t, b, c)
	anon.Want(anon.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": email}), 202)
	code, _ := oobCode(t, email, "PASSWORD_RESET")
	a := anon.Want(anon.Call("POST", "/api/v1/password/reset", "/api/v1/password/reset", map[string]any{
		"apiKey": "fake-api-key", "lang": "en", "mode": "resetPassword", "oobCode": code, "password": "Reset1234", "confirmPassword": "Reset1234",
	}), 200)
	if harness.Dig(a.JSON, "session", "user", "email") != strings.ToLower(email) && harness.Dig(a.JSON, "session", "user", "email") != email {
		t.Fatalf("reset: %s", a.Body)
	}
	anon.Want(anon.signIn(email, "Changed12"), 401)
	anon.Want(anon.signIn(email, "Reset1234"), 200)
}

func TestLoginSwitchAgainstFirestore(t *testing.T) {
	b := realBFF(t)
	c := harness.LoadContract(t)
	store, err := firestore.New(context.Background(), os.Getenv("FIREBASE_PROJECT_ID"), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Cleanups run last-in first-out: login goes back on before the client closes. The switch is
	// shared by everything on the stack, so failing to restore it fails the test.
	t.Cleanup(func() { _ = store.Close() })
	br := newBrowser(t, b, c)
	br.register(uniqueEmail("switch"))

	if err := store.SetSettings(context.Background(), portal.SiteSettings{LoginEnabled: false}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := store.SetSettings(context.Background(), portal.SiteSettings{LoginEnabled: true}); err != nil {
			t.Errorf("login left off for the rest of the stack: %v", err)
		}
	})
	if s := br.session(); s["signedIn"] != false || s["loginEnabled"] != false {
		t.Fatalf("login off: %s", mustJSON(s))
	}
	br.Want(br.signIn("member@example.com", goodPassword), 503)
}
