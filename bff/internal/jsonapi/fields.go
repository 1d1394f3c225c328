package jsonapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// The CMS's field shapes (see fixtures/cms/README.md) and how they become the portal's.

// RawLink is a link field as the CMS stores it.
type RawLink struct {
	URI            string `json:"uri"`
	Title          string `json:"title"`
	TitleAnonymous string `json:"title_anonymous"`
	Target         string `json:"target"`
	Type           string `json:"type"`
}

// CMSLink turns a CMS link into a site link: internal:/x becomes /x, route:<nolink> and empty
// uris become no URL, and absolute URLs pass through.
func (l RawLink) CMSLink() portal.CMSLink {
	return portal.CMSLink{URL: LinkURL(l.URI), Title: l.Title, TitleAnonymous: l.TitleAnonymous, Target: l.Target, Type: l.Type}
}

// LinkURL is the address a CMS link's uri leads to on the site: "" for none, or for one that
// would run script or leave the site unannounced.
func LinkURL(uri string) string {
	switch {
	case strings.HasPrefix(uri, "internal:"):
		return sitePath("/" + strings.TrimLeft(strings.TrimPrefix(uri, "internal:"), "/"))
	case strings.HasPrefix(uri, "entity:node/"):
		return "/node/" + strings.TrimPrefix(uri, "entity:node/")
	case strings.HasPrefix(uri, "route:"):
		return ""
	default:
		return sitePath(portal.SafeLinkURL(uri))
	}
}

// sitePath applies the CMS's path rewriting (spec 1 §7) to a path on this site: the CMS names
// some pages under /internals/ and nodes under /nodes, while the site serves them at / and /node.
// It works on whole segments of the path only ("/nodes-of-note" is a page of its own), leaves the
// query and fragment as they are, and leaves anything that is not a root path (an absolute URL,
// mailto:, tel:, "") alone.
func sitePath(u string) string {
	if !strings.HasPrefix(u, "/") {
		return u
	}
	path, rest := u, ""
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		path, rest = u[:i], u[i:]
	}
	segs := strings.Split(path, "/")
	out := segs[:0]
	for i, seg := range segs {
		switch {
		case seg == "internals" && i < len(segs)-1:
			// "/internals/x" is "/x"; a bare "/internals" names no page of ours to rewrite to.
			continue
		case seg == "nodes":
			seg = "node"
		}
		out = append(out, seg)
	}
	path = strings.Join(out, "/")
	if path == "" {
		path = "/"
	}
	// Taking a segment out can join two slashes ("/internals//host" is "//host", another site):
	// the result is held to the same rule as any link.
	return portal.SafeLinkURL(path + rest)
}

// RawText is a rich text field as the CMS stores it.
type RawText struct {
	Value     string `json:"value"`
	Format    string `json:"format"`
	Processed string `json:"processed"`
}

// HTML is the field's markup, sanitised: the processed text, else the value.
func (t RawText) HTML() portal.HTML {
	src := t.Processed
	if src == "" {
		src = t.Value
	}
	return portal.RichText(src)
}

var youTubeIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{6,20}$`)

// YouTubeID keeps only a well-formed video id: it ends up in an embed URL.
func YouTubeID(s string) string {
	if youTubeIDPattern.MatchString(s) {
		return s
	}
	return ""
}

// Lenient field types. A paragraph field of an unexpected shape reads as empty rather than
// failing the whole page, as it did when paragraphs were read field by field.

// Text is a text field: a plain string as stored, or rich text (an object with processed), which
// becomes sanitised HTML.
type Text string

// UnmarshalJSON never fails, like every lenient type's: a wrong shape reads as empty.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*t = Text(s)
		return nil
	}
	*t = ""
	if _, rich := linkOrRichText(b); rich != nil {
		*t = Text(rich.HTML().String())
	}
	return nil
}

// Markup is a field that becomes HTML on a page: rich text (an object with processed) is
// sanitised, and a bare string, which the CMS stores as plain text, is escaped, never trusted as
// markup.
type Markup struct{ portal.HTML }

// UnmarshalJSON never fails, like every lenient type's: a wrong shape reads as empty.
func (m *Markup) UnmarshalJSON(b []byte) error {
	m.HTML = portal.HTML{}
	var s string
	if json.Unmarshal(b, &s) == nil {
		m.HTML = portal.PlainText(s)
		return nil
	}
	if _, rich := linkOrRichText(b); rich != nil {
		m.HTML = rich.HTML()
	}
	return nil
}

// Link is a link field; its CMSLink is nil unless the field is a link with an address.
type Link struct{ *portal.CMSLink }

// UnmarshalJSON keeps a link without an address as none: the page would have nothing to link.
// One the editor titled is a mistake worth a debug message (spec 3 §8 'Link field without href');
// nothing is shown to readers.
func (l *Link) UnmarshalJSON(b []byte) error {
	l.CMSLink = nil
	if raw, _ := linkOrRichText(b); raw != nil {
		out := raw.CMSLink()
		if out.URL != "" {
			l.CMSLink = &out
		} else if raw.Title != "" {
			slog.Debug("link field without href", "title", raw.Title, "uri", raw.URI)
		}
	}
	return nil
}

// linkOrRichText tells apart the two object shapes a paragraph field may hold: an object with a
// uri is a link, one with processed is rich text.
func linkOrRichText(b []byte) (*RawLink, *RawText) {
	var probe map[string]json.RawMessage
	if json.Unmarshal(b, &probe) != nil {
		return nil, nil
	}
	if _, ok := probe["uri"]; ok {
		var l RawLink
		if json.Unmarshal(b, &l) == nil {
			return &l, nil
		}
	}
	if _, ok := probe["processed"]; ok {
		var t RawText
		if json.Unmarshal(b, &t) == nil {
			return nil, &t
		}
	}
	return nil, nil
}

// Number is a number field truncated to an integer.
type Number int

// UnmarshalJSON reads any JSON number, as the CMS sends integers and decimals alike.
func (n *Number) UnmarshalJSON(b []byte) error {
	var f float64
	if json.Unmarshal(b, &f) != nil {
		f = 0
	}
	*n = Number(int(f))
	return nil
}

// Boolean is a boolean field: only true is true.
type Boolean bool

// UnmarshalJSON reads anything but true as false.
func (f *Boolean) UnmarshalJSON(b []byte) error {
	*f = Boolean(bytes.Equal(b, []byte("true")))
	return nil
}
