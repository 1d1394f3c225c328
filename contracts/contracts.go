// Package contracts holds what the BFF and the frontend agree on, embedded so the BFF reads the
// same file the frontend imports: accounts.json (messages, option tables and limits of the
// account forms).
package contracts

import _ "embed"

// AccountsJSON is accounts.json: the account forms' messages, option tables and limits.
//
//go:embed accounts.json
var AccountsJSON []byte
