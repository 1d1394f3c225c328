package cache

import (
	"context"
	"strconv"
	"strings"

	"github.com/union-benefits/portal/bff/internal/blog"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Blog caches a blog.Content (the CMS's blog and search calls). Lists carry the node tag of
// every post they show, so publishing an edit of a post refreshes each list it is on; they also
// carry portal.PostsTag and their category's portal.PostListTag, which a publish of a new post sends.
type Blog struct{ front[blog.Content] }

var _ blog.Content = (*Blog)(nil)

// NewBlog puts store in front of next.
func NewBlog(next blog.Content, store *Store) *Blog {
	return &Blog{front[blog.Content]{next: next, store: store}}
}

// BlogCategories is cached under the blog_category term tag, like Terms.
func (b *Blog) BlogCategories(ctx context.Context) ([]blog.Category, error) {
	return fetchTagged(ctx, b.store, "blogcategories", "all", []string{portal.TermTag("blog_category")}, b.next.BlogCategories)
}

// Posts is cached per category, offset, limit, date and topic.
func (b *Blog) Posts(ctx context.Context, q blog.PostQuery) (*blog.PostList, error) {
	slug := q.Category.Slug
	if slug == "" {
		slug = blog.AllCategories
	}
	key := strings.Join([]string{slug, q.Category.TID, strconv.Itoa(q.Offset), strconv.Itoa(q.Limit), q.Date, q.Topic}, "|")
	return Fetch(ctx, b.store, "posts", key, func(ctx context.Context) (Loaded[*blog.PostList], error) {
		tags := []string{portal.PostsTag, portal.PostListTag(slug)}
		l, err := b.next.Posts(ctx, q)
		if err != nil {
			return Loaded[*blog.PostList]{Tags: tags}, err
		}
		for _, p := range l.Posts {
			tags = append(tags, portal.NodeTag(p.NID))
		}
		return Loaded[*blog.PostList]{Value: l, Tags: tags}, nil
	})
}

// Post is cached per nid under its node tag, found or not, so publishing it shows at once.
func (b *Blog) Post(ctx context.Context, nid string) (*blog.Post, error) {
	return fetchTagged(ctx, b.store, "post", nid, []string{portal.NodeTag(nid)}, func(ctx context.Context) (*blog.Post, error) {
		return b.next.Post(ctx, nid)
	})
}

// Archives is cached under portal.PostsTag: only a new, removed or re-dated post changes it.
func (b *Blog) Archives(ctx context.Context) ([]blog.ArchiveMonth, error) {
	return fetchTagged(ctx, b.store, "archives", "all", []string{portal.PostsTag}, b.next.Archives)
}

// Search is cached per keywords, type and page, under portal.SearchTag and portal.PostsTag and the node tag
// of every hit. Keywords are case-folded and trimmed for the key only: the CMS's search does
// not tell case apart, so "Budget" and "budget " share an entry.
func (b *Blog) Search(ctx context.Context, q blog.SearchQuery) (*blog.SearchHits, error) {
	key := strings.Join([]string{q.Type, strconv.Itoa(q.Page), strings.ToLower(strings.Join(strings.Fields(q.Keywords), " "))}, "|")
	return Fetch(ctx, b.store, "search", key, func(ctx context.Context) (Loaded[*blog.SearchHits], error) {
		tags := []string{portal.SearchTag, portal.PostsTag}
		hs, err := b.next.Search(ctx, q)
		if err != nil {
			return Loaded[*blog.SearchHits]{Tags: tags}, err
		}
		for _, h := range hs.Hits {
			if h.NID != "" {
				tags = append(tags, portal.NodeTag(h.NID))
			}
		}
		return Loaded[*blog.SearchHits]{Value: hs, Tags: tags}, nil
	})
}
