package content_test

// The union's own branding and the site variables' small print, through the whole BFF against
// the fixture CMS (spec 1 §3 'Union term' and 'Site variables').

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

func site(t *testing.T, b *harness.BFF, union string) map[string]any {
	t.Helper()
	u := b.URL + "/api/v1/site"
	if union != "" {
		u += "?union=" + union
	}
	status, _, body := harness.Get(t, u)
	if status != http.StatusOK {
		t.Fatalf("site %q: %d %s", union, status, body)
	}
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestTheHeaderCarriesTheChosenUnionsLogoAndLink(t *testing.T) {
	b := harness.StartOnFixtures(t)
	doc := site(t, b, "cwa")
	u, _ := doc["union"].(map[string]any)
	logo, _ := u["logo"].(map[string]any)
	link, _ := u["logoLink"].(map[string]any)
	if u["label"] != "Communications Workers of America (CWA)" ||
		!strings.HasSuffix(logo["url"].(string), "/unions/cwa.svg") ||
		link["url"] != "https://www.example.org/unions/cwa" || link["target"] != "_blank" {
		t.Fatalf("union brand %v", doc["union"])
	}
	// The site's fallback union is nobody's choice: no union logo in the header.
	if _, ok := site(t, b, "")["union"]; ok {
		t.Errorf("the fallback union is shown in the header")
	}
}

func TestTheFooterCarriesTheDisclaimerText(t *testing.T) {
	b := harness.StartOnFixtures(t)
	footer := site(t, b, "")["footer"].(map[string]any)
	if d, _ := footer["disclaimer"].(string); !strings.Contains(d, "programs are provided by independent companies") {
		t.Fatalf("footer disclaimer %q", d)
	}
}

func TestTheMembersPageShowsTheUnionsBrandAndItsMetatags(t *testing.T) {
	b := harness.StartOnFixtures(t)
	_, body, doc := page(t, b, "/union-member-benefits", "37")
	brand, _ := doc["unionBrand"].(map[string]any)
	if brand == nil {
		t.Fatalf("no unionBrand: %s", body)
	}
	if d, _ := brand["description"].(string); !strings.Contains(d, "Members of the Communications Workers of America") {
		t.Errorf("description %q", d)
	}
	post, _ := brand["featuredPost"].(map[string]any)
	if post["url"] != "/blog/health-wellness/5530" || post["title"] != "Flu season: protect your family for less" {
		t.Errorf("featured post %v", post)
	}
	if link, _ := brand["logoLink"].(map[string]any); link["url"] != "https://www.example.org/unions/cwa" {
		t.Errorf("logo link %v", link)
	}
	meta := doc["meta"].(map[string]any)
	if meta["description"] != "Discounts, insurance and hardship help for CWA members and their families." {
		t.Errorf("meta description %v", meta["description"])
	}
	if meta["title"] != "Benefits for CWA Members | Union Benefits" {
		t.Errorf("meta title %v: the spec's title stays", meta["title"])
	}
	// A visitor who chose no union is asked for one: nobody's brand is shown.
	if _, _, doc := page(t, b, "/union-member-benefits", ""); doc["unionBrand"] != nil {
		t.Errorf("brand without a chosen union: %v", doc["unionBrand"])
	}
}
