package content

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"

	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/portal"
)

func carSearchNode() map[string]*portal.Node {
	return map[string]*portal.Node{"benefits/car-buying": {
		NID: "1190", Bundle: "benefit", Title: "Car Buying",
		Paragraphs: []portal.Paragraph{
			text("intro"),
			{ID: "cars", Bundle: "truecar_search", Active: true,
				Block: blocks.CarSearch{Type: "car_search", ID: "cars", Headline: "Check car prices", Description: "Pick a make."}},
		},
	}}
}

func TestCarSearchCarriesTheSearchableMakes(t *testing.T) {
	c := &fakeContent{nodes: carSearchNode(), makes: []portal.CarMake{
		{ID: "1", Name: "Ford", Slug: "ford", AvailableNew: true, AvailableUsed: true},
		{ID: "2", Name: "Oldsmobile", Slug: "oldsmobile"},
		{ID: "3", Name: "Pontiac", Slug: "pontiac", AvailableUsed: true},
	}}
	res, err := service(c, slog.Default()).Page(context.Background(), PageRequest{Path: "/benefits/car-buying", Reader: visitor})
	if err != nil {
		t.Fatal(err)
	}
	var cs *blocks.CarSearch
	for _, b := range res.Document.Blocks {
		if v, ok := b.(blocks.CarSearch); ok {
			cs = &v
		}
	}
	if cs == nil {
		t.Fatalf("no car search block in %v", blockIDs(res.Document))
	}
	if cs.Type != "car_search" || cs.ID != "cars" || cs.Headline != "Check car prices" || cs.Description != "Pick a make." {
		t.Errorf("block %+v", cs)
	}
	var names []string
	for _, m := range cs.Makes {
		names = append(names, m.Name)
	}
	if !slices.Equal(names, []string{"Ford", "Pontiac"}) {
		t.Errorf("makes %v; want Ford and Pontiac (a make available neither new nor used cannot be searched)", names)
	}
	if !slices.Contains(res.Tags, portal.CarMakesTag) {
		t.Errorf("tags %v: a page with a car search must be purged when the makes change", res.Tags)
	}
}

func TestCarSearchWithoutMakesIsLeftOutAndThePageStays(t *testing.T) {
	for name, c := range map[string]*fakeContent{
		"unreadable": {nodes: carSearchNode(), makeErr: errors.New("cms down")},
		"none":       {nodes: carSearchNode(), makes: []portal.CarMake{{ID: "2", Name: "Oldsmobile", Slug: "oldsmobile"}}},
	} {
		res, err := service(c, slog.Default()).Page(context.Background(), PageRequest{Path: "/benefits/car-buying", Reader: visitor})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := blockIDs(res.Document); !slices.Equal(got, []string{"intro"}) {
			t.Errorf("%s: blocks %v; want only intro", name, got)
		}
	}
}

func TestPagesWithoutCarSearchReadNoMakes(t *testing.T) {
	c := &fakeContent{nodes: map[string]*portal.Node{"home/1072": {NID: "1072", Bundle: "home", Paragraphs: []portal.Paragraph{text("a")}}},
		makeErr: errors.New("must not be asked")}
	res, err := service(c, slog.Default()).Page(context.Background(), PageRequest{Path: "/", Reader: visitor})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(res.Tags, portal.CarMakesTag) {
		t.Errorf("tags %v: a page without a car search does not depend on the makes", res.Tags)
	}
}

func TestLivestreamPagesCarryTheirEvent(t *testing.T) {
	c := &fakeContent{nodes: map[string]*portal.Node{
		"livestream/town-hall": {NID: "1501", Bundle: "livestream", Title: "Town Hall", EventSource: "https://events.example.org/1", CommentSource: "room"},
		"livestream/no-player": {NID: "1502", Bundle: "livestream", Title: "Soon"},
	}}
	s := service(c, slog.Default())
	res, err := s.Page(context.Background(), PageRequest{Path: "/livestream/town-hall", Reader: visitor})
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Document; d.Kind != "livestream" || d.Livestream == nil ||
		*d.Livestream != (portal.Livestream{ID: "1501", EventSource: "https://events.example.org/1", CommentSource: "room"}) {
		t.Errorf("document %s %+v", d.Kind, d.Livestream)
	}
	res, err = s.Page(context.Background(), PageRequest{Path: "/livestream/no-player", Reader: visitor})
	if err != nil || res.Document.Kind != "livestream" || res.Document.Livestream != nil {
		t.Errorf("a livestream without a player: %v %+v", err, res.Document)
	}
}
