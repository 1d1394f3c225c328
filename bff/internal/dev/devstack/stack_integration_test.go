//go:build integration

package devstack

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
)

// These tests check the running stack's stand-ins and their seed data, through the variables
// `stack test` exports (make test-integration). They skip when run without a stack.

var client = &http.Client{Timeout: 10 * time.Second}

func postJSON(t *testing.T, url string, body any, out any) int {
	t.Helper()
	// The emulator's admin endpoints accept this token in place of a service account.
	return postJSONAs(t, url, "owner", body, out)
}

// postJSONAs is postJSON presenting token as its bearer credential ("" for none).
func postJSONAs(t *testing.T, url, token string, body any, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("decode %s: %v", url, err)
		}
	}
	return resp.StatusCode
}

func TestAuthFixtureUsersSignIn(t *testing.T) {
	host := harness.StackEnv(t, "FIREBASE_AUTH_EMULATOR_HOST")
	project := harness.StackEnv(t, "FIREBASE_PROJECT_ID")
	base := "http://" + host + "/identitytoolkit.googleapis.com/v1"
	for uid, email := range map[string]string{
		"demo-member-0001":  "member@example.com",
		"demo-retiree-0002": "retiree@example.com",
	} {
		var signIn struct{ LocalID, IDToken string }
		status := postJSON(t, base+"/accounts:signInWithPassword?key=any",
			map[string]any{"email": email, "password": "Password1", "returnSecureToken": true}, &signIn)
		if status != http.StatusOK || signIn.LocalID != uid {
			t.Errorf("sign in as %s: %d, uid %q; want 200 and %s", email, status, signIn.LocalID, uid)
			continue
		}
		var lookup struct {
			Users []struct{ EmailVerified bool }
		}
		postJSON(t, base+"/projects/"+project+"/accounts:lookup", map[string]any{"localId": []string{uid}}, &lookup)
		if len(lookup.Users) != 1 || !lookup.Users[0].EmailVerified {
			t.Errorf("%s: lookup = %+v; want one verified user", uid, lookup)
		}
	}
	var bad struct{ Error struct{ Message string } }
	if status := postJSON(t, base+"/accounts:signInWithPassword?key=any",
		map[string]any{"email": "member@example.com", "password": "wrong"}, &bad); status != http.StatusBadRequest {
		t.Errorf("wrong password answered %d %q", status, bad.Error.Message)
	}
}

// The emulator is seeded from fixtures/firestore before it reports ready: the Go client the BFF
// will use reads a seeded profile back.
func TestFirestoreSeedIsReadableFromGo(t *testing.T) {
	harness.StackEnv(t, "FIRESTORE_EMULATOR_HOST") // the client finds the emulator through it
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	fs, err := firestore.NewClient(ctx, harness.StackEnv(t, "FIREBASE_PROJECT_ID"))
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	snap, err := fs.Collection("profiles").Doc("demo-member-0001").Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Email string `firestore:"email"`
		Union string `firestore:"union"`
	}
	if err := snap.DataTo(&p); err != nil {
		t.Fatal(err)
	}
	if p.Email != "member@example.com" || p.Union != "Communications Workers of America" {
		t.Fatalf("seeded profile %+v", p)
	}
}

func TestStorageBucketAndPartnerLogos(t *testing.T) {
	base := strings.TrimSuffix(harness.StackEnv(t, "STORAGE_EMULATOR_HOST"), "/")
	bucket := harness.StackEnv(t, "STORAGE_BUCKET")
	for _, path := range []string{
		"/storage/v1/b/" + bucket,
		"/" + bucket + "/partners/test-partner.svg",
	} {
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s = %d", path, resp.StatusCode)
		}
	}
}

func TestOrderStandInServesProducts(t *testing.T) {
	url := harness.StackEnv(t, "ORDERS_URL")
	var out struct {
		Data struct {
			Products []struct{ ID string }
		}
	}
	query := map[string]any{"query": `{ products(union: "37") { id } }`}
	// Like the production order system, the stand-in answers only a client with its credential.
	if status := postJSONAs(t, url, "", query, nil); status != http.StatusUnauthorized {
		t.Errorf("products without the credential: %d, want 401", status)
	}
	status := postJSONAs(t, url, cmp.Or(os.Getenv("ORDERS_TOKEN"), orderstub.DevToken), query, &out)
	if status != http.StatusOK || len(out.Data.Products) < 5 {
		t.Errorf("products for 37: %d, %v", status, out.Data.Products)
	}
}
