package hotels

import (
	"context"
	"log/slog"
	"net/url"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// Service answers the hotel search box: suggestions for a location, the results link of a
// search and partner redirects.
type Service struct {
	locations HotelLocations
	links     Links
	log       *slog.Logger
	now       func() time.Time
}

// Options are a Service's logger and clock (tests set the clock).
type Options struct {
	Logger *slog.Logger
	Now    func() time.Time
}

// New returns the hotel search over the partner's autocomplete (cached by the caller) and its
// listings page's links.
func New(locations HotelLocations, links Links, o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{locations: locations, links: links, log: o.Logger, now: o.Now}
}

// Locations is the suggestions for what a reader typed (spec 3 §7 'Hotel autocomplete'). A
// location that breaks Location's rules is refused (400); the partner failing is logged and
// answered with no suggestions, which is all a reader sees of it (the box stays usable). A
// reader over their address's budget of uncached lookups is refused (429) like any other.
func (s *Service) Locations(ctx context.Context, raw string) ([]HotelLocation, error) {
	q, err := Location(raw)
	if err != nil {
		return nil, err
	}
	items, err := s.locations.Locations(ctx, q)
	if err != nil {
		if apperr.Is(err, apperr.RateLimited) || ctx.Err() != nil {
			return nil, err
		}
		s.log.WarnContext(ctx, "hotel autocomplete failed", "err", err)
		return []HotelLocation{}, nil
	}
	if items == nil {
		items = []HotelLocation{}
	}
	return items, nil
}

// Results is the partner's listings link for a results request's query, or a 400 with the
// field at fault.
func (s *Service) Results(q url.Values) (string, error) {
	search, err := ParseSearch(q, s.now())
	if err != nil {
		return "", err
	}
	return s.links.Results(search), nil
}

// Redirect is where a redirect_url sends the reader: a store path, anyone; the rebuilt partner
// link, a signed-in member only, and a visitor to sign in first (SignInFirst); home for
// anything else (Links.Redirect).
func (s *Service) Redirect(raw string, signedIn bool) string {
	target, ok := s.links.Redirect(raw)
	switch {
	case !ok:
		return "/"
	case target.ForMembers && !signedIn:
		return SignInFirst(raw)
	default:
		return target.URL
	}
}
