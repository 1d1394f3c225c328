package hotels

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

func TestLocationNormalisesWhatPasses(t *testing.T) {
	for raw, want := range map[string]string{
		"ne":                           "ne",
		"  New   York ":                "new york",
		"St. John's":                   "st. john's",
		"Wilkes-Barre":                 "wilkes-barre",
		"Montréal":                     "montréal",
		"São Paulo":                    "são paulo",
		"Rock & Roll (Cleveland)":      "rock & roll (cleveland)",
		"10001":                        "10001",
		"a\tb\nc":                      "a b c",      // pasted whitespace is a space
		"Cafe\u0301":                   "cafe\u0301", // a combining accent
		strings.Repeat("a", 64):        strings.Repeat("a", 64),
		"  " + strings.Repeat("b", 64): strings.Repeat("b", 64),
	} {
		got, err := Location(raw)
		if err != nil || got != want {
			t.Errorf("Location(%q) = %q, %v; want %q", raw, got, err, want)
		}
	}
}

func TestLocationRefuses(t *testing.T) {
	for _, raw := range []string{
		"", "n", "  n  ", strings.Repeat("a", 65),
		"a/b", "../etc", "a?b", "a#b", "a%2fb", `a\b`, "a\tb\x00", "a\x1bb", "<script>", "a;b", "a\"b",
		"\xff\xfe", "ab\u202e", // invalid UTF-8, a right-to-left override
	} {
		if got, err := Location(raw); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("Location(%q) = %q, %v; want invalid", raw, got, err)
		}
	}
}

type fakeLocations struct {
	items []HotelLocation
	err   error
	asked []string
}

func (f *fakeLocations) Locations(_ context.Context, q string) ([]HotelLocation, error) {
	f.asked = append(f.asked, q)
	return f.items, f.err
}

func newService(t *testing.T, f *fakeLocations, log *bytes.Buffer) *Service {
	t.Helper()
	links, err := NewLinks("https://hotels.example.com/hotels/listings", "MK1")
	if err != nil {
		t.Fatal(err)
	}
	return New(f, links, Options{
		Logger: slog.New(slog.NewJSONHandler(log, nil)),
		Now:    func() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) },
	})
}

func TestLocationsAsksTheNormalisedQuery(t *testing.T) {
	f := &fakeLocations{items: []HotelLocation{{ID: "1", Name: "New York", State: "NY", Type: "CITY"}}}
	var log bytes.Buffer
	got, err := newService(t, f, &log).Locations(context.Background(), " New  York")
	if err != nil || len(got) != 1 || f.asked[0] != "new york" {
		t.Fatalf("got %v, %v, asked %v", got, err, f.asked)
	}
}

func TestLocationsRefusesBeforeAskingThePartner(t *testing.T) {
	f := &fakeLocations{}
	var log bytes.Buffer
	if _, err := newService(t, f, &log).Locations(context.Background(), "x/"); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("err = %v", err)
	}
	if len(f.asked) != 0 {
		t.Errorf("asked the partner %v", f.asked)
	}
}

// The partner failing shows as no suggestions, never an error (spec: failures are logged only).
func TestLocationsFailureIsLoggedAndEmpty(t *testing.T) {
	f := &fakeLocations{err: apperr.Wrap(apperr.Unavailable, "The hotel search is not answering.", errors.New("dial tcp: refused"))}
	var log bytes.Buffer
	got, err := newService(t, f, &log).Locations(context.Background(), "new york")
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("got %#v, %v; want an empty list", got, err)
	}
	if !strings.Contains(log.String(), "hotel autocomplete failed") {
		t.Errorf("not logged: %s", log.String())
	}
}

func TestLocationsRateLimitIsAnswered(t *testing.T) {
	f := &fakeLocations{err: apperr.New(apperr.RateLimited, "Too many requests.")}
	var log bytes.Buffer
	if _, err := newService(t, f, &log).Locations(context.Background(), "new york"); !apperr.Is(err, apperr.RateLimited) {
		t.Fatalf("err = %v", err)
	}
}

func TestResultsBuildsTheLink(t *testing.T) {
	var log bytes.Buffer
	s := newService(t, &fakeLocations{}, &log)
	got, err := s.Results(url.Values{
		"destinationId": {"3000016152"}, "destinationType": {"CITY"},
		"checkIn": {"20261201"}, "checkOut": {"20261204"},
		"numRooms": {"2"}, "numAdults": {"3"}, "childrenAges": {"0,7,17"},
	})
	want := "https://hotels.example.com/hotels/listings?wl_source=searchbox&mk=MK1&destinationType=CITY&destinationId=3000016152" +
		"&checkIn=20261201&checkOut=20261204&numRooms=2&numAdults=3&childrenAges=0%2C7%2C17"
	if err != nil || got != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
}
