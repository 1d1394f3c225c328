package hotels

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// now is 23 November 2026, noon UTC.
var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func query(pairs ...string) url.Values {
	q := url.Values{"destinationId": {"3000016152"}, "destinationType": {"CITY"}}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			q.Del(pairs[i])
		} else {
			q.Set(pairs[i], pairs[i+1])
		}
	}
	return q
}

func TestParseSearchAccepts(t *testing.T) {
	for name, q := range map[string]url.Values{
		"destination only":        query(),
		"a hotel":                 query("destinationId", "700123", "destinationType", "HOTEL"),
		"today":                   query("checkIn", "20261123", "checkOut", "20261124"),
		"yesterday, for the west": query("checkIn", "20261122", "checkOut", "20261123"),
		"far ahead":               query("checkIn", "20280406", "checkOut", "20280407"),
		"most rooms and adults":   query("numRooms", "9", "numAdults", "28"),
		"fewest":                  query("numRooms", "1", "numAdults", "1"),
		"six children":            query("childrenAges", "0,1,5,9,16,17"),
		"a leap day":              query("checkIn", "20280229", "checkOut", "20280301"),
	} {
		if _, err := ParseSearch(q, now); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseSearchRefuses(t *testing.T) {
	for name, c := range map[string]struct {
		q     url.Values
		field string
	}{
		"no destination":             {query("destinationId", ""), "destinationId"},
		"a destination URL":          {query("destinationId", "https://evil.example"), "destinationId"},
		"a destination with a slash": {query("destinationId", "12/34"), "destinationId"},
		"a long destination":         {query("destinationId", strings.Repeat("1", 41)), "destinationId"},
		"no type":                    {query("destinationType", ""), "destinationType"},
		"a lower-case type":          {query("destinationType", "city&mk=x"), "destinationType"},
		"check-in only":              {query("checkIn", "20261201"), "checkOut"},
		"check-out only":             {query("checkOut", "20261201"), "checkOut"},
		"m/d/Y dates":                {query("checkIn", "12/01/2026", "checkOut", "12/02/2026"), "checkIn"},
		"no such day":                {query("checkIn", "20261131", "checkOut", "20261201"), "checkIn"},
		"two days ago":               {query("checkIn", "20261121", "checkOut", "20261125"), "checkIn"},
		"too far ahead":              {query("checkIn", "20280408", "checkOut", "20280409"), "checkIn"},
		"check-out before check-in":  {query("checkIn", "20261205", "checkOut", "20261204"), "checkOut"},
		"check-out on check-in":      {query("checkIn", "20261205", "checkOut", "20261205"), "checkOut"},
		"no rooms":                   {query("numRooms", "0"), "numRooms"},
		"ten rooms":                  {query("numRooms", "10"), "numRooms"},
		"rooms not a number":         {query("numRooms", "two"), "numRooms"},
		"rooms with a sign":          {query("numRooms", "+2"), "numRooms"},
		"rooms with a zero":          {query("numRooms", "02"), "numRooms"},
		"no adults":                  {query("numAdults", "0"), "numAdults"},
		"29 adults":                  {query("numAdults", "29"), "numAdults"},
		"seven children":             {query("childrenAges", "1,1,1,1,1,1,1"), "childrenAges"},
		"an 18-year-old child":       {query("childrenAges", "4,18"), "childrenAges"},
		"a negative age":             {query("childrenAges", "-1"), "childrenAges"},
		"an empty age":               {query("childrenAges", "4,,5"), "childrenAges"},
		"an age with spaces":         {query("childrenAges", "4, 5"), "childrenAges"},
	} {
		_, err := ParseSearch(c.q, now)
		e := apperr.From(err)
		if err == nil || e.Code != apperr.Invalid {
			t.Errorf("%s: err = %v, want invalid", name, err)
			continue
		}
		found := false
		for _, f := range e.Fields {
			found = found || f.Field == c.field
		}
		if !found {
			t.Errorf("%s: fields %+v, want %s", name, e.Fields, c.field)
		}
	}
}

func links(t *testing.T, listings string) Links {
	t.Helper()
	l, err := NewLinks(listings, "MK 1")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestResultsLink(t *testing.T) {
	l := links(t, "https://hotels.example.com/hotels/listings")
	for name, c := range map[string]struct {
		s    Search
		want string
	}{
		"destination only": {
			Search{DestinationID: "3000016152", DestinationType: "CITY"},
			"https://hotels.example.com/hotels/listings?wl_source=searchbox&mk=MK+1&destinationType=CITY&destinationId=3000016152",
		},
		"everything": {
			Search{DestinationID: "700123", DestinationType: "HOTEL", CheckIn: "20261201", CheckOut: "20261203",
				NumRooms: 1, NumAdults: 2, ChildrenAges: []int{0, 17}},
			"https://hotels.example.com/hotels/listings?wl_source=searchbox&mk=MK+1&destinationType=HOTEL&destinationId=700123" +
				"&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2&childrenAges=0%2C17",
		},
	} {
		if got := l.Results(c.s); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", name, got, c.want)
		}
	}
}

// A listings URL that already has a query (a partner's brand, say) keeps it, and its fragment
// never ends up before the parameters.
func TestResultsLinkKeepsTheListingsQuery(t *testing.T) {
	l := links(t, "https://hotels.example.com/search?brand=union#top")
	got := l.Results(Search{DestinationID: "1", DestinationType: "CITY"})
	want := "https://hotels.example.com/search?brand=union&wl_source=searchbox&mk=MK+1&destinationType=CITY&destinationId=1"
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestNewLinksRefusesNonHTTP(t *testing.T) {
	for _, raw := range []string{"", "hotels.example.com/x", "javascript:alert(1)", "ftp://hotels.example.com/", "https://user@hotels.example.com/"} {
		if _, err := NewLinks(raw, "k"); err == nil {
			t.Errorf("NewLinks(%q) accepted", raw)
		}
	}
}
