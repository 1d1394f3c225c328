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
// The grants package's msg and contracts.GrantMessage name keys of grants.json.
func TestEveryMessageKeyExists(t *testing.T) {
	keyUse := regexp.MustCompile(`(?:\bMessage|\bmsg)\("([A-Za-z]+)"`)
	grantUse := regexp.MustCompile(`\bGrantMessage\("([A-Za-z]+)"`)
	used, grantUsed := 0, 0
	err := filepath.WalkDir("../bff", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		grants := strings.Contains(filepath.ToSlash(path), "/internal/grants/")
		for _, m := range grantUse.FindAllStringSubmatch(string(src), -1) {
			grantUsed++
			if !HasGrantMessage(m[1]) {
				t.Errorf("%s: message %q is not in contracts/grants.json", path, m[1])
			}
		}
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
			if grants {
				grantUsed++
				if !HasGrantMessage(m[1]) {
					t.Errorf("%s: message %q is not in contracts/grants.json", path, m[1])
				}
				continue
			}
			used++
			if !HasMessage(m[1]) {
				t.Errorf("%s: message %q is not in contracts/accounts.json", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used < 40 || grantUsed < 20 {
		t.Fatalf("found %d uses of accounts.json's catalogue and %d of grants.json's; the pattern no longer matches the code", used, grantUsed)
	}
}

func TestMessageFillsPlaceholders(t *testing.T) {
	if got := Message("loginOffline", "product", "Union Benefits"); got != "Union Benefits log in is temporarily offline for maintenance. Please check back soon." {
		t.Fatalf("got %q", got)
	}
}
