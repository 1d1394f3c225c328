package httpapi

import (
	"io"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// uploadRoute is the one route whose body is streamed, a chunk of a resumable upload: the app's
// body limit and request deadline leave it to its handler (uploads.Mount), which applies the
// chunk's own.
var uploadRoute = regexp.MustCompile(`^/api/v1/cases/[^/]+/uploads/[^/]+/?$`)

func isUpload(c fiber.Ctx) bool {
	return c.Method() == fiber.MethodPatch && uploadRoute.MatchString(c.Path())
}

// limitBody refuses a body over limit on every route but the upload, whose bodies stream.
// Fiber reads other bodies whole on first use; with streaming on, a body over the server's
// buffer would be read without a bound, so a declared length over the limit is refused before
// it is read, and a body of unknown length is read only up to it.
func limitBody(limit int) fiber.Handler {
	return func(c fiber.Ctx) error {
		if isUpload(c) {
			return c.Next()
		}
		req := c.Request()
		if req.Header.ContentLength() > limit {
			return apperr.New(apperr.TooLarge, "The request body is too large.")
		}
		if stream := req.BodyStream(); stream != nil && req.Header.ContentLength() < 0 {
			b, err := io.ReadAll(io.LimitReader(stream, int64(limit)+1))
			if err != nil {
				return apperr.New(apperr.Invalid, "The request body could not be read.")
			}
			if len(b) > limit {
				return apperr.New(apperr.TooLarge, "The request body is too large.")
			}
			req.SetBodyRaw(b)
		}
		return c.Next()
	}
}

// closeAfterUnreadBody closes the connection after any request whose body nobody read to its
// end (c.Body() reads it whole and closes the stream). The server would otherwise read the next
// request from wherever the body was left, so the unread rest of a refused or ignored body would
// be taken for requests: whoever wrote the body would be smuggling them in. That is not only a
// body over the limit or a refused upload: even with a known length under the limit, fasthttp
// reads only the first 8 KB ahead of the handler (readBodyWithStreaming), so a 401, a 403 from
// sameOrigin, a 404 or a route that takes no body left the rest in the connection. Bodies read
// whole keep their connection; an upload, read as a stream, closes it.
func closeAfterUnreadBody() fiber.Handler {
	return func(c fiber.Ctx) error {
		err := c.Next()
		if req := c.Request(); req.IsBodyStream() && req.Header.ContentLength() != 0 {
			c.Response().Header.SetConnectionClose()
		}
		return err
	}
}

// routeDeadline is deadline everywhere but on the upload, which sets its own.
func routeDeadline(d time.Duration) fiber.Handler {
	apply := deadline(d)
	return func(c fiber.Ctx) error {
		if isUpload(c) {
			return c.Next()
		}
		return apply(c)
	}
}
