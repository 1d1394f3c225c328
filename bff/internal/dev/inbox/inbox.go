// Package inbox is the local stack's web inbox: a page listing every message the BFF sent to the
// stack's mail catcher (Mailpit), newest first, and a page per message with its headers and text.
//
// Mailpit is a real SMTP server and keeps what it receives, but its own web page is built by npm in
// its releases and is not part of the Go module the stack builds it from: its HTTP API works, its
// page is blank. This page reads the API (GET /api/v1/messages, /api/v1/message/{id}) and draws
// plain HTML on the server, with no script, so `make dev` has an inbox to look at.
package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// address is a mail address as Mailpit's API gives it.
type address struct {
	Name    string `json:"Name"`
	Address string `json:"Address"`
}

func (a address) String() string {
	if a.Name == "" {
		return a.Address
	}
	return a.Name + " <" + a.Address + ">"
}

type summary struct {
	ID      string    `json:"ID"`
	From    address   `json:"From"`
	To      []address `json:"To"`
	Subject string    `json:"Subject"`
	Created time.Time `json:"Created"`
	Snippet string    `json:"Snippet"`
}

type message struct {
	ID        string    `json:"ID"`
	MessageID string    `json:"MessageID"`
	From      address   `json:"From"`
	To        []address `json:"To"`
	Subject   string    `json:"Subject"`
	Date      time.Time `json:"Date"`
	Text      string    `json:"Text"`
	HTML      string    `json:"HTML"`
}

// pageSize is how many messages the list shows: a test run sends a few dozen.
const pageSize = 100

// NewHandler serves the inbox over the Mailpit API at api (e.g. http://127.0.0.1:8026).
func NewHandler(api string) http.Handler {
	h := &handler{api: strings.TrimRight(api, "/"), client: &http.Client{Timeout: 5 * time.Second}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", h.list)
	mux.HandleFunc("GET /message/{id}", h.message)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	return mux
}

type handler struct {
	api    string
	client *http.Client
}

func (h *handler) get(ctx context.Context, path string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.api+path, nil)
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("mailpit answered %d for %s", resp.StatusCode, path)
	}
	return json.NewDecoder(resp.Body).Decode(into)
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Total    int       `json:"total"`
		Messages []summary `json:"messages"`
	}
	if err := h.get(r.Context(), fmt.Sprintf("/api/v1/messages?limit=%d", pageSize), &out); err != nil {
		http.Error(w, "The mail catcher cannot be read: "+err.Error(), http.StatusBadGateway)
		return
	}
	render(w, listPage, out)
}

func (h *handler) message(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := h.get(r.Context(), "/api/v1/message/"+url.PathEscape(r.PathValue("id")), &m); err != nil {
		http.Error(w, "No such message: "+err.Error(), http.StatusNotFound)
		return
	}
	render(w, messagePage, m)
}

func render(w http.ResponseWriter, t *template.Template, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// A message's HTML is shown in a frame with no script and no origin of ours.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'")
	if err := t.Execute(w, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

var funcs = template.FuncMap{
	"addresses": func(as []address) string {
		s := make([]string, len(as))
		for i, a := range as {
			s[i] = a.String()
		}
		return strings.Join(s, ", ")
	},
	"when": func(t time.Time) string { return t.Local().Format("2 Jan 2006 15:04:05") },
}

const style = `<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a2433}
header{background:#0b1f3a;color:#fff;padding:12px 24px}h1{font-size:1.25rem;margin:0}
main{padding:16px 24px;max-width:1100px}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:8px;border-bottom:1px solid #d8dde5;vertical-align:top}
td.snippet{color:#4b5768}pre{white-space:pre-wrap;background:#f6f3ec;padding:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:700}
iframe{width:100%;height:480px;border:1px solid #d8dde5}a{color:#1a4178}
</style>`

var listPage = template.Must(template.New("list").Funcs(funcs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local inbox ({{.Total}})</title>` + style + `</head><body>
<header><h1>Local inbox: every message the BFF sent ({{.Total}})</h1></header>
<main>{{if .Messages}}<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Beginning</th></tr></thead><tbody>
{{range .Messages}}<tr><td>{{when .Created}}</td><td>{{addresses .To}}</td>
<td><a href="/message/{{.ID}}">{{.Subject}}</a></td><td class="snippet">{{.Snippet}}</td></tr>
{{end}}</tbody></table>{{else}}<p>No mail yet. A password reset, for one, sends some.</p>{{end}}</main></body></html>`))

var messagePage = template.Must(template.New("message").Funcs(funcs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Subject}}</title>` + style + `</head><body>
<header><h1>{{.Subject}}</h1></header>
<main><p><a href="/">Back to the inbox</a></p>
<dl><dt>From</dt><dd>{{.From}}</dd><dt>To</dt><dd>{{addresses .To}}</dd><dt>Date</dt><dd>{{when .Date}}</dd><dt>Message-ID</dt><dd>{{.MessageID}}</dd></dl>
{{if .Text}}<h2>Text</h2><pre>{{.Text}}</pre>{{end}}
{{if .HTML}}<h2>HTML</h2><iframe sandbox srcdoc="{{.HTML}}" title="The message's HTML"></iframe>{{end}}
</main></body></html>`))
