// Package hooks is the CMS publish webhook: a publish purges the BFF's cached documents built
// from what it names (cache), then asks the Next.js frontend to drop its own (revalidate).
package hooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Purger drops cached entries by tag (cache.Store).
type Purger interface {
	// Purge is given the webhook's request context: the purge's calls and log lines are part
	// of the webhook's trace.
	Purge(ctx context.Context, tags ...string) int
}

// Revalidator asks the frontend to drop its cached fetches for some tags (revalidate.Client).
type Revalidator interface {
	Revalidate(ctx context.Context, tags []string) error
}

// MountDeps are the CMS publish webhook's dependencies.
type MountDeps struct {
	Purger      Purger
	Revalidator Revalidator
	Secret      string // HMAC-SHA256 key of X-CMS-Signature
	Logger      *slog.Logger
	// Now is the wall clock the signature's time is held to; nil means time.Now. (Not a test's
	// moved clock: replay is about real time.)
	Now func() time.Time
}

// Mount mounts the CMS publish webhook. Its route is the one the edge check lets through
// unsigned (httpapi's webhookPath): the CMS signs it with an HMAC of its own instead.
func Mount(d MountDeps) httpapi.Mount {
	if d.Now == nil {
		d.Now = time.Now
	}
	h := hookHandlers{d}
	return func(api fiber.Router) {
		api.Post("/hooks/cms", h.cmsWebhook)
	}
}

type hookHandlers struct{ MountDeps }

// maxWebhookBody bounds the webhook body: a list of tags is small.
const maxWebhookBody = 64 << 10

// maxWebhookTags bounds how many tags one webhook may purge.
const maxWebhookTags = 200

var tagPattern = regexp.MustCompile(`^[a-z_][a-z_-]*(:[A-Za-z0-9_./-]{1,200})?$`)

type purgeRequest struct {
	Tags []string `json:"tags"`
}

type purgeResult struct {
	Tags        []string `json:"tags"`
	Purged      int      `json:"purged"`
	Revalidated []string `json:"revalidated"`
}

// cmsWebhook answers POST /api/v1/hooks/cms: a publish in the CMS purges the tags it names, then
// asks Next.js to revalidate what it caches of them. The signature is checked before anything
// else is read, so an unsigned request can neither purge nor probe.
func (h hookHandlers) cmsWebhook(c fiber.Ctx) error {
	body := c.Body()
	if !validSignature(h.Secret, body, c.Get("X-CMS-Signature"), h.Now()) {
		return apperr.New(apperr.Unauthenticated, "The webhook signature is missing or wrong.")
	}
	if len(body) > maxWebhookBody {
		return apperr.New(apperr.Invalid, "The webhook body is too large.")
	}
	var req purgeRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return apperr.Fields("The webhook body must be JSON: {\"tags\": [...]}.", apperr.FieldError{Field: "tags", Message: "Must be a JSON list of tags."})
	}
	if len(req.Tags) == 0 || len(req.Tags) > maxWebhookTags {
		return apperr.Field("tags", "Name between 1 and 200 tags.")
	}
	for _, t := range req.Tags {
		if !tagPattern.MatchString(t) {
			return apperr.Field("tags", "Unknown tag "+t)
		}
	}
	purged := h.Purger.Purge(c.Context(), req.Tags...)

	next := frontendTags(req.Tags)
	res := purgeResult{Tags: req.Tags, Purged: purged, Revalidated: []string{}}
	if err := h.Revalidator.Revalidate(c.Context(), next); err != nil {
		// The BFF's own cache is purged; Next.js's copy of the chrome expires on its own.
		h.Logger.WarnContext(c.Context(), "frontend revalidation failed", slog.Any("tags", next), slog.String("err", err.Error()))
	} else {
		res.Revalidated = next
	}
	return c.Status(fiber.StatusAccepted).JSON(res)
}

// frontendTags are the tags Next.js caches under: its fetches of the site chrome carry "site",
// and any fetch may carry a CMS tag itself.
func frontendTags(tags []string) []string {
	out := append([]string(nil), tags...)
	for _, t := range tags {
		if portal.IsSiteWide(t) {
			return append(out, "site")
		}
	}
	return out
}

// maxWebhookSkew is how far a webhook's signed time may be from ours: a captured request cannot
// be replayed after it (spec of the header below), and clocks a few minutes apart still agree.
const maxWebhookSkew = 5 * time.Minute

// validSignature checks "t=<unix seconds>,sha256=<hex HMAC-SHA256 of "<t>.<body>">" in constant
// time, and that t is within maxWebhookSkew of now. Signing the time with the body is what makes
// a replay detectable. An empty secret refuses everything.
func validSignature(secret string, body []byte, header string, now time.Time) bool {
	if secret == "" {
		return false
	}
	ts, rest, ok := strings.Cut(header, ",")
	if !ok {
		return false
	}
	tsText, ok1 := strings.CutPrefix(ts, "t=")
	hexSig, ok2 := strings.CutPrefix(rest, "sha256=")
	if !ok1 || !ok2 {
		return false
	}
	seconds, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil || now.Sub(time.Unix(seconds, 0)).Abs() > maxWebhookSkew {
		return false
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil {
		return false
	}
	return hmac.Equal(got, WebhookMAC(secret, tsText, body))
}

// WebhookMAC is the HMAC-SHA256 of "<t>.<body>" with secret: what the CMS signs (and the tools
// and tests that play the CMS).
func WebhookMAC(secret, t string, body []byte) []byte {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(t))
	mac.Write([]byte("."))
	mac.Write(body)
	return mac.Sum(nil)
}
