package portal

import (
	"net/url"
	"strings"
	"testing"
)

// A site path from CleanPath becomes cache keys, page documents' paths and, through content's
// redirects, the Location a browser follows. Browsers read a URL more loosely than Go does: they
// drop tabs and newlines anywhere in it and take '\' for '/', so "/\evil.example" and
// "/\t/evil.example" both mean "//evil.example", another site.

// asBrowserReads is loc after the clean-up a browser does before it resolves a URL (WHATWG URL:
// tabs and newlines removed, backslashes read as slashes in http and https URLs).
func asBrowserReads(loc string) string {
	loc = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(loc)
	return strings.ReplaceAll(loc, `\`, "/")
}

// checkSitePath fails t unless p is a canonical site path: exactly one leading slash, no empty
// segment, no backslash, and as a browser reads it, a path on our own site.
func checkSitePath(t *testing.T, in, p string) {
	t.Helper()
	switch {
	case !strings.HasPrefix(p, "/"):
		t.Fatalf("CleanPath(%q) = %q: no leading /", in, p)
	case strings.Contains(p, "//"):
		t.Fatalf("CleanPath(%q) = %q: an empty segment (// would name another host)", in, p)
	case strings.Contains(p, `\`):
		t.Fatalf("CleanPath(%q) = %q: a backslash, which browsers read as /", in, p)
	case p != "/" && strings.HasSuffix(p, "/"):
		t.Fatalf("CleanPath(%q) = %q: a trailing slash", in, p)
	}
	read := asBrowserReads(p)
	if strings.HasPrefix(read, "//") {
		t.Fatalf("CleanPath(%q) = %q, which a browser reads as %q: another host", in, p, read)
	}
	base, _ := url.Parse("https://portal.example/some/page")
	if u, err := url.Parse(read); err == nil {
		if u.Scheme != "" || u.Host != "" || u.User != nil {
			t.Fatalf("CleanPath(%q) = %q names scheme %q host %q", in, p, u.Scheme, u.Host)
		}
		if got := base.ResolveReference(u); got.Scheme != "https" || got.Host != "portal.example" {
			t.Fatalf("CleanPath(%q) = %q resolves to %s, off the site", in, p, got)
		}
	}
}

func FuzzCleanPath(f *testing.F) {
	for _, seed := range []string{
		"", "/", "//", "///", "/a/b/", "/a//b", "benefits/card", "/benefits//card/",
		"//evil.example", "///evil.example/x", `\evil.example`, `/\evil.example`, `\\evil.example`,
		"/\t/evil.example", "/\n/evil.example", "\r\n//evil.example",
		"https://evil.example/x", "http:evil.example", "javascript:alert(1)", "/javascript:alert(1)",
		"/..", "/../..//evil.example", "/./a", "/a?b=//c", "/%2F%2Fevil.example", "/%5Cevil.example",
		"/\u00a0/x", "/\xff\xfe", "/a\x00b",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p := CleanPath(in)
		checkSitePath(t, in, p)
		if again := CleanPath(p); again != p {
			t.Fatalf("CleanPath is not idempotent: %q → %q → %q", in, p, again)
		}
		// Cleaning only drops separators: the segments a person typed are all still there.
		if want := strings.Join(strings.FieldsFunc(asBrowserReads(in), func(r rune) bool { return r == '/' }), "/"); p[1:] != want {
			t.Fatalf("CleanPath(%q) = %q; want /%s", in, p, want)
		}
	})
}
