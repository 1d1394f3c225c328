package hotels

import (
	"context"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// SearchBox is the hotel search box and the partner redirect (Service).
type SearchBox interface {
	Locations(ctx context.Context, q string) ([]HotelLocation, error)
	Results(q url.Values) (string, error)
	Redirect(raw string, signedIn bool) string
}

// MountDeps are the hotel search box's HTTP dependencies.
type MountDeps struct {
	Search SearchBox
	// Members tells the partner redirect whether a session cookie is a live member's.
	Members       httpapi.Members
	SecureCookies bool
}

// Mount mounts the hotel search box (spec 3 §7): the location autocomplete, public and the same
// for everyone; the results link, which sends the browser on to the partner's listings page
// built from checked values; and the partner redirect of spec 1 §7, which sends a redirect_url
// to a store page or the partner's listings page and anything else home. Both send the browser
// on with 302 so the link is ours and every target is decided here. The partner's listing link
// carries the member key, so the redirect sends there only a request whose session cookie is a
// live member's; anyone else is sent to sign in first, and on from there (spec 1 §4).
func Mount(d MountDeps) httpapi.Mount {
	h := hotelHandlers{search: d.Search, members: d.Members, cookies: httpapi.SessionCookies{Secure: d.SecureCookies}}
	return func(api fiber.Router) {
		api.Get("/hotels/locations", httpapi.PublicDocument, h.locations)
		api.Get("/hotels/results", httpapi.Private, h.results)
		api.Get("/hotels/redirect", httpapi.Private, h.redirect)
	}
}

type hotelHandlers struct {
	search  SearchBox
	members httpapi.Members
	cookies httpapi.SessionCookies
}

// locations answers GET /api/v1/hotels/locations?q=.
func (h hotelHandlers) locations(c fiber.Ctx) error {
	items, err := h.search.Locations(c.Context(), c.Query("q"))
	if err != nil {
		return err
	}
	return c.JSON(HotelLocationList{Items: items})
}

// results answers GET /api/v1/hotels/results?destinationId=&destinationType=&checkIn=&... with
// a 302 to the partner's listings page.
func (h hotelHandlers) results(c fiber.Ctx) error {
	q, err := url.ParseQuery(string(c.Request().URI().QueryString()))
	if err != nil {
		return apperr.Field("destinationId", "Choose a destination from the list.")
	}
	target, err := h.search.Results(q)
	if err != nil {
		return err
	}
	return found(c, target)
}

// redirect answers GET /api/v1/hotels/redirect?redirect_url= with a 302 to where it may go. Who
// asks comes from the session cookie alone (a dead one is cleared and reads as a visitor). A
// visitor asking for the partner is answered with a 302 to sign in too, not a 401: the route is
// only ever a page load (the proxy hands it a page address's redirect_url, or a partner links
// here), whose only other answer is a 302, and a problem document would leave a person on raw
// JSON instead of the login modal.
func (h hotelHandlers) redirect(c fiber.Ctx) error {
	who, err := httpapi.OptionalMember(c, h.members, h.cookies)
	if err != nil {
		return err
	}
	return found(c, h.search.Redirect(c.Query("redirect_url"), who != nil))
}

func found(c fiber.Ctx, location string) error {
	c.Set(fiber.HeaderLocation, location)
	return c.SendStatus(fiber.StatusFound)
}
