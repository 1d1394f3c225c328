// Package contracts holds what the BFF and the frontend agree on, embedded so the BFF reads the
// same files the frontend imports, one per feature: accounts.json (the account forms and the words
// of every account and sign-in answer), carsearch.json (the car-pricing search), grants.json (the
// grant forms and the job loss pre-check), hotels.json (the hotel search box), livestream.json
// (the livestream chat), partners.json (partner sign-in), store.json (the free-materials store)
// and uploads.json (a grant case's documents).
//
// Every file has one shape, so a reader of one knows where to look in the others. Its top-level
// sections, in this order and each only where the feature has one:
//
//   - $comment: what the file is for, and what its rules mean beyond their values;
//   - limits: numbers (lengths, counts, delays in ms, cookie lifetimes in seconds), or a range of
//     them ({min, max, default});
//   - patterns: named regular expressions, which Pattern compiles;
//   - messages: the words a person sees, with {placeholders};
//   - then the feature's own data, each under its own key (option tables, states, forms, fields).
//
// A part of a feature with its own page (grants.json's precheck) has the same shape inside.
//
// A pattern is written once for two engines: Go's RE2, and JavaScript's with the u flag
// (frontend/lib/contracts.ts), under which both count characters, never bytes or UTF-16 halves.
// It holds only syntax both read the same way, and Pattern refuses the rest: no \s or \S (ASCII
// whitespace in Go, Unicode's in JavaScript: write [\t\n\f\r ]), no '.' (JavaScript's also stops
// at \r, U+2028 and U+2029: write [^\n]), no \b, \B, \p, \P, \A, \z, \Q, POSIX classes, named
// groups or flags, except one leading (?i), which the frontend turns into the i flag (with u,
// JavaScript folds case as RE2 does, the long s and the Kelvin sign included). In a class, a
// literal hyphen and ( ) [ { } / | are escaped (\-), as the v flag, which a browser compiles an
// HTML pattern attribute with, requires; the frontend's test compiles every pattern with u and
// with v. A pattern that must match the whole value is anchored with ^ and $; one without is
// searched for (accounts.json's password rules, store.json's localWord).
//
// cases.json lists, for every rule both sides apply, values the BFF accepts and values it
// refuses. A Go test beside each rule (CheckCases) and frontend/test/contractCases.test.ts run
// them through each side's own code, so a rule that drifts on either side fails both.
package contracts

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// files are the contract files and cases.json.
//
//go:embed *.json
var files embed.FS

// Load is the contract file name (accounts.json, ...) parsed into T, which names the parts its
// reader needs. Every package loads its file once, into a package variable: the files are
// compiled in, so a malformed one, a pattern that does not compile or reads differently in
// JavaScript, or a Pattern field the file lacks is a programming error, and Load panics at init,
// failing every test of the package.
func Load[T any](name string) T { return load[T](files, name) }

func load[T any](fsys fs.FS, name string) T {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		panic("contracts: " + err.Error())
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		panic(fmt.Sprintf("contracts/%s: %v", name, err))
	}
	if missing := unsetPattern(reflect.ValueOf(&v).Elem()); missing != "" {
		panic(fmt.Sprintf("contracts/%s: no pattern %s", name, missing))
	}
	return v
}

// Pattern is a regular expression of a contract's patterns, compiled once as its file loads.
type Pattern struct{ *regexp.Regexp }

func (p *Pattern) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if why := notPortable(s); why != "" {
		return fmt.Errorf("pattern %q: %s", s, why)
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return err
	}
	p.Regexp = re
	return nil
}

// notPortable says why JavaScript would read pattern s differently from RE2, or refuse it under
// the u or v flag (see the package comment); "" when both read it the same way.
func notPortable(s string) string {
	body := strings.TrimPrefix(s, "(?i)")
	inClass := false
	for i := 0; i < len(body); i++ {
		c, next := body[i], byte(0)
		if i+1 < len(body) {
			next = body[i+1]
		}
		switch {
		case c == '\\':
			i++
			if strings.IndexByte(`sSbBpPAzQEC`, next) >= 0 || next == 'x' && strings.HasPrefix(body[i+1:], "{") {
				return `\` + string(next) + " reads differently in JavaScript"
			}
		case !inClass && c == '[':
			inClass = true
			if next == '^' {
				i++
				next = 0
				if i+1 < len(body) {
					next = body[i+1]
				}
			}
			if next == ']' || next == '-' {
				return "a class starts with " + string(next) + `; escape it (\` + string(next) + ")"
			}
		case !inClass && c == '(' && next == '?' && !strings.HasPrefix(body[i+1:], "?:"):
			return "only a leading (?i) and (?: groups read the same in JavaScript"
		case inClass && c == '[' && next == ':':
			return "JavaScript has no POSIX classes"
		case inClass && c == ']':
			inClass = false
		case inClass && c == '-' && next == ']':
			return `a class ends with -; escape it (\-)`
		case inClass && strings.IndexByte("()[{}/|", c) >= 0:
			return "escape " + string(c) + " in a class, as the v flag requires"
		}
	}
	re, err := syntax.Parse(s, syntax.Perl)
	if err != nil {
		return err.Error()
	}
	if anyChar(re) {
		return `'.' also stops at \r, U+2028 and U+2029 in JavaScript; write [^\n]`
	}
	return ""
}

func anyChar(re *syntax.Regexp) bool {
	if re.Op == syntax.OpAnyChar || re.Op == syntax.OpAnyCharNotNL {
		return true
	}
	for _, sub := range re.Sub {
		if anyChar(sub) {
			return true
		}
	}
	return false
}

// unsetPattern is the JSON path of a Pattern field of v that its file left out, or "".
func unsetPattern(v reflect.Value) string {
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return ""
	}
	if p, ok := v.Interface().(Pattern); ok {
		if p.Regexp == nil {
			return "?"
		}
		return ""
	}
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		missing := unsetPattern(v.Field(i))
		if missing == "" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if missing == "?" {
			return name
		}
		return name + "." + missing
	}
	return ""
}

// catalogue is a file's messages.
type catalogue struct {
	Messages map[string]string `json:"messages"`
}

var (
	messages        = Load[catalogue]("accounts.json").Messages
	grantMessages   = Load[catalogue]("grants.json").Messages
	uploadMessages  = Load[catalogue]("uploads.json").Messages
	storeMessages   = Load[catalogue]("store.json").Messages
	partnerMessages = Load[catalogue]("partners.json").Messages
)

// Message is the catalogue's message for key with its {placeholders} filled from name, value
// pairs. Every package that shows a person an account or sign-in message takes it from here, so
// the BFF and the frontend word it one way. A missing key is a programming error that
// TestEveryMessageKeyExists catches; it answers the key itself.
func Message(key string, pairs ...string) string {
	return fill(messages, key, pairs)
}

// GrantMessage is grants.json's message for key with its {placeholders} filled, as Message is
// for accounts.json. TestEveryMessageKeyExists checks the keys the grants package uses.
func GrantMessage(key string, pairs ...string) string {
	return fill(grantMessages, key, pairs)
}

// UploadMessage is uploads.json's message for key with its {placeholders} filled, as Message is
// for accounts.json. TestEveryMessageKeyExists checks the keys the uploads package uses.
func UploadMessage(key string, pairs ...string) string {
	return fill(uploadMessages, key, pairs)
}

// StoreMessage is store.json's message for key with its {placeholders} filled, as Message is for
// accounts.json. TestEveryMessageKeyExists checks the keys the store package uses.
func StoreMessage(key string, pairs ...string) string {
	return fill(storeMessages, key, pairs)
}

// PartnerMessage is partners.json's message for key with its {placeholders} filled.
func PartnerMessage(key string, pairs ...string) string {
	return fill(partnerMessages, key, pairs)
}

// HasMessage reports whether the catalogue has key.
func HasMessage(key string) bool {
	_, ok := messages[key]
	return ok
}

// HasGrantMessage reports whether grants.json's catalogue has key.
func HasGrantMessage(key string) bool {
	_, ok := grantMessages[key]
	return ok
}

// HasUploadMessage reports whether uploads.json's catalogue has key.
func HasUploadMessage(key string) bool {
	_, ok := uploadMessages[key]
	return ok
}

// HasStoreMessage reports whether store.json's catalogue has key.
func HasStoreMessage(key string) bool {
	_, ok := storeMessages[key]
	return ok
}

// HasPartnerMessage reports whether partners.json's catalogue has key.
func HasPartnerMessage(key string) bool {
	_, ok := partnerMessages[key]
	return ok
}

func fill(catalogue map[string]string, key string, pairs []string) string {
	m, ok := catalogue[key]
	if !ok {
		return key
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		m = strings.ReplaceAll(m, "{"+pairs[i]+"}", pairs[i+1])
	}
	return m
}

// limits is accounts.json's limits.
var limits = Load[struct {
	Limits map[string]int `json:"limits"`
}]("accounts.json").Limits

// Limit is accounts.json's limit named key. A missing key is a programming error: it panics at
// the first use, which every test of the caller reaches.
func Limit(key string) int {
	v, ok := limits[key]
	if !ok {
		panic("contracts/accounts.json: no limit " + key)
	}
	return v
}

// caseSet is one rule's values in cases.json: those the BFF accepts and those it refuses.
type caseSet struct {
	Valid   []string `json:"valid"`
	Invalid []string `json:"invalid"`
}

// cases is read at the first test that asks: only tests need it.
var cases = sync.OnceValue(func() map[string]caseSet {
	return Load[struct {
		Rules map[string]caseSet `json:"rules"`
	}]("cases.json").Rules
})

// TB is the part of a *testing.T that CheckCases reports through.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// CheckCases runs cases.json's values for rule ("accounts.email", ...) through ok, the BFF's code
// for it, and reports each value ok judges otherwise than the file says; an unknown rule panics.
// Each rule has such a test beside its Go code (TestEveryCaseIsChecked makes sure), and
// frontend/test/contractCases.test.ts runs the same values through the frontend's code.
func CheckCases(t TB, rule string, ok func(string) bool) {
	t.Helper()
	c, found := cases()[rule]
	if !found {
		panic("contracts/cases.json: no rule " + rule)
	}
	for _, v := range c.Valid {
		if !ok(v) {
			t.Errorf("%s: %q is refused; contracts/cases.json says it is valid", rule, v)
		}
	}
	for _, v := range c.Invalid {
		if ok(v) {
			t.Errorf("%s: %q is accepted; contracts/cases.json says it is invalid", rule, v)
		}
	}
}
