package orderstub

import (
	"bytes"
	"encoding/xml"
	"hash/fnv"
	"net/http"
	"strings"
	"text/template"
)

// The order system has an image helper for product pictures (spec 3 §7). Offline there are no
// pictures, so the stand-in draws a labelled card per product: the store, cart and order history
// then show real images, and a broken image stays a deliberate test case (an unknown id is 404).

var palette = []string{"#1d4f91", "#00704a", "#8a1538", "#c25700", "#4b2e83", "#006d77"}

var cardTmpl = template.Must(template.New("card").Parse(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<rect width="600" height="400" fill="{{.Color}}"/>
<rect x="24" y="24" width="552" height="352" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>
<text x="300" y="170" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#ffffff" opacity="0.85">{{.Label}}</text>
<text x="300" y="225" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="bold" fill="#ffffff">{{.Title}}</text>
</svg>
`))

func (s *store) serveImage(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	p, found := s.byID[id]
	if !ok || !found {
		http.Error(w, errNoImage.Error(), http.StatusNotFound)
		return
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(p.Label))
	var buf bytes.Buffer
	err := cardTmpl.Execute(&buf, struct{ Color, Label, Title string }{
		Color: palette[h.Sum32()%uint32(len(palette))],
		Label: escape(p.Label),
		Title: escape(p.Title),
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(buf.Bytes())
}

func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
