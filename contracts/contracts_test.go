package contracts

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEveryMessageKeyExists reads every BFF source file for the catalogue keys it uses, through
// contracts.Message or a package's msg helper, so a typo fails here rather than showing a key.
// The grants package's msg and contracts.GrantMessage name keys of grants.json; the uploads
// package's msg and contracts.UploadMessage those of uploads.json; the store package's msg and
// contracts.StoreMessage those of store.json; the partners package's msg and
// contracts.PartnerMessage those of partners.json.
func TestEveryMessageKeyExists(t *testing.T) {
	keyUse := regexp.MustCompile(`(?:\bMessage|\bmsg)\("([A-Za-z]+)"`)
	grantUse := regexp.MustCompile(`\bGrantMessage\("([A-Za-z]+)"`)
	uploadUse := regexp.MustCompile(`\bUploadMessage\("([A-Za-z]+)"`)
	storeUse := regexp.MustCompile(`\bStoreMessage\("([A-Za-z]+)"`)
	partnerUse := regexp.MustCompile(`\bPartnerMessage\("([A-Za-z]+)"`)
	// A package's own msg helper names keys of its feature's file.
	catalogues := []struct {
		file   string
		dir    string // the package whose msg names this file's keys; "" for accounts.json
		direct *regexp.Regexp
		has    func(string) bool
		used   int
		least  int
	}{
		{file: "grants.json", dir: "/internal/grants/", direct: grantUse, has: HasGrantMessage, least: 20},
		{file: "uploads.json", dir: "/internal/uploads/", direct: uploadUse, has: HasUploadMessage, least: 15},
		{file: "store.json", dir: "/internal/store/", direct: storeUse, has: HasStoreMessage, least: 2},
		{file: "partners.json", dir: "/internal/partners/", direct: partnerUse, has: HasPartnerMessage, least: 4},
		{file: "accounts.json", has: HasMessage, least: 40},
	}
	err := filepath.WalkDir("../bff", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		slash := filepath.ToSlash(path)
		for i := range catalogues {
			c := &catalogues[i]
			if c.direct != nil {
				for _, m := range c.direct.FindAllStringSubmatch(string(src), -1) {
					c.used++
					if !c.has(m[1]) {
						t.Errorf("%s: message %q is not in contracts/%s", path, m[1], c.file)
					}
				}
			}
			if c.dir != "" && !strings.Contains(slash, c.dir) {
				continue
			}
			// The first catalogue whose package this is (accounts.json for every other one)
			// names the keys of keyUse.
			for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
				c.used++
				if !c.has(m[1]) {
					t.Errorf("%s: message %q is not in contracts/%s", path, m[1], c.file)
				}
			}
			break
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range catalogues {
		if c.used < c.least {
			t.Errorf("found %d uses of %s's catalogue; the pattern no longer matches the code", c.used, c.file)
		}
	}
}

func TestMessageFillsPlaceholders(t *testing.T) {
	if got := Message("loginOffline", "product", "Union Benefits"); got != "Union Benefits log in is temporarily offline for maintenance. Please check back soon." {
		t.Fatalf("got %q", got)
	}
}

// TestLoadPanicsOnABadFile covers what Load refuses: each would otherwise reach a reader as an
// empty or wrong rule.
func TestLoadPanicsOnABadFile(t *testing.T) {
	type withPattern struct {
		Patterns struct {
			Zip Pattern `json:"zip"`
		} `json:"patterns"`
	}
	for name, tt := range map[string]struct {
		file string
		want string
	}{
		"malformed":        {`{"patterns": `, "unexpected end of JSON input"},
		"wrong type":       {`{"patterns": {"zip": 5}}`, "cannot unmarshal number"},
		"does not compile": {`{"patterns": {"zip": "^[0-9"}}`, "missing closing ]"},
		"not portable":     {`{"patterns": {"zip": "^\\s$"}}`, `\s reads differently`},
		"pattern left out": {`{"patterns": {}}`, "no pattern patterns.zip"},
		"no such file":     {"", "file does not exist"},
		"another section":  {`{"patterns": {"zip": "^[0-9]{5}$"}, "limits": "x"}`, ""},
	} {
		t.Run(name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			if tt.file != "" {
				fsys["x.json"] = &fstest.MapFile{Data: []byte(tt.file)}
			}
			defer func() {
				got := recover()
				if tt.want == "" {
					if got != nil {
						t.Fatalf("panicked: %v", got)
					}
					return
				}
				if got == nil || !strings.Contains(fmt.Sprint(got), tt.want) {
					t.Fatalf("panic %v, want one saying %q", got, tt.want)
				}
			}()
			if p := load[withPattern](fsys, "x.json").Patterns.Zip; !p.MatchString("12345") {
				t.Errorf("the pattern %v does not match", p)
			}
		})
	}
}

// TestPatternsReadTheSameInJavaScript checks the refusals of notPortable, and that the
// contracts' own patterns pass (frontend/test/contractCases.test.ts compiles them with u and v).
func TestPatternsReadTheSameInJavaScript(t *testing.T) {
	for _, s := range []string{`^[^\t\n\f\r @]+$`, `(?i)^https?://[a-z0-9\-]+$`, `^\(?\d{3}\)?$`, `^[A-Za-z0-9 \-]{5,10}$`,
		`^[^\n]{8,}$`, `[A-Z]`, `^a(?:b|c)$`, `^[\[\]]$`, `^a-b$`} {
		if why := notPortable(s); why != "" {
			t.Errorf("%s: refused: %s", s, why)
		}
	}
	for _, s := range []string{`^\s$`, `^[^\S]$`, `\bword\b`, `^\p{L}$`, `^\Aa\z$`, `^\Q.\E$`, `^\x{41}$`,
		`^.+$`, `(?s)^a$`, `^a(?i)b$`, `^(?P<n>a)$`, `^(?<n>a)$`, `^[[:alpha:]]$`, `^[a-]$`, `^[-a]$`, `^[^-a]$`,
		`^[]a]$`, `^[a(]$`, `^[a/]$`, `^[a|b]$`, `^[a{]$`} {
		if notPortable(s) == "" {
			t.Errorf("%s: accepted, though JavaScript reads it differently or refuses it", s)
		}
	}
	entries, err := files.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// Load compiles every pattern of the file, and panics on one it refuses.
		n := len(Load[struct {
			Patterns map[string]Pattern `json:"patterns"`
		}](e.Name()).Patterns)
		t.Logf("%s: %d patterns", e.Name(), n)
	}
}

// TestEveryCaseIsChecked reads every BFF test for the rules of cases.json it runs through
// CheckCases, so a rule without a Go test fails here: its cases would then bind only the
// frontend.
func TestEveryCaseIsChecked(t *testing.T) {
	use := regexp.MustCompile(`contracts\.CheckCases\(t, "([^"]+)"`)
	checked := map[string]bool{}
	err := filepath.WalkDir("../bff", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			checked[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cases()) == 0 {
		t.Fatal("cases.json has no rules")
	}
	for rule := range cases() {
		if !checked[rule] {
			t.Errorf("cases.json's %s is not run through the BFF's code: no contracts.CheckCases(t, %q, ...)", rule, rule)
		}
	}
}

type recorder struct{ errors []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// TestCheckCasesReportsADrift runs a rule through code that is not the BFF's: the store's email
// rule, which accepts a@b.c, in place of the accounts' one.
func TestCheckCasesReportsADrift(t *testing.T) {
	var r recorder
	storeEmail := Load[struct {
		Patterns struct {
			Email Pattern `json:"email"`
		} `json:"patterns"`
	}]("store.json").Patterns.Email
	CheckCases(&r, "accounts.email", storeEmail.MatchString)
	if !slices.Contains(r.errors, `accounts.email: "a@b.c" is accepted; contracts/cases.json says it is invalid`) ||
		!slices.Contains(r.errors, `accounts.email: "a@b..co" is refused; contracts/cases.json says it is valid`) {
		t.Errorf("reported %q", r.errors)
	}
}
