// Package partnerdemo is a small partner site for trying partner sign-in by hand and in
// end-to-end tests (spec 1 §2 'Partner login'): on its own origin, a 'Sign in with your union
// account' button opens the portal's popup /login/partner/{id}, and the page shows every window
// message it receives. What the popup posts (upCustomToken) is sent to this site's own server,
// which checks it as a real partner must (Verifier) and answers who signed in; the page shows it.
package partnerdemo

import (
	_ "embed"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"strings"
	"sync"
)

//go:embed page.html
var page string

var pageTemplate = template.Must(template.New("page").Parse(page))

// Options are the demo's addresses.
type Options struct {
	// Site is the portal's origin, whose popup the button opens (e.g. http://127.0.0.1:3000), the
	// issuer of what partners receive, and where its keys are published (Site + KeysPath).
	Site string
	// Issuer is what the portal signs as its own name; Site when empty (the portal names itself
	// by its FRONTEND_URL, which is the site's origin).
	Issuer string
}

// Handler serves the demo page at / (?partner= picks the partner, test-partner by default),
// POST /verify (the token the page received, checked for that partner) and GET /healthz.
func Handler(o Options) http.Handler {
	site := strings.TrimRight(o.Site, "/")
	issuer := o.Issuer
	if issuer == "" {
		issuer = site
	}
	// One verifier per partner id: each is its own partner, with its own audience and used ids.
	var mu sync.Mutex
	verifiers := map[string]*Verifier{}
	verifier := func(partner string) *Verifier {
		mu.Lock()
		defer mu.Unlock()
		if verifiers[partner] == nil {
			verifiers[partner] = &Verifier{Issuer: issuer, KeysURL: site + KeysPath, Partner: partner}
		}
		return verifiers[partner]
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		config, _ := json.Marshal(map[string]string{"site": site, "partner": partnerOf(r)})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = pageTemplate.Execute(w, map[string]any{"Partner": partnerOf(r), "Config": template.JS(config)})
	})
	mux.HandleFunc("POST /verify", func(w http.ResponseWriter, r *http.Request) {
		token, err := io.ReadAll(io.LimitReader(r.Body, 8<<10))
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		var m Member
		if err == nil {
			m, err = verifier(partnerOf(r)).Verify(r.Context(), strings.TrimSpace(string(token)))
		}
		if err != nil {
			w.WriteHeader(http.StatusUnauthorized)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
			return
		}
		_ = json.NewEncoder(w).Encode(m)
	})
	return mux
}

func partnerOf(r *http.Request) string {
	if p := r.URL.Query().Get("partner"); p != "" {
		return p
	}
	return "test-partner"
}
