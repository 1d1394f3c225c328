package content_test

// Integration tests of the content site's rules (routing, union personalisation, gating) through
// the whole BFF against the fixture CMS.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// page asks the BFF for a path as a visitor with an optional union, and decodes the answer.
func page(t *testing.T, b *harness.BFF, path, union string) (int, []byte, map[string]any) {
	t.Helper()
	q := url.Values{"path": {path}}
	if union != "" {
		q.Set("union", union)
	}
	status, _, body := harness.Get(t, b.URL+"/api/v1/page?"+q.Encode())
	var doc map[string]any
	_ = json.Unmarshal(body, &doc)
	return status, body, doc
}

func titles(doc map[string]any, group string) []string {
	benefits, _ := doc["benefits"].(map[string]any)
	cards, _ := benefits[group].([]any)
	var out []string
	for _, c := range cards {
		out = append(out, c.(map[string]any)["title"].(string))
	}
	return out
}

func TestRoutingRules(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for _, tc := range []struct {
		path, location string
		permanent      bool
	}{
		{"/account/reset-password", "/", false},
		{"/benefits/token-offer", "/", false},
		{"/signin", "/?modal=login", false},
		{"/members/SignIn/now", "/?modal=login", false},
		{"/blog", "/blog/all-tips-updates", true},
		{"/blog/", "/blog/all-tips-updates", true},
	} {
		status, body, doc := page(t, b, tc.path, "")
		if status != http.StatusOK || doc["kind"] != "redirect" || doc["location"] != tc.location || doc["permanent"] != tc.permanent {
			t.Errorf("%s: %d %s; want a redirect to %s (permanent %v)", tc.path, status, body, tc.location, tc.permanent)
		}
	}
	if status, _, _ := page(t, b, "/union-moments/2024", ""); status != http.StatusNotFound {
		t.Errorf("union-moments: status %d; want 404", status)
	}
}

// A visitor who chose no union is asked to choose one on the union pages themselves, instead of
// being sent home with no word (issue 36: the home page's buttons led there and back): nothing
// of the site's fallback union is shown as if it were theirs.
func TestUnionPagesAskAVisitorWithNoUnionToChoose(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for _, path := range []string{"/union-member-benefits", "/union-member-eligibility"} {
		for _, union := range []string{"", "no-such-union"} {
			status, body, doc := page(t, b, path, union)
			if status != http.StatusOK || doc["kind"] == "redirect" || doc["title"] != "Choose Your Union" {
				t.Fatalf("%s ?union=%q: %d %s; want the page asking for a union", path, union, status, body)
			}
			hero, _ := doc["hero"].(map[string]any)
			meta, _ := doc["meta"].(map[string]any)
			if hero["headline"] != "Choose Your Union" || hero["link"] != nil || meta["title"] != "Choose Your Union | Union Benefits" {
				t.Errorf("%s ?union=%q: hero %v, meta %v", path, union, hero, meta)
			}
			for _, field := range []string{"union", "unionChosen", "benefits", "eligibility"} {
				if _, ok := doc[field]; ok {
					t.Errorf("%s ?union=%q: %s sent for a visitor who chose no union: %s", path, union, field, body)
				}
			}
		}
	}
	// Chosen, the same pages are the union's, and say so.
	if _, body, doc := page(t, b, "/union-member-benefits", "37"); doc["unionChosen"] != true || doc["title"] != "Benefits for CWA Members" {
		t.Errorf("chosen: %s", body)
	}
	// Any other page names the fallback union for its links and titles, but not as chosen.
	if _, body, doc := page(t, b, "/", ""); doc["union"] == nil || doc["unionChosen"] != nil {
		t.Errorf("home with no union: want the fallback, not chosen: %s", body)
	}
}

func TestMembersPageNamesTheChosenUnion(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for union, title := range map[string]string{"37": "Benefits for CWA Members", "cwa": "Benefits for CWA Members", "41": "Benefits for AFT Members"} {
		status, body, doc := page(t, b, "/union-member-benefits", union)
		if status != http.StatusOK || doc["kind"] != "members" || doc["title"] != title {
			t.Fatalf("union %s: %d %s", union, status, body)
		}
		if len(titles(doc, "hardship")) == 0 || len(titles(doc, "other")) == 0 {
			t.Errorf("union %s: empty groups %v / %v", union, titles(doc, "hardship"), titles(doc, "other"))
		}
	}
	_, _, doc := page(t, b, "/union-member-eligibility", "37")
	if doc["title"] != "Benefit Eligibility for CWA Members" {
		t.Errorf("eligibility title %v", doc["title"])
	}
}

// The page cache keeps one entry per union and never serves one union's page to another.
func TestCacheKeepsOneEntryPerUnionVariant(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	want := map[string]struct{ only, never string }{
		"37": {"Telecom Worker Perks", "Classroom Supply Savings"},
		"41": {"Classroom Supply Savings", "Telecom Worker Perks"},
		"58": {"Wireless Discount", "Telecom Worker Perks"},
	}
	for round := 0; round < 2; round++ { // the second round is served from the cache
		for _, union := range []string{"37", "41", "58"} {
			_, body, doc := page(t, b, "/union-member-benefits", union)
			other := titles(doc, "other")
			if !slices.Contains(other, want[union].only) || slices.Contains(other, want[union].never) {
				t.Fatalf("round %d, union %s: benefits %v; want %q and never %q", round, union, other, want[union].only, want[union].never)
			}
			if u, _ := doc["union"].(map[string]any); u["id"] != union {
				t.Fatalf("round %d, union %s: document for union %v: %s", round, union, u["id"], body)
			}
		}
	}
	if n := cms.Count("/api/v0/node?path=union-member-benefits"); n != 1 {
		t.Errorf("the CMS node was fetched %d times; the content cache is shared by every union", n)
	}
	_, _, m := harness.Get(t, b.Admin+"/metrics")
	if !bytes.Contains(m, []byte(`bff_cache_lookups_total{kind="page",result="hit"} 3`)) ||
		!bytes.Contains(m, []byte(`bff_cache_lookups_total{kind="page",result="miss"} 3`)) {
		t.Errorf("want three page misses (one per union) then three hits:\n%s", grepLines(m, "kind=\"page\""))
	}
}

func TestMembersOnlyPageIsGatedWithoutItsBody(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for _, path := range []string{"/member-toolkit", "/benefits/strike-grant", "/benefits/personal-loans"} {
		status, body, doc := page(t, b, path, "")
		gate, _ := doc["gate"].(map[string]any)
		if status != http.StatusOK || gate["reason"] != "login" {
			t.Fatalf("%s: %d %s; want a login gate", path, status, body)
		}
		if bytes.Contains(body, []byte("MEMBERS-ONLY")) {
			t.Errorf("%s: the gated body reached a visitor: %s", path, body)
		}
		if blocks, _ := doc["blocks"].([]any); len(blocks) != 0 || doc["body"] != nil {
			t.Errorf("%s: a gated document carries blocks or body", path)
		}
	}
}

func TestUnionLimitedPageSendsOtherUnionsToTheAccessDeniedPage(t *testing.T) {
	b := harness.StartOnFixtures(t)
	status, body, doc := page(t, b, "/cwa-members", "41")
	if status != http.StatusOK || doc["kind"] != "redirect" || doc["location"] != "/benefit-not-available" {
		t.Fatalf("AFT reader: %d %s", status, body)
	}
	if bytes.Contains(body, []byte("CWA-ONLY")) {
		t.Fatal("the limited body reached another union")
	}
	status, body, _ = page(t, b, "/cwa-members", "37")
	if status != http.StatusOK || !bytes.Contains(body, []byte("CWA-ONLY-CONTENT")) {
		t.Fatalf("CWA reader: %d %s", status, body)
	}
	// No union chosen: the fallback union (SEIU) does not pass either.
	if _, _, doc := page(t, b, "/cwa-members", ""); doc["location"] != "/benefit-not-available" {
		t.Fatalf("fallback reader: %v", doc)
	}
}

func TestCategoryListsBenefitsForTheReader(t *testing.T) {
	b := harness.StartOnFixtures(t)
	_, _, doc := page(t, b, "/money-and-credit", "41")
	other := titles(doc, "other")
	if !slices.Contains(other, "Union Credit Card") || !slices.Contains(other, "Classroom Supply Savings") {
		t.Errorf("AFT money & credit: %v", other)
	}
	for _, hidden := range []string{"Personal Loans", "Tarjeta de crédito sindical"} { // members only; hidden in lists
		if slices.Contains(other, hidden) {
			t.Errorf("AFT money & credit lists %q: %v", hidden, other)
		}
	}
	_, _, doc = page(t, b, "/money-and-credit", "37")
	if slices.Contains(titles(doc, "other"), "Classroom Supply Savings") {
		t.Errorf("CWA sees an AFT/NEA benefit: %v", titles(doc, "other"))
	}
	_, _, doc = page(t, b, "/hardship-help", "")
	if len(titles(doc, "hardship")) == 0 || len(titles(doc, "other")) != 0 {
		t.Errorf("hardship category: hardship %v, other %v", titles(doc, "hardship"), titles(doc, "other"))
	}
}

func TestSiteMenusFollowTheUnion(t *testing.T) {
	b := harness.StartOnFixtures(t)
	menu := func(union string) []byte {
		_, _, body := harness.Get(t, b.URL+"/api/v1/site?union="+union)
		return body
	}
	if !bytes.Contains(menu("41"), []byte("Classroom Supply Savings")) || bytes.Contains(menu("37"), []byte("Classroom Supply Savings")) {
		t.Error("the AFT/NEA-only menu link is not limited to AFT and NEA")
	}
	if bytes.Contains(menu("37"), []byte(`"Smartphone Rebate"`)) {
		t.Error("a members-only menu link reached a visitor")
	}
}

func TestSitemapListsOnlyWhatEveryVisitorMaySee(t *testing.T) {
	b := harness.StartOnFixtures(t)
	status, _, body := harness.Get(t, b.URL+"/api/v1/sitemap")
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{`"/"`, `"/benefits/union-plus-credit-card"`, `"/money-and-credit"`} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	for _, never := range []string{"/benefits/strike-grant", "/benefits/classroom-supply-savings", "/member-toolkit", "/cwa-members", "/style-guide"} {
		if bytes.Contains(body, []byte(`"`+never+`"`)) {
			t.Errorf("sitemap lists %s", never)
		}
	}
}

func grepLines(b []byte, sub string) string {
	var out []byte
	for _, line := range bytes.Split(b, []byte("\n")) {
		if bytes.Contains(line, []byte(sub)) {
			out = append(append(out, line...), '\n')
		}
	}
	return string(out)
}

func TestRedirectBenefitSendsTheReaderToTheBenefit(t *testing.T) {
	b := harness.StartOnFixtures(t)
	var doc map[string]any
	status, _, raw := harness.Get(t, b.URL+"/api/v1/page?path=/&redirect_benefit=wireless")
	if err := json.Unmarshal(raw, &doc); err != nil || status != http.StatusOK || doc["kind"] != "redirect" || doc["location"] != "/benefits/wireless" {
		t.Fatalf("%d %s", status, raw)
	}
	// An unknown benefit leaves the page as asked; a malformed one is a 400.
	_, _, raw = harness.Get(t, b.URL+"/api/v1/page?path=/&redirect_benefit=no-such-benefit")
	if !bytes.Contains(raw, []byte(`"kind":"home"`)) {
		t.Fatalf("unknown benefit: %s", raw)
	}
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/page?path=/&redirect_benefit=../etc"); status != http.StatusBadRequest {
		t.Fatalf("malformed benefit: status %d", status)
	}
}

// A sidebar promotion shows its heading and the line under it (the CMS's source fields), and
// links to the benefit it names when that is the page's own benefit promo: the FAQ's box was a
// paragraph with neither.
func TestSidebarPromotionHasItsTitleAndALinkToItsBenefit(t *testing.T) {
	b := harness.StartOnFixtures(t)
	status, body, doc := page(t, b, "/faq", "")
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	sb, _ := doc["sidebar"].(map[string]any)
	if sb["promotionTitle"] != "Union Credit Card" || sb["promotionSubtitle"] != "Issued by Harbor Union Bank" {
		t.Errorf("promotion heading %v / %v; want the CMS's source and subtitle", sb["promotionTitle"], sb["promotionSubtitle"])
	}
	link, _ := sb["promotionLink"].(map[string]any)
	if link["url"] != "/benefits/union-plus-credit-card" || link["title"] != "See card details" {
		t.Errorf("promotion link %v; want the page's benefit promo with its link text", link)
	}
}
