package cmsrecord

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blog"
	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/grants"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// maxPages bounds the pages one walk visits, so a CMS whose pages link to endless generated
// paths cannot keep the recorder going forever.
const maxPages = 5000

// notVisited are the site paths a walk does not follow as content pages: they are the BFF's own
// screens (blog, search, account, forms, store, sign-in), read through their own services below,
// or files.
var notVisited = []string{"/blog", "/search", "/account", "/api/", "/form/", "/store", "/sites/", "/embed/"}

// Documents are the BFF documents of every page a walk visited, by page ("page /faq
// anonymous|41|chosen", "blog all-tips-updates", ...), each as JSON.
type Documents map[string][]byte

// walker visits the site as readers would, through the BFF's own CMS client and page services,
// so every request it makes is one the BFF makes.
type walker struct {
	client *cms.Client
	pages  *content.Service
	blog   *blog.Service
	forms  *grants.FormService
	log    *slog.Logger
	seed   string
	token  string
	home   string
	// product is the brand, which names one form of the catalogue.
	product string
	docs    Documents
}

func newWalker(client *cms.Client, opts Options) *walker {
	log := opts.Logger
	return &walker{
		client: client,
		pages:  content.New(client, content.Options{HomePath: opts.HomePath, ProductName: opts.ProductName, Logger: log}),
		blog:   blog.New(client, client, blog.Options{ProductName: opts.ProductName, Logger: log}),
		forms: grants.New(noProfiles{}, noCases{}, client, grants.Options{
			ProductName: opts.ProductName, ExternalFormURL: "https://forms.example.org/{id}", Logger: log,
		}).Forms,
		log:     log,
		seed:    opts.Seed,
		home:    opts.HomePath,
		product: opts.ProductName,
		token:   opts.PreviewToken,
		docs:    Documents{},
	}
}

// noProfiles and noCases stand for a member with no profile and no cases yet: a form page then
// reads exactly the CMS content every member's does.
type noProfiles struct{ portal.Profiles }

func (noProfiles) Profile(context.Context, string) (portal.Profile, error) {
	return portal.Profile{}, nil
}

type noCases struct{ portal.Cases }

func (noCases) CasesOf(context.Context, string) ([]portal.Case, error) { return nil, nil }

// put keeps a document, or the error a reader would get instead; only a failure that is no
// answer of the CMS's (unavailable, malformed) stops the walk.
func (w *walker) put(key string, v any, err error) error {
	switch {
	case apperr.Is(err, apperr.NotFound):
		v = "not found"
	case err != nil:
		return fmt.Errorf("%s: %w", key, err)
	}
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	w.docs[key] = body
	return nil
}

// walk visits, in order: the site chrome and sitemap for a visitor and a member; every page
// reachable from the home page, the menus, the sitemap, the benefits list, the links inside the
// pages and the seed's nodes; the union pages and eligibility tables for every union; the blog's
// lists (every category, month and topic) and every post they show; a search for each blog
// topic; every form of the catalogue; the car makes; and the seed's drafts.
func (w *walker) walk(ctx context.Context) error {
	visitor, err := w.pages.Reader(ctx, portal.Anonymous, "")
	if err != nil {
		return fmt.Errorf("reader: %w", err)
	}
	member := portal.Reader{Audience: portal.Member, Union: visitor.Union}
	readers := []portal.Reader{visitor, member}
	for _, r := range readers {
		site, err := w.pages.Site(ctx, r)
		if err := w.put("site "+r.Key(), site, err); err != nil {
			return err
		}
	}
	sitemap, err := w.pages.Sitemap(ctx)
	if err := w.put("sitemap", sitemap, err); err != nil {
		return err
	}
	if err := w.walkPages(ctx, readers, sitemap); err != nil {
		return err
	}
	unions, err := w.client.Unions(ctx)
	if err != nil {
		return fmt.Errorf("unions: %w", err)
	}
	for _, u := range unions {
		r := portal.Reader{Audience: portal.Anonymous, Union: u.ID, Chosen: true}
		for _, p := range []string{"/union-member-benefits", "/union-member-eligibility"} {
			res, err := w.pages.Page(ctx, content.PageRequest{Path: p, Reader: r})
			if err := w.put("page "+p+" "+r.Key(), result(res), err); err != nil {
				return err
			}
		}
		elig, err := w.pages.Eligibility(ctx, portal.Reader{Audience: portal.Member, Union: u.ID})
		if err := w.put("eligibility "+u.ID, elig.Document, err); err != nil {
			return err
		}
	}
	if err := w.walkBlog(ctx); err != nil {
		return err
	}
	for _, f := range grants.NewCatalogue(w.product).Forms() {
		doc, err := w.forms.Form(ctx, portal.Identity{UID: "recorder"}, f.ID)
		if err := w.put("form "+f.ID, doc, err); err != nil {
			return err
		}
	}
	// Variables and terms the committed fixtures hold are read again even when no page needs
	// them today, so a recording keeps them while the CMS has them.
	for _, v := range w.seedPaths("variable") {
		v = strings.Trim(v, "/")
		got, err := w.client.Variable(ctx, v)
		if err := w.put("variable "+v, got, err); err != nil {
			return err
		}
	}
	for _, b := range w.seedPaths("term") {
		b = strings.Trim(b, "/")
		got, err := w.client.Terms(ctx, b)
		if b == "union" {
			continue // Terms reshapes blog terms; the unions were read above
		}
		if err := w.put("terms "+b, got, err); err != nil {
			return err
		}
	}
	makes, err := w.client.CarMakes(ctx)
	if err := w.put("car makes", makes, err); err != nil {
		return err
	}
	return w.walkDrafts(ctx)
}

// walkPages visits every content page it can reach, breadth first, for each reader.
func (w *walker) walkPages(ctx context.Context, readers []portal.Reader, sitemap []content.SitemapEntry) error {
	queue := []string{"/"}
	links, err := w.client.Menus(ctx)
	if err != nil {
		return fmt.Errorf("menus: %w", err)
	}
	for _, l := range links {
		queue = append(queue, l.Link.URL)
	}
	for _, e := range sitemap {
		queue = append(queue, e.Path)
	}
	benefits, err := w.client.Benefits(ctx)
	if apperr.Is(err, apperr.NotFound) {
		// Category pages list their benefits from it: a CMS without it is not the site.
		return fmt.Errorf("GET /api/v0/benefits: %w", errNotFound)
	}
	if err != nil {
		return fmt.Errorf("benefits: %w", err)
	}
	for _, b := range benefits {
		queue = append(queue, b.Path)
	}
	queue = append(queue, w.seedPaths("node")...)
	seen := map[string]bool{}
	for len(queue) > 0 && len(seen) < maxPages {
		p, ok := sitePath(queue[0])
		queue = queue[1:]
		if !ok || seen[p] {
			continue
		}
		seen[p] = true
		for _, r := range readers {
			res, err := w.pages.Page(ctx, content.PageRequest{Path: p, Reader: r})
			if p == "/" && apperr.Is(err, apperr.NotFound) {
				return fmt.Errorf("the home page (node %s): %w", w.home, errNotFound)
			}
			if err := w.put("page "+p+" "+r.Key(), result(res), err); err != nil {
				return err
			}
			if res.Redirect != nil {
				queue = append(queue, res.Redirect.Location)
			}
			if res.Document != nil {
				queue = append(queue, linksIn(res.Document)...)
			}
		}
	}
	return nil
}

// walkBlog visits the first page of every blog list a reader can open from the sidebar (each
// category, each archive month, each topic), every post those pages show, every post of the seed,
// and a search for each blog topic of each type.
func (w *walker) walkBlog(ctx context.Context) error {
	cats, err := w.client.BlogCategories(ctx)
	if err != nil {
		return fmt.Errorf("blog categories: %w", err)
	}
	months, err := w.client.Archives(ctx)
	if err != nil {
		return fmt.Errorf("archives: %w", err)
	}
	topics, err := w.client.Terms(ctx, "blog_topic")
	if err != nil {
		return fmt.Errorf("blog topics: %w", err)
	}
	lists := []blog.ListRequest{{Category: blog.AllCategories}}
	for _, c := range cats {
		lists = append(lists, blog.ListRequest{Category: c.Slug})
	}
	for _, m := range months {
		lists = append(lists, blog.ListRequest{Category: blog.AllCategories, Date: fmt.Sprintf("%04d-%02d", m.Year, m.Month)})
	}
	for _, t := range topics {
		lists = append(lists, blog.ListRequest{Category: blog.AllCategories, Topic: t.ID})
	}
	posts := map[string]string{} // nid -> category slug
	for _, req := range lists {
		doc, err := w.blog.BlogList(ctx, req)
		key := fmt.Sprintf("blog %s date=%s topic=%s", req.Category, req.Date, req.Topic)
		if err := w.put(key, doc, err); err != nil {
			return err
		}
		if doc != nil {
			for _, p := range doc.Posts {
				posts[p.ID] = p.Category.ID
			}
		}
	}
	for _, nid := range w.seedPaths("post") {
		nid = strings.Trim(nid, "/")
		if _, ok := posts[nid]; ok {
			continue
		}
		p, err := w.client.Post(ctx, nid)
		switch {
		case apperr.Is(err, apperr.NotFound):
			w.log.Warn("a post of the fixtures is gone from the CMS", "post", nid)
		case err != nil:
			return fmt.Errorf("post %s: %w", nid, err)
		default:
			posts[nid] = p.Category.Slug
		}
	}
	for _, nid := range slices.Sorted(mapKeys(posts)) {
		doc, err := w.blog.BlogPost(ctx, posts[nid], nid)
		if err := w.put("blog post "+nid, doc, err); err != nil {
			return err
		}
	}
	for _, t := range topics {
		for _, typ := range []string{"all", "benefits", "blogpost"} {
			doc, err := w.blog.Search(ctx, blog.SearchRequest{Query: t.Name, Type: typ})
			if err := w.put("search "+typ+" "+t.Name, doc, err); err != nil {
				return err
			}
		}
	}
	return nil
}

// walkDrafts reads the drafts the seed holds (revision/{path}/{rev}.json), as an editor's preview
// link would: a CMS offers no list of drafts, so the committed fixtures say which to record.
func (w *walker) walkDrafts(ctx context.Context) error {
	drafts := w.seedPaths("revision")
	if len(drafts) > 0 && w.token == "" {
		w.log.Warn("no preview token: the fixtures' drafts are not recorded", "drafts", len(drafts))
		return nil
	}
	for _, d := range drafts {
		page, rev := path.Split(strings.Trim(d, "/"))
		node, err := w.client.NodeRevision(ctx, page, rev, w.token)
		if err := w.put("draft "+d, node, err); err != nil {
			return err
		}
	}
	return nil
}

// seedPaths lists the fixture paths under dir of the seed ("/benefits/wireless" for
// node/benefits/wireless.json), sorted.
func (w *walker) seedPaths(dir string) []string {
	if w.seed == "" {
		return nil
	}
	var out []string
	root := filepath.Join(w.seed, dir)
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() || filepath.Ext(p) != ".json" {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, "/"+strings.TrimSuffix(filepath.ToSlash(rel), ".json"))
		return nil
	})
	slices.Sort(out)
	return out
}

// result is what the BFF answers for a page: its document or its redirect.
func result(res content.PageResult) any {
	if res.Redirect != nil {
		return res.Redirect
	}
	return res.Document
}

// sitePath turns a link into the site path of a content page to visit: internal links only,
// without query or fragment, and not one of the BFF's own screens.
func sitePath(link string) (string, bool) {
	link = strings.TrimPrefix(link, "internal:")
	if !strings.HasPrefix(link, "/") || strings.HasPrefix(link, "//") {
		return "", false
	}
	u, err := url.Parse(link)
	if err != nil {
		return "", false
	}
	p := portal.CleanPath(u.Path)
	for _, skip := range notVisited {
		if p == strings.TrimSuffix(skip, "/") || strings.HasPrefix(p, strings.TrimSuffix(skip, "/")+"/") {
			return "", false
		}
	}
	return p, true
}

// linksIn lists every site path a page document links to: the values of its url and path fields.
func linksIn(doc *content.PageDocument) []string {
	body, err := json.Marshal(doc)
	if err != nil {
		return nil
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if s, ok := e.(string); ok && (k == "url" || k == "path") {
					out = append(out, s)
					continue
				}
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	slices.Sort(out)
	return out
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
