package contracts

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
