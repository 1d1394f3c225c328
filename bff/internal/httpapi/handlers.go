package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

type handlers struct{ Deps }

// maxPathLen bounds the path parameter: longer ones are no page of ours.
const maxPathLen = 512

// page answers GET /api/v1/page?path=/...&union=...: the page document for the reader, or a
// redirect document when the path lives elsewhere for them.
func (h handlers) page(c fiber.Ctx) error {
	raw := c.Query("path")
	if err := validPath(raw); err != nil {
		return err
	}
	reader, err := h.reader(c)
	if err != nil {
		return err
	}
	benefit := c.Query("redirect_benefit")
	if benefit != "" && !slugPattern.MatchString(benefit) {
		return apperr.Fields("The redirect_benefit parameter is not a benefit.",
			apperr.FieldError{Field: "redirect_benefit", Message: "The redirect_benefit parameter is not a benefit."})
	}
	res, err := h.Pages.Page(c.Context(), portal.PageRequest{
		Path: portal.CleanPath(raw), Reader: reader, RedirectBenefit: strings.Clone(benefit),
	})
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-cache")
	if r := res.Redirect; r != nil {
		return c.JSON(redirectDocument{Kind: "redirect", Location: r.Location, Permanent: r.Permanent})
	}
	return c.JSON(res.Document)
}

// redirectDocument is the page endpoint's answer for a path that lives elsewhere.
type redirectDocument struct {
	Kind      string `json:"kind"`
	Location  string `json:"location"`
	Permanent bool   `json:"permanent"`
}

// slugPattern is what a benefit's path segment looks like.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,127}$`)

// maxUnionLen bounds the union parameter: term ids and short names are short.
const maxUnionLen = 64

// reader is who the request is for: a signed-in member reads as a member of their profile's
// union; a visitor (or a member without one) in the union the frontend passes (from ?union= or
// its cookie). A dead session reads as a visitor: the page still renders.
func (h handlers) reader(c fiber.Ctx) (portal.Reader, error) {
	union := c.Query("union")
	if len(union) > maxUnionLen || strings.ContainsFunc(union, unicode.IsControl) {
		return portal.Reader{}, apperr.Fields("The union parameter is not a union.",
			apperr.FieldError{Field: "union", Message: "The union parameter is not a union."})
	}
	audience := portal.Anonymous
	if h.Accounts != nil {
		if own, ok := h.Accounts.ReaderUnion(c.Context(), c.Cookies(SessionCookie)); ok {
			audience = portal.Member
			if own != "" {
				union = own
			}
		}
	}
	return h.Pages.Reader(c.Context(), audience, union)
}

func validPath(p string) error {
	switch {
	case p == "":
		return apperr.Fields("The path parameter is required.", apperr.FieldError{Field: "path", Message: "The path parameter is required."})
	case len(p) > maxPathLen:
		return apperr.Fields("The path is too long.", apperr.FieldError{Field: "path", Message: "The path is too long."})
	case !strings.HasPrefix(p, "/"):
		return apperr.Fields("The path must start with /.", apperr.FieldError{Field: "path", Message: "The path must start with /."})
	case strings.ContainsFunc(p, unicode.IsControl):
		return apperr.Fields("The path contains control characters.", apperr.FieldError{Field: "path", Message: "The path contains control characters."})
	}
	return nil
}

// site answers GET /api/v1/site?union=...: the chrome for the reader.
func (h handlers) site(c fiber.Ctx) error {
	reader, err := h.reader(c)
	if err != nil {
		return err
	}
	s, err := h.Pages.Site(c.Context(), reader)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-cache")
	return c.JSON(s)
}

// sitemap answers GET /api/v1/sitemap: the pages any visitor may see.
func (h handlers) sitemap(c fiber.Ctx) error {
	entries, err := h.Pages.Sitemap(c.Context())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-cache")
	return c.JSON(fiber.Map{"entries": entries})
}

// maxWebhookBody bounds the webhook body: a list of tags is small.
const maxWebhookBody = 64 << 10

// maxWebhookTags bounds how many tags one webhook may purge.
const maxWebhookTags = 200

var tagPattern = regexp.MustCompile(`^[a-z_]+(:[A-Za-z0-9_./-]{1,200})?$`)

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
func (h handlers) cmsWebhook(c fiber.Ctx) error {
	body := c.Body()
	if !validSignature(h.WebhookSecret, body, c.Get("X-CMS-Signature")) {
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
		return apperr.Fields("Name between 1 and 200 tags.", apperr.FieldError{Field: "tags", Message: "Name between 1 and 200 tags."})
	}
	for _, t := range req.Tags {
		if !tagPattern.MatchString(t) {
			return apperr.Fields("Unknown tag "+t, apperr.FieldError{Field: "tags", Message: "Unknown tag " + t})
		}
	}
	purged := h.Purger.Purge(req.Tags...)

	next := frontendTags(req.Tags)
	res := purgeResult{Tags: req.Tags, Purged: purged, Revalidated: []string{}}
	if h.Revalidator != nil {
		if err := h.Revalidator.Revalidate(c.Context(), next); err != nil {
			// The BFF's own cache is purged; Next.js's copy of the chrome expires on its own.
			h.Logger.Warn("frontend revalidation failed", slog.Any("tags", next), slog.String("err", err.Error()))
		} else {
			res.Revalidated = next
		}
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

// validSignature checks "sha256=<hex HMAC-SHA256 of body>" in constant time. An empty secret
// refuses everything.
func validSignature(secret string, body []byte, header string) bool {
	if secret == "" {
		return false
	}
	hexSig, ok := strings.CutPrefix(header, "sha256=")
	if !ok {
		return false
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal(got, mac.Sum(nil))
}

// Sign returns the X-CMS-Signature header value for a webhook body: for the CMS side, tests and
// the make target that replays a publish.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}
