package httpapi

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/uploads"
	"github.com/union-benefits/portal/contracts"
)

// CaseFiles uploads, lists and submits a member's case documents (uploads.Service).
type CaseFiles interface {
	Upload(ctx context.Context, id portal.Identity, u uploads.Upload) (portal.UploadedFile, error)
	Files(ctx context.Context, id portal.Identity, caseID string) (portal.CaseFileList, error)
	Submit(ctx context.Context, id portal.Identity, caseID string, files []portal.FileRef) (portal.CaseFileList, error)
}

// UploadsDeps are the case documents' dependencies.
type UploadsDeps struct {
	Members Members
	Files   CaseFiles
	// Timeout is how long one upload may take (UPLOAD_TIMEOUT); it replaces the API's request
	// deadline, which a 20 MB file from a phone would not meet.
	Timeout       time.Duration
	SecureCookies bool
}

// Uploads mounts a case's documents: the streamed upload, the list and the submission. All of it
// is one member's: never cached, only with a live session, and only for their own cases.
func Uploads(d UploadsDeps) Mount {
	h := uploadHandlers{d}
	member := requireMemberSaying(d.Members, sessionCookies{secure: d.SecureCookies}, contracts.UploadMessage("uidRequired"))
	return func(api fiber.Router) {
		api.Post("/cases/:caseId/uploads", private, member, h.upload)
		api.Get("/cases/:caseId/files", private, member, h.files)
		api.Post("/cases/:caseId/files", private, member, h.submit)
	}
}

// uploadRoute is the one route whose body is streamed: the app's body limit and request
// deadline leave it to the handler, which applies the upload's own.
var uploadRoute = regexp.MustCompile(`^/api/v1/cases/[^/]+/uploads/?$`)

func isUpload(c fiber.Ctx) bool {
	return c.Method() == fiber.MethodPost && uploadRoute.MatchString(c.Path())
}

type uploadHandlers struct{ UploadsDeps }

// casePattern is what a case id looks like (contracts: CaseId).
var casePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// caseID is the path's case id; one that cannot be a case's is not found before any lookup.
func caseID(c fiber.Ctx) (string, error) {
	id := c.Params("caseId")
	if !casePattern.MatchString(id) {
		return "", apperr.New(apperr.NotFound, contracts.UploadMessage("caseNotFound"))
	}
	return id, nil
}

// upload streams the request's body to the service. The connection's read deadline and the
// request's context get the upload's timeout; the body is read as it arrives, never whole.
func (h uploadHandlers) upload(c fiber.Ctx) error {
	body := c.Request().BodyStream()
	if body == nil {
		body = bytes.NewReader(c.Body())
	}
	// Whatever the answer, read what the browser is still sending (up to the limit) before
	// answering: a browser whose upload is cut off mid-body reports a broken connection, not
	// the message.
	defer drain(body)
	if conn := c.RequestCtx().Conn(); conn != nil {
		_ = conn.SetReadDeadline(time.Now().Add(h.Timeout))
	}
	ctx, cancel := context.WithTimeout(c.Context(), h.Timeout)
	defer cancel()

	id, err := caseID(c)
	if err != nil {
		return err
	}
	out, err := h.Files.Upload(ctx, identity(c), uploads.Upload{
		CaseID:   id,
		Name:     c.Query("name"),
		Declared: c.Get(fiber.HeaderContentType),
		Length:   int64(c.Request().Header.ContentLength()),
		Body:     body,
	})
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if out.Created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(out)
}

// drain reads and discards what is left of a refused upload's body, up to twice the size limit:
// enough for any file a person could mistake for one within it. The connection closes after a
// longer body (closeAfterUnreadBody), and its sender sees a reset.
func drain(body io.Reader) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 2*uploads.MaxBytes()))
}

func (h uploadHandlers) files(c fiber.Ctx) error {
	id, err := caseID(c)
	if err != nil {
		return err
	}
	list, err := h.Files.Files(c.Context(), identity(c), id)
	if err != nil {
		return err
	}
	return c.JSON(list)
}

func (h uploadHandlers) submit(c fiber.Ctx) error {
	id, err := caseID(c)
	if err != nil {
		return err
	}
	var in portal.FilesSubmission
	if err := decode(c, &in); err != nil {
		return err
	}
	list, err := h.Files.Submit(c.Context(), identity(c), id, in.Files)
	if err != nil {
		return err
	}
	return c.JSON(list)
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
