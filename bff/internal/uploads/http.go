package uploads

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// CaseFiles uploads, lists and submits a member's case documents (Service).
type CaseFiles interface {
	Upload(ctx context.Context, id portal.Identity, u Upload) (UploadedFile, error)
	Files(ctx context.Context, id portal.Identity, caseID string) (CaseFileList, error)
	Submit(ctx context.Context, id portal.Identity, caseID string, files []FileRef) (CaseFileList, error)
}

// MountDeps are the case documents' HTTP dependencies.
type MountDeps struct {
	Members httpapi.Members
	Files   CaseFiles
	// Timeout is how long one upload may take (UPLOAD_TIMEOUT); it replaces the API's request
	// deadline, which a 20 MB file from a phone would not meet.
	Timeout       time.Duration
	SecureCookies bool
}

// Mount mounts a case's documents: the streamed upload, the list and the submission. All of it
// is one member's: never cached, only with a live session, and only for their own cases.
func Mount(d MountDeps) httpapi.Mount {
	h := uploadHandlers{d}
	member := httpapi.RequireMemberSaying(d.Members, httpapi.SessionCookies{Secure: d.SecureCookies}, contracts.UploadMessage("uidRequired"))
	return func(api fiber.Router) {
		api.Post("/cases/:caseId/uploads", httpapi.Private, member, h.upload)
		api.Get("/cases/:caseId/files", httpapi.Private, member, h.files)
		api.Post("/cases/:caseId/files", httpapi.Private, member, h.submit)
	}
}

type uploadHandlers struct{ MountDeps }

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
	out, err := h.Files.Upload(ctx, httpapi.Identity(c), Upload{
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
// longer body (httpapi's closeAfterUnreadBody), and its sender sees a reset.
func drain(body io.Reader) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 2*MaxBytes()))
}

func (h uploadHandlers) files(c fiber.Ctx) error {
	id, err := caseID(c)
	if err != nil {
		return err
	}
	list, err := h.Files.Files(c.Context(), httpapi.Identity(c), id)
	return httpapi.JSON(c, list, err)
}

func (h uploadHandlers) submit(c fiber.Ctx) error {
	id, err := caseID(c)
	if err != nil {
		return err
	}
	var in FilesSubmission
	if err := httpapi.Decode(c, &in); err != nil {
		return err
	}
	list, err := h.Files.Submit(c.Context(), httpapi.Identity(c), id, in.Files)
	return httpapi.JSON(c, list, err)
}
