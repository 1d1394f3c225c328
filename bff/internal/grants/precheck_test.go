package grants_test

// The job loss pre-check's settings (spec 2 §2, §4, §6, §9) as a browser gets them: public, the
// configured product and support line, the catalogue's job_loss_card form, and the supporting
// documentation PDF on the CMS's public address, which the fixture CMS serves.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

const precheckRoute = "/api/v1/precheck/job-loss"

func TestPrecheckIsPublic(t *testing.T) {
	b, c := grantsBFF(t)
	br := newBrowser(t, b.URL, c)

	a := br.Want(br.Call("GET", precheckRoute, precheckRoute, nil), 200)
	if a.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("cache control %q, want a public document's", a.Header.Get("Cache-Control"))
	}
	if a.JSON["productName"] != "Union Benefits" || a.JSON["supportPhone"] != "800-472-2005" ||
		a.JSON["formId"] != "job-loss-grant-form-union-benefits-credit-cardholders" {
		t.Errorf("precheck: %s", a.Body)
	}
	pdf, _ := a.JSON["documentsUrl"].(string)
	if !strings.HasPrefix(pdf, "http://127.0.0.1:") || !strings.HasSuffix(pdf, "/sites/default/files/global/job-loss-supporting-documentation.pdf") {
		t.Fatalf("documentsUrl %q, want the fixture PDF on the CMS's address", pdf)
	}
	status, header, body := harness.Get(t, pdf)
	if status != 200 || header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(body), "%PDF-") {
		t.Errorf("the PDF: %d %q", status, header.Get("Content-Type"))
	}

	// The form it leads to is the member-only form of the catalogue.
	if f := br.Call("GET", formRoute, "/api/v1/forms/"+a.JSON["formId"].(string), nil); f.Status != 401 {
		t.Errorf("the pre-check's form for a visitor: %d", f.Status)
	}
	br.signIn(b, "member-a", "maria@example.com")
	if f := br.Want(br.Call("GET", formRoute, "/api/v1/forms/"+a.JSON["formId"].(string), nil), 200); f.JSON["kind"] != "job_loss_card" {
		t.Errorf("the pre-check's form: %s", f.Body)
	}
	// A member gets the same public document.
	if m := br.Want(br.Call("GET", precheckRoute, precheckRoute, nil), 200); string(m.Body) != string(a.Body) {
		t.Errorf("member's pre-check %s, visitor's %s", m.Body, a.Body)
	}
}

func TestPrecheckFollowsTheConfiguration(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, map[string]string{
		"PRODUCT_NAME":   "Teamster Privilege",
		"SUPPORT_PHONE":  "800-555-0199",
		"CMS_PUBLIC_URL": "https://cms.example.org/",
	}))
	br := newBrowser(t, b.URL, harness.LoadContract(t))
	a := br.Want(br.Call("GET", precheckRoute, precheckRoute, nil), 200)
	if a.JSON["productName"] != "Teamster Privilege" || a.JSON["supportPhone"] != "800-555-0199" ||
		a.JSON["formId"] != "job-loss-grant-form-teamster-privilege-credit-cardholders" ||
		a.JSON["documentsUrl"] != "https://cms.example.org/sites/default/files/global/job-loss-supporting-documentation.pdf" {
		t.Errorf("precheck: %s", a.Body)
	}
}

func TestPrecheckLeavesOutAnUnsafeOrMissingPDF(t *testing.T) {
	for name, value := range map[string]string{
		"script link":       `"javascript:alert(1)"`,
		"other host's path": `"//evil.example/x.pdf"`,
		"empty":             `""`,
		"not a string":      `{"uri": "/x.pdf"}`,
	} {
		t.Run(name, func(t *testing.T) {
			cms := harness.StartCMS(t)
			file := filepath.Join(cms.Dir, "variable", "union_structure_global.json")
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			const fixture = `"/sites/default/files/global/job-loss-supporting-documentation.pdf"`
			if !strings.Contains(string(raw), fixture) {
				t.Fatal("the fixture no longer has the PDF link")
			}
			if err := os.WriteFile(file, []byte(strings.Replace(string(raw), fixture, value, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			b := harness.StartBFF(t, harness.Config(cms.URL, nil))
			br := newBrowser(t, b.URL, harness.LoadContract(t))
			a := br.Want(br.Call("GET", precheckRoute, precheckRoute, nil), 200)
			if _, ok := a.JSON["documentsUrl"]; ok || a.JSON["formId"] == nil {
				t.Errorf("precheck: %s", a.Body)
			}
		})
	}
}

// The CMS down: the wizard still works, without the PDF link.
func TestPrecheckWithoutTheCMS(t *testing.T) {
	cms := harness.StartCMS(t)
	cms.Close()
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	br := newBrowser(t, b.URL, harness.LoadContract(t))
	a := br.Want(br.Call("GET", precheckRoute, precheckRoute, nil), 200)
	if _, ok := a.JSON["documentsUrl"]; ok || a.JSON["formId"] != "job-loss-grant-form-union-benefits-credit-cardholders" {
		t.Errorf("precheck: %s", a.Body)
	}
}
