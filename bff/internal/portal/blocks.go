package portal

import (
	"strings"
	"time"
)

// The content blocks of a page. Their types live in bff/internal/blocks, one file each: the cms
// package decodes a paragraph straight into its block, and a page shapes it for its reader.

// CMSBlock is a paragraph's block as the CMS holds it, before a reader is known: its text final
// and its images in the style their place shows, its links still the editor's and its items each
// with its active window. The content cache shares it between readers, so it never changes: For
// returns the block one reader sees, a copy with its links chosen for the reader and only the
// items active at the reader's time.
type CMSBlock interface {
	For(BlockReader) Block
}

// BlockReader is what a block's shape depends on: who reads (link titles, links meant for
// members) and when (nested items have active windows of their own).
type BlockReader struct {
	Audience Audience
	Now      time.Time
}

// signInToken in a link's address means the destination needs the member's details (spec 3 §4).
const signInToken = "[HARTFORD_PARAMS]"

// Link is a CMS link as the reader follows it: none without an address, titled for the reader's
// audience, and for a visitor marked SignInRequired where the destination needs the member's
// details.
func (r BlockReader) Link(l *CMSLink) *Link {
	if l == nil || l.URL == "" {
		return nil
	}
	out := l.For(r.Audience)
	out.SignInRequired = r.Audience != Member && strings.Contains(out.URL, signInToken)
	return &out
}
