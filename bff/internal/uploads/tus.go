package uploads

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"
	expslog "golang.org/x/exp/slog"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// MaxChunk is the most one request of an upload may carry. Netlify's edge, which every request
// passes, holds a request for at most 26 s and a function's body to about 4.5 MB; the browser
// sends chunks of limits.chunkBytes (1 MiB: 6 s at 1.5 Mbit/s, so a slow phone stays far inside
// the 26 s), and a request over this is refused before it is read.
const MaxChunk = 4 << 20

// The metadata of an upload in the staging area. The browser names the file (filename, filetype:
// tus-js-client's keys); Begin's checks passed, the BFF keeps those two and adds whose upload it
// is and for which case, never taken from the browser after creation.
const (
	MetaName = "filename"
	MetaType = "filetype"
	MetaCase = "caseId"
	MetaUID  = "uid"
)

// Resumable serves the tus protocol, version 1.0.0 with its creation and termination extensions,
// over the Service: tusd's handler keeps the protocol (offsets, lengths, locking, the store of
// chunks); the hooks below are where our rules apply.
type Resumable struct {
	s     *Service
	tus   *handler.UnroutedHandler
	locks *locker
}

// Close stops the uploads' locks listening to the other replicas.
func (r *Resumable) Close() { r.locks.Close() }

// NewResumable returns the tus protocol over s and its staging area, its uploads locked across
// replicas in shared (nil for a lone BFF: locked in this process only). Close ends it.
//
// Locking: tusd locks an upload for every request of it, so that one request at a time reads or
// writes it; locks.go says why the lock must be every replica's, not this one's.
func NewResumable(s *Service, shared SharedLocks) (*Resumable, error) {
	composer := handler.NewStoreComposer()
	composer.UseCore(s.staging)
	composer.UseTerminater(s.staging)
	locks := newLocker(shared, s.o.Logger)
	composer.UseLocker(locks)
	r := &Resumable{s: s, locks: locks}
	h, err := handler.NewUnroutedHandler(handler.Config{
		StoreComposer:             composer,
		BasePath:                  "/",
		DisableDownload:           true,
		DisableConcatenation:      true,
		Cors:                      &handler.CorsConfig{Disable: true},
		PreUploadCreateCallback:   r.beforeCreate,
		PreFinishResponseCallback: r.finish,
		// Our own log says what failed (Serve); tusd's would repeat each request.
		Logger: expslog.New(expslog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		locks.Close()
		return nil, err
	}
	r.tus = h
	return r, nil
}

// Call is one request of the tus protocol from a signed-in member, for the case CaseID (from the
// route); UploadID is "" for the request that creates an upload.
type Call struct {
	Member   portal.Identity
	CaseID   string
	UploadID string
	// err is a hook's refusal, in the BFF's words: Serve answers it instead of tusd's own.
	err error
}

type callKey struct{}

// errRefused stands in tusd's answer for a refusal of ours; Serve answers the refusal itself.
var errRefused = handler.NewError("ERR_REFUSED", "refused", http.StatusBadRequest)

// Serve runs the tus request req for the call, writing tusd's answer to w; it answers an error
// instead (and w is to be ignored) when one of our rules refused the request, or the store
// failed. An upload id that is not one of the member's is not found: no member reaches another's.
func (r *Resumable) Serve(call *Call, w http.ResponseWriter, req *http.Request) error {
	if call.UploadID != "" && !strings.HasPrefix(call.UploadID, memberUploads(call.Member.UID)) {
		return apperr.New(apperr.NotFound, msg("uploadNotFound"))
	}
	req = req.WithContext(context.WithValue(req.Context(), callKey{}, call))
	req.URL.Path = "/" + call.UploadID
	rec := &recorder{ResponseWriter: w}
	switch req.Method {
	case http.MethodPost:
		r.tus.PostFile(rec, req)
	case http.MethodHead:
		r.tus.HeadFile(rec, req)
	case http.MethodPatch:
		r.tus.PatchFile(rec, req)
	case http.MethodDelete:
		r.tus.DelFile(rec, req)
	default:
		return apperr.New(apperr.NotFound, msg("uploadNotFound"))
	}
	if call.err != nil {
		return call.err
	}
	if rec.status >= http.StatusBadRequest {
		return r.protocolError(rec)
	}
	return nil
}

// protocolError is tusd's own refusal of a request (an offset that does not match, an upload
// not found, a header missing) as a problem like every other answer of the BFF, with its status
// kept where the protocol gives it a meaning (409 offset_mismatch makes the browser ask the
// offset again; 404 makes it begin anew). A server error's text is for operators, never the
// member.
func (r *Resumable) protocolError(rec *recorder) error {
	text := strings.TrimSpace(rec.failure)
	switch rec.status {
	case http.StatusNotFound, http.StatusGone:
		return apperr.New(apperr.NotFound, msg("uploadNotFound"))
	case http.StatusConflict, http.StatusLocked:
		return apperr.New(apperr.OffsetMismatch, "The upload could not continue from there: "+text)
	case http.StatusRequestEntityTooLarge:
		return tooLarge()
	case http.StatusForbidden:
		return apperr.New(apperr.Forbidden, "This upload cannot be changed: "+text)
	}
	if strings.HasPrefix(text, handler.ErrUploadInterrupted.ErrorCode) {
		// Another request of the upload took over (locks.go): this one's sender is probably gone.
		return apperr.New(apperr.OffsetMismatch, "The upload went on in another request.")
	}
	if rec.status >= http.StatusInternalServerError {
		return r.s.unavailable(errors.New("tus: " + text))
	}
	return apperr.New(apperr.Invalid, "The upload request was not understood: "+text)
}

// recorder passes tusd's answer on, but for a refusal (4xx, 5xx): Serve answers that itself.
type recorder struct {
	http.ResponseWriter
	status  int
	failure string
}

// Unwrap gives tusd's http.ResponseController the answer underneath (its SetReadDeadline).
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *recorder) WriteHeader(status int) {
	w.status = status
	if status < http.StatusBadRequest {
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status >= http.StatusBadRequest {
		w.failure += string(b)
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

func callOf(ctx context.Context) *Call {
	call, _ := ctx.Value(callKey{}).(*Call)
	if call == nil {
		panic("uploads: a tus request not served through Resumable.Serve")
	}
	return call
}

// beforeCreate checks a new upload (Begin) and gives it its id and metadata.
func (r *Resumable) beforeCreate(hook handler.HookEvent) (handler.HTTPResponse, handler.FileInfoChanges, error) {
	call := callOf(hook.Context)
	info := hook.Upload
	u := Upload{CaseID: call.CaseID, Name: info.MetaData[MetaName], Declared: info.MetaData[MetaType], Length: info.Size}
	if info.SizeIsDeferred {
		// A length decided later could not be checked against the limits now.
		call.err = apperr.Field("file", msg("problem", "file", u.Name))
		return handler.HTTPResponse{}, handler.FileInfoChanges{}, errRefused
	}
	if err := r.s.Begin(hook.Context, call.Member, u); err != nil {
		call.err = err
		return handler.HTTPResponse{}, handler.FileInfoChanges{}, errRefused
	}
	call.UploadID = newUploadID(call.Member.UID)
	return handler.HTTPResponse{}, handler.FileInfoChanges{
		ID: call.UploadID,
		MetaData: handler.MetaData{
			MetaName: u.Name, MetaType: u.Declared, MetaCase: call.CaseID, MetaUID: call.Member.UID,
		},
	}, nil
}

// finish runs when an upload's last byte is in: the file is checked and stored in the case's
// folder (Upload), and the staging copy removed, whatever the outcome. The request that carried
// the last byte answers the stored file, as a single upload did.
func (r *Resumable) finish(hook handler.HookEvent) (handler.HTTPResponse, error) {
	call := callOf(hook.Context)
	info := hook.Upload
	out, err := r.store(hook.Context, call.Member, info)
	r.s.removeStaged(info.ID)
	if err != nil {
		call.err = err
		return handler.HTTPResponse{}, errRefused
	}
	body, err := json.Marshal(out)
	if err != nil {
		call.err = err
		return handler.HTTPResponse{}, errRefused
	}
	status := http.StatusOK
	if out.Created {
		status = http.StatusCreated
	}
	return handler.HTTPResponse{StatusCode: status, Body: string(body), Header: handler.HTTPHeader{"Content-Type": "application/json"}}, nil
}

func (r *Resumable) store(ctx context.Context, member portal.Identity, info handler.FileInfo) (UploadedFile, error) {
	if info.MetaData[MetaUID] != member.UID {
		return UploadedFile{}, apperr.New(apperr.NotFound, msg("uploadNotFound"))
	}
	up, err := r.s.staging.GetUpload(ctx, info.ID)
	if err != nil {
		return UploadedFile{}, r.s.unavailable(err)
	}
	body, err := up.GetReader(ctx)
	if err != nil {
		return UploadedFile{}, r.s.unavailable(err)
	}
	defer func() { _ = body.Close() }()
	return r.s.Upload(ctx, member, Upload{
		CaseID: info.MetaData[MetaCase], Name: info.MetaData[MetaName], Declared: info.MetaData[MetaType],
		Length: info.Size, Body: body,
	})
}

// removeStaged removes an upload from the staging area. It runs after the request that finished
// or refused the upload (its own deadline), and failing is not the member's concern: the sweep
// removes what is left.
func (s *Service) removeStaged(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	up, err := s.staging.GetUpload(ctx, id)
	if err == nil {
		err = s.staging.AsTerminatableUpload(up).Terminate(ctx)
	}
	if err != nil && !errors.Is(err, handler.ErrNotFound) {
		s.o.Logger.Warn("uploads: removing a staged upload failed; the sweep will", "upload", id, "error", err)
	}
}

// Sweep removes the uploads nobody continued for resumableHours: a member who closed the page
// mid-file, an upload refused or finished whose removal failed. Every replica sweeps now and
// then; removing what another just removed is harmless.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	pending, err := s.staging.Pending(ctx, "")
	if err != nil {
		return 0, err
	}
	cutoff := s.o.Now().Add(-resumableFor())
	n := 0
	for _, p := range pending {
		if p.Active.Before(cutoff) {
			s.removeStaged(p.ID)
			n++
		}
	}
	return n, nil
}

// SweepEvery runs Sweep every interval until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := s.Sweep(ctx); err != nil {
				s.o.Logger.Warn("uploads: sweeping unfinished uploads failed", "error", err)
			} else if n > 0 {
				s.o.Logger.Info("uploads: removed unfinished uploads", "count", n)
			}
		}
	}
}
