// Package partnerdemo is a small partner site for trying partner sign-in by hand and in
// end-to-end tests (spec 1 §2 'Partner login'): on its own origin, a 'Sign in with your union
// account' button opens the portal's popup /login/partner/{id}, and the page shows every window
// message it receives. A token is exchanged with Firebase (the Auth emulator offline) as a real
// partner would, and the page shows whom Firebase signed in.
package partnerdemo

import (
	_ "embed"
	"encoding/json"
	"html/template"
	"net/http"
)

//go:embed page.html
var page string

var pageTemplate = template.Must(template.New("page").Parse(page))

// Options are the demo's addresses.
type Options struct {
	// Site is the portal's origin, whose popup the button opens (e.g. http://127.0.0.1:3000).
	Site string
	// AuthURL is the Identity Toolkit endpoint a token is exchanged at (the Auth emulator's
	// http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1 offline).
	AuthURL string
	// APIKey is the web API key for the exchange ("fake-api-key" against the emulator).
	APIKey string
}

// Handler serves the demo page at / (?partner= picks the partner, test-partner by default) and
// GET /healthz.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		partner := r.URL.Query().Get("partner")
		if partner == "" {
			partner = "test-partner"
		}
		config, _ := json.Marshal(map[string]string{"site": o.Site, "partner": partner, "authURL": o.AuthURL, "apiKey": o.APIKey})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = pageTemplate.Execute(w, map[string]any{"Partner": partner, "Config": template.JS(config)})
	})
	return mux
}
