package preview

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Drafts reads unpublished revisions from the CMS (cms.Client), never through a cache.
type Drafts interface {
	NodeRevision(ctx context.Context, path, rev, token string) (*portal.Node, error)
}

// Pages builds a page document (content.Service). Preview builds one per request over a source
// whose node is the draft, so the draft is assembled by the very code that assembles the
// published page, with no cache in between.
type Pages interface {
	Page(ctx context.Context, req content.PageRequest) (content.PageResult, error)
}

// Options configures a Service.
type Options struct {
	Secret string // PREVIEW_SECRET: the links' HMAC key; empty refuses every link
	Token  string // CMS_PREVIEW_TOKEN: the bearer the CMS asks of a request for a revision
	// Content is the published content everything but the draft node comes from (menus, unions,
	// variables, benefit lists): cached, since it is what every reader sees anyway.
	Content portal.Content
	Drafts  Drafts
	// NewPages builds the page assembler over a content source (content.New, uncached).
	NewPages func(portal.Content) Pages
	Now      func() time.Time // the wall clock links expire by; time.Now when nil
}

// Service answers preview page documents.
type Service struct{ o Options }

// New returns a Service.
func New(o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{o: o}
}

// Page checks the link token and returns the draft's page document for reader r, marked as a
// preview and noindex. The link is checked first; then the draft is read, and must be a
// revision of the node the link names.
func (s *Service) Page(ctx context.Context, token string, r portal.Reader) (content.PageResult, error) {
	l, err := Verify(s.o.Secret, token, s.o.Now())
	if err != nil {
		return content.PageResult{}, err
	}
	src := draftContent{Content: s.o.Content, drafts: s.o.Drafts, link: l, token: s.o.Token}
	res, err := s.o.NewPages(src).Page(ctx, content.PageRequest{Path: l.Path, Reader: r})
	if err != nil {
		return content.PageResult{}, err
	}
	if doc := res.Document; doc != nil {
		doc.Meta.Robots = "noindex, nofollow"
		doc.Preview = &content.Preview{Node: l.Node, Revision: l.Rev, Expires: l.Expires.UTC()}
	}
	// Tags name what a cached copy would depend on; a preview is never cached.
	res.Tags = nil
	return res, nil
}

// draftContent is the published content with one change: the node at the link's path is the
// link's revision, read from the CMS on every call.
type draftContent struct {
	portal.Content
	drafts Drafts
	link   Link
	token  string
}

// NodeByPath reads the draft revision. The page assembler asks only for the page's own node
// (the link's path, or the home node's CMS path for "/"), so every node it reads is the draft.
func (d draftContent) NodeByPath(ctx context.Context, path string) (*portal.Node, error) {
	n, err := d.drafts.NodeRevision(ctx, path, d.link.Rev, d.token)
	if apperr.Is(err, apperr.NotFound) {
		return nil, errNoDraft
	}
	if err != nil {
		return nil, err
	}
	if n.NID != d.link.Node {
		return nil, errWrongNode
	}
	return n, nil
}
