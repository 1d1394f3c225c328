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
func TestEveryMessageKeyExists(t *testing.T) {
	keyUse := regexp.MustCompile(`(?:\bMessage|\bmsg)\("([A-Za-z]+)"`)
	used := 0
	err := filepath.WalkDir("../bff", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
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
	if used < 40 {
		t.Fatalf("found %d uses of the catalogue; the pattern no longer matches the code", used)
	}
}

func TestMessageFillsPlaceholders(t *testing.T) {
	if got := Message("loginOffline", "product", "Union Benefits"); got != "Union Benefits log in is temporarily offline for maintenance. Please check back soon." {
		t.Fatalf("got %q", got)
	}
}
