package blocks

import (
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The parts many blocks send under the same names. A block embeds a part where its fields stand
// in the block's JSON: encoding/json sends an embedded struct's fields in its place, so keys keep
// their order. A part stands only for fields whose tags are the same in every block that embeds
// it; a block whose field is sent otherwise (a headline sent even when empty, say) keeps its own.
// paragraph.go reads them from the CMS.

// head opens every block: its type, the bundle it was read from (or its family's name), and the
// id of its paragraph.
type head struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// BlockType is the type the frontend draws the block by.
func (h head) BlockType() string { return h.Type }

// titled is a head and the optional headline over the block, as most blocks open.
type titled struct {
	head
	Headline string `json:"headline,omitempty"`
}

// intro is an optional headline and a description under it, as the sliders and grids open
// after their head.
type intro struct {
	Headline    string `json:"headline,omitempty"`
	Description string `json:"description,omitempty"`
}

// sideImage is text beside an image on the side the editor chose, as fifty_fifty and
// seventy_thirty show it.
type sideImage struct {
	Eyebrow     string        `json:"eyebrow,omitempty"`
	Headline    string        `json:"headline"`
	HTML        portal.HTML   `json:"html"`
	Image       *portal.Image `json:"image,omitempty"`
	ImageLayout string        `json:"imageLayout"` // left or right
}

// card is what a card of a slider or grid says and where it leads: its headline, an optional
// description under it, and its link.
type card struct {
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	linked
}

// linked is the main link of a block or an item: Link is the one the reader follows, chosen by
// chooseLinks from main, the editor's.
type linked struct {
	Link *portal.Link `json:"link,omitempty"`

	main mainLink
}

// chooseLinks sets the link the reader follows.
func (l *linked) chooseLinks(r portal.BlockReader) { l.Link = l.main.For(r) }

// linkPair is a block's two calls to action: its main link and a secondary one beside it.
type linkPair struct {
	linked
	LinkSecondary *portal.Link `json:"linkSecondary,omitempty"`

	linkSecondary *portal.CMSLink
}

// chooseLinks sets both links the reader follows.
func (l *linkPair) chooseLinks(r portal.BlockReader) {
	l.linked.chooseLinks(r)
	l.LinkSecondary = r.Link(l.linkSecondary)
}

// maxLinksSix is the most links a promo's linksSix holds, as its name says (spec 3 §3).
const maxLinksSix = 6

// linkList is a promo's list of up to six further links (linksSix: url and title), drawn under
// its calls to action.
type linkList struct {
	LinksSix []portal.Link `json:"linksSix,omitempty"`

	linksSix []*portal.CMSLink
}

// chooseLinks keeps the links with an address, titled for the reader.
func (l *linkList) chooseLinks(r portal.BlockReader) {
	l.LinksSix = nil
	for _, cl := range l.linksSix {
		if link := r.Link(cl); link != nil {
			l.LinksSix = append(l.LinksSix, *link)
		}
	}
}

// withLinks is, for active, the shape of items whose only part that depends on the reader is
// their links.
func withLinks[T any, P interface {
	*T
	chooseLinks(portal.BlockReader)
}](r portal.BlockReader) func(T) T {
	return func(it T) T {
		P(&it).chooseLinks(r)
		return it
	}
}
