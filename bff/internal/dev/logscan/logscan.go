// Package logscan checks the logs of an end-to-end run for personal data and credentials (issue
// 40: "no personal data (emails, names, tokens) in any log line"): an email address, a test
// member's name, a session cookie, an ID token or any other JWT, a bearer token. The stack writes
// each process's output to <root>/.run/logs/<part>.log (package devstack); `make test` runs
// cmd/logscan over the logs of the processes that run in production after the end-to-end tests.
package logscan

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Finding is one line that holds something it must not, with what it was.
type Finding struct {
	File string
	Line int
	Kind string // "email", "name", "session cookie", "token", "bearer token"
	// Text is the line with every match replaced by [kind], so printing a finding leaks nothing.
	Text string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", f.File, f.Line, f.Kind, f.Text)
}

// Rules are what a line must not hold.
type Rules struct {
	// Names are the test members' names (each a first and last name, or one name): a line holding
	// one as a whole word, in any case, is a finding.
	Names []string
	// Allowed are email addresses of the organisation's own that the configuration names and the
	// BFF logs as it starts (the leaders' mailbox, the mail's From): role addresses, not a person's.
	Allowed []string
}

type pattern struct {
	kind string
	re   *regexp.Regexp
}

// The shapes of secrets in a line. A JWT (a Firebase session cookie, an ID token, a signature of
// the edge's) is three base64url parts, the first a JSON header ({"...: eyJ); a session cookie
// is any value after the BFF's cookie name; a bearer token follows "Bearer".
var patterns = []pattern{
	{"email", regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)},
	{"session cookie", regexp.MustCompile(`(?:__Host-)?session=[^;\s",]{8,}`)},
	{"token", regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`)},
	{"bearer token", regexp.MustCompile(`(?i)bearer\s+[A-Za-z0-9._~+/=-]{8,}`)},
}

// Scan reads r line by line and answers the lines that break the rules, redacted.
func Scan(file string, r io.Reader, rules Rules) ([]Finding, error) {
	names := nameRegexp(rules.Names)
	var found []Finding
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		var kinds []string
		redacted := line
		for _, p := range patterns {
			redacted = p.re.ReplaceAllStringFunc(redacted, func(m string) string {
				if p.kind == "email" && slices.Contains(rules.Allowed, strings.ToLower(m)) {
					return m
				}
				if !slices.Contains(kinds, p.kind) {
					kinds = append(kinds, p.kind)
				}
				return "[" + p.kind + "]"
			})
		}
		if names != nil {
			redacted = names.ReplaceAllStringFunc(redacted, func(string) string {
				if !slices.Contains(kinds, "name") {
					kinds = append(kinds, "name")
				}
				return "[name]"
			})
		}
		if len(kinds) > 0 {
			found = append(found, Finding{File: file, Line: n, Kind: strings.Join(kinds, ", "), Text: redacted})
		}
	}
	return found, sc.Err()
}

// nameRegexp matches any of the names as whole words, in any case; nil for none.
func nameRegexp(names []string) *regexp.Regexp {
	var alts []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			words := strings.Fields(regexp.QuoteMeta(n))
			alts = append(alts, strings.Join(words, `\s+`))
		}
	}
	if len(alts) == 0 {
		return nil
	}
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(alts, "|") + `)\b`)
}
