//go:build integration

// The comment-access store against the dev stack's emulator (see integration_test.go): the first
// entry is written whole at livestream/{id}/users/{person}, a repeat answers it unchanged, and
// entries racing for one person leave one record.
package firestore

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/livestream"
)

func TestCommentAccessIsWrittenOncePerPerson(t *testing.T) {
	p := newProfiles(t)
	store := p.CommentAccess()
	stream, person := "stream-"+freshUID(t, p), "person-"+freshUID(t, p)
	ref := p.client.Collection(livestreamCollection).Doc(stream).Collection(livestreamUsers).Doc(person)
	deleteAtEnd(t, ref)
	first := livestream.CommentAccess{
		Email: "pat@example.org", Hash: "h", Timestamp: time.Now().UTC().Truncate(time.Microsecond),
		Updates: true, Username: "Pat &amp; Sam-0420",
	}
	got, err := store.Enter(ctx(t), stream, person, first)
	if err != nil || got != first {
		t.Fatalf("first entry: %+v %v; want %+v", got, err, first)
	}
	again := first
	again.Username, again.Updates, again.Timestamp = "Pat-9999", false, first.Timestamp.Add(time.Hour)
	got, err = store.Enter(ctx(t), stream, person, again)
	if err != nil || got != first {
		t.Fatalf("repeat: %+v %v; want the first record %+v", got, err, first)
	}
	snap, err := ref.Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := snap.Data(); m["username"] != "Pat &amp; Sam-0420" || m["email"] != "pat@example.org" || m["hash"] != "h" || m["updates"] != true {
		t.Errorf("stored %v", m)
	}

	// Entries racing for one new person: every one answers the same record.
	racer := "person-" + freshUID(t, p)
	t.Cleanup(func() {
		_, _ = p.client.Collection(livestreamCollection).Doc(stream).Collection(livestreamUsers).Doc(racer).Delete(context.Background())
	})
	var wg sync.WaitGroup
	names := make([]string, 6)
	for i := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := first
			rec.Username = "racer-" + string(rune('a'+i))
			if got, err := store.Enter(ctx(t), stream, racer, rec); err == nil {
				names[i] = got.Username
			} else {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for _, n := range names {
		if n != names[0] {
			t.Fatalf("racing entries answered %v; want one record", names)
		}
	}
}
