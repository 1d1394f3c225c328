package portal

import (
	"net/url"
	"slices"
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
	// FormOrigins are the origins an embedded form may be framed from (the site's form host,
	// EXTERNAL_FORM_URL's origin): the page's Content-Security-Policy allows only those frames.
	FormOrigins []string
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
	if l.Type == EmbedLinkType && r.mayFrame(out.URL) {
		out.Type = EmbedLinkType
	}
	return &out
}

// mayFrame tells whether an embedded form's address is on a form host the site allows. Any other
// address stays a plain link: the page's policy would block its frame, leaving an empty box.
func (r BlockReader) mayFrame(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return false
	}
	return slices.Contains(r.FormOrigins, u.Scheme+"://"+u.Host)
}
