package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Only the BFF reads and writes Firestore and the case bucket, through the Admin SDK, which
// security rules do not bind. The rules the repository deploys (firebase.json names them) must
// refuse every other client everything: a member's ID token from a partner's sign-in would
// otherwise read members' data without the BFF's checks.
func TestSecurityRulesRefuseEveryClient(t *testing.T) {
	root := moduleRoot(t)
	raw, err := os.ReadFile(filepath.Join(root, "firebase.json"))
	if err != nil {
		t.Fatal(err)
	}
	var firebase struct {
		Firestore struct{ Rules string } `json:"firestore"`
		Storage   struct{ Rules string } `json:"storage"`
	}
	if err := json.Unmarshal(raw, &firebase); err != nil {
		t.Fatal(err)
	}
	allow := regexp.MustCompile(`(?m)^\s*allow\s+([a-z, ]+?)\s*(?::\s*if\s+(.*?))?;`)
	for service, file := range map[string]string{"firestore": firebase.Firestore.Rules, "storage": firebase.Storage.Rules} {
		if file == "" {
			t.Errorf("firebase.json names no %s rules", service)
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatalf("%s rules: %v", service, err)
		}
		body := string(text)
		if !strings.Contains(body, "rules_version = '2';") {
			t.Errorf("%s: rules_version 2 is missing (recursive wildcards need it)", file)
		}
		matches := allow.FindAllStringSubmatch(body, -1)
		if len(matches) == 0 {
			t.Errorf("%s: no allow statement", file)
		}
		for _, m := range matches {
			if strings.TrimSpace(m[2]) != "false" {
				t.Errorf("%s: %q lets a client in", file, strings.TrimSpace(m[0]))
			}
		}
		// The one match covers every document or object, however deep.
		if !strings.Contains(body, "{document=**}") && !strings.Contains(body, "{allPaths=**}") {
			t.Errorf("%s: the rule does not cover every path", file)
		}
	}
}
