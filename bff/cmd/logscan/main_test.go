package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTheScanFailsOnALeakInAnyProductionLog(t *testing.T) {
	dir := t.TempDir()
	profiles := filepath.Join(dir, "profiles.json")
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("profiles.json", `{"demo-member-0001":{"firstName":"Maria","lastName":"Lopez","email":"member@example.com"}}`)
	write("bff1.log", `{"level":"INFO","msg":"starting","config":{"LeadersEmail":"leaders@example.org"}}`+"\n")
	write("frontend.log", "GET /benefits 200\n")
	// The stand-ins hold test data by design: not scanned.
	write("auth.log", "created user member@example.com (Maria Lopez)\n")

	var out, errs bytes.Buffer
	if code := run([]string{"-profiles", profiles, dir}, &out, &errs); code != 0 {
		t.Fatalf("clean logs: exit %d\n%s", code, errs.String())
	}
	if !strings.Contains(out.String(), "bff1.log") || strings.Contains(out.String(), "auth.log") {
		t.Errorf("scanned: %s", out.String())
	}

	write("bff2.log", `{"level":"WARN","msg":"sign-in failed","email":"member@example.com","name":"Maria Lopez"}`+"\n")
	write("edge.log", `{"msg":"proxied","cookie":"session=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl"}`+"\n")
	write("edgefn.log", "TypeError at /account for member@example.com\n")
	out.Reset()
	errs.Reset()
	if code := run([]string{"-profiles", profiles, "-names", "Robin", dir}, &out, &errs); code != 1 {
		t.Fatalf("leaks: exit %d, want 1\n%s", code, errs.String())
	}
	report := errs.String()
	for _, want := range []string{"bff2.log:1: email, name:", "edge.log:1: session cookie:", "edgefn.log:1: email"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	for _, leak := range []string{"member@", "Maria", "eyJ"} {
		if strings.Contains(report, leak) {
			t.Errorf("the report prints %q:\n%s", leak, report)
		}
	}

	if code := run([]string{"-profiles", profiles, t.TempDir()}, &out, &errs); code != 2 {
		t.Errorf("a folder without the BFF's log: exit %d, want 2", code)
	}
}
