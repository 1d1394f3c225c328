package grants

import (
	"context"
	"testing"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
)

// The pre-check's PDF link: a CMS site path goes on the CMS's public address, an http(s) URL
// stays as the editor wrote it, anything else is left out.
func TestPrecheckDocumentsLink(t *testing.T) {
	for _, tc := range []struct {
		name, filesURL string
		value          any
		want           string
	}{
		{"site path", "https://cms.example.org", "/sites/default/files/global/jl.pdf", "https://cms.example.org/sites/default/files/global/jl.pdf"},
		{"site path, trailing slash", "https://cms.example.org/", " /sites/default/files/jl.pdf ", "https://cms.example.org/sites/default/files/jl.pdf"},
		{"absolute", "https://cms.example.org", "https://files.example.org/jl.pdf", "https://files.example.org/jl.pdf"},
		{"no public address", "", "/sites/default/files/jl.pdf", ""},
		{"script", "https://cms.example.org", "javascript:alert(1)", ""},
		{"data", "https://cms.example.org", "data:application/pdf;base64,JVBERi0=", ""},
		{"protocol-relative", "https://cms.example.org", "//evil.example/jl.pdf", ""},
		{"relative", "https://cms.example.org", "jl.pdf", ""},
		{"not a string", "https://cms.example.org", map[string]any{"uri": "/jl.pdf"}, ""},
		{"none", "https://cms.example.org", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			global := map[string]any{}
			if tc.value != nil {
				global[documentsPDF] = tc.value
			}
			content := fakeContent{variables: map[string]map[string]any{globalVariable: global}}
			s := New(accounttest.NewProfiles(), grantstest.NewCases(), content, Options{
				ProductName: "Union Benefits", SupportPhone: "800-472-2005", FilesURL: tc.filesURL,
			})
			got, err := s.Forms.Precheck(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got.DocumentsURL != tc.want || got.FormID != "job-loss-grant-form-union-benefits-credit-cardholders" ||
				got.ProductName != "Union Benefits" || got.SupportPhone != "800-472-2005" {
				t.Errorf("got %+v, want documentsUrl %q", got, tc.want)
			}
		})
	}
	// A CMS without the variable: no link, and no failure.
	s := New(accounttest.NewProfiles(), grantstest.NewCases(), fakeContent{}, Options{ProductName: "Union Benefits", FilesURL: "https://cms.example.org"})
	if got, err := s.Forms.Precheck(context.Background()); err != nil || got.DocumentsURL != "" {
		t.Errorf("without the variable: %+v %v", got, err)
	}
}
