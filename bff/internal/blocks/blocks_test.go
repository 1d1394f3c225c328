package blocks

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// visitorAtNoon reads as an anonymous visitor on the day the tests are set.
var visitorAtNoon = portal.BlockReader{Audience: portal.Anonymous, Now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}

// An item of a block has its own window: before it starts, inside it and after it ends, at every
// level of nesting (partners hold sections that hold items).
func TestNestedItemsFollowTheirActiveWindow(t *testing.T) {
	item := func(id string, start, end *time.Time, active bool) Winner {
		return Winner{window: window{portal.Window{Active: active, Start: start, End: end}}, Headline: id}
	}
	items := []Winner{
		item("before", at("2026-11-22T00:00:00Z"), nil, true),
		item("inside", at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z"), true),
		item("after", nil, at("2026-11-21T12:00:00Z"), true),
		item("off", nil, nil, false),
		item("always", nil, nil, true),
	}

	winners := WinnersGrid{titled: titled{head: head{Type: "winners_grid", ID: "w"}}, Winners: items}.For(visitorAtNoon)
	var got []string
	for _, w := range winners.(WinnersGrid).Winners {
		got = append(got, w.Headline)
	}
	if strings.Join(got, ",") != "inside,always" {
		t.Errorf("winners %v; want inside,always", got)
	}

	section := func(id string, end *time.Time) PartnersSection {
		return PartnersSection{window: window{portal.Window{Active: true, End: end}}, Headline: id,
			Items: []PartnerItem{
				{window: window{portal.Window{Active: true}}, HTML: portal.RichText("<p>on</p>")},
				{window: window{portal.Window{Active: true, Start: at("2027-01-01T00:00:00Z")}}, HTML: portal.RichText("<p>later</p>")},
			}}
	}
	partners := Partners{titled: titled{head: head{Type: "partners", ID: "p"}},
		Sections: []PartnersSection{section("now", nil), section("gone", at("2026-01-01T00:00:00Z"))}}.For(visitorAtNoon)
	secs := partners.(Partners).Sections
	if len(secs) != 1 || secs[0].Headline != "now" || len(secs[0].Items) != 1 || secs[0].Items[0].HTML.String() != "<p>on</p>" {
		t.Errorf("partners sections %+v; want only section now with its one started item", secs)
	}
}

// Members follow authenticatedLink and a [HARTFORD_PARAMS] link; visitors get the anonymous
// title and a link marked as needing sign-in.
func TestLinksAreChosenForTheReader(t *testing.T) {
	ff := FiftyFifty{head: head{Type: "fifty_fifty", ID: "f"}, sideImage: sideImage{Headline: "Quote"}}
	ff.main = mainLink{
		link:   &portal.CMSLink{URL: "https://partner.example.com/q?[HARTFORD_PARAMS]", Title: "Get a quote", TitleAnonymous: "Sign up for a quote", Target: "_blank"},
		member: &portal.CMSLink{URL: "/account/quote", Title: "Your quote"},
	}
	member := visitorAtNoon
	member.Audience = portal.Member
	visitor := ff.For(visitorAtNoon).(FiftyFifty).Link
	if visitor.Title != "Sign up for a quote" || !visitor.SignInRequired || visitor.Target != "_blank" {
		t.Errorf("visitor link %+v; want the anonymous title, signInRequired and the target kept", visitor)
	}
	got := ff.For(member).(FiftyFifty).Link
	if got.URL != "/account/quote" || got.SignInRequired {
		t.Errorf("member link %+v; want the authenticated link", got)
	}
	ff.main.member = nil
	got = ff.For(member).(FiftyFifty).Link
	if got.Title != "Get a quote" || got.SignInRequired {
		t.Errorf("member link %+v; want the member title and no sign-in needed", got)
	}
}

func TestTableRowsAreRectangularText(t *testing.T) {
	got := tableRows([]any{[]any{"Plan", "Price", "Note"}, []any{"Basic", 9.5}, "junk"})
	want := [][]string{{"Plan", "Price", "Note"}, {"Basic", "9.5", ""}, {"", "", ""}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("rows %q; want %q", got, want)
		}
	}
}

// Spec 3 §3: a promo's linksSix are up to six links (url, title), each titled for the reader and
// marked for sign-in like any block link.
func TestLinksSixKeepsSixLinksForTheReader(t *testing.T) {
	var raw rawLinkList
	for i := range 7 {
		l := &portal.CMSLink{URL: "/benefits/" + string(rune('a'+i)), Title: "Link " + string(rune('A'+i))}
		raw.LinksSix = append(raw.LinksSix, jsonapiLink(l))
	}
	raw.LinksSix[2].URL = "https://partner.example.com/q?[HARTFORD_PARAMS]"
	ff := FiftyFifty{head: head{Type: "fifty_fifty", ID: "f"}, linkList: raw.linkList()}
	got := ff.For(visitorAtNoon).(FiftyFifty).LinksSix
	if len(got) != 6 || got[0].Title != "Link A" || got[5].URL != "/benefits/f" || !got[2].SignInRequired {
		t.Fatalf("linksSix %+v; want the first six, in order, the [HARTFORD_PARAMS] one needing sign-in", got)
	}
	st := SeventyThirty{head: head{Type: "seventy_thirty", ID: "s"}, linkList: raw.linkList()}
	if n := len(st.For(visitorAtNoon).(SeventyThirty).LinksSix); n != 6 {
		t.Fatalf("seventy_thirty linksSix: %d links; want 6", n)
	}
}

// Spec 3 §4: a link of the embedded-form type reaches the page with its type, for the page to
// frame it, but only on a form host the site allows; elsewhere it is an ordinary link.
func TestAnEmbeddedFormLinkKeepsItsTypeOnAnAllowedHost(t *testing.T) {
	form := &portal.CMSLink{URL: "https://forms.example.org/embed/abc/?embed=1", Title: "Request form", Type: portal.EmbedLinkType}
	text := Text{Type: "text_block", ID: "t", linked: linked{main: mainLink{link: form}}}
	reader := visitorAtNoon
	reader.FormOrigins = []string{"https://forms.example.org"}
	if got := text.For(reader).(Text).Link; got == nil || got.Type != portal.EmbedLinkType || got.URL != form.URL {
		t.Fatalf("link %+v; want the form's address with type %s", got, portal.EmbedLinkType)
	}
	reader.FormOrigins = []string{"https://other.example.org"}
	if got := text.For(reader).(Text).Link; got == nil || got.Type != "" {
		t.Fatalf("link %+v; want a plain link: its host is not the site's form host", got)
	}
}

func jsonapiLink(l *portal.CMSLink) jsonapi.Link { return jsonapi.Link{CMSLink: l} }
