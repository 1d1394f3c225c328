package cms

import (
	"context"
	"sort"
	"strings"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// rawCarMake is a truecar-make resource. The CMS names its flags in snake_case like every field;
// the spec's camelCase names are read too, so a make entered either way is offered.
type rawCarMake struct {
	Name               jsonapi.Text    `json:"name"`
	AvailableNew       jsonapi.Boolean `json:"available_new"`
	AvailableUsed      jsonapi.Boolean `json:"available_used"`
	AvailableNewCamel  jsonapi.Boolean `json:"availableNew"`
	AvailableUsedCamel jsonapi.Boolean `json:"availableUsed"`
}

// CarMakes lists the car search's makes (GET api/v0/truecar-make), ordered by name. A make
// without a name can be neither shown nor searched, so it is left out; both flags default to
// false, as the spec says.
func (c *Client) CarMakes(ctx context.Context) ([]portal.CarMake, error) {
	out, _, err := collection(ctx, c, "car makes", "truecar-make", nil,
		func(_ *jsonapi.Document, r *jsonapi.Resource) (portal.CarMake, error) {
			var raw rawCarMake
			if err := r.Attrs(&raw); err != nil {
				return portal.CarMake{}, err
			}
			name := strings.TrimSpace(string(raw.Name))
			return portal.CarMake{
				ID: r.ID, Name: name, Slug: portal.CarMakeSlug(name),
				AvailableNew:  bool(raw.AvailableNew || raw.AvailableNewCamel),
				AvailableUsed: bool(raw.AvailableUsed || raw.AvailableUsedCamel),
			}, nil
		})
	if err != nil {
		return nil, err
	}
	named := out[:0]
	for _, m := range out {
		if m.Slug != "" {
			named = append(named, m)
		}
	}
	sort.SliceStable(named, func(i, j int) bool { return strings.ToLower(named[i].Name) < strings.ToLower(named[j].Name) })
	return named, nil
}
