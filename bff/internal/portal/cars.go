package portal

import (
	"regexp"
	"strings"
)

// CarMake is a make the car-pricing search offers (spec 3 §3 'Car make', the CMS's truecar-make
// resources): its name, the slug the pricing site's addresses use, and whether it can be searched
// new, used or both.
type CarMake struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Slug          string `json:"slug"`
	AvailableNew  bool   `json:"availableNew"`
	AvailableUsed bool   `json:"availableUsed"`
}

// CarMakesTag tags everything built from the car makes: page documents with a car search block.
const CarMakesTag = "car-makes"

var slugJunk = regexp.MustCompile(`[^a-z0-9]+`)

// CarMakeSlug is how the pricing site names a make in its addresses: lower case, words joined by
// hyphens ("Land Rover" is land-rover, "Mercedes-Benz" mercedes-benz).
func CarMakeSlug(name string) string {
	return strings.Trim(slugJunk.ReplaceAllString(strings.ToLower(name), "-"), "-")
}
