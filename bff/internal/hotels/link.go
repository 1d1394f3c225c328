package hotels

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// Search is a reader's hotel search as the results link carries it (spec 3 §7 'Hotel results
// link'). DestinationID and DestinationType are a suggestion's id and type; the rest is optional:
// empty dates and zero counts are left out of the link.
type Search struct {
	DestinationID   string
	DestinationType string
	CheckIn         string // yyyymmdd
	CheckOut        string // yyyymmdd
	NumRooms        int
	NumAdults       int
	ChildrenAges    []int
}

var (
	// destinationID is the partner's id of a place: its ids are digits, and letters, '_' and '-'
	// leave room for other kinds of id without letting anything URL-shaped through.
	destinationID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)
	// destinationType is the partner's kind of place (CITY, HOTEL, AIRPORT, POI, ...).
	destinationType = regexp.MustCompile(`^[A-Z_]{1,20}$`)
	ymd             = regexp.MustCompile(`^\d{8}$`)
	// mdy is the date box's format, m/d/Y (spec 3 §5, §9), which a partner URL may also carry.
	mdy = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})/(\d{4})$`)
	iso = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)
)

// ParseSearch reads a results request's query (the names of the results link itself) and checks
// every value: the destination is required, dates come both or neither, from today (a day's
// leeway for readers west of the server's clock) to limits.MaxDaysAhead, check-out after
// check-in; rooms, adults, children and their ages within hotels.json's limits. Every broken
// rule is a field error; nothing is corrected.
func ParseSearch(q url.Values, now time.Time) (Search, error) {
	s := Search{
		DestinationID:   q.Get("destinationId"),
		DestinationType: q.Get("destinationType"),
		CheckIn:         q.Get("checkIn"),
		CheckOut:        q.Get("checkOut"),
	}
	var fields []apperr.FieldError
	bad := func(field, message string) {
		fields = append(fields, apperr.FieldError{Field: field, Message: message})
	}
	if !destinationID.MatchString(s.DestinationID) {
		bad("destinationId", "Choose a destination from the list.")
	}
	if !destinationType.MatchString(s.DestinationType) {
		bad("destinationType", "Choose a destination from the list.")
	}
	switch {
	case s.CheckIn == "" && s.CheckOut == "":
	case s.CheckIn == "" || s.CheckOut == "":
		bad("checkOut", "Choose both a check-in and a check-out date.")
	default:
		in, okIn := parseYMD(s.CheckIn)
		out, okOut := parseYMD(s.CheckOut)
		today := day(now.UTC()).AddDate(0, 0, -1)
		switch {
		case !okIn || in.Before(today) || in.After(today.AddDate(0, 0, limits.MaxDaysAhead+1)):
			bad("checkIn", "Choose a check-in date from today on.")
		case !okOut || !out.After(in) || out.After(in.AddDate(0, 0, limits.MaxDaysAhead)):
			bad("checkOut", "Choose a check-out date after the check-in date.")
		}
	}
	var ok bool
	if s.NumRooms, ok = count(q, "numRooms", limits.Rooms); !ok {
		bad("numRooms", fmt.Sprintf("Choose %d to %d rooms.", limits.Rooms.Min, limits.Rooms.Max))
	}
	if s.NumAdults, ok = count(q, "numAdults", limits.Adults); !ok {
		bad("numAdults", fmt.Sprintf("Choose %d to %d adults.", limits.Adults.Min, limits.Adults.Max))
	}
	if ages := q.Get("childrenAges"); ages != "" {
		parts := strings.Split(ages, ",")
		if len(parts) > limits.Children.Max {
			bad("childrenAges", fmt.Sprintf("At most %d children.", limits.Children.Max))
		} else {
			for _, p := range parts {
				age, err := strconv.Atoi(p)
				if err != nil || p != strconv.Itoa(age) || !limits.ChildAge.holds(age) {
					bad("childrenAges", fmt.Sprintf("A child's age is %d to %d.", limits.ChildAge.Min, limits.ChildAge.Max))
					break
				}
				s.ChildrenAges = append(s.ChildrenAges, age)
			}
		}
	}
	if len(fields) > 0 {
		return Search{}, apperr.Fields("Please check the hotel search.", fields...)
	}
	return s, nil
}

// count reads an optional whole number within b, written plainly (no sign, no leading zero);
// absent is 0.
func count(q url.Values, name string, b bounds) (int, bool) {
	v := q.Get(name)
	if v == "" {
		return 0, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || v != strconv.Itoa(n) || !b.holds(n) {
		return 0, false
	}
	return n, true
}

// parseYMD reads a yyyymmdd date that exists in the calendar.
func parseYMD(s string) (time.Time, bool) {
	if !ymd.MatchString(s) {
		return time.Time{}, false
	}
	t, err := time.Parse("20060102", s)
	return t, err == nil
}

// toYMD reads a date as a partner URL may write it (yyyymmdd, m/d/yyyy or yyyy-mm-dd) and writes
// it as the listings page reads it, yyyymmdd; "" when it is no date.
func toYMD(s string) string {
	if t, ok := parseYMD(s); ok {
		return t.Format("20060102")
	}
	var y, m, d string
	if p := mdy.FindStringSubmatch(s); p != nil {
		m, d, y = p[1], p[2], p[3]
	} else if p := iso.FindStringSubmatch(s); p != nil {
		y, m, d = p[1], p[2], p[3]
	} else {
		return ""
	}
	t, err := time.Parse("2006-1-2", y+"-"+strings.TrimLeft(m, "0")+"-"+strings.TrimLeft(d, "0"))
	if err != nil {
		return ""
	}
	return t.Format("20060102")
}

func day(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }

// Links builds the links to the hotel partner's listings page and decides partner redirects.
type Links struct {
	listings  *url.URL
	memberKey string
}

// NewLinks returns the links of the listings page at listingsURL (an absolute http(s) URL,
// checked by config) for the member key the partner gave the site.
func NewLinks(listingsURL, memberKey string) (Links, error) {
	u, err := url.Parse(listingsURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return Links{}, fmt.Errorf("hotels: %q is not an http(s) URL", listingsURL)
	}
	return Links{listings: u, memberKey: memberKey}, nil
}

// link is the listings page with params after any query it already has. The address is always
// the configured one: readers only ever choose values.
func (l Links) link(params [][2]string) string {
	u := *l.listings
	q := u.RawQuery
	for _, p := range params {
		if q != "" {
			q += "&"
		}
		q += url.QueryEscape(p[0]) + "=" + url.QueryEscape(p[1])
	}
	u.RawQuery = q
	u.Fragment = ""
	return u.String()
}

// Results is the results link of a search (spec 3 §7): wl_source=searchbox, the member key, the
// destination, and the dates, rooms, adults and children's ages when there are any.
func (l Links) Results(s Search) string {
	p := [][2]string{
		{"wl_source", "searchbox"},
		{"mk", l.memberKey},
		{"destinationType", s.DestinationType},
		{"destinationId", s.DestinationID},
	}
	if s.CheckIn != "" && s.CheckOut != "" {
		p = append(p, [2]string{"checkIn", s.CheckIn}, [2]string{"checkOut", s.CheckOut})
	}
	if s.NumRooms > 0 {
		p = append(p, [2]string{"numRooms", strconv.Itoa(s.NumRooms)})
	}
	if s.NumAdults > 0 {
		p = append(p, [2]string{"numAdults", strconv.Itoa(s.NumAdults)})
	}
	if len(s.ChildrenAges) > 0 {
		ages := make([]string, len(s.ChildrenAges))
		for i, a := range s.ChildrenAges {
			ages[i] = strconv.Itoa(a)
		}
		p = append(p, [2]string{"childrenAges", strings.Join(ages, ",")})
	}
	return l.link(p)
}
