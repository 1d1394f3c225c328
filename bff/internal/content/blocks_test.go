package content

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/portal"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// styleGuide is the fixture landing page that places every block type at least once.
func styleGuide(t *testing.T) *portal.Node {
	t.Helper()
	srv := httptest.NewServer(cmsfixture.NewHandler("../../../fixtures/cms"))
	t.Cleanup(srv.Close)
	c := cms.New(cms.Options{BaseURL: srv.URL, PublicURL: "https://cms.example.org", Timeout: 2 * time.Second})
	n, err := c.NodeByPath(context.Background(), "style-guide")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// golden compares v's JSON with testdata/blocks/name.json, or rewrites it with -update.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "blocks", name+".json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bff/internal/page -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the reshape; run with -update if the change is intended\n got: %s", path, got)
	}
}

// Every bundle's blocks on the style guide, as a visitor sees them, against its golden file; the
// style guide must place every bundle that has a golden file, and every paragraph it places must
// be typed by the cms package and built here.
func TestEveryBundleReshapesAsItsGolden(t *testing.T) {
	node := styleGuide(t)
	b := newBlockBuilder(slog.Default())
	byBundle := map[string][]portal.Block{}
	for _, p := range node.Paragraphs {
		built := append(b.buildAboveHeader([]portal.Paragraph{p}, portal.Anonymous, noon),
			b.build([]portal.Paragraph{p}, portal.Anonymous, noon)...)
		if p.ActiveAt(noon) && len(built) == 0 {
			t.Errorf("paragraph %s (%s, content %T) built no block", p.ID, p.Bundle, p.Content)
		}
		byBundle[p.Bundle] = append(byBundle[p.Bundle], built...)
	}
	goldens, err := filepath.Glob(filepath.Join("testdata", "blocks", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	bundles := map[string]bool{}
	for _, g := range goldens {
		bundles[strings.TrimSuffix(filepath.Base(g), ".json")] = true
	}
	for bundle := range byBundle {
		bundles[bundle] = true
	}
	for bundle := range bundles {
		t.Run(bundle, func(t *testing.T) {
			blocks := byBundle[bundle]
			if len(blocks) == 0 {
				t.Fatalf("the style guide shows no %s block", bundle)
			}
			for _, blk := range blocks {
				if blk.BlockType() != bundle {
					t.Errorf("%s paragraph became a %s block", bundle, blk.BlockType())
				}
			}
			golden(t, bundle, blocks)
		})
	}
}

func TestStyleGuideDropsInactiveAndFutureBlocksAndSplitsAboveHeader(t *testing.T) {
	node := styleGuide(t)
	b := newBlockBuilder(slog.Default())
	above := b.buildAboveHeader(node.Paragraphs, portal.Anonymous, noon)
	body := b.build(node.Paragraphs, portal.Anonymous, noon)
	if len(above) != 1 || above[0].(portal.TextBlock).Headline != "Open enrollment ends November 30" {
		t.Fatalf("above the header %+v; want the enrollment notice only", above)
	}
	raw, _ := json.Marshal(body)
	for _, hidden := range []string{"Switched off", "Not yet", "Retired offer", "Summer camp deal", "Open enrollment"} {
		if bytes.Contains(raw, []byte(hidden)) {
			t.Errorf("%q shows in the body; it is inactive, outside its window or above the header", hidden)
		}
	}
}

// An item of a block has its own window: before it starts, inside it and after it ends, at every
// level of nesting (partners hold sections that hold items).
func TestNestedItemsFollowTheirActiveWindow(t *testing.T) {
	item := func(id string, start, end *time.Time, active bool) portal.WinnerItemParagraph {
		return portal.WinnerItemParagraph{Window: portal.Window{Active: active, Start: start, End: end}, Headline: id}
	}
	items := []portal.WinnerItemParagraph{
		item("before", at("2026-11-22T00:00:00Z"), nil, true),
		item("inside", at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z"), true),
		item("after", nil, at("2026-11-21T12:00:00Z"), true),
		item("off", nil, nil, false),
		item("always", nil, nil, true),
	}
	b := newBlockBuilder(slog.Default())

	winners := b.build([]portal.Paragraph{{ID: "w", Bundle: "winners_grid", Active: true,
		Content: portal.WinnersGridParagraph{Winners: items}}}, portal.Anonymous, noon)
	var got []string
	for _, w := range winners[0].(portal.WinnersGridBlock).Winners {
		got = append(got, w.Headline)
	}
	if strings.Join(got, ",") != "inside,always" {
		t.Errorf("winners %v; want inside,always", got)
	}

	section := func(id string, end *time.Time) portal.PartnersSectionParagraph {
		return portal.PartnersSectionParagraph{Window: portal.Window{Active: true, End: end}, Headline: id,
			Items: []portal.PartnerItemParagraph{
				{Window: portal.Window{Active: true}, HTML: portal.RichText("<p>on</p>")},
				{Window: portal.Window{Active: true, Start: at("2027-01-01T00:00:00Z")}, HTML: portal.RichText("<p>later</p>")},
			}}
	}
	partners := b.build([]portal.Paragraph{{ID: "p", Bundle: "partners", Active: true,
		Content: portal.PartnersParagraph{Sections: []portal.PartnersSectionParagraph{section("now", nil), section("gone", at("2026-01-01T00:00:00Z"))}}}},
		portal.Anonymous, noon)
	secs := partners[0].(portal.PartnersBlock).Sections
	if len(secs) != 1 || secs[0].Headline != "now" || len(secs[0].Items) != 1 || secs[0].Items[0].HTML.String() != "<p>on</p>" {
		t.Errorf("partners sections %+v; want only section now with its one started item", secs)
	}
}

func TestUnknownBundleIsSkippedInOrderAndLoggedOnce(t *testing.T) {
	var logs bytes.Buffer
	b := newBlockBuilder(slog.New(slog.NewTextHandler(&logs, nil)))
	ps := []portal.Paragraph{
		{ID: "a", Bundle: "text_block", Active: true, Content: portal.TextParagraph{}},
		{ID: "x", Bundle: "hologram", Active: true},
		{ID: "g", Bundle: "grid_simple", Active: true, Content: portal.GridParagraph{}},
		{ID: "y", Bundle: "hologram", Active: true, DisplayAboveHeader: true},
	}
	for range 2 {
		var ids []string
		for _, blk := range b.build(ps, portal.Member, noon) {
			raw, _ := json.Marshal(blk)
			var v struct{ ID string }
			_ = json.Unmarshal(raw, &v)
			ids = append(ids, v.ID)
		}
		if !slices.Equal(ids, []string{"a", "g"}) || len(b.buildAboveHeader(ps, portal.Member, noon)) != 0 {
			t.Fatalf("blocks %v; want a,g with the unknown bundle skipped", ids)
		}
	}
	if n := strings.Count(logs.String(), "bundle=hologram"); n != 1 {
		t.Fatalf("unknown bundle logged %d times; want once:\n%s", n, logs.String())
	}
}

// Members follow authenticatedLink and a [HARTFORD_PARAMS] link; visitors get the anonymous
// title and a link marked as needing sign-in.
func TestLinksAreChosenForTheReader(t *testing.T) {
	ff := portal.FiftyFiftyParagraph{Headline: "Quote", MainLink: portal.MainLink{
		Link:       &portal.CMSLink{URL: "https://partner.example.com/q?[HARTFORD_PARAMS]", Title: "Get a quote", TitleAnonymous: "Sign up for a quote", Target: "_blank"},
		MemberLink: &portal.CMSLink{URL: "/account/quote", Title: "Your quote"},
	}}
	p := portal.Paragraph{ID: "f", Bundle: "fifty_fifty", Active: true, Content: ff}
	b := newBlockBuilder(slog.Default())
	visitor := b.build([]portal.Paragraph{p}, portal.Anonymous, noon)[0].(portal.FiftyFiftyBlock).Link
	if visitor.Title != "Sign up for a quote" || !visitor.SignInRequired || visitor.Target != "_blank" {
		t.Errorf("visitor link %+v; want the anonymous title, signInRequired and the target kept", visitor)
	}
	member := b.build([]portal.Paragraph{p}, portal.Member, noon)[0].(portal.FiftyFiftyBlock).Link
	if member.URL != "/account/quote" || member.SignInRequired {
		t.Errorf("member link %+v; want the authenticated link", member)
	}
	ff.MemberLink = nil
	p.Content = ff
	member = b.build([]portal.Paragraph{p}, portal.Member, noon)[0].(portal.FiftyFiftyBlock).Link
	if member.Title != "Get a quote" || member.SignInRequired {
		t.Errorf("member link %+v; want the member title and no sign-in needed", member)
	}
}
