//go:build integration

// The mailing list against the dev stack's emulator (see integration_test.go): one document per
// email whatever its case, the first time kept, and two sign-ups at once still one document.
package firestore

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/mailing"
)

func TestOneSubscriptionPerEmail(t *testing.T) {
	p := newProfiles(t)
	list := p.Subscriptions()
	email := freshUID(t, p) + "@Example.org"
	ref := p.client.Collection(subscriptionsCollection).Doc(SubscriptionID(email))
	deleteAtEnd(t, ref)
	first := time.Now().UTC().Truncate(time.Millisecond)
	if err := list.Subscribe(ctx(t), mailing.Subscription{Email: email, FirstName: "Ada", Union: "Communications Workers of America", Source: "plusmore", At: first}); err != nil {
		t.Fatal(err)
	}
	// A stranger's sign-up of the address changes nothing.
	if err := list.Subscribe(ctx(t), mailing.Subscription{Email: email, FirstName: "Mallory", Union: "Teamsters", Source: "hero-form", UID: "u2", At: first.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	// The owner in two tabs at once, typed in another case, from a short form without a name.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			errs[i] = list.Subscribe(ctx(t), mailing.Subscription{Email: " " + email + " ", Union: "Communications Workers of America", Source: "blog-sidebar", UID: "u1", At: first.Add(time.Hour), Owner: true})
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	snap, err := ref.Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	d := snap.Data()
	if d["firstName"] != "Ada" || d["source"] != "blog-sidebar" || d["uid"] != "u1" || d["union"] != "Communications Workers of America" {
		t.Errorf("document %v", d)
	}
	if at, _ := d["subscribedAt"].(time.Time); !at.Equal(first) {
		t.Errorf("subscribedAt %v, want the first sign-up's %v", d["subscribedAt"], first)
	}
	if at, _ := d["updatedAt"].(time.Time); !at.Equal(first.Add(time.Hour)) {
		t.Errorf("updatedAt %v", d["updatedAt"])
	}
	if SubscriptionID(email) != SubscriptionID(" "+strings.ToUpper(email)) {
		t.Error("the id depends on the email's case or spaces")
	}
}
