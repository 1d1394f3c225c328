// Package chatstub is the offline stand-in for the livestream chat's provider (spec 3 §7 'Chat
// provider'): its script (/sdk.js), which puts the chat room's frame into the page and offers
// login and logout as the provider's does, and the room (/room), where a person chats and logs
// out. It serves from an origin of its own, as the provider does, so the page's origin checks
// and Content-Security-Policy are exercised. The moderator password is "moderator".
package chatstub

import (
	_ "embed"
	"net/http"
)

//go:embed sdk.js
var sdk []byte

//go:embed room.html
var room []byte

// NewHandler answers GET /sdk.js, /room and /healthz.
func NewHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sdk.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(sdk)
	})
	mux.HandleFunc("GET /room", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		// The room runs only its own inline script; any page may frame it, as the provider's.
		w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
		_, _ = w.Write(room)
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
	})
	return mux
}
