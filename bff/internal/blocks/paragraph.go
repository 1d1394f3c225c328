package blocks

import (
	gohtml "html"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// What every block's reader shares: the paragraph being read, the copy and links most bundles
// carry under the same names, and the rules that only say how to read the CMS's fields. Each
// bundle's attributes decode into a raw struct of its own, in its block's file.

// paragraph reads one paragraph resource and keeps the first error it meets, so that a block's
// reader stays a plain list of its fields and its caller checks once.
type paragraph struct {
	doc    *jsonapi.Document
	r      *jsonapi.Resource
	images Images
	err    error
}

// id is the paragraph's id, which its block carries.
func (p *paragraph) id() string { return p.r.ID }

// bundle is the paragraph's bundle, the block's type where a family of blocks shares a reader.
func (p *paragraph) bundle() string { return strings.TrimPrefix(p.r.Type, "paragraph--") }

func (p *paragraph) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// attrs decodes the paragraph's attributes into a bundle's raw struct. Its fields are of the
// lenient types of jsonapi, so only a malformed document fails here.
func (p *paragraph) attrs(into any) {
	if err := p.r.Attrs(into); err != nil {
		p.fail(err)
	}
}

// The parts blocks share (parts.go), read from the paragraph. Each decodes the attributes for
// its own fields, so that a block's reader decodes and names only the rest.

// head is the head of a block of type typ read from the paragraph.
func (p *paragraph) head(typ string) head { return head{Type: typ, ID: p.id()} }

// titled is the head of a block of type typ under the paragraph's headline.
func (p *paragraph) titled(typ string) titled {
	var raw struct {
		Headline jsonapi.Text `json:"headline"`
	}
	p.attrs(&raw)
	return titled{head: p.head(typ), Headline: string(raw.Headline)}
}

// intro is the paragraph's headline and description.
func (p *paragraph) intro() intro {
	var raw struct {
		Headline    jsonapi.Text `json:"headline"`
		Description jsonapi.Text `json:"description"`
	}
	p.attrs(&raw)
	return intro{Headline: string(raw.Headline), Description: string(raw.Description)}
}

// sideImage is the paragraph's copy beside its image, in the image style style.
func (p *paragraph) sideImage(style string) sideImage {
	var raw struct {
		rawCopy
		ImageLayout jsonapi.Text `json:"image_layout"`
	}
	p.attrs(&raw)
	return sideImage{
		Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline), HTML: raw.html(),
		Image: portal.StyledImage(p.image("image"), style), ImageLayout: imageSide(raw.ImageLayout),
	}
}

// card is the paragraph's headline, description and main link.
func (p *paragraph) card() card {
	var raw struct {
		Headline    jsonapi.Text `json:"headline"`
		Description jsonapi.Text `json:"description"`
		rawMainLink
	}
	p.attrs(&raw)
	return card{Headline: string(raw.Headline), Description: string(raw.Description), linked: raw.linked()}
}

// window is an item's own active window.
func (p *paragraph) window() window {
	var raw rawParagraph
	if err := p.r.Attrs(&raw); err != nil {
		p.fail(err)
	}
	return window{raw.window()}
}

// image is the file a relationship names, or nil when it names none (or names no file).
func (p *paragraph) image(name string) *portal.Image {
	files := p.doc.Related(p.r, name)
	if len(files) == 0 || !strings.HasPrefix(files[0].Type, "file--") {
		return nil
	}
	return p.file(files[0])
}

// storedImage is the file the document holds under id, for a field that names its image by id
// rather than by relationship (a featured item's image_id), or nil when it holds none.
func (p *paragraph) storedImage(id string) *portal.Image {
	f := p.doc.Stored("file--", id)
	if f == nil {
		return nil
	}
	return p.file(f)
}

// file is a file resource as an image, or nil (with the paragraph failed) when it is malformed.
func (p *paragraph) file(f *jsonapi.Resource) *portal.Image {
	img, err := p.images(f)
	if err != nil {
		p.fail(err)
		return nil
	}
	return &img
}

// items reads, with read, the paragraphs of the first relationship in names that leads to
// any: bundles that hold their items under two names (items, two_three) use whichever is set.
// The parent decides what its items are, whatever bundle they claim, so nesting ends with the
// blocks' types and a cyclic document cannot recurse.
func items[T any](p *paragraph, read func(*paragraph) T, names ...string) []T {
	for _, name := range names {
		related := p.doc.Related(p.r, name)
		if len(related) == 0 || !strings.HasPrefix(related[0].Type, "paragraph--") {
			continue
		}
		out := make([]T, 0, len(related))
		for _, r := range related {
			it := &paragraph{doc: p.doc, r: r, images: p.images}
			item := read(it)
			if it.err != nil {
				p.fail(it.err)
				return nil
			}
			out = append(out, item)
		}
		return out
	}
	return nil
}

// rawParagraph is what every paragraph carries, whatever its bundle.
type rawParagraph struct {
	IsActive           *bool      `json:"is_active"`
	StartDate          *time.Time `json:"start_date"`
	EndDate            *time.Time `json:"end_date"`
	DisplayAboveHeader bool       `json:"display_above_header"`
}

// window is when the paragraph shows. A missing is_active counts as on: only an editor's explicit
// switch-off hides a paragraph.
func (raw rawParagraph) window() portal.Window {
	return portal.Window{Active: raw.IsActive == nil || *raw.IsActive, Start: raw.StartDate, End: raw.EndDate}
}

// rawCopy is the copy most bundles share under the same names: an eyebrow, a headline and rich
// text in desc_formatted or body.
type rawCopy struct {
	Eyebrow       jsonapi.Text   `json:"eyebrow"`
	Headline      jsonapi.Text   `json:"headline"`
	DescFormatted jsonapi.Markup `json:"desc_formatted"`
	Body          jsonapi.Markup `json:"body"`
}

// html is the paragraph's rich text, wherever the bundle keeps it.
func (c rawCopy) html() portal.HTML { return firstHTML(c.DescFormatted.HTML, c.Body.HTML) }

// rawMainLink is the pair of links most bundles carry.
type rawMainLink struct {
	Link              jsonapi.Link `json:"link"`
	AuthenticatedLink jsonapi.Link `json:"authenticated_link"`
}

func (l rawMainLink) mainLink() mainLink {
	return mainLink{link: l.Link.CMSLink, member: l.AuthenticatedLink.CMSLink}
}

// linked is the main link, which the reader's link is chosen from.
func (l rawMainLink) linked() linked { return linked{main: l.mainLink()} }

// rawLinkPair is the main link with the secondary link beside it.
type rawLinkPair struct {
	rawMainLink
	LinkSecondary jsonapi.Link `json:"link_secondary"`
}

// linkPair is the pair of links, which the reader's are chosen from.
func (l rawLinkPair) linkPair() linkPair {
	return linkPair{linked: l.linked(), linkSecondary: l.LinkSecondary.CMSLink}
}

// rawLinkList is a promo's links_six: a list of links, of which the first six count.
type rawLinkList struct {
	LinksSix []jsonapi.Link `json:"links_six"`
}

// linkList is the links with an address, at most maxLinksSix of them.
func (l rawLinkList) linkList() linkList {
	var out linkList
	for _, link := range l.LinksSix {
		if link.CMSLink != nil && len(out.linksSix) < maxLinksSix {
			out.linksSix = append(out.linksSix, link.CMSLink)
		}
	}
	return out
}

// mainLink is a block's or an item's main link as the editor gave it: members follow member
// where the editor gave one (it may skip a sign-up step), everyone else link.
type mainLink struct {
	link, member *portal.CMSLink
}

// For is the link the reader follows.
func (l mainLink) For(r portal.BlockReader) *portal.Link {
	if r.Audience == portal.Member {
		if member := r.Link(l.member); member != nil {
			return member
		}
	}
	return r.Link(l.link)
}

// window is an item's own active window, kept from the CMS and never sent: a block can keep
// running while one of its cards is retired.
type window struct{ open portal.Window }

func (w window) activeAt(t time.Time) bool { return w.open.ActiveAt(t) }

// active keeps the items active at the reader's time, each shaped for the reader by shape (nil
// keeps them as they are): an item switched off or out of its window disappears like a block
// would. The list is never nil, so a document sends an array.
func active[T interface{ activeAt(time.Time) bool }](r portal.BlockReader, items []T, shape func(T) T) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		if !it.activeAt(r.Now) {
			continue
		}
		if shape != nil {
			it = shape(it)
		}
		out = append(out, it)
	}
	return out
}

// imageSide is the side of its text an image goes to: left only where the editor says so.
func imageSide(layout jsonapi.Text) string {
	if layout == "img_left" || layout == "left" {
		return "left"
	}
	return "right"
}

// richOrText is HTML for a place that takes rich text or else plain text, which is escaped: a
// plain CMS string is never trusted as markup.
func richOrText(rich portal.HTML, plain string) portal.HTML {
	if !rich.IsZero() || plain == "" {
		return rich
	}
	return portal.RichText("<p>" + gohtml.EscapeString(plain) + "</p>")
}

// firstHTML is the first of hs with markup.
func firstHTML(hs ...portal.HTML) portal.HTML {
	for _, h := range hs {
		if !h.IsZero() {
			return h
		}
	}
	return portal.HTML{}
}

// withAlt gives an image the alt text an item sets for it, which is more specific than the
// file's own.
func withAlt(img *portal.Image, alt string) *portal.Image {
	if img != nil && alt != "" {
		img.Alt = alt
	}
	return img
}

func firstImage(imgs ...*portal.Image) *portal.Image {
	for _, i := range imgs {
		if i != nil {
			return i
		}
	}
	return nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// orEmpty keeps a list the document sends as an array even when the CMS gave none.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
