package content_test

import (
	"slices"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// rowTitles lists a table's row titles.
func rowTitles(table any) []string {
	return harness.Each(table, "rows", "title")
}

// TestEligibilityTables: both tables, from the fixture CMS's records, on the public page and from
// the account tab's endpoint, titled for the union, each answer as the contract says.
func TestEligibilityTables(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	br := harness.NewBrowser(t, b.URL, harness.LoadContract(t))

	_, _, doc := page(t, b, "/union-member-eligibility", "41")
	tables, _ := doc["eligibility"].(map[string]any)
	if doc["title"] != "Benefit Eligibility for AFT Members" || tables["title"] != doc["title"] {
		t.Fatalf("page: %v / %v", doc["title"], tables["title"])
	}
	a := br.Want(br.Call("GET", "/api/v1/eligibility", "/api/v1/eligibility?union=41", nil), 200)
	if a.JSON["title"] != "Benefit Eligibility for AFT Members" || a.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("endpoint: %s", a.Body)
	}
	us, intl := a.JSON["us"], a.JSON["international"]
	// Rows keep the CMS's order; a record is in each table its flags name.
	if got := rowTitles(us); !slices.Equal(got, []string{"Credit Card", "Personal Loans", "Mortgage", "Life Insurance",
		"Accident Insurance", "Wireless Discount", "Hardship Grants", "Car Buying", "Hotel Discounts", "Scholarships"}) {
		t.Errorf("US rows: %v", got)
	}
	if got := rowTitles(intl); !slices.Equal(got, []string{"Credit Card", "Mortgage", "Life Insurance", "Wireless Discount",
		"Hardship Grants", "Hotel Discounts", "Scholarships", "Travel Assistance"}) {
		t.Errorf("international rows: %v", got)
	}
	var labels []string
	for _, c := range harness.Dig(us, "columns").([]any) {
		labels = append(labels, harness.Dig(c, "label").(string))
	}
	if !slices.Equal(labels, []string{"Children", "Spouse", "Domestic Partner", "Parent", "Widow/Widower", "Other family"}) {
		t.Errorf("US columns: %v", labels)
	}
	first := harness.Dig(us, "rows").([]any)[0]
	if harness.Dig(first, "cells", "spouse") != "Yes" || harness.Dig(first, "cells", "children") != "No" ||
		harness.Dig(first, "benefit", "url") != "/benefits/union-plus-credit-card" || harness.Dig(first, "cells", "guam") != nil {
		t.Errorf("first US row: %v", first)
	}
	canada := harness.Dig(intl, "rows").([]any)[7]
	if harness.Dig(canada, "cells", "canada") != "Yes" || harness.Dig(canada, "benefit") != nil {
		t.Errorf("a row with no benefit page: %v", canada)
	}
	if harness.Dig(us, "header") != "<p>Who is eligible for each U.S. program, by family relationship to the union member.</p>" ||
		harness.Dig(intl, "footer") == "" {
		t.Errorf("disclaimers: %v / %v", harness.Dig(us, "header"), harness.Dig(intl, "footer"))
	}

	// Publishing a record purges every answer built from the records, and only those.
	before := cms.Count("/api/v0/eligibility")
	br.Want(br.Call("GET", "/api/v1/eligibility", "/api/v1/eligibility?union=41", nil), 200)
	if cms.Count("/api/v0/eligibility") != before {
		t.Errorf("a cached answer asked the CMS again")
	}
	cms.Edit(t, "eligibility.json", `"title": "Car Buying"`, `"title": "Car Buying Service"`)
	if n := b.Server.Store.Purge(portal.EligibilityTag); n < 2 {
		t.Errorf("purged %d entries; want the page and the endpoint's", n)
	}
	a = br.Want(br.Call("GET", "/api/v1/eligibility", "/api/v1/eligibility?union=41", nil), 200)
	if got := rowTitles(a.JSON["us"]); !slices.Contains(got, "Car Buying Service") {
		t.Errorf("after the purge: %v", got)
	}
}

// TestSignedInMembersGoToTheirAccount: the union pages are the account's tabs for a member (spec
// 1 §2), whatever union they ask for.
func TestSignedInMembersGoToTheirAccount(t *testing.T) {
	b := harness.StartOnFixtures(t)
	br := harness.NewBrowser(t, b.URL, harness.LoadContract(t))
	b.Auth.Add("member-a", "maria@example.com", "Password1", true)
	b.Profiles.Put("member-a", portal.Profile{FirstName: "Maria", Union: "Communications Workers of America"})
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "maria@example.com", "password": "Password1"}), 200)
	for path, to := range map[string]string{"/union-member-eligibility": "/account/eligibility", "/union-member-benefits": "/account/benefits"} {
		a := br.Want(br.Call("GET", "/api/v1/page", "/api/v1/page?path="+path+"&union=41", nil), 200)
		if a.JSON["kind"] != "redirect" || a.JSON["location"] != to || a.JSON["permanent"] != false {
			t.Errorf("%s: %s", path, a.Body)
		}
	}
	// The account tab's tables are for the member's own union.
	a := br.Want(br.Call("GET", "/api/v1/eligibility", "/api/v1/eligibility?union=41", nil), 200)
	if a.JSON["title"] != "Benefit Eligibility for CWA Members" {
		t.Errorf("member's tables: %v", a.JSON["title"])
	}
	// A visitor with the same union still sees the page.
	if _, _, doc := page(t, b, "/union-member-eligibility", "41"); doc["kind"] != "eligibility" {
		t.Errorf("visitor: %v", doc["kind"])
	}
}
