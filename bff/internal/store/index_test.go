package store_test

// The index's rules against a fake order system: the featured titles, the state filter by code
// or title, the names of states, an order system that fails.

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

type fakeProducts struct {
	fakeOrders
	products []portal.Product
	err      error
	unions   []string
}

func (f *fakeProducts) Products(_ context.Context, union string) ([]portal.Product, error) {
	f.unions = append(f.unions, union)
	return f.products, f.err
}

type fakeUnions portal.Unions

func (f fakeUnions) Unions(context.Context) (portal.Unions, error) { return portal.Unions(f), nil }

// brokenUnions is a union list that cannot be read (the CMS down, nothing cached).
type brokenUnions struct{}

func (brokenUnions) Unions(context.Context) (portal.Unions, error) {
	return nil, apperr.New(apperr.Unavailable, "The content is unavailable.")
}

// The store route swallows its errors (spec 3 §8): with the union list down the store still lists
// the reader's union's products, without the union's name.
func TestIndexWithoutTheUnionList(t *testing.T) {
	f := &fakeProducts{products: []portal.Product{
		{ID: "member-benefit-37", Title: "Member Benefits", Label: "Brochure", Stock: 5, States: []string{"NY"}},
	}}
	s := store.New(f, brokenUnions{}, store.Options{SupportPhone: "555-0100"})
	doc, err := s.Index(context.Background(), portal.Reader{Union: "37"}, nil)
	if err != nil {
		t.Fatalf("the union list down failed the store: %v", err)
	}
	if listed := append(productIDs(doc.Featured), productIDs(doc.Products)...); doc.Union != nil || !slices.Equal(listed, []string{"member-benefit-37"}) {
		t.Errorf("union %v, products %v", doc.Union, listed)
	}
}

func productIDs(ps []store.Product) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func TestFindState(t *testing.T) {
	for v, want := range map[string]string{
		"NY": "New York", "ny": "New York", "new york": "New York", "  New   York ": "New York",
		"DC": "District of Columbia", "District of Columbia": "District of Columbia", "WY": "Wyoming",
	} {
		if s, ok := store.FindState(v); !ok || s.Title != want {
			t.Errorf("FindState(%q) = %+v, %v; want %s", v, s, ok, want)
		}
	}
	for _, v := range []string{"", " ", "PR", "Puerto Rico", "Guam", "N", "New", "Narnia"} {
		if s, ok := store.FindState(v); ok {
			t.Errorf("FindState(%q) = %+v; want none", v, s)
		}
	}
	if _, err := store.ChooseState("Narnia"); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("ChooseState(Narnia) = %v", err)
	}
	if n := len(store.States()); n != 51 {
		t.Errorf("%d states, want the 50 and DC", n)
	}
	if store.StateCookieMaxAge() != 3600 {
		t.Errorf("cookie max age %d", store.StateCookieMaxAge())
	}
}

func TestFeaturedTitles(t *testing.T) {
	for title, want := range map[string]bool{
		"Member Benefit": true, "member benefit": true, "Organizing  Benefit": true, "Credit Card": true,
		"Credit Card Brochure": false, "Member": false, "Wireless Discount": false,
	} {
		if got := store.Featured(portal.Product{Title: title}); got != want {
			t.Errorf("Featured(%q) = %v", title, got)
		}
	}
}

func TestIndexFiltersByStateCodeOrTitle(t *testing.T) {
	f := &fakeProducts{products: []portal.Product{
		{ID: "cc", Title: "Credit Card", States: []string{"NY", "TX"}},
		{ID: "codes", Title: "Flyer", States: []string{"NY", "CA"}, Stock: -3},
		{ID: "titles", Title: "Coupon", States: []string{"New York", "texas"}},
		{ID: "none", Title: "Packet", States: []string{}},
	}}
	unions := fakeUnions{{ID: "37", Name: "Communications Workers of America", ShortName: "CWA"}}
	s := store.New(f, unions, store.Options{SupportPhone: "555-0100"})
	ctx := context.Background()
	r := portal.Reader{Audience: portal.Anonymous, Union: "37", Chosen: true}

	doc, err := s.Index(ctx, r, nil)
	if err != nil || doc.Union == nil || doc.Union.ShortName != "CWA" || doc.Phone != "555-0100" || len(doc.States) != 51 {
		t.Fatalf("no state: %+v, %v", doc, err)
	}
	if !slices.Equal(productIDs(doc.Featured), []string{"cc"}) || !slices.Equal(productIDs(doc.Products), []string{"codes", "titles", "none"}) {
		t.Errorf("no state: featured %v, products %v", productIDs(doc.Featured), productIDs(doc.Products))
	}
	if p := doc.Products[0]; p.Stock != 0 || p.FavoriteID != "product:codes" || !slices.Equal(p.States, []string{"New York", "California"}) {
		t.Errorf("codes: %+v", p)
	}

	tx, _ := store.FindState("TX")
	doc, _ = s.Index(ctx, r, &tx)
	if !slices.Equal(productIDs(doc.Featured), []string{"cc"}) || !slices.Equal(productIDs(doc.Products), []string{"titles"}) || doc.State.Code != "TX" {
		t.Errorf("TX: featured %v, products %v", productIDs(doc.Featured), productIDs(doc.Products))
	}
	if !slices.Equal(f.unions, []string{"37", "37"}) {
		t.Errorf("asked for %v", f.unions)
	}

	f.err = apperr.Wrap(apperr.Unavailable, "down", errors.New("dial"))
	doc, err = s.Index(ctx, r, &tx)
	if err != nil || len(doc.Featured) != 0 || len(doc.Products) != 0 || doc.Featured == nil || doc.Products == nil {
		t.Errorf("order system down: %+v, %v; want empty lists", doc, err)
	}
}
