package content

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// fakeContent is a portal.Content of our own, holding what each test gives it.
type fakeContent struct {
	nodes    map[string]*portal.Node
	menus    []portal.MenuLink
	vars     map[string]*portal.Variable
	unions   []portal.Union
	benefits []portal.BenefitTeaser
	makes    []portal.CarMake
	makeErr  error
}

func (f *fakeContent) NodeByPath(_ context.Context, path string) (*portal.Node, error) {
	if n, ok := f.nodes[path]; ok {
		return n, nil
	}
	return nil, apperr.New(apperr.NotFound, "404 not found.")
}
func (f *fakeContent) Unions(context.Context) (portal.Unions, error)        { return f.unions, nil }
func (f *fakeContent) Terms(context.Context, string) ([]portal.Term, error) { return nil, nil }
func (f *fakeContent) Menus(context.Context) ([]portal.MenuLink, error)     { return f.menus, nil }
func (f *fakeContent) Benefits(context.Context) ([]portal.BenefitTeaser, error) {
	return f.benefits, nil
}
func (f *fakeContent) Eligibility(context.Context) ([]portal.EligibilityRecord, error) {
	return nil, nil
}
func (f *fakeContent) CarMakes(context.Context) ([]portal.CarMake, error) {
	return f.makes, f.makeErr
}
func (f *fakeContent) Variable(_ context.Context, name string) (*portal.Variable, error) {
	if v, ok := f.vars[name]; ok {
		return v, nil
	}
	return &portal.Variable{Name: name, Values: map[string]any{}}, nil
}

// visitor is an anonymous reader on the fallback union.
var visitor = portal.Reader{Audience: portal.Anonymous}

var noon = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

func text(id string) portal.Paragraph {
	return portal.Paragraph{ID: id, Bundle: "text_block", Active: true,
		Block: blocks.Text{Type: "text_block", ID: id, HTML: portal.RichText("<p>" + id + "</p>")}}
}

func service(c portal.Content, log *slog.Logger) *Service {
	return New(c, Options{HomePath: "home/1072", ProductName: "Union Benefits", Logger: log, Now: func() time.Time { return noon }})
}

func blockIDs(doc *PageDocument) []string {
	var ids []string
	for _, b := range doc.Blocks {
		raw, _ := json.Marshal(b)
		var v struct{ ID string }
		_ = json.Unmarshal(raw, &v)
		ids = append(ids, v.ID)
	}
	return ids
}

func TestBlocksOutsideTheirWindowOrInactiveAreDropped(t *testing.T) {
	before, inside, after, noWindow, inactive := text("before"), text("inside"), text("after"), text("always"), text("off")
	before.Start = at("2026-11-22T00:00:00Z")                                         // starts tomorrow
	inside.Start, inside.End = at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z") // running now
	after.End = at("2026-11-21T12:00:00Z")                                            // ended exactly now
	inactive.Active = false
	c := &fakeContent{nodes: map[string]*portal.Node{"home/1072": {
		NID: "1072", Bundle: "home", Title: "Home",
		Paragraphs: []portal.Paragraph{before, inside, after, noWindow, inactive},
	}}}
	res, err := service(c, slog.Default()).Page(context.Background(), PageRequest{Path: "/", Reader: visitor})
	doc := res.Document
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(blockIDs(doc), ","); got != "inside,always" {
		t.Fatalf("blocks %s; want inside,always", got)
	}
}

func TestUnknownBundleIsSkippedAndLoggedOnce(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	c := &fakeContent{nodes: map[string]*portal.Node{"home/1072": {
		NID: "1072", Bundle: "home",
		Paragraphs: []portal.Paragraph{
			text("a"),
			{ID: "x1", Bundle: "hologram", Active: true},
			{ID: "x2", Bundle: "hologram", Active: true},
		},
	}}}
	s := service(c, log)
	for range 2 {
		res, err := s.Page(context.Background(), PageRequest{Path: "/", Reader: visitor})
		doc := res.Document
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(blockIDs(doc), ","); got != "a" {
			t.Fatalf("blocks %s; want a (the unknown bundle skipped)", got)
		}
	}
	if n := strings.Count(logs.String(), "bundle=hologram"); n != 1 {
		t.Fatalf("unknown bundle logged %d times; want once:\n%s", n, logs.String())
	}
}

func TestLinkTitlesAreChosenForTheReader(t *testing.T) {
	link := &portal.CMSLink{URL: "/benefits", Title: "Your benefits", TitleAnonymous: "Find your union's benefits"}
	c := &fakeContent{nodes: map[string]*portal.Node{"home/1072": {NID: "1072", Bundle: "home", HeroHeadline: "H", HeroLink: link}}}
	s := service(c, slog.Default())
	for a, want := range map[portal.Audience]string{portal.Anonymous: "Find your union's benefits", portal.Member: "Your benefits"} {
		res, err := s.Page(context.Background(), PageRequest{Path: "/", Reader: portal.Reader{Audience: a}})
		doc := res.Document
		if err != nil {
			t.Fatal(err)
		}
		if doc.Hero.Link == nil || doc.Hero.Link.Title != want {
			t.Errorf("%s: hero link %+v; want title %q", a, doc.Hero.Link, want)
		}
	}
}

func TestPagePathsAndKinds(t *testing.T) {
	c := &fakeContent{nodes: map[string]*portal.Node{
		"home/1072":     {NID: "1072", Bundle: "home", Title: "Home"},
		"benefits/card": {NID: "5", Bundle: "benefit", Title: "Card"},
		"blog/x/1":      {NID: "6", Bundle: "post", Title: "Post"},
	}}
	s := service(c, slog.Default())
	res, err := s.Page(context.Background(), PageRequest{Path: "//benefits/card/", Reader: visitor})
	doc := res.Document
	if err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "benefit" || doc.Path != "/benefits/card" || doc.Meta.Title != "Card | Union Benefits" {
		t.Fatalf("doc %s %s %q", doc.Kind, doc.Path, doc.Meta.Title)
	}
	if _, err := s.Page(context.Background(), PageRequest{Path: "/blog/x/1", Reader: visitor}); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("a post is not a content page: err %v", err)
	}
}

func TestSiteChrome(t *testing.T) {
	c := &fakeContent{
		menus: []portal.MenuLink{
			{ID: "2", Menu: "main", Link: portal.CMSLink{URL: "/insurance", Title: "Insurance"}, Weight: 2},
			{ID: "1", Menu: "main", Link: portal.CMSLink{URL: "/money", Title: "Money"}, Weight: 1},
			{ID: "11", Menu: "main", ParentID: "1", Link: portal.CMSLink{URL: "/card", Title: "Card", TitleAnonymous: "Get a card"}},
			{ID: "12", Menu: "main", ParentID: "1", Link: portal.CMSLink{URL: "/secret", Title: "Members only"}, DisabledAnonymous: true},
			{ID: "21", Menu: "top-footer", Link: portal.CMSLink{URL: "/about", Title: "About"}},
			{ID: "31", Menu: "footer", Link: portal.CMSLink{URL: "/privacy", Title: "Privacy"}},
		},
		vars: map[string]*portal.Variable{
			"union_structure_global":       {Values: map[string]any{"copyright": "© %YEAR% Union Benefits"}},
			"union_structure_social_media": {Values: map[string]any{"youtube": "https://y", "facebook": "https://f"}},
		},
	}
	site, err := service(c, slog.Default()).Site(context.Background(), visitor)
	if err != nil {
		t.Fatal(err)
	}
	if got := site.Footer.Copyright; got != "© 2026 Union Benefits" {
		t.Errorf("copyright %q", got)
	}
	if len(site.MainMenu) != 2 || site.MainMenu[0].Title != "Money" {
		t.Fatalf("main menu not ordered by weight: %+v", site.MainMenu)
	}
	kids := site.MainMenu[0].Children
	if len(kids) != 1 || kids[0].Title != "Get a card" {
		t.Errorf("visitor children %+v; want only 'Get a card' (anonymous title, members-only hidden)", kids)
	}
	if len(site.Footer.Social) != 2 || site.Footer.Social[0].Network != "facebook" {
		t.Errorf("social %+v; want facebook then youtube", site.Footer.Social)
	}
	if len(site.Footer.Groups) != 1 || site.Footer.Groups[0].Title != "Money" {
		t.Errorf("groups %+v", site.Footer.Groups)
	}
	if len(site.Footer.TopLinks) != 1 || len(site.Footer.BottomLinks) != 1 {
		t.Errorf("footer links %+v %+v", site.Footer.TopLinks, site.Footer.BottomLinks)
	}
}

func TestMenuParentCycleDoesNotRecurseForever(t *testing.T) {
	c := &fakeContent{menus: []portal.MenuLink{
		{ID: "1", Menu: "main", ParentID: "", Link: portal.CMSLink{Title: "a"}},
		{ID: "2", Menu: "main", ParentID: "3", Link: portal.CMSLink{Title: "b"}},
		{ID: "3", Menu: "main", ParentID: "2", Link: portal.CMSLink{Title: "c"}},
	}}
	if _, err := service(c, slog.Default()).Site(context.Background(), portal.Reader{Audience: portal.Member}); err != nil {
		t.Fatal(err)
	}
}

func TestHeroVariants(t *testing.T) {
	img := &portal.Image{URL: "/x.svg"}
	for name, tc := range map[string]struct {
		node portal.Node
		kind string
		want string
	}{
		"home":                      {portal.Node{Title: "Home"}, "home", "home"},
		"image":                     {portal.Node{HeroHeadline: "H", HeroImage: img}, "benefit", "image"},
		"takeover video":            {portal.Node{HeroHeadline: "H", HeroVideo: &portal.Video{Takeover: true, HeadlineBelow: true}}, "benefit", "image"},
		"background video, below":   {portal.Node{HeroHeadline: "H", HeroVideo: &portal.Video{HeadlineBelow: true}}, "benefit", "text"},
		"words only":                {portal.Node{HeroHeadline: "H"}, "benefit", "text"},
		"generic page without hero": {portal.Node{Title: "Terms"}, "page", "basic"},
	} {
		h := hero(&tc.node, tc.kind, portal.Anonymous)
		if h.Variant != tc.want {
			t.Errorf("%s: variant %s; want %s", name, h.Variant, tc.want)
		}
		if h.Headline == "" {
			t.Errorf("%s: no headline", name)
		}
	}
}

// Hero links follow the link rule of spec 3 §4 like the blocks' links: a [HARTFORD_PARAMS]
// address needs sign-in for a visitor, not for a member; a link without an address is none.
func TestHeroLinksNeedSignInForTheMembersDetails(t *testing.T) {
	quote := portal.CMSLink{URL: "https://partner.example.com/q?[HARTFORD_PARAMS]", Title: "Get a quote", Target: "_blank"}
	n := portal.Node{HeroHeadline: "Insurance", HeroLink: &quote,
		HeroLinks: []portal.CMSLink{{URL: "/contact-us", Title: "Ask us"}, quote, {Title: "No address"}}}
	h := hero(&n, "landing", portal.Anonymous)
	if h.Link == nil || !h.Link.SignInRequired || len(h.Links) != 2 || h.Links[0].SignInRequired || !h.Links[1].SignInRequired {
		t.Fatalf("visitor's hero links: %+v %+v", h.Link, h.Links)
	}
	h = hero(&n, "landing", portal.Member)
	if h.Link.SignInRequired || h.Links[1].SignInRequired {
		t.Fatalf("member's hero links need sign-in: %+v %+v", h.Link, h.Links)
	}
}

// The home hero's featured callout (spec 1 §2) comes with its link shaped for the reader; no
// other page's hero has one, even if its node carries the fields.
func TestTheHomeHeroCarriesItsFeaturedCallout(t *testing.T) {
	n := portal.Node{Title: "Home", HeroCallout: &portal.CMSCallout{
		Eyebrow: "Hardship help", Headline: "Grants for hard times", Description: "One-time grants.",
		Link: &portal.CMSLink{URL: "/hardship-help", Title: "See if you qualify", TitleAnonymous: "Learn about grants"},
	}}
	h := hero(&n, "home", portal.Anonymous)
	if h.Callout == nil || h.Callout.Headline != "Grants for hard times" || h.Callout.Eyebrow != "Hardship help" ||
		h.Callout.Link == nil || h.Callout.Link.URL != "/hardship-help" || h.Callout.Link.Title != "Learn about grants" {
		t.Fatalf("home callout for a visitor: %+v", h.Callout)
	}
	if h := hero(&n, "home", portal.Member); h.Callout.Link.Title != "See if you qualify" {
		t.Fatalf("home callout link for a member: %+v", h.Callout.Link)
	}
	if h := hero(&n, "page", portal.Anonymous); h.Callout != nil {
		t.Fatalf("a generic page got the callout: %+v", h.Callout)
	}
}

func TestSecondaryNavShowsTheSectionWithTheCurrentPageActive(t *testing.T) {
	links := []portal.MenuLink{
		{ID: "1", Menu: "main", Link: portal.CMSLink{URL: "/money", Title: "Money"}, Depth: 1},
		{ID: "2", Menu: "main", ParentID: "1", Link: portal.CMSLink{URL: "/benefits/card", Title: "Card"}, Depth: 2, IncludeInInteriorNav: true},
		{ID: "3", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/rewards", Title: "Rewards"}, Depth: 3, Weight: 1},
		{ID: "4", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/grants", Title: "Grants"}, Depth: 3, Weight: 0},
		{ID: "5", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/cwa", Title: "CWA"}, Depth: 3, Unions: []string{"37"}},
	}
	nav := secondaryNav(links, "/benefits/card", visitor)
	if got := navLabels(nav); got != "Card*,Grants,Rewards" {
		t.Fatalf("nav %v; want the section (flagged for interior nav) and its visible pages by weight", got)
	}
	if nav := secondaryNav(links, "/elsewhere", visitor); nav != nil {
		t.Fatalf("a page outside every menu got %v", nav)
	}
}

// Spec 1 §2: the link matching the first three segments leads when flagged, and the items deeper
// than three levels below it appear. A link with nothing below it shows no navigation: never its
// siblings, which are another section's pages.
func TestSecondaryNavShowsTheItemsDeeperThanThreeLevels(t *testing.T) {
	links := []portal.MenuLink{
		{ID: "1", Menu: "main", Link: portal.CMSLink{URL: "/money", Title: "Money"}, Depth: 1},
		{ID: "2", Menu: "main", ParentID: "1", Link: portal.CMSLink{URL: "/benefits/card", Title: "Card"}, Depth: 2, IncludeInInteriorNav: true},
		{ID: "3", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/rewards", Title: "Rewards"}, Depth: 3, Weight: 1, IncludeInInteriorNav: true},
		{ID: "4", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/grants", Title: "Grants"}, Depth: 3},
		{ID: "6", Menu: "main", ParentID: "3", Link: portal.CMSLink{URL: "/benefits/card/rewards/travel", Title: "Travel"}, Depth: 4, Weight: 2},
		{ID: "7", Menu: "main", ParentID: "3", Link: portal.CMSLink{URL: "/benefits/card/rewards/cash", Title: "Cash"}, Depth: 4, Weight: 1},
		{ID: "8", Menu: "main", ParentID: "7", Link: portal.CMSLink{URL: "/benefits/card/rewards/cash/gas", Title: "Gas"}, Depth: 5},
		{ID: "9", Menu: "main", ParentID: "3", Link: portal.CMSLink{URL: "/benefits/card/rewards/members", Title: "Members"}, Depth: 4, Weight: 3, DisabledAnonymous: true},
	}
	for path, want := range map[string]string{
		// The page deeper than the menu's three levels: its section's link and every item below.
		"/benefits/card/rewards/cash/gas": "Rewards,Cash,Gas*,Travel",
		"/benefits/card/rewards":          "Rewards*,Cash,Gas,Travel",
		// A section link without the flag does not lead.
		"/benefits/card/grants/extra": "",
	} {
		if got := navLabels(secondaryNav(links, path, visitor)); got != want {
			t.Errorf("%s: nav %q; want %q", path, got, want)
		}
	}
	// The deeper items are the reader's too: a member also sees the members-only one.
	if got := navLabels(secondaryNav(links, "/benefits/card/rewards", portal.Reader{Audience: portal.Member})); got != "Rewards*,Cash,Gas,Travel,Members" {
		t.Errorf("member: nav %q", got)
	}
	// Rewards without its deeper items is one link: no navigation, not its siblings.
	if nav := secondaryNav(links[:4], "/benefits/card/rewards/x", visitor); nav != nil {
		t.Errorf("a link with nothing below it got %v", navLabels(nav))
	}
}

// navLabels lists a navigation's titles, the active one starred.
func navLabels(nav []MenuItem) string {
	var got []string
	for _, it := range nav {
		label := it.Title
		if it.Active {
			label += "*"
		}
		got = append(got, label)
	}
	return strings.Join(got, ",")
}

// A benefit or landing page carries its video player, call to action, embed and campaigns (spec 3
// §3), the action's title shaped for the reader; other kinds of page carry none of them.
func TestBenefitAndLandingPagesCarryTheirMedia(t *testing.T) {
	n := &portal.Node{
		Title:       "Wireless",
		VideoPlayer: &portal.VideoPlayer{YouTubeID: "M7lc1UVf-VE", Title: "How members save", HasAudio: true},
		OptionalCTA: &portal.CMSLink{URL: "/contact-us", Title: "Ask us", TitleAnonymous: "Ask us anything"},
		Embed:       `<div id="calc"></div><script>calc()</script>`,
		Campaigns:   []portal.Campaign{{ID: "1401", Title: "Win", LightboxHTML: "<form></form>"}},
	}
	for _, kind := range []string{"benefit", "landing"} {
		var doc PageDocument
		src := &source{node: n, kind: kind, sitePath: "/benefits/wireless"}
		tags, err := assemblers[kind](context.Background(), nil, src, portal.Reader{Audience: portal.Anonymous}, &doc)
		if err != nil {
			t.Fatal(err)
		}
		if doc.VideoPlayer == nil || doc.VideoPlayer.YouTubeID != "M7lc1UVf-VE" || doc.OptionalCTA == nil ||
			doc.OptionalCTA.URL != "/contact-us" || doc.OptionalCTA.Title != "Ask us anything" {
			t.Errorf("%s: video %+v, action %+v", kind, doc.VideoPlayer, doc.OptionalCTA)
		}
		if doc.Embed != n.Embed || len(doc.Campaigns) != 1 {
			t.Errorf("%s: embed %q, campaigns %+v", kind, doc.Embed, doc.Campaigns)
		}
		// An edit of the campaign node must purge the page that shows it.
		if !slices.Contains(tags, portal.NodeTag("1401")) {
			t.Errorf("%s: tags %v lack the campaign's", kind, tags)
		}
	}
	var doc PageDocument
	src := &source{node: n, kind: "page", sitePath: "/about-us"}
	if _, err := assemblers["page"](context.Background(), nil, src, portal.Reader{Audience: portal.Anonymous}, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.VideoPlayer != nil || doc.OptionalCTA != nil || doc.Embed != "" || doc.Campaigns != nil {
		t.Errorf("a generic page got the video, the action, the embed or campaigns: %+v %+v", doc.VideoPlayer, doc.OptionalCTA)
	}
}

// The home hero carries its mailing-list promo (spec 1 §2); no other page's hero does, even when
// its node has one.
func TestOnlyTheHomeHeroHasTheEmailPromo(t *testing.T) {
	n := &portal.Node{Title: "Home", HeroHeadline: "Hi", HeroEmailPromo: &portal.EmailPromo{Headline: "Deals in your inbox"}}
	if h := hero(n, "home", portal.Anonymous); h.EmailPromo == nil || h.EmailPromo.Headline != "Deals in your inbox" {
		t.Errorf("home hero promo %+v", h.EmailPromo)
	}
	if h := hero(n, "page", portal.Member); h.EmailPromo != nil {
		t.Errorf("a generic page's hero got the promo %+v", h.EmailPromo)
	}
}

// A benefit page whose node has hotel_search shows the hotel search box (spec 3 §2); no other
// kind of page does, whatever its node says.
func TestOnlyABenefitPageCarriesTheHotelSearch(t *testing.T) {
	n := &portal.Node{Title: "Hotel Discounts", HotelSearch: true}
	for kind, want := range map[string]bool{"benefit": true, "landing": false, "page": false} {
		var doc PageDocument
		src := &source{node: n, kind: kind, sitePath: "/benefits/hotel-discounts"}
		if _, err := assemblers[kind](context.Background(), nil, src, portal.Reader{Audience: portal.Anonymous}, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.HotelSearch != want {
			t.Errorf("%s: hotelSearch %v, want %v", kind, doc.HotelSearch, want)
		}
	}
}

// Spec 3 §3: a menu item's tabTitle is the shorter title its tab shows; the item keeps its full
// title for everywhere else, and an item without one sends none.
func TestSecondaryNavItemsCarryTheirTabTitles(t *testing.T) {
	links := []portal.MenuLink{
		{ID: "1", Menu: "main", Link: portal.CMSLink{URL: "/money", Title: "Money"}, Depth: 1},
		{ID: "2", Menu: "main", ParentID: "1", Link: portal.CMSLink{URL: "/benefits/card", Title: "Card"}, Depth: 2, IncludeInInteriorNav: true},
		{ID: "3", Menu: "main", ParentID: "2", Link: portal.CMSLink{URL: "/benefits/card/grants", Title: "Cardholder Hardship Grants"}, TabTitle: "Hardship Grants", Depth: 3},
	}
	nav := secondaryNav(links, "/benefits/card", visitor)
	if len(nav) != 2 || nav[1].Title != "Cardholder Hardship Grants" || nav[1].TabTitle != "Hardship Grants" || nav[0].TabTitle != "" {
		t.Fatalf("nav %+v; want the grants item titled in full with its tab title, the card item without one", nav)
	}
}

// A page's head carries every metatag of spec 1 §3 'Page metadata': abstract, keywords,
// news_keywords and the og_* fields besides the title, description, canonical URL and og:image.
func TestPageMetaCarriesEveryMetatag(t *testing.T) {
	s := &Service{productName: "Union Benefits"}
	m := s.meta(&portal.Node{Title: "Insurance", Meta: map[string]string{
		"title": "Insurance | Union Benefits", "og_image": "https://cms.example.org/i.svg",
		"abstract": "Member rates.", "keywords": "insurance, life", "news_keywords": "insurance",
		"og_title": "Insurance for union families", "og_type": "website", "og_url": "/insurance",
	}})
	want := portal.PageMeta{
		Title: "Insurance | Union Benefits", Image: "https://cms.example.org/i.svg", Description: "",
		Abstract: "Member rates.", Keywords: "insurance, life", NewsKeywords: "insurance",
		OpenGraph: map[string]string{"title": "Insurance for union families", "type": "website", "url": "/insurance"},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("meta %+v;\nwant %+v", m, want)
	}
	// A union page takes the union's own tags over the page's, but its title.
	m.Overlay(portal.MetaFromTags(map[string]string{"title": "CWA", "keywords": "cwa", "og_title": "CWA benefits"}))
	if m.Title != want.Title || m.Keywords != "cwa" || m.OpenGraph["title"] != "CWA benefits" || m.OpenGraph["type"] != "website" {
		t.Errorf("union overlay %+v", m)
	}
}
