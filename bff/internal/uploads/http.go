package uploads

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// CaseFiles lists and submits a member's case documents (Service).
type CaseFiles interface {
	Files(ctx context.Context, id portal.Identity, caseID string) (CaseFileList, error)
	Submit(ctx context.Context, id portal.Identity, caseID string, files []FileRef) (CaseFileList, error)
}

// Tus serves one request of the tus protocol (Resumable).
type Tus interface {
	Serve(call *Call, w http.ResponseWriter, req *http.Request) error
}

// MountDeps are the case documents' HTTP dependencies.
type MountDeps struct {
	Members httpapi.Members
	Files   CaseFiles
	Uploads Tus
	// Timeout is how long one request of an upload (a chunk) may take (UPLOAD_TIMEOUT); it
	// replaces the API's request deadline on that route. The edge ends any request at 26 s.
	Timeout       time.Duration
	SecureCookies bool
	// Metrics counts the bytes members upload and the uploads refused, by reason (nil counts none).
	Metrics *metrics.Metrics
}

// Mount mounts a case's documents: the resumable upload (tus: create, then ask the offset, send
// a chunk, or cancel), the list and the submission. All of it is one member's: never cached,
// only with a live session, and only for their own cases and uploads.
func Mount(d MountDeps) httpapi.Mount {
	h := uploadHandlers{d}
	member := httpapi.RequireMemberSaying(d.Members, httpapi.SessionCookies{Secure: d.SecureCookies}, contracts.UploadMessage("uidRequired"))
	return func(api fiber.Router) {
		api.Post("/cases/:caseId/uploads", httpapi.Private, member, h.tus)
		api.Head("/cases/:caseId/uploads/:uploadId", httpapi.Private, member, h.tus)
		api.Patch("/cases/:caseId/uploads/:uploadId", httpapi.Private, member, h.tus)
		api.Delete("/cases/:caseId/uploads/:uploadId", httpapi.Private, member, h.tus)
		api.Get("/cases/:caseId/files", httpapi.Private, member, h.files)
		api.Post("/cases/:caseId/files", httpapi.Private, member, h.submit)
	}
}

type uploadHandlers struct{ MountDeps }

// casePattern is what a case id looks like (contracts: CaseId); uploadPattern an upload's
// (newUploadID).
var (
	casePattern   = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)
	uploadPattern = regexp.MustCompile(`^[0-9a-f]{16}-[0-9a-f]{32}$`)
)

// caseID is the path's case id; one that cannot be a case's is not found before any lookup.
func caseID(c fiber.Ctx) (string, error) {
	id := c.Params("caseId")
	if !casePattern.MatchString(id) {
		return "", apperr.New(apperr.NotFound, contracts.UploadMessage("caseNotFound"))
	}
	return id, nil
}

// tus serves a request of the tus protocol (serveTus) and counts what it stored (a chunk's
// bytes) or why it was refused.
func (h uploadHandlers) tus(c fiber.Ctx) error {
	err := h.serveTus(c)
	if err != nil {
		if reason, ok := refusalReason(err); ok {
			h.Metrics.UploadRefused(reason)
		}
		return err
	}
	if c.Method() == fiber.MethodPatch {
		// What the chunk moved the upload on by: the offset tusd answers less the one asked.
		from, _ := strconv.ParseInt(c.Get("Upload-Offset"), 10, 64)
		to, _ := strconv.ParseInt(string(c.Response().Header.Peek("Upload-Offset")), 10, 64)
		h.Metrics.UploadStored(to - from)
	}
	return nil
}

// refusalReason names why an upload was refused, a label of bff_upload_refusals_total (a small
// set); false when err is no refusal (the member signed out, the store failing, a lost upload).
func refusalReason(err error) (string, bool) {
	e := apperr.From(err)
	switch e.Code {
	case apperr.TooLarge:
		if strings.HasPrefix(e.Message, msgPrefix("caseFull", "max")) {
			return "case_full", true
		}
		return "too_large", true
	case apperr.RateLimited:
		return "quota", true
	case apperr.Forbidden:
		return "forbidden", true // not verified yet, or an upload not theirs to change
	case apperr.Conflict:
		return "exists", true
	case apperr.Invalid:
		field := ""
		if len(e.Fields) > 0 {
			field = e.Fields[0].Field
		}
		switch {
		case field == "contentType", e.Message == msg("mimeNotAllowed"),
			strings.HasPrefix(e.Message, msgPrefix("typeNotAllowed", "ext")):
			return "type", true
		case field == "name":
			return "name", true
		case field == "file":
			return "content", true // empty, or not what its name says
		}
		return "invalid", true
	}
	return "", false
}

// msgPrefix is the start of the upload message key, up to where its parameter param goes.
func msgPrefix(key, param string) string {
	const mark = "\x00"
	text := msg(key, param, mark)
	if i := strings.Index(text, mark); i >= 0 {
		return text[:i]
	}
	return text
}

// serveTus hands a request of the tus protocol to tusd (through Resumable.Serve) as a net/http
// request, and its answer back. A chunk's body is read as it arrives, never whole, and at most
// MaxChunk of it.
func (h uploadHandlers) serveTus(c fiber.Ctx) error {
	caseID, err := caseID(c)
	if err != nil {
		return err
	}
	call := &Call{Member: httpapi.Identity(c), CaseID: caseID, UploadID: c.Params("uploadId")}
	if c.Method() != fiber.MethodPost && !uploadPattern.MatchString(call.UploadID) {
		return apperr.New(apperr.NotFound, contracts.UploadMessage("uploadNotFound"))
	}
	ctx := c.Context()
	w := &answer{header: http.Header{}, status: http.StatusOK}
	var body io.Reader = http.NoBody
	length := c.Request().Header.ContentLength()
	if c.Method() == fiber.MethodPatch {
		if body = c.Request().BodyStream(); body == nil {
			body = bytes.NewReader(c.Body())
		}
		// Whatever the answer, read what the browser is still sending (within reason) before
		// answering: a sender cut off mid-body sees a broken connection, not the answer, and so
		// would the edge in front, which reports it as a 502.
		defer drain(body)
		if length < 0 {
			return apperr.New(apperr.Invalid, "A chunk of an upload must state its length (Content-Length).")
		}
		if length > MaxChunk {
			return apperr.New(apperr.TooLarge, "A chunk of an upload may be at most 4 MB.")
		}
		w.conn, w.deadline = c.RequestCtx().Conn(), time.Now().Add(h.Timeout)
		if w.conn != nil {
			_ = w.conn.SetReadDeadline(w.deadline)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, c.Method(), "/", body)
	if err != nil {
		return err
	}
	for k, v := range c.Request().Header.All() {
		req.Header.Add(string(k), string(v))
	}
	if c.Method() == fiber.MethodPatch {
		req.ContentLength = int64(length)
	} else {
		// Only a chunk carries bytes: a creation with a body (tus's creation-with-upload) is
		// taken as a creation alone, and the body left unread closes the connection.
		req.Header.Del(fiber.HeaderContentType)
	}
	if err := h.Uploads.Serve(call, w, req); err != nil {
		return err
	}
	for k, vs := range w.header {
		if k == "Content-Length" || k == "Location" {
			continue
		}
		for _, v := range vs {
			c.Response().Header.Add(k, v)
		}
	}
	if w.header.Get("Location") != "" {
		// tusd would name this server's own host; the browser must stay on the site's origin.
		c.Set(fiber.HeaderLocation, strings.TrimSuffix(c.Path(), "/")+"/"+call.UploadID)
	}
	return c.Status(w.status).Send(w.body.Bytes())
}

// drain reads and discards what is left of a chunk's body, up to twice the most a chunk may be.
// The connection closes after a longer body (httpapi's closeAfterUnreadBody).
func drain(body io.Reader) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 2*MaxChunk))
}

// answer is tusd's answer, kept until it is known to be the one to send.
type answer struct {
	header http.Header
	status int
	body   bytes.Buffer
	// A chunk's connection, and the latest its body may arrive by (Timeout).
	conn     net.Conn
	deadline time.Time
}

// SetReadDeadline lets tusd end a chunk's read (through http.ResponseController): at once when
// another request of the upload asks for its lock, so that a broken-off chunk still waiting
// for bytes lets go now rather than at its timeout. It never extends the chunk's deadline.
func (a *answer) SetReadDeadline(t time.Time) error {
	if a.conn == nil {
		return http.ErrNotSupported
	}
	if t.IsZero() || t.After(a.deadline) {
		t = a.deadline
	}
	return a.conn.SetReadDeadline(t)
}

func (a *answer) Header() http.Header         { return a.header }
func (a *answer) WriteHeader(status int)      { a.status = status }
func (a *answer) Write(b []byte) (int, error) { return a.body.Write(b) }

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
