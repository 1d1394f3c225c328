//go:build integration

// The case store against the dev stack's emulator (see integration_test.go). Cases written here
// belong to fresh uids and are deleted afterwards; the seeded cases are only read.
package firestore

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// freshCase is a case of a new member, deleted when the test ends.
func freshCase(t *testing.T, p *Profiles, id string) portal.Case {
	t.Helper()
	uid := freshUID(t, p)
	deleteAtEnd(t, p.client.Collection(casesCollection).Doc(id))
	return portal.Case{
		ID: id, UID: uid, FormID: "hospital-grant", DrupalID: "hospital_grant", Title: "Hospital Grant",
		Status: portal.CaseUnprocessed, Submitted: time.Now().UTC().Truncate(time.Microsecond), SkipUnionCheck: true,
		Values: map[string]any{"firstName": "Maria", "programParticipation": []string{"7", "25"}, "terms": true, "state": "5"},
	}
}

func TestCreateCaseOnceAndList(t *testing.T) {
	p := newProfiles(t)
	cases := p.Cases()
	c := freshCase(t, p, "it-"+freshUID(t, p))
	got, created, err := cases.CreateCase(ctx(t), c)
	if err != nil || !created || got.ID != c.ID {
		t.Fatalf("create: %+v %v %v", got, created, err)
	}
	// The same id again: no second write, the stored case back.
	again := c
	again.Status, again.Submitted = "other", c.Submitted.Add(time.Hour)
	got, created, err = cases.CreateCase(ctx(t), again)
	if err != nil || created || got.Status != portal.CaseUnprocessed || !got.Submitted.Equal(c.Submitted) {
		t.Fatalf("repeat: %+v %v %v", got, created, err)
	}
	list, err := cases.CasesOf(ctx(t), c.UID)
	if err != nil || len(list) != 1 {
		t.Fatalf("list: %+v %v", list, err)
	}
	l := list[0]
	if l.ID != c.ID || l.UID != c.UID || l.FormID != "hospital-grant" || l.DrupalID != "hospital_grant" || l.Title != "Hospital Grant" ||
		!l.SkipUnionCheck || l.IsNew || l.NsID != "" || !l.Submitted.Equal(c.Submitted) {
		t.Errorf("listed %+v", l)
	}
	if !reflect.DeepEqual(l.Values, c.Values) {
		t.Errorf("values %v, want %v", l.Values, c.Values)
	}
	snap, err := p.client.Collection(casesCollection).Doc(c.ID).Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, unset := range []string{"nsId", "files", "confirmEmail"} {
		if _, ok := snap.Data()[unset]; ok {
			t.Errorf("%s stored", unset)
		}
	}
}

// Two replicas submitting the same case at once make one record.
func TestConcurrentCreatesMakeOneCase(t *testing.T) {
	p := newProfiles(t)
	cases := p.Cases()
	c := freshCase(t, p, "it-"+freshUID(t, p))
	var wg sync.WaitGroup
	var mu sync.Mutex
	made := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, created, err := cases.CreateCase(ctx(t), c)
			if err != nil {
				t.Error(err)
			}
			if created {
				mu.Lock()
				made++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if made != 1 {
		t.Fatalf("%d creates succeeded, want 1", made)
	}
}

func TestCasesAreTheOwnersOnly(t *testing.T) {
	p := newProfiles(t)
	cases := p.Cases()
	a := freshCase(t, p, "it-"+freshUID(t, p))
	b := freshCase(t, p, "it-"+freshUID(t, p))
	for _, c := range []portal.Case{a, b} {
		if _, _, err := cases.CreateCase(ctx(t), c); err != nil {
			t.Fatal(err)
		}
	}
	list, _ := cases.CasesOf(ctx(t), b.UID)
	if len(list) != 1 || list[0].ID != b.ID {
		t.Fatalf("B lists %+v", list)
	}
	// B sending a case under A's id (which takes forging a hash) reads nothing of A's.
	stolen := b
	stolen.ID = a.ID
	got, _, err := cases.CreateCase(ctx(t), stolen)
	if !apperr.Is(err, apperr.Conflict) || got.UID != "" {
		t.Fatalf("B creating at A's id: %+v %v", got, err)
	}
}

func TestSeededCases(t *testing.T) {
	p := newProfiles(t)
	list, err := p.Cases().CasesOf(ctx(t), "demo-member-0001")
	if err != nil {
		t.Fatal(err)
	}
	byForm := map[string]portal.Case{}
	for _, c := range list {
		byForm[c.FormID] = c
	}
	if h := byForm["hospital-grant"]; h.Status != "unprocessed" || time.Since(h.Submitted) > 365*24*time.Hour || h.IsNew {
		t.Errorf("the recent hospital case: %+v", h)
	}
	if s := byForm["strike-grant-credit-cardholders"]; s.NsID == "" {
		t.Errorf("the case with a confirmation number: %+v", s)
	}
	if q := byForm["job-loss-grant-form-union-benefits-credit-cardholders"]; q.Status != "queued" {
		t.Errorf("the queued case: %+v", q)
	}
}

// A member's case list is read up to casesReadMax: an account that made more cases than anyone
// would costs no more to read than that (before, every read fetched them all).
func TestAMembersCaseListIsReadWithinABound(t *testing.T) {
	p := newProfiles(t)
	cases := p.Cases()
	c := freshCase(t, p, "it-bound-0")
	for i := range casesReadMax + 1 {
		c.ID = fmt.Sprintf("it-bound-%s-%d", c.UID, i)
		deleteAtEnd(t, p.client.Collection(casesCollection).Doc(c.ID))
		if _, _, err := cases.CreateCase(ctx(t), c); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
	}
	list, err := cases.CasesOf(ctx(t), c.UID)
	if err != nil || len(list) != casesReadMax {
		t.Fatalf("%d cases read (%v); want %d of %d", len(list), err, casesReadMax, casesReadMax+1)
	}
}
