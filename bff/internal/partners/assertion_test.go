package partners_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/partnerdemo"
	"github.com/union-benefits/portal/bff/internal/partners"
)

// keysAt serves a's published keys, as the portal does, and answers a partner's verifier of them.
func keysAt(t *testing.T, a *partners.Assertions, partner string, now func() time.Time) *partnerdemo.Verifier {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _ = json.NewEncoder(w).Encode(a.KeySet()) }))
	t.Cleanup(srv.Close)
	return &partnerdemo.Verifier{Issuer: "https://benefits.example", KeysURL: srv.URL, Partner: partner, Now: now}
}

// TestWhatAPartnerReceivesChecksOnlyAsItShould: an assertion is good for its partner, for two
// minutes, once, unaltered, signed by a published key; a rotation keeps the previous key's good.
func TestWhatAPartnerReceivesChecksOnlyAsItShould(t *testing.T) {
	clock := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	keys := partners.AssertionKeys{Signing: "signing-key-one-0123456789abcdef", Subject: "subject-secret-0123456789abcdef"}
	a, err := partners.NewAssertions("https://benefits.example", keys, now)
	if err != nil {
		t.Fatal(err)
	}
	member := partners.MemberClaims{Email: "maria@example.com", EmailVerified: true, Union: "37"}
	v := keysAt(t, a, "test-partner", now)

	tok, _ := a.Assert("test-partner", "uid-maria", member)
	m, err := v.Verify(t.Context(), tok)
	if err != nil || m.Email != "maria@example.com" || m.Union != "37" || m.Subject != a.Subject("test-partner", "uid-maria") {
		t.Fatalf("a good one: %+v %v", m, err)
	}
	if a.Subject("test-partner", "uid-maria") == a.Subject("travel-deals", "uid-maria") || strings.Contains(tok, "uid-maria") {
		t.Errorf("the subject is not the partner's own, or the uid shows")
	}

	late, _ := a.Assert("test-partner", "uid-maria", member)
	clock = clock.Add(partners.AssertionTTL + 10*time.Second)
	if _, err := v.Verify(t.Context(), late); err == nil {
		t.Errorf("good after its two minutes")
	}

	// Another email under the same signature.
	parts := strings.Split(mustAssert(t, a, member), ".")
	claims, _ := base64.RawURLEncoding.DecodeString(parts[1])
	altered := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(claims), "maria@", "mallory@", 1)))
	if _, err := v.Verify(t.Context(), parts[0]+"."+altered+"."+parts[2]); err == nil {
		t.Errorf("an altered token was good")
	}
	stranger, _ := partners.NewAssertions("https://benefits.example", partners.AssertionKeys{Signing: "not-the-portals-key-0123456789", Subject: keys.Subject}, now)
	if _, err := v.Verify(t.Context(), mustAssert(t, stranger, member)); err == nil {
		t.Errorf("a token signed by an unpublished key was good")
	}

	// A rotation: the new key signs, the previous one stays published, so what it signed just
	// before still checks (a fresh verifier, as a partner's after the portal's keys changed).
	rotated, _ := partners.NewAssertions("https://benefits.example", partners.AssertionKeys{Signing: "signing-key-two-0123456789abcdef", Previous: keys.Signing, Subject: keys.Subject}, now)
	before := mustAssert(t, a, member)
	after := keysAt(t, rotated, "test-partner", now)
	for _, tok := range []string{before, mustAssert(t, rotated, member)} {
		if got, err := after.Verify(t.Context(), tok); err != nil || got.Subject != m.Subject {
			t.Errorf("across the rotation: %+v %v", got, err)
		}
	}
}

func mustAssert(t *testing.T, a *partners.Assertions, m partners.MemberClaims) string {
	t.Helper()
	tok, err := a.Assert("test-partner", "uid-maria", m)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
