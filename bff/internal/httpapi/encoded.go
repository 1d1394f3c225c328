package httpapi

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// SendEncoded answers with a document already encoded (portal.Encoded): 304 with no body when
// the request's If-None-Match names it, else its gzip form to a client that accepts gzip, else
// its JSON. The gzip bytes are shared with the cache and written without a copy. The caller's
// Cache-Control stands (PublicDocument: no-cache, so every use revalidates, which the ETag
// makes cheap).
func SendEncoded(c fiber.Ctx, e *portal.Encoded) error {
	// The answer's bytes depend on Accept-Encoding even when this document has no gzip form: a
	// cache must not hand one client's answer to another that asked otherwise.
	varyEncoding.set(c)
	gz := e.Gzip != nil && acceptsGzip(c.Get(fiber.HeaderAcceptEncoding))
	tag := e.ETag
	if gz {
		tag = e.GzipETag
	}
	c.Set(fiber.HeaderETag, tag)
	if noneMatch := c.Get(fiber.HeaderIfNoneMatch); noneMatch != "" && etagListed(noneMatch, e) {
		c.Status(fiber.StatusNotModified)
		return nil
	}
	jsonType.set(c)
	if gz {
		gzipEncoding.set(c)
		c.Response().SetBodyRaw(e.Gzip)
		return nil
	}
	body, err := e.Identity() // inflated for this client alone: the cache keeps the gzip form
	if err != nil {
		return apperr.InternalError(err)
	}
	c.Response().SetBodyRaw(body)
	return nil
}

// The headers SendEncoded sets whatever the document. No route sets a Vary of its own before it.
var (
	varyEncoding = fixed(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	jsonType     = fixed(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	gzipEncoding = fixed(fiber.HeaderContentEncoding, "gzip")
)

// etagListed reports whether an If-None-Match value names the document: "*", or either of its
// validators (a client holding the gzip form may revalidate without gzip, or the other way
// round: both are this version of the document). The comparison is weak, as RFC 9110 13.1.2
// asks: a W/ prefix a proxy added does not matter.
func etagListed(header string, e *portal.Encoded) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == e.ETag || (e.GzipETag != "" && tag == e.GzipETag) {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding value accepts gzip: named (or "*") without
// q=0. x-gzip is gzip's old name (RFC 9110 8.4.1.3).
func acceptsGzip(header string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		ok := true
		for p := range strings.SplitSeq(params, ";") {
			if k, v, found := strings.Cut(strings.TrimSpace(p), "="); found && strings.EqualFold(strings.TrimSpace(k), "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
					ok = false
				}
			}
		}
		if coding == "*" {
			star = ok
			continue
		}
		return ok // gzip named: its own q decides, whatever "*" says
	}
	return star
}
