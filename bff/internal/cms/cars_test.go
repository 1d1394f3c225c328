package cms

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/portal"
)

func TestCarMakesAreReadSortedWithSlugs(t *testing.T) {
	makes, err := fixtureClient(t).CarMakes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(makes) != 20 || makes[0].Name != "Acura" || makes[len(makes)-1].Name != "Toyota" {
		t.Fatalf("makes %+v: want the fixture's 20, sorted by name", makes)
	}
	byName := map[string]portal.CarMake{}
	for _, m := range makes {
		byName[m.Name] = m
	}
	for name, want := range map[string]portal.CarMake{
		"Land Rover":    {Slug: "land-rover", AvailableNew: true, AvailableUsed: true},
		"Mercedes-Benz": {Slug: "mercedes-benz", AvailableNew: true, AvailableUsed: true},
		"Polestar":      {Slug: "polestar", AvailableNew: true},
		"Pontiac":       {Slug: "pontiac", AvailableUsed: true},
		"Oldsmobile":    {Slug: "oldsmobile"},
	} {
		got := byName[name]
		if got.Slug != want.Slug || got.AvailableNew != want.AvailableNew || got.AvailableUsed != want.AvailableUsed || got.ID == "" {
			t.Errorf("%s: %+v; want %+v", name, got, want)
		}
	}
}

func TestCarMakeFlagsDefaultToFalseAndNamelessMakesAreDropped(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v0/truecar-make" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/vnd.api+json")
		_, _ = w.Write([]byte(`{"data":[
			{"type":"truecar_make--truecar_make","id":"a","attributes":{"name":"Zed"}},
			{"type":"truecar_make--truecar_make","id":"b","attributes":{"name":"  ","available_new":true}},
			{"type":"truecar_make--truecar_make","id":"c","attributes":{"name":"alpha","availableNew":true,"available_used":"yes"}},
			{"type":"truecar_make--truecar_make","id":"d","attributes":{"name":"Beta","availableUsed":true}}]}`))
	}))
	t.Cleanup(srv.Close)
	makes, err := New(Options{BaseURL: srv.URL}).CarMakes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []portal.CarMake{
		{ID: "c", Name: "alpha", Slug: "alpha", AvailableNew: true},
		{ID: "d", Name: "Beta", Slug: "beta", AvailableUsed: true},
		{ID: "a", Name: "Zed", Slug: "zed"},
	}
	if len(makes) != len(want) {
		t.Fatalf("makes %+v; want %+v", makes, want)
	}
	for i := range want {
		if makes[i] != want[i] {
			t.Errorf("make %d: %+v; want %+v", i, makes[i], want[i])
		}
	}
}

func TestCarSearchParagraphIsRead(t *testing.T) {
	n, err := fixtureClient(t).NodeByPath(context.Background(), "benefits/car-buying")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range n.Paragraphs {
		if c, ok := p.Block.(blocks.CarSearch); ok {
			if p.Bundle != "truecar_search" || c.Headline != "Check car prices near you" || c.Description == "" {
				t.Errorf("car search paragraph %+v %+v", p, c)
			}
			return
		}
	}
	t.Fatal("car-buying has no car search paragraph")
}

func TestLivestreamNodeCarriesItsSources(t *testing.T) {
	n, err := fixtureClient(t).NodeByPath(context.Background(), "livestream/member-town-hall")
	if err != nil {
		t.Fatal(err)
	}
	if n.Bundle != "livestream" || n.NID != "1501" ||
		n.EventSource != "https://cms.example.org/sites/default/files/livestream/member-town-hall.html" || n.CommentSource != "member-town-hall" {
		t.Errorf("livestream node %s %s %q %q", n.Bundle, n.NID, n.EventSource, n.CommentSource)
	}
	for src, want := range map[string]string{
		"https://events.example.org/embed/1": "https://events.example.org/embed/1",
		"javascript:alert(1)":                "",
		"//evil.example/x":                   "",
		"data:text/html,<script>":            "",
	} {
		if got := frameURL(src); got != want {
			t.Errorf("frameURL(%q) = %q; want %q", src, got, want)
		}
	}
}
