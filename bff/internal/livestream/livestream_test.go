package livestream

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

type fakeStreams map[string]*portal.Node

func (f fakeStreams) NodeByPath(_ context.Context, path string) (*portal.Node, error) {
	if n, ok := f[path]; ok {
		return n, nil
	}
	return nil, apperr.New(apperr.NotFound, "404")
}

// memStore keeps the first record per stream and person, as the Firestore store does.
type memStore struct {
	mu   sync.Mutex
	recs map[string]CommentAccess
	err  error
}

func (m *memStore) Enter(_ context.Context, stream, person string, rec CommentAccess) (CommentAccess, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return CommentAccess{}, m.err
	}
	key := stream + "/" + person
	if old, ok := m.recs[key]; ok {
		return old, nil
	}
	m.recs[key] = rec
	return rec, nil
}

var noon = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func newService(store *memStore) *Service {
	streams := fakeStreams{
		"livestream/member-town-hall": {NID: "1501", Bundle: "livestream"},
		"livestream/a-page":           {NID: "9", Bundle: "page"},
	}
	n := 0
	return New(streams, store, Options{Now: func() time.Time { return noon }, Suffix: func() string { n++; return []string{"0420", "7777", "1234"}[(n-1)%3] }})
}

func fields(err error) map[string]string {
	out := map[string]string{}
	var e *apperr.Error
	if errors.As(err, &e) {
		for _, f := range e.Fields {
			out[f.Field] = f.Message
		}
	}
	return out
}

func TestAccessFormRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  Request
		want map[string]string
	}{
		{"both missing", Request{Name: "  ", Email: ""}, map[string]string{"name": "Please enter a display name.", "email": "Please enter your email address."}},
		{"bad email", Request{Name: "Pat", Email: "pat@"}, map[string]string{"email": "Please enter a valid email address."}},
		{"long name", Request{Name: strings.Repeat("é", 41), Email: "pat@example.org"}, map[string]string{"name": "Your display name can be at most 40 characters."}},
		{"long email", Request{Name: "Pat", Email: strings.Repeat("a", 250) + "@x.org"}, map[string]string{"email": "Please enter a valid email address."}},
		{"fine", Request{Name: strings.Repeat("é", 40), Email: " pat@example.org "}, map[string]string{}},
	} {
		_, err := Check(tc.req)
		got := fields(err)
		if len(got) != len(tc.want) {
			t.Errorf("%s: fields %v; want %v", tc.name, got, tc.want)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s: %s = %q; want %q", tc.name, k, got[k], v)
			}
		}
		if len(tc.want) > 0 && !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%s: %v is not Invalid", tc.name, err)
		}
	}
}

func TestEnterWritesAnEscapedRecordWithASuffixedName(t *testing.T) {
	store := &memStore{recs: map[string]CommentAccess{}}
	got, err := newService(store).Enter(context.Background(), "member-town-hall",
		Request{Name: ` <b>Pat</b> & "Sam" `, Email: " Pat+1@Example.org ", Updates: true})
	if err != nil {
		t.Fatal(err)
	}
	want := Access{Stream: "1501", Username: "&lt;b&gt;Pat&lt;/b&gt; &amp; &#34;Sam&#34;-0420", Hash: "up-livestream-chat"}
	if got != want {
		t.Errorf("access %+v; want %+v", got, want)
	}
	rec, ok := store.recs["1501/"+PersonKey("pat+1@example.org")]
	if !ok {
		t.Fatalf("no record under the person's key: %v", store.recs)
	}
	wantRec := CommentAccess{Email: "Pat+1@Example.org", Hash: "up-livestream-chat", Timestamp: noon, Updates: true, Username: want.Username}
	if rec != wantRec {
		t.Errorf("record %+v; want %+v", rec, wantRec)
	}
	// An address may hold characters HTML gives meaning to; they are stored escaped too.
	if _, err := newService(store).Enter(context.Background(), "member-town-hall", Request{Name: "Al", Email: `al&"o'<x>@example.org`}); err != nil {
		t.Fatal(err)
	}
	if rec := store.recs["1501/"+PersonKey(`al&"o'<x>@example.org`)]; rec.Email != "al&amp;&#34;o&#39;&lt;x&gt;@example.org" {
		t.Errorf("email stored as %q", rec.Email)
	}
}

func TestEnterIsOneRecordPerPersonAndStream(t *testing.T) {
	store := &memStore{recs: map[string]CommentAccess{}}
	s := newService(store)
	first, err := s.Enter(context.Background(), "member-town-hall", Request{Name: "Pat", Email: "pat@example.org", Updates: true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Enter(context.Background(), "member-town-hall", Request{Name: "Pat", Email: "PAT@example.org "})
	if err != nil {
		t.Fatal(err)
	}
	if again != first || len(store.recs) != 1 {
		t.Errorf("repeat answered %+v (records %d); want the first %+v and one record", again, len(store.recs), first)
	}
	// Whoever types Pat's address under another name is not told the name Pat chose: they get a
	// chat name of their own, and Pat's record stays as it was.
	other, err := s.Enter(context.Background(), "member-town-hall", Request{Name: "Mallory", Email: "pat@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(other.Username, "Mallory-") || len(store.recs) != 1 || store.recs["1501/"+PersonKey("pat@example.org")].Username != first.Username {
		t.Errorf("another name for Pat's address answered %+v (records %v); want its own chat name, Pat's record unchanged", other, store.recs)
	}
	if _, err := s.Enter(context.Background(), "member-town-hall", Request{Name: "Sam", Email: "sam@example.org"}); err != nil || len(store.recs) != 2 {
		t.Errorf("another person: %v, records %d; want 2", err, len(store.recs))
	}
}

func TestEnterRefusesWhatIsNoLivestream(t *testing.T) {
	store := &memStore{recs: map[string]CommentAccess{}}
	s := newService(store)
	for _, slug := range []string{"no-such-stream", "a-page", "../home/1072", "Member-Town-Hall", "", strings.Repeat("a", 200)} {
		_, err := s.Enter(context.Background(), slug, Request{Name: "Pat", Email: "pat@example.org"})
		if !apperr.Is(err, apperr.NotFound) || apperr.From(err).Message != "This livestream does not exist." {
			t.Errorf("%q: %v; want not found with the contract's message", slug, err)
		}
	}
	if len(store.recs) != 0 {
		t.Errorf("records written: %v", store.recs)
	}
}

func TestFormMistakesComeBeforeTheStreamAndStoreFailuresPassThrough(t *testing.T) {
	store := &memStore{recs: map[string]CommentAccess{}}
	_, err := newService(store).Enter(context.Background(), "no-such-stream", Request{})
	if !apperr.Is(err, apperr.Invalid) {
		t.Errorf("%v: the form's mistakes are answered first", err)
	}
	store.err = apperr.New(apperr.Unavailable, "down")
	if _, err := newService(store).Enter(context.Background(), "member-town-hall", Request{Name: "Pat", Email: "pat@example.org"}); !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("%v; want the store's Unavailable", err)
	}
}

func TestRandomSuffixIsFourDigits(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		s := randomSuffix()
		if len(s) != 4 || strings.Trim(s, "0123456789") != "" {
			t.Fatalf("suffix %q", s)
		}
		seen[s] = true
	}
	if len(seen) < 40 {
		t.Errorf("only %d distinct suffixes of 50", len(seen))
	}
}
