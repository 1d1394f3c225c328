// Package hotels is the hotel search box (spec 3 §2 'Hotel search box', §3 'Hotel search item',
// §4-5 and §9 'Hotel search', §7 'Hotel autocomplete' and 'Hotel results link') and the hotel
// partner redirect (spec 1 §7 'External partner redirect'): the location autocomplete through
// the partner's API, the results link to the partner's listings page, and which redirect_url
// may be followed where. Every limit is contracts/hotels.json's, which the frontend mirrors.
package hotels

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/contracts"
)

// bounds is one inclusive range of contracts/hotels.json.
type bounds struct {
	Min     int `json:"min"`
	Max     int `json:"max"`
	Default int `json:"default"`
}

func (b bounds) holds(n int) bool { return n >= b.Min && n <= b.Max }

// contract is hotels.json's limits.
type contract struct {
	Rooms    bounds `json:"rooms"`
	Adults   bounds `json:"adults"`
	Children bounds `json:"children"`
	ChildAge bounds `json:"childAge"`
	Location struct {
		MinChars int `json:"minChars"`
		MaxChars int `json:"maxChars"`
	} `json:"location"`
	// MaxDaysAhead bounds a check-in date: a search years ahead is a typing slip or a probe.
	MaxDaysAhead int `json:"maxDaysAhead"`
}

// limits is hotels.json's limits, loaded once: the file is compiled in, so a bad one fails every
// test.
var limits = func() contract {
	l := contracts.Load[struct {
		Limits contract `json:"limits"`
	}]("hotels.json").Limits
	if l.Rooms.Max < 1 || l.Adults.Max < 1 || l.Children.Max < 1 || l.ChildAge.Max < 1 ||
		l.Location.MinChars < 1 || l.Location.MaxChars < l.Location.MinChars || l.MaxDaysAhead < 1 {
		panic("contracts/hotels.json: want limits rooms, adults, children, childAge, location and maxDaysAhead")
	}
	return l
}()

// locationPunctuation is what a place name holds besides letters, digits and spaces
// ("St. John's", "Wilkes-Barre", "Rock & Roll Hall of Fame (Cleveland)").
const locationPunctuation = ".,'-&()"

// Location checks what a reader typed into the location box and returns it as the partner is
// asked for it: whitespace trimmed and collapsed to single spaces, lower case (so one cache
// entry serves every spelling). It becomes a path segment of the partner's URL and a cache key, so only place-name
// characters pass: letters of any script, digits, spaces and .,'-&(); never a slash, '?', '#',
// '%' or a control character. The frontend asks only from 2 characters (spec 3 §5).
func Location(raw string) (string, error) {
	q := strings.ToLower(strings.Join(strings.Fields(raw), " "))
	n := utf8.RuneCountInString(q)
	if !utf8.ValidString(raw) || n < limits.Location.MinChars {
		return "", apperr.Field("q", fmt.Sprintf("Type at least %d characters of a place.", limits.Location.MinChars))
	}
	if n > limits.Location.MaxChars {
		return "", apperr.Field("q", fmt.Sprintf("A place is at most %d characters.", limits.Location.MaxChars))
	}
	for _, r := range q {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && r != ' ' &&
			!strings.ContainsRune(locationPunctuation, r) {
			return "", apperr.Field("q", "A place holds only letters, digits, spaces and .,'-&().")
		}
	}
	return q, nil
}
