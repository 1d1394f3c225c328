package orderstub

import (
	"bytes"
	"hash/fnv"
	"net/http"
	"strings"
	"text/template"
)

// The order system has an image helper for product pictures (spec 3 §7). Offline there are no
// pictures, so the stand-in draws one per product: a picture of the kind of material it is (a
// folded brochure, a flyer, a coupon, a packet insert) on a tinted ground, with no words, as the
// card beside it already says the label and title. The store, cart and order history then show
// real images, and a broken image stays a deliberate test case (an unknown id is 404).

// palette is the ground and ink of each picture: a pale tint and the deep colour it is made from.
var palette = []struct{ Ground, Ink string }{
	{"#e6eef8", "#1d4f91"},
	{"#e3f2ec", "#00704a"},
	{"#f6e6eb", "#8a1538"},
	{"#fbeedf", "#a94b00"},
	{"#ece7f5", "#4b2e83"},
	{"#e0f0f1", "#006d77"},
}

// Each kind's drawing, on a 600 by 400 canvas, in the product's ink on white paper.
var kinds = map[string]string{
	// A tri-fold brochure standing open: three panels, the middle one facing.
	"brochure": `<path d="M150 95 L250 80 L250 320 L150 305 Z" fill="#fff" stroke="{{.Ink}}" stroke-width="4" stroke-linejoin="round"/>
<path d="M250 80 L350 80 L350 320 L250 320 Z" fill="#fff" stroke="{{.Ink}}" stroke-width="4" stroke-linejoin="round"/>
<path d="M350 80 L450 95 L450 305 L350 320 Z" fill="#fff" stroke="{{.Ink}}" stroke-width="4" stroke-linejoin="round"/>
<rect x="268" y="104" width="64" height="48" rx="4" fill="{{.Ink}}" opacity="0.85"/>
<rect x="268" y="168" width="64" height="8" rx="4" fill="{{.Ink}}" opacity="0.5"/>
<rect x="268" y="186" width="48" height="8" rx="4" fill="{{.Ink}}" opacity="0.5"/>
<rect x="268" y="204" width="56" height="8" rx="4" fill="{{.Ink}}" opacity="0.5"/>
<rect x="168" y="120" width="64" height="8" rx="4" fill="{{.Ink}}" opacity="0.35"/>
<rect x="168" y="138" width="52" height="8" rx="4" fill="{{.Ink}}" opacity="0.35"/>
<rect x="368" y="120" width="64" height="8" rx="4" fill="{{.Ink}}" opacity="0.35"/>
<rect x="368" y="138" width="52" height="8" rx="4" fill="{{.Ink}}" opacity="0.35"/>`,
	// A single flyer, slightly turned, with a headline block and lines of text.
	"flyer": `<g transform="rotate(-4 300 200)">
<rect x="210" y="60" width="180" height="250" rx="6" fill="#fff" stroke="{{.Ink}}" stroke-width="4"/>
<rect x="232" y="84" width="136" height="70" rx="4" fill="{{.Ink}}" opacity="0.85"/>
<rect x="232" y="172" width="136" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<rect x="232" y="194" width="112" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<rect x="232" y="216" width="124" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<rect x="232" y="262" width="60" height="24" rx="12" fill="{{.Ink}}" opacity="0.85"/>
</g>`,
	// A coupon: a ticket with notched ends, a dashed tear line and a percent sign.
	"coupon": `<path d="M130 120 H470 V175 A25 25 0 0 0 470 225 V280 H130 V225 A25 25 0 0 0 130 175 Z" fill="#fff" stroke="{{.Ink}}" stroke-width="4" stroke-linejoin="round"/>
<line x1="360" y1="132" x2="360" y2="268" stroke="{{.Ink}}" stroke-width="4" stroke-dasharray="10 10"/>
<circle cx="392" cy="172" r="12" fill="none" stroke="{{.Ink}}" stroke-width="6"/>
<circle cx="440" cy="228" r="12" fill="none" stroke="{{.Ink}}" stroke-width="6"/>
<line x1="444" y1="162" x2="388" y2="238" stroke="{{.Ink}}" stroke-width="6" stroke-linecap="round"/>
<rect x="160" y="158" width="160" height="22" rx="6" fill="{{.Ink}}" opacity="0.85"/>
<rect x="160" y="196" width="128" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<rect x="160" y="218" width="100" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>`,
	// A packet insert: a card tucked into an open folder.
	"insert": `<rect x="220" y="70" width="160" height="190" rx="6" fill="#fff" stroke="{{.Ink}}" stroke-width="4"/>
<rect x="242" y="94" width="116" height="12" rx="6" fill="{{.Ink}}" opacity="0.85"/>
<rect x="242" y="118" width="96" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<rect x="242" y="138" width="108" height="10" rx="5" fill="{{.Ink}}" opacity="0.5"/>
<path d="M150 170 H260 L280 195 H450 V320 H150 Z" fill="{{.Ink}}"/>
<path d="M150 200 H450" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>`,
}

// personalBadge marks a material printed for the member's union: a star in the top left corner
// (the top right is where the store puts the favorite heart).
const personalBadge = `<g transform="translate(80 64)">
<circle r="30" fill="{{.Ink}}"/>
<path d="M0 -14 L4 -4 L15 -4 L6 3 L9 14 L0 7 L-9 14 L-6 3 L-15 -4 L-4 -4 Z" fill="#fff"/>
</g>`

var pictures = func() map[string]*template.Template {
	out := make(map[string]*template.Template, len(kinds))
	for kind, drawing := range kinds {
		out[kind] = template.Must(template.New(kind).Parse(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<rect width="600" height="400" fill="{{.Ground}}"/>
` + drawing + `
{{if .Personal}}` + personalBadge + `{{end}}
</svg>
`))
	}
	return out
}()

// kindOf names the drawing of a product's label: Brochure, Flyer, Coupon, or any other (an
// insert).
func kindOf(label string) string {
	l := strings.ToLower(label)
	for _, kind := range []string{"brochure", "flyer", "coupon"} {
		if strings.Contains(l, kind) {
			return kind
		}
	}
	return "insert"
}

func (s *store) serveImage(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	p, found := s.byID[id]
	if !ok || !found {
		http.Error(w, errNoImage.Error(), http.StatusNotFound)
		return
	}
	// One colour per product, so cards of the same kind side by side still differ.
	h := fnv.New32a()
	_, _ = h.Write([]byte(p.ID))
	colours := palette[h.Sum32()%uint32(len(palette))]
	var buf bytes.Buffer
	err := pictures[kindOf(p.Label)].Execute(&buf, struct {
		Ground, Ink string
		Personal    bool
	}{colours.Ground, colours.Ink, strings.Contains(strings.ToLower(p.Label), "personalized")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(buf.Bytes())
}
