package vitals

import (
	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// bodyLimit is the largest report: four metrics and a route kind are about 250 bytes.
const bodyLimit = 2 << 10

// MountDeps are the Web Vitals endpoint's dependencies.
type MountDeps struct {
	Histograms *Histograms
	// Reports counts the reports each client address sends (nil: no limit): one page view sends
	// one, so a client far above that is a script filling the histograms.
	Reports httpapi.Limiter
}

// Mount mounts POST /api/v1/vitals: a browser's report of the Web Vitals of one page view, sent
// with navigator.sendBeacon as the page is hidden (a text/plain body holding JSON: a beacon's
// type must be one a form could send). 204 when observed; 400 for anything outside the fixed
// sets; 429 past the limit. No cookie is read and nothing is stored.
func Mount(d MountDeps) httpapi.Mount {
	return func(api fiber.Router) {
		api.Post("/vitals", httpapi.Private, httpapi.SmallBody(bodyLimit), func(c fiber.Ctx) error {
			// Every report counts, a refused one too: junk costs its sender the limit as well.
			if d.Reports != nil {
				if err := d.Reports.Allow("vitals|" + httpapi.ClientAddr(c)); err != nil {
					return err
				}
			}
			var r Report
			if err := httpapi.Decode(c, &r); err != nil {
				return err
			}
			if err := Check(r); err != nil {
				return err
			}
			d.Histograms.Observe(r)
			return c.SendStatus(fiber.StatusNoContent)
		})
	}
}
