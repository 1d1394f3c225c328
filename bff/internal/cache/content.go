package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Content caches a portal.Content (the CMS client). Values are shared between requests: callers
// must treat them as read-only.
type Content struct {
	next  portal.Content
	store *Store
}

var _ portal.Content = (*Content)(nil)

// NewContent puts store in front of next.
func NewContent(next portal.Content, store *Store) *Content {
	return &Content{next: next, store: store}
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
	return Fetch(ctx, c.store, "term", "union", func(ctx context.Context) (Loaded[portal.Unions], error) {
		us, err := c.next.Unions(ctx)
		return Loaded[portal.Unions]{Value: us, Tags: []string{portal.TermTag("union")}}, err
	})
}

// Terms is cached per bundle under its term tag.
func (c *Content) Terms(ctx context.Context, bundle string) ([]portal.Term, error) {
	return Fetch(ctx, c.store, "term", bundle, func(ctx context.Context) (Loaded[[]portal.Term], error) {
		ts, err := c.next.Terms(ctx, bundle)
		return Loaded[[]portal.Term]{Value: ts, Tags: []string{portal.TermTag(bundle)}}, err
	})
}

// Menus is cached under the menu tag.
func (c *Content) Menus(ctx context.Context) ([]portal.MenuLink, error) {
	return Fetch(ctx, c.store, "menu", "all", func(ctx context.Context) (Loaded[[]portal.MenuLink], error) {
		ms, err := c.next.Menus(ctx)
		return Loaded[[]portal.MenuLink]{Value: ms, Tags: []string{portal.MenuTag}}, err
	})
}

// Variable is cached per name under its variable tag.
func (c *Content) Variable(ctx context.Context, name string) (*portal.Variable, error) {
	return Fetch(ctx, c.store, "variable", name, func(ctx context.Context) (Loaded[*portal.Variable], error) {
		v, err := c.next.Variable(ctx, name)
		return Loaded[*portal.Variable]{Value: v, Tags: []string{portal.VariableTag(name)}}, err
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
	return Fetch(ctx, c.store, "eligibility", "all", func(ctx context.Context) (Loaded[[]portal.EligibilityRecord], error) {
		rs, err := c.next.Eligibility(ctx)
		return Loaded[[]portal.EligibilityRecord]{Value: rs, Tags: []string{portal.EligibilityTag}}, err
	})
}

// CarMakes is cached under the car makes' tag.
func (c *Content) CarMakes(ctx context.Context) ([]portal.CarMake, error) {
	return Fetch(ctx, c.store, "car-makes", "all", func(ctx context.Context) (Loaded[[]portal.CarMake], error) {
		ms, err := c.next.CarMakes(ctx)
		return Loaded[[]portal.CarMake]{Value: ms, Tags: []string{portal.CarMakesTag}}, err
	})
}
