package content

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// The frontend hands a redirect document's location straight to Next.js's redirect(), so the
// browser goes wherever it says. Its parts come from the reader's path, ?redirect_benefit= and
// the CMS (a benefit's path, the access_denied_landing variable); whatever those hold, the
// reader must stay on the portal.

// redirectsContent answers any path: benefits/* is a benefit whose path is benefitPath, anything
// else a page limited to union 9; its global variable sends readers of other unions to landing.
type redirectsContent struct {
	*fakeContent
	benefitPath string
}

func (c redirectsContent) NodeByPath(_ context.Context, path string) (*portal.Node, error) {
	if strings.HasPrefix(path, "benefits/") {
		return &portal.Node{NID: "1180", Bundle: "benefit", Title: "A benefit", Path: c.benefitPath}, nil
	}
	return &portal.Node{NID: "2000", Bundle: "page", Title: "Union 9 only", Path: "/" + path, Unions: []string{"9"}}, nil
}

// checkLocation fails t unless loc is a path on our own site as a browser reads it (tabs and
// newlines dropped, '\' taken for '/'): one leading '/', never '//' or '\', never a scheme or host.
func checkLocation(t *testing.T, loc string) {
	t.Helper()
	read := strings.ReplaceAll(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(loc), `\`, "/")
	if !strings.HasPrefix(loc, "/") || strings.HasPrefix(read, "//") || strings.Contains(loc, `\`) || strings.Contains(strings.SplitN(loc, "?", 2)[0], "//") {
		t.Fatalf("redirect to %q (a browser reads %q): not one of our paths", loc, read)
	}
	u, err := url.Parse(read)
	if err != nil {
		// Go refuses what browsers take literally ("/%"), and the checks above already keep it
		// on the site.
		return
	}
	base, _ := url.Parse("https://portal.example/some/page")
	if u.Scheme != "" || u.Host != "" || base.ResolveReference(u).Host != "portal.example" {
		t.Fatalf("redirect to %q leaves the site: %s", loc, base.ResolveReference(u))
	}
}

func FuzzPageRedirects(f *testing.F) {
	for _, seed := range []struct {
		path, benefit, landing, benefitPath string
		member                              bool
	}{
		{"/", "", "", "", false},
		{"/locked", "", "/benefit-not-available", "", false},
		{"/locked", "", "https://evil.example/x", "", false},
		{"/locked", "", "//evil.example", "", false},
		{"/locked", "", `\evil.example`, "", false},
		{"/locked", "", `/\evil.example`, "", false},
		{"/locked", "", "/\t/evil.example", "", false},
		{"/locked", "", "javascript:alert(1)", "", false},
		{"/locked", "", "%", "", false},
		{"/", "wireless", "", "/benefits/wireless", false},
		{"/", "wireless", "", "//evil.example/x", false},
		{"/", "wireless", "", `/\evil.example`, false},
		{"/", "wireless", "", "https://evil.example", false},
		{"/union-member-benefits", "", "", "", true},
		{"/union-member-eligibility", "", "", "", false},
		{"/signin", "", "", "", false},
		{"/my/password", "", "", "", false},
		{"/BLOG", "", "", "", false},
		{"//evil.example/signin", "", "", "", false},
	} {
		f.Add(seed.path, seed.benefit, seed.landing, seed.benefitPath, seed.member)
	}
	f.Fuzz(func(t *testing.T, path, benefit, landing, benefitPath string, member bool) {
		c := redirectsContent{fakeContent: &fakeContent{vars: map[string]*portal.Variable{
			globalVariable: {Name: globalVariable, Values: map[string]any{"access_denied_landing": landing, "fallback_union": "37"}},
		}}, benefitPath: benefitPath}
		r := portal.Reader{Audience: portal.Anonymous, Union: "37", Chosen: true}
		if member {
			r.Audience = portal.Member
		}
		res, err := service(c, slog.New(slog.DiscardHandler)).Page(context.Background(), PageRequest{Path: path, Reader: r, RedirectBenefit: benefit})
		switch {
		case err != nil:
			return // a not-found page: no location
		case res.Redirect != nil:
			checkLocation(t, res.Redirect.Location)
		case res.Document == nil:
			t.Fatalf("neither a document nor a redirect for %q", path)
		default:
			// The document's path is the canonical one the frontend links and canonicalises to.
			checkLocation(t, res.Document.Path)
		}
	})
}
