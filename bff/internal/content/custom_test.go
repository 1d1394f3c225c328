package content

import (
	"context"
	"log/slog"
	"testing"

	"github.com/union-benefits/portal/bff/internal/portal"
)

func TestTheModalsAreDressedAsTheEditorsSay(t *testing.T) {
	site := func(global map[string]any) AuthModals {
		t.Helper()
		c := &fakeContent{vars: map[string]*portal.Variable{"union_structure_global": {Values: global}}}
		s, err := service(c, slog.Default()).Site(context.Background(), visitor)
		if err != nil {
			t.Fatal(err)
		}
		return s.AuthModals
	}
	m := site(map[string]any{
		"custom_login_modal": map[string]any{
			"headline": "Welcome back", "sub_heading": "Log in to see your benefits.",
			"image": map[string]any{"url": "https://cms/login.jpg", "alt": "", "width": 515.0, "height": 595.0},
		},
		"custom_signup_modal": map[string]any{
			"headline":         "Unlock your benefits",
			"svg":              map[string]any{"original": "https://cms/icon.svg"},
			"background_image": map[string]any{"url": "https://cms/bg.jpg", "width": 1920.0, "height": 1080.0},
			"modal_position":   "left",
		},
	})
	if l := m.Login; l == nil || l.Headline != "Welcome back" || l.SubHeading != "Log in to see your benefits." ||
		l.Image == nil || l.Image.URL != "https://cms/login.jpg" || l.Image.Width != 515 || l.Image.Height != 595 {
		t.Fatalf("login modal %+v", m.Login)
	}
	if s := m.Signup; s == nil || s.Headline != "Unlock your benefits" || s.Position != "left" ||
		s.Icon == nil || s.Icon.URL != "https://cms/icon.svg" || s.Icon.Width != 70 || s.Icon.Height != 70 ||
		s.Background == nil || s.Background.URL != "https://cms/bg.jpg" {
		t.Fatalf("signup modal %+v", m.Signup)
	}

	// Whatever else the editors type as a position is the centre; an address a page may not load
	// is no picture; and a modal with nothing set is the plain one.
	m = site(map[string]any{
		"custom_login_modal":  map[string]any{"image": map[string]any{"url": "javascript:alert(1)"}},
		"custom_signup_modal": map[string]any{"headline": "Join", "modal_position": "right"},
	})
	if m.Login != nil {
		t.Errorf("a login modal with only an unsafe picture was dressed: %+v", m.Login)
	}
	if m.Signup == nil || m.Signup.Position != "center" || m.Signup.Icon != nil || m.Signup.Background != nil {
		t.Errorf("signup modal %+v; want the headline, centred", m.Signup)
	}
	if m := site(map[string]any{}); m.Login != nil || m.Signup != nil {
		t.Errorf("modals dressed with nothing set: %+v", m)
	}
}

func TestTheCreditCardBenefitShowsTheReadersUnionsCard(t *testing.T) {
	card := &portal.CreditCard{
		Image: portal.Image{URL: "https://cms/cwa-card.svg", Alt: "The CWA card", Width: 428, Height: 270},
		Link:  portal.CMSLink{URL: "https://apply.example.org/cwa", Title: "Apply for the CWA card", Target: "_blank"},
	}
	c := &fakeContent{
		nodes: map[string]*portal.Node{
			"benefits/card":    {NID: "1180", Bundle: "benefit", Title: "Union Credit Card"},
			"benefits/loans":   {NID: "1181", Bundle: "benefit", Title: "Personal Loans"},
			"benefits/members": {NID: "1180", Bundle: "benefit", Title: "Union Credit Card", DisabledAnonymous: true},
		},
		unions: portal.Unions{
			{ID: "37", Name: "Communications Workers of America", ShortName: "CWA", CreditCard: card},
			{ID: "45", Name: "International Association of Fire Fighters", ShortName: "IAFF"},
		},
		vars: map[string]*portal.Variable{"union_structure_global": {Values: map[string]any{
			"credit_card_benefit": "1180", "fallback_union": "37",
		}}},
	}
	s := service(c, slog.Default())
	page := func(path string, r portal.Reader) *PageDocument {
		t.Helper()
		res, err := s.Page(context.Background(), PageRequest{Path: path, Reader: r})
		if err != nil {
			t.Fatal(err)
		}
		return res.Document
	}
	cwa := portal.Reader{Audience: portal.Anonymous, Union: "37", Chosen: true}
	got := page("/benefits/card", cwa).CreditCard
	if got == nil || got.Union.ShortName != "CWA" || got.Image.URL != "https://cms/cwa-card.svg" ||
		got.Link.URL != "https://apply.example.org/cwa" || got.Link.Title != "Apply for the CWA card" || got.Link.Target != "_blank" {
		t.Fatalf("a CWA reader's card: %+v", got)
	}
	for name, tc := range map[string]struct {
		path string
		r    portal.Reader
	}{
		"a union without a card":            {"/benefits/card", portal.Reader{Audience: portal.Member, Union: "45", Chosen: true}},
		"a visitor who chose no union":      {"/benefits/card", portal.Reader{Audience: portal.Anonymous, Union: "37"}},
		"another benefit":                   {"/benefits/loans", cwa},
		"the members-only gate of the page": {"/benefits/members", cwa},
	} {
		if got := page(tc.path, tc.r).CreditCard; got != nil {
			t.Errorf("%s: card %+v; want none", name, got)
		}
	}
}

func TestABenefitDressesItsOwnModals(t *testing.T) {
	own := portal.Variable{Values: map[string]any{
		"custom_login_modal": map[string]any{"headline": "Your rebate is waiting"},
	}}
	c := &fakeContent{
		nodes: map[string]*portal.Node{
			"benefits/rebate":  {NID: "1", Bundle: "benefit", Title: "Rebate", Modals: own},
			"benefits/gated":   {NID: "2", Bundle: "benefit", Title: "Rebate", Modals: own, DisabledAnonymous: true},
			"benefits/plain":   {NID: "3", Bundle: "benefit", Title: "Loans"},
			"benefits/blank":   {NID: "4", Bundle: "benefit", Title: "Blank", Modals: portal.Variable{Values: map[string]any{"custom_signup_modal": map[string]any{}}}},
			"about-the-rebate": {NID: "5", Bundle: "page", Title: "About", Modals: own},
		},
		vars: map[string]*portal.Variable{"union_structure_global": {Values: map[string]any{}}},
	}
	s := service(c, slog.Default())
	modals := func(path string) *AuthModals {
		t.Helper()
		res, err := s.Page(context.Background(), PageRequest{Path: path, Reader: visitor})
		if err != nil {
			t.Fatal(err)
		}
		return res.Document.AuthModals
	}
	for _, path := range []string{"/benefits/rebate", "/benefits/gated"} {
		if m := modals(path); m == nil || m.Login == nil || m.Login.Headline != "Your rebate is waiting" || m.Signup != nil {
			t.Errorf("%s: modals %+v; want the benefit's login modal and the site's signup", path, m)
		}
	}
	// Nothing set, or set empty, is the site's modals; and only a benefit has modals of its own.
	for _, path := range []string{"/benefits/plain", "/benefits/blank", "/about-the-rebate"} {
		if m := modals(path); m != nil {
			t.Errorf("%s: modals %+v; want none of its own", path, m)
		}
	}
}
