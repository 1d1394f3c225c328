package portal

import "strings"

// Tags name what a cached entry was built from; the CMS publish webhook sends them to purge.
// Keep contracts/openapi.yaml (PurgeRequest) in step.

// MenuTag tags everything built from the menus.
const MenuTag = "menu"

// BenefitsTag tags everything built from the list of benefits (a new benefit has no node tag
// in it yet, so publishing one sends this tag).
const BenefitsTag = "benefits"

// EligibilityTag tags everything built from the eligibility records.
const EligibilityTag = "eligibility"

// NodeTag tags everything built from the node with this nid.
func NodeTag(nid string) string { return "node:" + nid }

// PathTag tags everything built from the node at this CMS path, found or not.
func PathTag(path string) string { return "path:" + strings.Trim(path, "/") }

// TermTag tags everything built from the terms of a bundle.
func TermTag(bundle string) string { return "term:" + bundle }

// VariableTag tags everything built from a site variable.
func VariableTag(name string) string { return "variable:" + name }

// IsSiteWide reports whether a tag's content appears in the site chrome (menus, terms and
// variables do; nodes do not).
func IsSiteWide(tag string) bool {
	return tag == MenuTag || tag == BenefitsTag || strings.HasPrefix(tag, "term:") || strings.HasPrefix(tag, "variable:")
}

// PostsTag tags every post list, the blog archives and search: publishing a new post, or moving
// one to another month, sends it, since no list holds the post's node tag yet.
const PostsTag = "posts"

// PostListTag tags the post lists of one blog category (its slug; all-tips-updates for the list
// of every category), for a purge narrower than PostsTag.
func PostListTag(slug string) string { return "posts:" + slug }

// SearchTag tags every cached search answer.
const SearchTag = "search"

// ProductsTag tags every cached product list of the order system: the order system (or an
// operator) sends it through the publish webhook when products change.
const ProductsTag = "products"

// ProductsUnionTag tags the cached product list of one union (its term id).
func ProductsUnionTag(union string) string { return "products:" + union }

// HotelsTag tags the hotel partner's cached autocomplete answers. Nothing publishes them: they only expire (the
// cache's fresh time) or are purged by hand with the webhook.
const HotelsTag = "hotels"
