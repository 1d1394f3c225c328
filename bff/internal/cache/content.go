package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Content caches a portal.Content (the CMS client). Values are shared between requests: callers
// must treat them as read-only.
type Content struct{ front[portal.Content] }

var _ portal.Content = (*Content)(nil)

// NewContent puts store in front of next.
func NewContent(next portal.Content, store *Store) *Content {
	return &Content{front[portal.Content]{next: next, store: store}}
}

// NodeByPath is cached per path, tagged with the node and its path (for not-found answers).
func (c *Content) NodeByPath(ctx context.Context, path string) (*portal.Node, error) {
	return Fetch(ctx, c.store, "node", path, func(ctx context.Context) (Loaded[*portal.Node], error) {
		n, err := c.next.NodeByPath(ctx, path)
		if err != nil {
			return Loaded[*portal.Node]{Tags: []string{portal.PathTag(path)}}, err
		}
		return Loaded[*portal.Node]{Value: n, Tags: []string{portal.NodeTag(n.NID), portal.PathTag(path)}}, nil
	})
}

// Unions is cached under the term:union tag.
func (c *Content) Unions(ctx context.Context) (portal.Unions, error) {
	return fetchTagged(ctx, c.store, "term", "union", []string{portal.TermTag("union")}, c.next.Unions)
}

// Terms is cached per bundle under its term tag.
func (c *Content) Terms(ctx context.Context, bundle string) ([]portal.Term, error) {
	return fetchTagged(ctx, c.store, "term", bundle, []string{portal.TermTag(bundle)}, func(ctx context.Context) ([]portal.Term, error) {
		return c.next.Terms(ctx, bundle)
	})
}

// Menus is cached under the menu tag.
func (c *Content) Menus(ctx context.Context) ([]portal.MenuLink, error) {
	return fetchTagged(ctx, c.store, "menu", "all", []string{portal.MenuTag}, c.next.Menus)
}

// Variable is cached per name under its variable tag.
func (c *Content) Variable(ctx context.Context, name string) (*portal.Variable, error) {
	return fetchTagged(ctx, c.store, "variable", name, []string{portal.VariableTag(name)}, func(ctx context.Context) (*portal.Variable, error) {
		return c.next.Variable(ctx, name)
	})
}

// Benefits is cached under the benefits tag and the node tag of every benefit it lists, so
// publishing any benefit refreshes the lists it appears in.
func (c *Content) Benefits(ctx context.Context) ([]portal.BenefitTeaser, error) {
	return Fetch(ctx, c.store, "benefits", "all", func(ctx context.Context) (Loaded[[]portal.BenefitTeaser], error) {
		bs, err := c.next.Benefits(ctx)
		tags := []string{portal.BenefitsTag}
		for _, b := range bs {
			tags = append(tags, portal.NodeTag(b.NID))
		}
		return Loaded[[]portal.BenefitTeaser]{Value: bs, Tags: tags}, err
	})
}

// Eligibility is cached under the eligibility tag.
func (c *Content) Eligibility(ctx context.Context) ([]portal.EligibilityRecord, error) {
	return fetchTagged(ctx, c.store, "eligibility", "all", []string{portal.EligibilityTag}, c.next.Eligibility)
}

// CarMakes is cached under the car makes' tag.
func (c *Content) CarMakes(ctx context.Context) ([]portal.CarMake, error) {
	return fetchTagged(ctx, c.store, "car-makes", "all", []string{portal.CarMakesTag}, c.next.CarMakes)
}
