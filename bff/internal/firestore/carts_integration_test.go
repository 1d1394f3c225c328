//go:build integration

// The cart store against the dev stack's emulator (see integration_test.go): a record round
// trips whole, an emptied cart is deleted, and concurrent updates of one cart all land.
package firestore

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

// freshCart is the id of a cart no one has, deleted when the test ends.
func freshCart(t *testing.T, p *Profiles) string {
	t.Helper()
	id := "member-" + freshUID(t, p)
	deleteAtEnd(t, p.client.Collection(cartsCollection).Doc(id))
	return id
}

func TestCartRoundTripsAndEmptyIsDeleted(t *testing.T) {
	p := newProfiles(t)
	carts := p.Carts()
	id := freshCart(t, p)
	got, err := carts.Cart(ctx(t), id)
	if err != nil || !got.Empty() {
		t.Fatalf("a cart never written: %+v %v", got, err)
	}
	at := time.Now().UTC().Truncate(time.Microsecond)
	want := store.CartRecord{
		Lines: []portal.CartLine{{ID: "hardship-grants-brochure", Quantity: 2}, {ID: "wireless-discount-coupon", Quantity: 100000}},
		Placed: []store.PlacedOrder{{Key: "attempt-0", Order: portal.Order{
			OrderNumber: "SO-1", Created: at.Truncate(time.Second),
			Items: []portal.OrderItem{{ID: "a", Label: "Flyer", Title: "A", Image: "http://x/a.svg", Quantity: 3}},
		}}},
		Updated: at,
	}
	if err := carts.Update(ctx(t), []string{id}, func(recs []*store.CartRecord) error {
		*recs[0] = want
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	got, err = carts.Cart(ctx(t), id)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v (%v), want %+v", got, err, want)
	}

	// fn's own error aborts the transaction and comes back as it is.
	refusal := errors.New("refused")
	if err := carts.Update(ctx(t), []string{id}, func(recs []*store.CartRecord) error {
		recs[0].Lines = nil
		return refusal
	}); !errors.Is(err, refusal) {
		t.Fatalf("fn's error: %v", err)
	}
	if got, _ := carts.Cart(ctx(t), id); len(got.Lines) != 2 {
		t.Fatalf("an aborted update wrote: %+v", got)
	}

	// Emptied, the record is deleted.
	if err := carts.Update(ctx(t), []string{id}, func(recs []*store.CartRecord) error {
		*recs[0] = store.CartRecord{}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	snap, err := p.client.Collection(cartsCollection).Doc(id).Get(ctx(t))
	if snap != nil && snap.Exists() {
		t.Errorf("an empty cart is still stored: %v %v", snap.Data(), err)
	}
}

// Two carts change in one update: what the merge at sign-in relies on. (Concurrent updates are
// not tested here: the offline stand-in does not isolate transactions, so two at once can both
// read the old record. Firestore itself does; the order's guarantee rests on Claim instead.)
func TestOneUpdateChangesTwoCarts(t *testing.T) {
	p := newProfiles(t)
	carts := p.Carts()
	visitor, member := freshCart(t, p), freshCart(t, p)
	put := func(id string, lines ...portal.CartLine) {
		if err := carts.Update(ctx(t), []string{id}, func(recs []*store.CartRecord) error {
			recs[0].Lines = lines
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	put(visitor, portal.CartLine{ID: "a", Quantity: 2})
	put(member, portal.CartLine{ID: "b", Quantity: 1})
	if err := carts.Update(ctx(t), []string{visitor, member}, func(recs []*store.CartRecord) error {
		recs[1].Lines = append(recs[1].Lines, recs[0].Lines...)
		*recs[0] = store.CartRecord{}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	v, _ := carts.Cart(ctx(t), visitor)
	m, _ := carts.Cart(ctx(t), member)
	if !v.Empty() || len(m.Lines) != 2 {
		t.Errorf("visitor %+v, member %+v", v, m)
	}
}

// Of attempts claiming one cart at once exactly one holds it; a lapsed claim is replaced; only
// the holder's key releases it.
func TestClaimsHoldOneAttempt(t *testing.T) {
	p := newProfiles(t)
	carts := p.Carts()
	id := freshCart(t, p)
	t.Cleanup(func() { _, _ = p.client.Collection(claimsCollection).Doc(id).Delete(context.Background()) })
	now := time.Now()
	const n = 8
	var wg sync.WaitGroup
	won := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := "attempt-" + string(rune('a'+i))
			if held, ok, err := carts.Claim(ctx(t), id, key, now, time.Minute); err != nil {
				t.Error(err)
			} else if ok {
				won <- key
			} else if held.Key == key {
				t.Errorf("%s refused while holding", key)
			}
		}()
	}
	wg.Wait()
	close(won)
	var winners []string
	for k := range won {
		winners = append(winners, k)
	}
	if len(winners) != 1 {
		t.Fatalf("%d attempts hold the cart: %v", len(winners), winners)
	}
	holder := winners[0]
	if err := carts.Release(ctx(t), id, "someone-else"); err != nil {
		t.Fatal(err)
	}
	if held, ok, _ := carts.Claim(ctx(t), id, "late", now.Add(30*time.Second), time.Minute); ok || held.Key != holder {
		t.Errorf("a claim released by another key: %+v %v", held, ok)
	}
	// Lapsed: the BFF holding it stopped.
	if held, ok, _ := carts.Claim(ctx(t), id, "after-a-crash", now.Add(2*time.Minute), time.Minute); !ok || held.Key != "after-a-crash" {
		t.Errorf("a lapsed claim was not replaced: %+v %v", held, ok)
	}
	if err := carts.Release(ctx(t), id, "after-a-crash"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := carts.Claim(ctx(t), id, "next", now.Add(2*time.Minute), time.Minute); !ok {
		t.Errorf("a released cart cannot be claimed")
	}
}
