//go:build integration

// Run against the dev stack's emulator:
//
//	FIRESTORE_EMULATOR_HOST=127.0.0.1:8085 go test -tags integration ./bff/internal/firestore/
//
// The emulator is shared with the other packages' tests, so these write only to fresh uids
// (deleted afterwards) and a settings document of their own, never to the seeded documents.
package firestore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	gfs "cloud.google.com/go/firestore"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
)

const projectID = "demo-union-benefits"

func newProfiles(t *testing.T) *Profiles {
	t.Helper()
	if os.Getenv("FIRESTORE_EMULATOR_HOST") == "" {
		t.Skip("FIRESTORE_EMULATOR_HOST is not set; start the dev stack (make dev)")
	}
	p, err := New(context.Background(), projectID, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// freshUID names a profile no other test run uses and deletes it when the test ends.
func freshUID(t *testing.T, p *Profiles) string {
	t.Helper()
	b := make([]byte, 8)
	rand.Read(b)
	uid := "it-" + hex.EncodeToString(b)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := p.client.Collection(profilesCollection).Doc(uid).Delete(ctx); err != nil {
			t.Logf("cleanup %s: %v", uid, err)
		}
	})
	return uid
}

// deleteAtEnd deletes ref's document, if any, when the test ends.
func deleteAtEnd(t *testing.T, ref *gfs.DocumentRef) {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = ref.Delete(ctx)
	})
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestSeededProfile(t *testing.T) {
	p := newProfiles(t)
	got, err := p.Profile(ctx(t), "demo-member-0001")
	if err != nil {
		t.Fatal(err)
	}
	if got.Email != "member@example.com" || got.FirstName != "Maria" {
		t.Errorf("identity: %+v", got)
	}
	// Before the fixture change the emulator holds the term id; after a restart, the name.
	if got.Union != "Communications Workers of America" && got.Union != "37" {
		t.Errorf("union %q", got.Union)
	}
	if got.Home.City != "Oakland" || got.Home.State != "home_CA" || got.Home.Country != "us" {
		t.Errorf("home %+v", got.Home)
	}
	if !slices.ContainsFunc(got.Partners, func(l portal.PartnerLink) bool { return l.ID == "test-partner" && l.LoginEnabled }) {
		t.Errorf("partners %+v", got.Partners)
	}
	if got.EmailOptDate == nil || !got.EmailOptDate.Equal(time.Date(2025, 1, 15, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("emailOptDate %v", got.EmailOptDate)
	}
	if got.Favorites == nil || got.Interests == nil {
		t.Errorf("nil lists: %+v", got)
	}
}

func TestMissingProfile(t *testing.T) {
	p := newProfiles(t)
	for _, uid := range []string{freshUID(t, p), "", "a/b"} {
		_, err := p.Profile(ctx(t), uid)
		if !apperr.Is(err, apperr.NotFound) || apperr.From(err).Message != "Profile not found." {
			t.Errorf("Profile(%q) error %v, want not_found", uid, err)
		}
	}
}

func TestSaveProfileRoundTrip(t *testing.T) {
	p := newProfiles(t)
	uid := freshUID(t, p)
	want := fullProfile()
	// Firestore keeps microseconds; a finer time would not come back equal.
	now := time.Now().Truncate(time.Microsecond)
	want.Updated = &now
	want.Favorites, want.Partners = []string{}, []portal.PartnerLink{}
	if err := p.SaveProfile(ctx(t), uid, want); err != nil {
		t.Fatal(err)
	}
	got, err := p.Profile(ctx(t), uid)
	if err != nil {
		t.Fatal(err)
	}
	assertSameProfile(t, got, want)

	// A second save clears what the form cleared: times back to null, lists emptied, the whole
	// home replaced.
	want.MobileOptDate, want.EmailOptDate = nil, nil
	want.MobileOpt, want.EmailOpt = false, false
	want.BirthYear = ""
	want.Interests = nil
	want.Home = portal.Address{City: "Detroit", State: "home_MI", Country: "us"}
	if err := p.SaveProfile(ctx(t), uid, want); err != nil {
		t.Fatal(err)
	}
	got, err = p.Profile(ctx(t), uid)
	if err != nil {
		t.Fatal(err)
	}
	want.Interests = []string{}
	assertSameProfile(t, got, want)
}

func assertSameProfile(t *testing.T, got, want portal.Profile) {
	t.Helper()
	sameTime := func(a, b *time.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
	if !sameTime(got.MobileOptDate, want.MobileOptDate) || !sameTime(got.EmailOptDate, want.EmailOptDate) || !sameTime(got.Updated, want.Updated) {
		t.Errorf("times: got %v %v %v, want %v %v %v", got.MobileOptDate, got.EmailOptDate, got.Updated, want.MobileOptDate, want.EmailOptDate, want.Updated)
	}
	got.MobileOptDate, got.EmailOptDate, got.Updated = nil, nil, nil
	want.MobileOptDate, want.EmailOptDate, want.Updated = nil, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("profile:\n got %+v\nwant %+v", got, want)
	}
}

func TestSaveProfileKeepsFavoritesAndPartners(t *testing.T) {
	p := newProfiles(t)
	uid := freshUID(t, p)
	// Partners have no writer here yet; put them in as the partner popup would.
	if _, err := p.client.Collection(profilesCollection).Doc(uid).Set(ctx(t), map[string]any{
		"favorites": []string{"101"},
		"partners":  []map[string]any{{"id": "test-partner", "loginEnabled": true}},
		"birthYear": 1975, // an older client's integer
	}); err != nil {
		t.Fatal(err)
	}
	got, err := p.Profile(ctx(t), uid)
	if err != nil {
		t.Fatal(err)
	}
	if got.BirthYear != "1975" {
		t.Errorf("integer birthYear read as %q", got.BirthYear)
	}

	pr := fullProfile()
	pr.Favorites = []string{"999"}
	pr.Partners = []portal.PartnerLink{{ID: "other", LoginEnabled: false}}
	if err := p.SaveProfile(ctx(t), uid, pr); err != nil {
		t.Fatal(err)
	}
	got, err = p.Profile(ctx(t), uid)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Favorites, []string{"101"}) {
		t.Errorf("favorites %v", got.Favorites)
	}
	if !reflect.DeepEqual(got.Partners, []portal.PartnerLink{{ID: "test-partner", LoginEnabled: true}}) {
		t.Errorf("partners %+v", got.Partners)
	}
	if got.BirthYear != pr.BirthYear || got.FirstName != pr.FirstName {
		t.Errorf("saved fields: %+v", got)
	}
}

func TestSetFavorite(t *testing.T) {
	p := newProfiles(t)

	t.Run("saved profile", func(t *testing.T) {
		// SaveProfile never writes favorites, so the field is missing: the case the emulator's
		// ArrayUnion cannot handle.
		uid := freshUID(t, p)
		if err := p.SaveProfile(ctx(t), uid, fullProfile()); err != nil {
			t.Fatal(err)
		}
		checkFavorite(t, p, uid, "101", true, []string{"101"})
		checkFavorite(t, p, uid, "101", true, []string{"101"})
		checkFavorite(t, p, uid, "202", true, []string{"101", "202"})
		checkFavorite(t, p, uid, "101", false, []string{"202"})
		got, err := p.Profile(ctx(t), uid)
		if err != nil {
			t.Fatal(err)
		}
		if got.FirstName != "Maria" || got.Home.City != "Oakland" {
			t.Errorf("SetFavorite touched other fields: %+v", got)
		}
	})

	t.Run("missing profile", func(t *testing.T) {
		uid := freshUID(t, p)
		checkFavorite(t, p, uid, "101", false, []string{})
		if _, err := p.Profile(ctx(t), uid); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("removing from a missing profile created it: %v", err)
		}
		checkFavorite(t, p, uid, "101", true, []string{"101"})
		got, err := p.Profile(ctx(t), uid)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Favorites, []string{"101"}) {
			t.Errorf("stored favorites %v", got.Favorites)
		}
	})
}

func checkFavorite(t *testing.T, p *Profiles, uid, id string, on bool, want []string) {
	t.Helper()
	got, err := p.SetFavorite(ctx(t), uid, id, on)
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || !slices.Equal(got, want) {
		t.Fatalf("SetFavorite(%q, %v) = %#v, want %v", id, on, got, want)
	}
}

func TestSettings(t *testing.T) {
	p := newProfiles(t)

	// settings/site itself: seeded true, or missing if the emulator started before it was seeded.
	if s, err := p.Settings(ctx(t)); err != nil || !s.LoginEnabled {
		t.Fatalf("Settings() = %+v, %v; want login enabled", s, err)
	}

	// Switching login off on the shared document would sign out every other package's tests
	// running against the emulator, so the writes go to a document of this test's own.
	b := make([]byte, 8)
	rand.Read(b)
	own := *p
	own.settingsID = "it-" + hex.EncodeToString(b)
	t.Cleanup(func() {
		if _, err := own.settingsRef().Delete(context.Background()); err != nil {
			t.Logf("cleanup settings/%s: %v", own.settingsID, err)
		}
	})
	if s, err := own.Settings(ctx(t)); err != nil || !s.LoginEnabled {
		t.Fatalf("missing settings = %+v, %v; want login enabled", s, err)
	}
	if err := own.SetSettings(ctx(t), portal.SiteSettings{LoginEnabled: false}); err != nil {
		t.Fatal(err)
	}
	if s, err := own.Settings(ctx(t)); err != nil || s.LoginEnabled {
		t.Fatalf("after SetSettings(false): %+v, %v", s, err)
	}
	// SetSettings merges: a key some operator added stays.
	if _, err := own.settingsRef().Set(ctx(t), map[string]any{"note": "kept"}, gfs.MergeAll); err != nil {
		t.Fatal(err)
	}
	if err := own.SetSettings(ctx(t), portal.SiteSettings{LoginEnabled: true}); err != nil {
		t.Fatal(err)
	}
	if s, err := own.Settings(ctx(t)); err != nil || !s.LoginEnabled {
		t.Fatalf("after SetSettings(true): %+v, %v", s, err)
	}
	snap, err := own.settingsRef().Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if snap.Data()["note"] != "kept" {
		t.Errorf("SetSettings dropped another key: %v", snap.Data())
	}
}

func TestUnavailable(t *testing.T) {
	p := newProfiles(t)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Profile(done, "demo-member-0001"); !apperr.Is(err, apperr.Unavailable) || apperr.From(err).Err == nil {
		t.Errorf("Profile on a dead context: %v, want unavailable with its cause", err)
	}
	if err := p.SaveProfile(done, freshUID(t, p), fullProfile()); !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("SaveProfile on a dead context: %v", err)
	}
}

func TestEndedSessions(t *testing.T) {
	p := newProfiles(t)
	key := freshUID(t, p) // a fresh random name serves as a session key too
	deleteAtEnd(t, p.client.Collection(endedSessionsCollection).Doc(key))
	if ended, err := p.SessionEnded(ctx(t), key); err != nil || ended {
		t.Fatalf("a session never signed out: ended %v, %v", ended, err)
	}
	until := time.Now().Add(time.Hour).Truncate(time.Millisecond)
	for range 2 { // twice: a repeated sign-out is no error
		if err := p.EndSession(ctx(t), key, until); err != nil {
			t.Fatal(err)
		}
	}
	if ended, err := p.SessionEnded(ctx(t), key); err != nil || !ended {
		t.Fatalf("after EndSession: ended %v, %v", ended, err)
	}
	snap, err := p.client.Collection(endedSessionsCollection).Doc(key).Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := snap.Data()["expiresAt"].(time.Time); !got.Equal(until) {
		t.Fatalf("expiresAt %v, want %v (the TTL policy's field)", got, until)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.SessionEnded(done, key); !apperr.Is(err, apperr.Unavailable) {
		t.Fatalf("SessionEnded on a dead context: %v", err)
	}
}

// The stack's Firestore calls are measured like a real project's: under the emulator the SDK
// dials its own connection, which used to drop the handler, so the upstream histogram had no
// Firestore row in the stack (make check-upstreams).
func TestEmulatorCallsAreMeasured(t *testing.T) {
	if os.Getenv("FIRESTORE_EMULATOR_HOST") == "" {
		t.Skip("FIRESTORE_EMULATOR_HOST is not set; start the dev stack (make dev)")
	}
	m := metrics.New()
	p, err := New(context.Background(), projectID, m)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Profile(context.Background(), "it-never-written"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("Profile of a missing uid: %v", err)
	}
	rr := httptest.NewRecorder()
	m.Handler().ServeHTTP(rr, httptest.NewRequest("GET", "/metrics", nil))
	if want := `bff_upstream_request_duration_seconds_count{operation="BatchGetDocuments",outcome="ok",upstream="firestore"} 1`; !strings.Contains(rr.Body.String(), want) {
		t.Fatalf("metrics lack %s:\n%s", want, grep(rr.Body.String(), "firestore"))
	}
}

// grep keeps out's lines holding s, for a readable failure.
func grep(out, s string) string {
	var kept []string
	for line := range strings.Lines(out) {
		if strings.Contains(line, s) {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "")
}
