// Package contracts holds what the BFF and the frontend agree on, embedded so the BFF reads the
// same file the frontend imports: accounts.json (messages, option tables and limits of the
// account forms, and the words of every account and sign-in answer), grants.json (the grant
// forms' catalogue, fields, rules and messages), uploads.json (a case's documents: checks,
// limits and messages), store.json (the free-materials store: limits, the featured titles,
// the shipping states and the words of My Orders and the store index) and hotels.json (the hotel
// search box: limits and words).
package contracts

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

// AccountsJSON is accounts.json: the account forms' messages, option tables and limits.
//
//go:embed accounts.json
var AccountsJSON []byte

// GrantsJSON is grants.json: the grant forms' catalogue, fields per kind, limits, patterns,
// messages and states. Package grants parses the rest of it.
//
//go:embed grants.json
var GrantsJSON []byte

// messages is accounts.json's catalogue, parsed once: the file is compiled into the binary, so a
// bad file fails every test.
var messages = catalogue("accounts.json", AccountsJSON)

// grantMessages is grants.json's catalogue, parsed once like messages.
var grantMessages = catalogue("grants.json", GrantsJSON)

// UploadsJSON is uploads.json: the checks, limits and messages of a grant case's documents.
// Package uploads parses the rest of it.
//
//go:embed uploads.json
var UploadsJSON []byte

// uploadMessages is uploads.json's catalogue, parsed once like messages.
var uploadMessages = catalogue("uploads.json", UploadsJSON)

// StoreJSON is store.json: the free-materials store's limits, featured titles, shipping states
// and messages. Package store parses all but the messages.
//
//go:embed store.json
var StoreJSON []byte

// storeMessages is store.json's catalogue, parsed once like messages.
var storeMessages = catalogue("store.json", StoreJSON)

// LivestreamJSON is livestream.json: the livestream chat's hash, cookie, timings, limits and
// messages. Package livestream parses it.
//
//go:embed livestream.json
var LivestreamJSON []byte

func catalogue(name string, data []byte) map[string]string {
	var f struct {
		Messages map[string]string `json:"messages"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		panic(fmt.Sprintf("contracts/%s: %v", name, err))
	}
	return f.Messages
}

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

// HasStoreMessage reports whether store.json's catalogue has key.
func HasStoreMessage(key string) bool {
	_, ok := storeMessages[key]
	return ok
}

// HasUploadMessage reports whether uploads.json's catalogue has key.
func HasUploadMessage(key string) bool {
	_, ok := uploadMessages[key]
	return ok
}

// HasGrantMessage reports whether grants.json's catalogue has key.
func HasGrantMessage(key string) bool {
	_, ok := grantMessages[key]
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

// HasMessage reports whether the catalogue has key.
func HasMessage(key string) bool {
	_, ok := messages[key]
	return ok
}

// PartnersJSON is partners.json: the words and window messages of partner sign-in.
//
//go:embed partners.json
var PartnersJSON []byte

// partnerMessages is partners.json's catalogue, parsed once like messages.
var partnerMessages = catalogue("partners.json", PartnersJSON)

// PartnerMessage is partners.json's message for key with its {placeholders} filled.
func PartnerMessage(key string, pairs ...string) string {
	return fill(partnerMessages, key, pairs)
}

// HasPartnerMessage reports whether partners.json's catalogue has key.
func HasPartnerMessage(key string) bool {
	_, ok := partnerMessages[key]
	return ok
}

// limits is accounts.json's limits, parsed once like messages.
var limits = func() map[string]int {
	var f struct {
		Limits map[string]int `json:"limits"`
	}
	if err := json.Unmarshal(AccountsJSON, &f); err != nil {
		panic(fmt.Sprintf("contracts/accounts.json: %v", err))
	}
	return f.Limits
}()

// Limit is accounts.json's limit named key. A missing key is a programming error: it panics at
// the first use, which every test of the caller reaches.
func Limit(key string) int {
	v, ok := limits[key]
	if !ok {
		panic("contracts/accounts.json: no limit " + key)
	}
	return v
}

// HotelsJSON is hotels.json: the hotel search box's limits and words. Package hotels parses it.
//
//go:embed hotels.json
var HotelsJSON []byte
