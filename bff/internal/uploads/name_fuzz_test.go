package uploads

import (
	"path"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// FuzzUploadName: a file's name comes from the browser (?name=) and becomes the last part of its
// object's path. Whatever the name, it is either refused with the name field's message, or the
// object lands directly inside the member's case folder under exactly that name, with nothing a
// person reading the list could mistake (controls, format characters, invalid UTF-8, edge spaces).
func FuzzUploadName(f *testing.F) {
	for _, seed := range []string{
		"pay-stub.pdf", "Pay Stub (August) 2026.PDF", "résumé.docx", "", ".", "..", "...pdf",
		"../../other/evil.pdf", "a/b.pdf", `a\b.pdf`, "evil\x00.pdf", "line\nbreak.pdf", "invoice\u202efdp.exe",
		" lead.pdf", "trail.pdf ", "bad\xff.pdf", "%2e%2e%2fevil.pdf", "a\u2028b.pdf", "a\u00a0.pdf",
		strings.Repeat("a", 176) + ".pdf", strings.Repeat("é", 177) + ".pdf", "scan.exe", "scan.PdF", "x.pdf.exe",
	} {
		f.Add(seed)
	}
	const uid, caseID = "member-uid", "case-1"
	folder, _ := folder(uid, caseID)
	f.Fuzz(func(t *testing.T, name string) {
		if err := checkName(name); err != nil {
			if e := apperr.From(err); e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "name" {
				t.Fatalf("%q: refused as %+v; want the name field's message", name, e)
			}
			return
		}
		p, err := objectPath(uid, caseID, name)
		if err != nil {
			t.Fatalf("%q: accepted, but no object path: %v", name, err)
		}
		if !strings.HasPrefix(p, folder) || strings.TrimPrefix(p, folder) != name || path.Clean(p) != p || path.Dir(p)+"/" != folder {
			t.Fatalf("%q is stored at %q, not as itself directly inside %q", name, p, folder)
		}
		if !utf8.ValidString(name) || strings.TrimSpace(name) != name || strings.ContainsAny(name, `/\`) ||
			strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) {
			t.Fatalf("%q accepted", name)
		}
		// The type check that follows takes any accepted name without failing the request.
		if _, err := typeOf(name, "application/pdf"); err != nil && apperr.From(err).Code != apperr.Invalid {
			t.Fatalf("%q: type check failed as %v", name, err)
		}
	})
}
