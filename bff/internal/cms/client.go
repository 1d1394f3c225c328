// Package cms is the client of the content CMS, a Drupal-style JSON:API at api/v0. The JSON:API
// wire types stay inside this package and jsonapi, which it shares with the blocks package
// that reads paragraphs: every answer is reshaped into portal types (a paragraph into its block),
// and every failure is translated into an apperr code where the reply comes in.
package cms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// maxBody bounds one CMS answer; a larger one is a CMS fault, not something to buffer.
const maxBody = 8 << 20

// Client calls the CMS. It implements portal.Content.
type Client struct {
	base    string // e.g. http://127.0.0.1:8081
	files   string // where browsers fetch CMS files; relative file URLs are made absolute with it
	http    *http.Client
	timeout time.Duration
	metrics *metrics.Metrics
	// slots holds one token per call in flight: at most MaxConcurrent calls reach the CMS at
	// once, whatever a flood of unique paths and searches asks for; the rest wait their turn
	// within their own timeout.
	slots chan struct{}
}

// DefaultMaxConcurrent is the number of CMS calls in flight when Options.MaxConcurrent is zero.
const DefaultMaxConcurrent = 16

var _ portal.Content = (*Client)(nil)

// Options configures a Client.
type Options struct {
	BaseURL   string        // the CMS's base URL, without api/v0
	PublicURL string        // the base browsers use for CMS files; BaseURL when empty
	Timeout   time.Duration // the limit on one call, whatever the caller's context allows
	HTTP      *http.Client  // optional; a client with sane transport defaults when nil
	Metrics   *metrics.Metrics
	// MaxConcurrent caps the calls in flight to the CMS; DefaultMaxConcurrent when zero.
	MaxConcurrent int
}

// New returns a Client for the CMS at opts.BaseURL.
func New(opts Options) *Client {
	hc := opts.HTTP
	if hc == nil {
		hc = &http.Client{Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			MaxIdleConnsPerHost: 32,
			IdleConnTimeout:     90 * time.Second,
		}}
	}
	public := opts.PublicURL
	if public == "" {
		public = opts.BaseURL
	}
	slots := opts.MaxConcurrent
	if slots <= 0 {
		slots = DefaultMaxConcurrent
	}
	return &Client{
		base:    strings.TrimRight(opts.BaseURL, "/"),
		files:   strings.TrimRight(public, "/"),
		http:    hc,
		timeout: opts.Timeout,
		metrics: opts.Metrics,
		slots:   make(chan struct{}, slots),
	}
}

// NodeByPath returns the node at a CMS path such as "home/1072".
func (c *Client) NodeByPath(ctx context.Context, path string) (*portal.Node, error) {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil, apperr.PageNotFound(nil)
	}
	return c.node(ctx, "node", url.Values{"path": {path}}, "")
}

// NodeRevision returns one revision of the node at a CMS path, a draft the editor has not
// published yet. Only an authorised caller may read unpublished revisions, so the call carries
// token (the BFF's CMS preview token) as a bearer; it goes to the CMS every time, never through
// the content cache (see package preview).
func (c *Client) NodeRevision(ctx context.Context, path, rev, token string) (*portal.Node, error) {
	path = strings.Trim(path, "/")
	if path == "" || rev == "" {
		return nil, apperr.PageNotFound(nil)
	}
	return c.node(ctx, "node revision", url.Values{"path": {path}, "resourceVersion": {"id:" + rev}}, token)
}

// node reads the node the query names (with token, when not "") and reshapes it; what names it
// in the error of an answer that is no node.
func (c *Client) node(ctx context.Context, what string, q url.Values, token string) (*portal.Node, error) {
	doc, r, err := c.singleAs(ctx, "node", q, token)
	if err != nil {
		return nil, err
	}
	n, err := c.reshapeNode(doc, r)
	if err != nil {
		return nil, c.malformed(what, err)
	}
	return n, nil
}

// Unions lists every union term, ordered by weight then name.
func (c *Client) Unions(ctx context.Context) (portal.Unions, error) {
	out, _, err := collection(ctx, c, "unions", "term", url.Values{"bundle": {"union"}}, c.reshapeUnion)
	if err != nil {
		return nil, err
	}
	sortByWeight(out, func(u portal.Union) (int, string) { return u.Weight, u.Name })
	return out, nil
}

// Terms lists the terms of a blog bundle, ordered by weight then name.
func (c *Client) Terms(ctx context.Context, bundle string) ([]portal.Term, error) {
	out, _, err := collection(ctx, c, "terms", "term", url.Values{"bundle": {bundle}},
		func(_ *jsonapi.Document, r *jsonapi.Resource) (portal.Term, error) { return reshapeTerm(r) })
	if err != nil {
		return nil, err
	}
	sortByWeight(out, func(t portal.Term) (int, string) { return t.Weight, t.Name })
	return out, nil
}

// Menus lists every link of every menu, flat, in the CMS's order.
func (c *Client) Menus(ctx context.Context) ([]portal.MenuLink, error) {
	out, _, err := collection(ctx, c, "menus", "menu", nil,
		func(_ *jsonapi.Document, r *jsonapi.Resource) (portal.MenuLink, error) { return reshapeMenuLink(r) })
	return out, err
}

// Benefits lists every benefit as a teaser, in the CMS's order.
func (c *Client) Benefits(ctx context.Context) ([]portal.BenefitTeaser, error) {
	out, _, err := collection(ctx, c, "benefits", "benefits", nil, c.reshapeBenefitTeaser)
	return out, err
}

// Eligibility lists the eligibility records, in the CMS's order.
func (c *Client) Eligibility(ctx context.Context) ([]portal.EligibilityRecord, error) {
	out, _, err := collection(ctx, c, "eligibility", "eligibility", nil, reshapeEligibility)
	return out, err
}

// Variable returns a site variable by name.
func (c *Client) Variable(ctx context.Context, name string) (*portal.Variable, error) {
	_, r, err := c.single(ctx, "variable", url.Values{"state": {name}})
	if err != nil {
		return nil, err
	}
	v, err := c.reshapeVariable(r)
	if err != nil {
		return nil, c.malformed("variable", err)
	}
	return v, nil
}

// single gets a JSON:API document holding one resource. A document without a resource type or
// id is not found, as the spec's content fetch rule says.
func (c *Client) single(ctx context.Context, res string, q url.Values) (*jsonapi.Document, *jsonapi.Resource, error) {
	return c.singleAs(ctx, res, q, "")
}

// singleAs is single with a bearer token (see getAs).
func (c *Client) singleAs(ctx context.Context, res string, q url.Values, token string) (*jsonapi.Document, *jsonapi.Resource, error) {
	doc, err := c.getAs(ctx, res, q, token)
	if err != nil {
		return nil, nil, err
	}
	r, err := doc.One()
	if errors.Is(err, jsonapi.ErrMissingTypeOrID) {
		return nil, nil, apperr.PageNotFound(nil)
	}
	if err != nil {
		return nil, nil, c.malformed(res, err)
	}
	return doc, r, nil
}

// collection gets a JSON:API collection and reshapes each resource; the document comes back too,
// for its meta. what names the answer in errors.
func collection[T any](ctx context.Context, c *Client, what, res string, q url.Values,
	reshape func(*jsonapi.Document, *jsonapi.Resource) (T, error)) ([]T, *jsonapi.Document, error) {
	doc, err := c.get(ctx, res, q)
	if err != nil {
		return nil, nil, err
	}
	rs, err := doc.Many()
	if err != nil {
		return nil, nil, c.malformed(what, err)
	}
	out := make([]T, 0, len(rs))
	for i := range rs {
		v, err := reshape(doc, &rs[i])
		if err != nil {
			return nil, nil, c.malformed(what, err)
		}
		out = append(out, v)
	}
	return out, doc, nil
}

// sortByWeight orders terms as the CMS's editors order them: by weight, then by name.
func sortByWeight[T any](s []T, key func(T) (int, string)) {
	sort.SliceStable(s, func(i, j int) bool {
		wi, ni := key(s[i])
		wj, nj := key(s[j])
		if wi != wj {
			return wi < wj
		}
		return ni < nj
	})
}

// get performs one GET of api/v0/{resource} and decodes the document, translating every failure
// into an apperr: a 404 is NotFound, and a CMS that is unreachable, slow or answers something
// that is no document (another status, garbage, an error document, too much) is Unavailable, a
// 503 the reader may retry, with the cause logged: the fault is upstream, not in the request.
// The call never outlives c.timeout, whatever ctx allows.
func (c *Client) get(ctx context.Context, res string, q url.Values) (*jsonapi.Document, error) {
	return c.getAs(ctx, res, q, "")
}

// getAs is get with a bearer token, when token is not empty (unpublished content only).
func (c *Client) getAs(ctx context.Context, res string, q url.Values, token string) (doc *jsonapi.Document, err error) {
	// res is the JSON:API resource (node, taxonomy_term/union, ...): a name from code.
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.CMS, res)
	defer func() { call.End(err) }()

	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	select {
	case c.slots <- struct{}{}:
		defer func() { <-c.slots }()
	case <-ctx.Done():
		return nil, apperr.Wrap(apperr.Unavailable, "The content service is unavailable. Please try again in a moment.",
			fmt.Errorf("cms %s: no free slot among %d: %w", res, cap(c.slots), ctx.Err()))
	}
	u := c.base + "/api/v0/" + res
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, apperr.InternalError(err)
	}
	req.Header.Set("Accept", "application/vnd.api+json")
	telemetry.Inject(ctx, req.Header)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, unavailable(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, unavailable(err)
	}
	if len(body) > maxBody {
		return nil, unavailable(fmt.Errorf("cms %s: answer over %d bytes", res, maxBody))
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, apperr.PageNotFound(fmt.Errorf("cms %s: %s", u, firstError(body)))
	case resp.StatusCode != http.StatusOK:
		return nil, unavailable(fmt.Errorf("cms %s: status %d: %s", u, resp.StatusCode, firstError(body)))
	}
	doc, err = jsonapi.Decode(body)
	if err != nil {
		return nil, c.malformed(res, err)
	}
	if len(doc.Errors) > 0 {
		return nil, unavailable(fmt.Errorf("cms %s: %s", u, doc.Errors[0]))
	}
	return doc, nil
}

func (c *Client) malformed(what string, err error) error {
	return unavailable(fmt.Errorf("cms %s: malformed answer: %w", what, err))
}

// unavailable is the CMS failing, in the words a reader sees.
func unavailable(cause error) error {
	return apperr.Wrap(apperr.Unavailable, "The content service is unavailable. Please try again in a moment.", cause)
}

// firstError summarises a JSON:API error body for the logs.
func firstError(body []byte) string {
	doc, err := jsonapi.Decode(body)
	if err != nil || len(doc.Errors) == 0 {
		if len(body) > 200 {
			body = body[:200]
		}
		return string(body)
	}
	return doc.Errors[0].String()
}
