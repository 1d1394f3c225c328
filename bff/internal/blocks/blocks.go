// Package blocks holds the content blocks of a page (spec 3 §2), each in a file of its own (a
// close family, such as the two grids, shares one): its wire type, the JSON a page document sends
// (contracts/openapi.yaml, Block); how it is read from the CMS's paragraph; and, in its For, what
// of it depends on the reader. The cms package decodes every paragraph straight into its block
// (Read), the content cache keeps it for every reader, and a page asks it for its reader's copy.
//
// A new block is a new file here: its type, its For, and an init that registers the reader of its
// bundle.
package blocks

import (
	"strings"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// readers read the bundles the portal shows, each into its block. A bundle missing here reaches
// the page with no Block, and the page skips it: a CMS that gains a block type must not break
// pages.
var readers = map[string]func(*paragraph) portal.CMSBlock{}

// register makes read the reader of a bundle's paragraphs. Each block's file calls it from init.
func register[B portal.CMSBlock](bundle string, read func(*paragraph) B) {
	if _, dup := readers[bundle]; dup {
		panic("blocks: two readers of bundle " + bundle)
	}
	readers[bundle] = func(p *paragraph) portal.CMSBlock { return read(p) }
}

// Images makes a file resource the image it stores, its URLs absolute: the cms client knows
// where browsers fetch files.
type Images func(*jsonapi.Resource) (portal.Image, error)

// Read decodes the paragraph resources rs of doc, in order: when and where each shows, and its
// block. A malformed paragraph fails them all, as it fails the node that holds it.
func Read(doc *jsonapi.Document, rs []*jsonapi.Resource, images Images) ([]portal.Paragraph, error) {
	out := make([]portal.Paragraph, 0, len(rs))
	for _, r := range rs {
		var raw rawParagraph
		if err := r.Attrs(&raw); err != nil {
			return nil, err
		}
		w := raw.window()
		p := portal.Paragraph{
			ID:                 r.ID,
			Bundle:             strings.TrimPrefix(r.Type, "paragraph--"),
			Active:             w.Active,
			Start:              w.Start,
			End:                w.End,
			DisplayAboveHeader: raw.DisplayAboveHeader,
		}
		if read, ok := readers[p.Bundle]; ok {
			pr := &paragraph{doc: doc, r: r, images: images}
			b := read(pr)
			if pr.err != nil {
				return nil, pr.err
			}
			p.Block = b
		}
		out = append(out, p)
	}
	return out, nil
}
