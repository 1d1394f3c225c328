package mailing_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/mailing"
	"github.com/union-benefits/portal/bff/internal/mailing/mailingtest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// unions is the site's unions as the CMS would give them: one offered, one hidden from forms.
type unions struct{}

func (unions) Unions(context.Context) (portal.Unions, error) {
	return portal.Unions{
		{ID: "37", Name: "Communications Workers of America"},
		{ID: "99", Name: "Retired Staff", HideForm: true},
	}, nil
}

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func service(list *mailingtest.Subscriptions, profiles *accounttest.Profiles) *mailing.Service {
	return mailing.New(list, profiles, unions{}, mailing.Options{Now: func() time.Time { return now }})
}

// Every rule of the form, with the spec's words, whatever the browser sent (spec 3 §5).
func TestTheFormsRules(t *testing.T) {
	long := strings.Repeat("a", 81)
	for _, tc := range []struct {
		name  string
		req   mailing.SubscribeRequest
		field string
		want  string
	}{
		{"no email", mailing.SubscribeRequest{Union: "37", Source: "hero-form"}, "email", "Union and email address required."},
		{"blank email", mailing.SubscribeRequest{Email: "  ", Union: "37", Source: "hero-form"}, "email", "Union and email address required."},
		{"no union", mailing.SubscribeRequest{Email: "a@example.org", Source: "blog-sidebar"}, "union", "Union and email address required."},
		{"not an email", mailing.SubscribeRequest{Email: "a@", Union: "37", Source: "home-promo"}, "email", "Please enter a valid email address."},
		{"unknown union", mailing.SubscribeRequest{Email: "a@example.org", Union: "12345", Source: "hero-form"}, "union", "Union and email address required."},
		{"union hidden from forms", mailing.SubscribeRequest{Email: "a@example.org", Union: "99", Source: "hero-form"}, "union", "Union and email address required."},
		{"Plus More without a name", mailing.SubscribeRequest{Email: "a@example.org", Union: "37", Source: "plusmore"}, "firstName", "This field is required."},
		{"Plus More email without a name", mailing.SubscribeRequest{Email: "a@example.org", Union: "37", FirstName: " ", Source: "plusmore-email"}, "firstName", "This field is required."},
		{"a name too long", mailing.SubscribeRequest{Email: "a@example.org", Union: "37", FirstName: long, Source: "plusmore"}, "firstName", "Please enter a shorter first name."},
		{"unknown form", mailing.SubscribeRequest{Email: "a@example.org", Union: "37", Source: "elsewhere"}, "source", "This is not a sign-up form."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list := mailingtest.NewSubscriptions()
			_, err := service(list, accounttest.NewProfiles()).Subscribe(context.Background(), nil, tc.req)
			e := apperr.From(err)
			if err == nil || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != tc.field || e.Fields[0].Message != tc.want {
				t.Fatalf("got %v; want %s: %q", err, tc.field, tc.want)
			}
			if n := len(list.All()); n != 0 {
				t.Errorf("a refused sign-up wrote %d entries", n)
			}
		})
	}
}

// One entry per email however often and however it is typed; the union is stored by name, as
// profiles store it. A repeat by anyone but the email's owner changes nothing (a stranger typing
// someone's address cannot rewrite their entry), and is answered alike; the owner's, signed in
// with that address verified, updates the entry and keeps the first time and a Plus More page's
// name.
func TestOneEntryPerEmailChangedOnlyByItsOwner(t *testing.T) {
	list := mailingtest.NewSubscriptions()
	s := service(list, accounttest.NewProfiles())
	ctx := context.Background()
	first := mailing.SubscribeRequest{Email: " Ada@Example.org ", Union: "37", FirstName: "Ada", Source: "plusmore"}
	res, err := s.Subscribe(ctx, nil, first)
	if err != nil || res.Message != "Newsletter signup successful!" {
		t.Fatalf("%+v %v", res, err)
	}
	now = now.Add(time.Hour)
	defer func() { now = now.Add(-time.Hour) }()
	stranger := &portal.Identity{UID: "u-mallory", Email: "mallory@example.org", EmailVerified: true}
	for _, who := range []*portal.Identity{nil, stranger} {
		res, err := s.Subscribe(ctx, who, mailing.SubscribeRequest{Email: "ada@example.org", Union: "37", FirstName: "Mallory", Source: "plusmore-email"})
		if err != nil || res.Message != "Newsletter signup successful!" {
			t.Fatalf("a stranger's repeat: %+v %v", res, err)
		}
	}
	all := list.All()
	if len(all) != 1 || all[0].FirstName != "Ada" || all[0].Source != "plusmore" || all[0].UID != "" {
		t.Fatalf("after strangers' repeats: %+v", all)
	}

	owner := &portal.Identity{UID: "u-ada", Email: "ada@example.org", EmailVerified: true}
	if _, err := s.Subscribe(ctx, owner, mailing.SubscribeRequest{Email: "ada@example.org", Union: "37", Source: "blog-sidebar"}); err != nil {
		t.Fatal(err)
	}
	got := list.All()[0]
	if got.FirstName != "Ada" || got.Union != "Communications Workers of America" || got.Source != "blog-sidebar" ||
		!got.At.Equal(now.Add(-time.Hour)) || got.UID != "u-ada" {
		t.Errorf("after the owner's repeat %+v", got)
	}
}

// A member's sign-up turns their profile's emailOpt on with its date, and leaves an opted-in
// profile as it is; the list entry names the member.
func TestAMembersSignUpIsTheirEmailOpt(t *testing.T) {
	list, profiles := mailingtest.NewSubscriptions(), accounttest.NewProfiles()
	profiles.Put("u1", portal.Profile{FirstName: "Ada", Union: "Communications Workers of America", EmailOpt: false})
	s := service(list, profiles)
	who := &portal.Identity{UID: "u1", Email: "ada@example.org"}
	if _, err := s.Subscribe(context.Background(), who, mailing.SubscribeRequest{Email: "ada@example.org", Union: "37", Source: "home-promo"}); err != nil {
		t.Fatal(err)
	}
	p, _ := profiles.Get("u1")
	if !p.EmailOpt || p.EmailOptDate == nil || !p.EmailOptDate.Equal(now) || p.FirstName != "Ada" || p.Union != "Communications Workers of America" {
		t.Errorf("profile after sign-up %+v", p)
	}
	if all := list.All(); len(all) != 1 || all[0].UID != "u1" {
		t.Errorf("list %+v", all)
	}

	writes := profiles.Writes
	if _, err := s.Subscribe(context.Background(), who, mailing.SubscribeRequest{Email: "ada@example.org", Union: "37", Source: "home-promo"}); err != nil {
		t.Fatal(err)
	}
	if profiles.Writes != writes {
		t.Error("an opted-in profile was written again")
	}
}

// When the list cannot be written nothing is claimed: the sign-up fails as unavailable, and the
// member's profile is left alone.
func TestAListThatFailsSaysSo(t *testing.T) {
	list, profiles := mailingtest.NewSubscriptions(), accounttest.NewProfiles()
	list.Fail = true
	profiles.Put("u1", portal.Profile{EmailOpt: false})
	_, err := service(list, profiles).Subscribe(context.Background(), &portal.Identity{UID: "u1"},
		mailing.SubscribeRequest{Email: "ada@example.org", Union: "37", Source: "hero-form"})
	if !apperr.Is(err, apperr.Unavailable) {
		t.Fatalf("got %v, want Unavailable", err)
	}
	if p, _ := profiles.Get("u1"); p.EmailOpt {
		t.Error("the profile was opted in though the list was not written")
	}
}
