// Command logscan fails when the logs of an end-to-end run hold personal data or credentials: an
// email address, a test member's name, a session cookie, an ID token (any JWT) or a bearer token
// (package logscan). It reads the logs of the processes that run in production, as the stack
// wrote them (default .run/logs: bff.log and each replica's, frontend.log, edgefn.log, edge.log),
// and prints each offending line redacted. `make test` runs it after the end-to-end tests.
//
//	logscan [-names "First Last,..."] [-allow addr,...] [dir]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/union-benefits/portal/bff/internal/dev/devstack"
	"github.com/union-benefits/portal/bff/internal/dev/logscan"
)

// e2eNames are the names the end-to-end tests sign members up with (frontend/e2e/members.ts and
// the sign-up specs); the fixtures' members are read from fixtures/firestore/profiles.json.
const e2eNames = "Robin,Avery,Tester"

// devLeadersEmail is the BFF's LEADERS_EMAIL outside a real project (internal/config): the
// organisation's mailbox, which the BFF logs with its configuration as it starts.
const devLeadersEmail = "leaders@example.org"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run scans and answers the exit status: 0 clean, 1 findings, 2 the scan could not run.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("logscan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	names := fs.String("names", e2eNames, "comma-separated names no line may hold, besides the fixtures' members")
	allow := fs.String("allow", "", "comma-separated email addresses of the organisation's own that lines may hold, besides the stack's")
	profiles := fs.String("profiles", "fixtures/firestore/profiles.json", "the fixtures' member profiles, whose names no line may hold")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dir := filepath.Join(".run", "logs")
	if fs.NArg() > 0 {
		dir = fs.Arg(0)
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "logscan:", err)
		return 2
	}
	rules := logscan.Rules{Names: split(*names), Allowed: append(split(*allow), stackAddresses()...)}
	fixtureNames, err := profileNames(*profiles)
	if err != nil {
		return fail(err)
	}
	rules.Names = append(rules.Names, fixtureNames...)

	files, err := logFiles(dir)
	if err != nil {
		return fail(err)
	}
	var found []logscan.Finding
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			return fail(err)
		}
		more, err := logscan.Scan(f, r, rules)
		_ = r.Close()
		if err != nil {
			return fail(fmt.Errorf("%s: %w", f, err))
		}
		found = append(found, more...)
	}
	if len(found) > 0 {
		fmt.Fprintf(stderr, "logscan: %d log lines hold personal data or credentials (shown redacted):\n", len(found))
		for _, f := range found {
			fmt.Fprintln(stderr, "  "+f.String())
		}
		return 1
	}
	fmt.Fprintf(stdout, "logscan: no email address, member name or token in %d log files (%s)\n", len(files), strings.Join(files, ", "))
	return 0
}

// logFiles are the logs of the processes that run in production: the BFF (and its replicas),
// Next.js, the site's proxy as an edge function, and the edge. The stand-ins' (the Auth emulator, Mailpit, ...) hold the test data by
// design and never run in production.
func logFiles(dir string) ([]string, error) {
	var files []string
	for _, glob := range []string{"bff*.log", "frontend.log", "edgefn.log", "edge.log"} {
		m, err := filepath.Glob(filepath.Join(dir, glob))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	if !slices.ContainsFunc(files, func(f string) bool { return strings.HasPrefix(filepath.Base(f), "bff") }) {
		return nil, fmt.Errorf("no BFF log in %s: run after the stack (.bin/stack test)", dir)
	}
	return files, nil
}

// stackAddresses are the organisation's own addresses the stack configures: the leaders' mailbox
// and the mail's From.
func stackAddresses() []string {
	out := []string{devLeadersEmail}
	if a, err := mail.ParseAddress(devstack.DevMailFrom); err == nil {
		out = append(out, strings.ToLower(a.Address))
	}
	return out
}

// profileNames are the first and last names of every member profile in the fixtures, each whole
// name and each part.
func profileNames(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var profiles map[string]struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
	}
	if err := json.Unmarshal(b, &profiles); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var names []string
	for _, p := range profiles {
		names = append(names, p.FirstName, p.LastName)
	}
	return names, nil
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, strings.ToLower(p))
		}
	}
	return out
}
