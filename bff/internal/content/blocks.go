package content

import (
	"log/slog"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// blockBuilder turns paragraphs into blocks and logs each unknown bundle once, so a CMS that
// gains a new block type shows up in the logs without flooding them.
type blockBuilder struct {
	log         *slog.Logger
	formOrigins []string // where embedded forms may be framed from
	unknown     sync.Map // bundle -> struct{}
}

func newBlockBuilder(log *slog.Logger, formOrigins []string) *blockBuilder {
	return &blockBuilder{log: log, formOrigins: formOrigins}
}

// build keeps the paragraphs active at now, in order, each block shaped for the reader (see
// bff/internal/blocks): the page body. Paragraphs the editor placed above the page's header are
// left to buildAboveHeader.
func (b *blockBuilder) build(ps []portal.Paragraph, a portal.Audience, now time.Time) []portal.Block {
	return b.buildWhere(ps, a, now, false)
}

// buildAboveHeader is build for the paragraphs with displayAboveHeader, which the page draws
// before its hero.
func (b *blockBuilder) buildAboveHeader(ps []portal.Paragraph, a portal.Audience, now time.Time) []portal.Block {
	return b.buildWhere(ps, a, now, true)
}

func (b *blockBuilder) buildWhere(ps []portal.Paragraph, a portal.Audience, now time.Time, above bool) []portal.Block {
	out := make([]portal.Block, 0, len(ps))
	r := portal.BlockReader{Audience: a, Now: now, FormOrigins: b.formOrigins}
	for _, p := range ps {
		if !p.ActiveAt(now) {
			continue
		}
		if p.Block == nil {
			if _, seen := b.unknown.LoadOrStore(p.Bundle, struct{}{}); !seen {
				b.log.Warn("skipping paragraphs of an unknown bundle", "bundle", p.Bundle, "paragraph", p.ID)
			}
			continue
		}
		if p.DisplayAboveHeader == above {
			out = append(out, p.Block.For(r))
		}
	}
	return out
}

// link keeps the hero's old call shape: a CMS link chosen for an audience at no particular time.
func link(l *portal.CMSLink, a portal.Audience) *portal.Link {
	return portal.BlockReader{Audience: a}.Link(l)
}
