// Package uploads is a grant case's documents (spec 2 §4, §5, §7): the checks every file passes
// before it is stored, the resumable upload that carries it (tus), the copy in Cloud Storage at
// forms/uploads/{uid}/{caseId}/{name}, the case's file list, and the submission that adds
// uploaded files to the case (submitAdditionalCaseFiles). The uid always comes from a verified
// session, and every call first finds the case among that member's own.
//
// A file arrives as a tus upload: created with its name, type and length (Begin checks all that
// can be checked without the bytes, and the quotas), then sent in requests of at most MaxChunk
// bytes that any replica may take, collecting in a staging area of the bucket. When its last byte
// is in, Upload reads it back through every check and copies it into the case's folder; only then
// does the case's folder have it, and the staging copy is removed either way. Why tus, and why
// through the BFF rather than to the bucket directly: the README's "Uploads".
package uploads

import (
	"bytes"
	"context"
	"crypto/md5" //nolint:gosec // G501: Cloud Storage's checksum (md5Hash), not a secret
	"errors"
	"hash"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Users tells whether a member has confirmed their email address since their session began.
type Users interface {
	User(ctx context.Context, uid string) (portal.Identity, error)
}

// Options configures the service.
type Options struct {
	SupportPhone string // quoted when the file store is unavailable, and in the quotas' messages
	// Users is asked when a session says the member's email is not confirmed: they may have
	// confirmed it since they signed in.
	Users  Users
	Logger *slog.Logger
	Now    func() time.Time // for tests
}

// Service uploads, lists and submits a member's case documents.
type Service struct {
	cases   portal.Cases
	files   FileStore
	staging Staging
	o       Options
}

// New returns the service over the case store, the bucket and its staging area.
func New(cases portal.Cases, files FileStore, staging Staging, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Service{cases: cases, files: files, staging: staging, o: o}
}

// Upload is one file as the browser sends it.
type Upload struct {
	CaseID   string
	Name     string
	Declared string    // the type the browser declared; may be empty
	Length   int64     // the declared length
	Body     io.Reader // the bytes, read once (nil for Begin)
}

// Begin checks a file about to be sent, before a byte of it is: its name, type and length, that
// the case is the member's, that the member has confirmed their email address, that a file of
// the name is not already in the case (unless it has this length: it may be these bytes again,
// which Upload then tells), and the quotas. Upload checks all but the last two again at the end.
func (s *Service) Begin(ctx context.Context, id portal.Identity, u Upload) error {
	c, p, err := s.precheck(ctx, id, u)
	if err != nil {
		return err
	}
	if err := s.confirmed(ctx, id); err != nil {
		return err
	}
	switch existing, err := s.files.Stat(ctx, p); {
	case err == nil && existing.Size == u.Length:
		return nil
	case err == nil:
		return exists(u.Name)
	case apperr.From(err).Code != apperr.NotFound:
		return s.unavailable(err)
	}
	return s.withinQuotas(ctx, id, c, u.Length)
}

// Upload checks a file's bytes and stores them in the member's case's folder: the name, type,
// length and case as Begin does, the content while the bytes stream; nothing is stored unless
// every check passes. A name already stored answers the stored file when these are the same
// bytes (a retry, a second tab), and 'File {name} already exists.' otherwise.
func (s *Service) Upload(ctx context.Context, id portal.Identity, u Upload) (UploadedFile, error) {
	c, p, err := s.precheck(ctx, id, u)
	if err != nil {
		return UploadedFile{}, err
	}
	t, _ := typeOf(u.Name, u.Declared) // checked by precheck
	// MD5 is what Cloud Storage reports of an object (md5Hash): it checks that the bytes stored are
	// the bytes received, not a secret.
	sum := md5.New() //nolint:gosec // G401: an integrity checksum, see above
	body := newChecked(io.TeeReader(u.Body, sum), t, u.Name, u.Length)

	existing, err := s.files.Stat(ctx, p)
	switch {
	case err == nil:
		return s.sameOrExists(existing, body, sum, u.Name)
	case apperr.From(err).Code != apperr.NotFound:
		return UploadedFile{}, s.unavailable(err)
	}
	// Uploads begun at the same time may each have found room in the case.
	if err := s.caseHasRoom(ctx, id, c, 0); err != nil {
		return UploadedFile{}, err
	}
	stored, err := s.files.Create(ctx, p, t.MIME, body)
	if errors.Is(err, ErrFileExists) {
		// Another upload of the name won the race; ours was read to the end first.
		if existing, err := s.files.Stat(ctx, p); err == nil {
			return s.sameOrExists(existing, body, sum, u.Name)
		}
		return UploadedFile{}, exists(u.Name)
	}
	if err != nil {
		return UploadedFile{}, s.refusal(err, u.Name)
	}
	return uploaded(u.Name, stored, true), nil
}

// precheck is what Begin and Upload check before the bytes: the name, the type, the length, and
// the case, which must be the member's. It answers the case and the file's path in its folder.
func (s *Service) precheck(ctx context.Context, id portal.Identity, u Upload) (portal.Case, string, error) {
	if err := checkName(u.Name); err != nil {
		return portal.Case{}, "", err
	}
	if _, err := typeOf(u.Name, u.Declared); err != nil {
		return portal.Case{}, "", err
	}
	if u.Length > rules.Limits.MaxBytes {
		return portal.Case{}, "", tooLarge()
	}
	if u.Length == 0 {
		return portal.Case{}, "", apperr.Field("file", msg("empty", "name", u.Name))
	}
	c, err := s.caseOf(ctx, id, u.CaseID)
	if err != nil {
		return portal.Case{}, "", err
	}
	p, err := objectPath(id.UID, c.ID, u.Name)
	return c, p, err
}

// sameOrExists compares the bytes of an upload whose name is already stored with the stored
// file, reading (and checking) the rest of the upload first.
func (s *Service) sameOrExists(stored StoredFile, body *checked, sum hash.Hash, name string) (UploadedFile, error) {
	if _, err := io.Copy(io.Discard, body); err != nil {
		return UploadedFile{}, s.refusal(err, name)
	}
	if len(stored.MD5) == 0 || !bytes.Equal(stored.MD5, sum.Sum(nil)) {
		return UploadedFile{}, exists(name)
	}
	return uploaded(name, stored, false), nil
}

// refusal is what a failed read or store tells the member: a check's own message, the size
// limit, or the store being unavailable.
func (s *Service) refusal(err error, name string) error {
	var e *apperr.Error
	switch {
	case errors.Is(err, errTooLarge):
		return tooLarge()
	case errors.As(err, &e) && e.Code != apperr.Unavailable && e.Code != apperr.Internal:
		return err
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return apperr.Wrap(apperr.Unavailable, msg("problem", "file", name), err)
	default:
		// The browser's connection broke mid-file, or the store failed: either way the member
		// can send it again.
		if errors.As(err, &e) && e.Code == apperr.Unavailable {
			return s.unavailable(err)
		}
		return apperr.Wrap(apperr.Invalid, msg("problem", "file", name), err)
	}
}

// Files lists the member's case's files (spec 2 §4): the case's own, 'Added {date}' once
// submitted and 'Sending' before; then every file stored in the case's folder that the case
// does not have, 'Failed to process'. Files a member uploaded but has not submitted are among
// those: the frontend shows them in its queue instead.
func (s *Service) Files(ctx context.Context, id portal.Identity, caseID string) (CaseFileList, error) {
	c, err := s.caseOf(ctx, id, caseID)
	if err != nil {
		return CaseFileList{}, err
	}
	return s.list(ctx, id, c)
}

func (s *Service) list(ctx context.Context, id portal.Identity, c portal.Case) (CaseFileList, error) {
	dir, err := folder(id.UID, c.ID)
	if err != nil {
		return CaseFileList{}, err
	}
	stored, err := s.files.List(ctx, dir)
	if err != nil {
		return CaseFileList{}, s.unavailable(err)
	}
	byName := map[string]CaseFileEntry{}
	for _, f := range c.Files {
		e := CaseFileEntry{Name: f.Name, State: FileSending, Added: f.Added, Path: f.Path, Bucket: f.Bucket, URL: f.URL}
		if f.Status == portal.CaseFileSubmitted {
			e.State = FileAdded
		}
		byName[f.Name] = e
	}
	for _, o := range stored {
		name := strings.TrimPrefix(o.Path, dir)
		if name == "" || strings.Contains(name, "/") {
			continue
		}
		e, ok := byName[name]
		if !ok {
			e = CaseFileEntry{Name: name, State: FileFailed, Path: o.Path, Bucket: o.Bucket, URL: gsURL(o.Bucket, o.Path)}
		}
		e.Size = o.Size
		byName[name] = e
	}
	out := CaseFileList{Files: make([]CaseFileEntry, 0, len(byName))}
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		out.Files = append(out.Files, byName[name])
	}
	return out, nil
}

// maxSubmitted bounds one submission's files.
const maxSubmitted = 50

// Submit adds uploaded files to the member's case (spec 2 §7, submitAdditionalCaseFiles): each
// must be stored in the case's folder of this bucket, and the stored object, not the request,
// says where. The case gains them with status submitted and the time, in one transaction; a
// file the case already has is kept as it is, so the same submission again changes nothing.
func (s *Service) Submit(ctx context.Context, id portal.Identity, caseID string, refs []FileRef) (CaseFileList, error) {
	if len(refs) == 0 {
		return CaseFileList{}, apperr.Field("files", msg("submitNothing"))
	}
	if len(refs) > maxSubmitted {
		return CaseFileList{}, apperr.Field("files", msg("submitFailed"))
	}
	c, err := s.caseOf(ctx, id, caseID)
	if err != nil {
		return CaseFileList{}, err
	}
	now := s.o.Now().UTC()
	files := make([]portal.CaseFile, 0, len(refs))
	seen := map[string]bool{}
	for _, ref := range refs {
		if err := checkName(ref.Name); err != nil {
			return CaseFileList{}, err
		}
		p, err := objectPath(id.UID, c.ID, ref.Name)
		if err != nil {
			return CaseFileList{}, err
		}
		// The path and bucket the browser names must be this case's; they are only ever the
		// ones an upload answered, so anything else is not an uploaded file.
		if ref.Path != p || ref.Bucket != s.files.Bucket() || (ref.URL != "" && ref.URL != gsURL(ref.Bucket, p)) {
			return CaseFileList{}, apperr.Field("files", msg("notUploaded", "name", ref.Name))
		}
		if seen[ref.Name] {
			continue
		}
		seen[ref.Name] = true
		stored, err := s.files.Stat(ctx, p)
		if err != nil {
			if apperr.From(err).Code == apperr.NotFound {
				return CaseFileList{}, apperr.Field("files", msg("notUploaded", "name", ref.Name))
			}
			return CaseFileList{}, apperr.Wrap(apperr.Unavailable, msg("submitFailed"), err)
		}
		added := now
		files = append(files, portal.CaseFile{
			Name: ref.Name, Path: stored.Path, Bucket: stored.Bucket, URL: gsURL(stored.Bucket, stored.Path),
			Status: portal.CaseFileSubmitted, Added: &added, MIME: stored.ContentType, Size: stored.Size,
		})
	}
	after, err := s.cases.AddFiles(ctx, id.UID, c.ID, files)
	if err != nil {
		if apperr.From(err).Code == apperr.NotFound {
			return CaseFileList{}, err
		}
		return CaseFileList{}, apperr.Wrap(apperr.Unavailable, msg("submitFailed"), err)
	}
	return s.list(ctx, id, after)
}

// caseOf is the member's case caseID: 'ID is required.' without one, not found when it is not
// theirs.
func (s *Service) caseOf(ctx context.Context, id portal.Identity, caseID string) (portal.Case, error) {
	if id.UID == "" {
		return portal.Case{}, apperr.New(apperr.Unauthenticated, msg("uidRequired"))
	}
	if caseID == "" {
		return portal.Case{}, apperr.Field("caseId", msg("idRequired"))
	}
	c, err := s.cases.CaseOf(ctx, id.UID, caseID)
	if err != nil {
		if apperr.From(err).Code == apperr.NotFound {
			return portal.Case{}, apperr.Wrap(apperr.NotFound, msg("caseNotFound"), err)
		}
		return portal.Case{}, err
	}
	if c.UID != id.UID {
		return portal.Case{}, apperr.New(apperr.NotFound, msg("caseNotFound"))
	}
	return c, nil
}

func (s *Service) unavailable(err error) error {
	return apperr.Wrap(apperr.Unavailable, msg("unavailable", "phone", s.o.SupportPhone), err)
}

func uploaded(name string, f StoredFile, created bool) UploadedFile {
	return UploadedFile{
		Name: name, Path: f.Path, Bucket: f.Bucket, URL: gsURL(f.Bucket, f.Path), Size: f.Size,
		ContentType: f.ContentType, TimeCreated: f.Created, Created: created,
	}
}

func gsURL(bucket, path string) string { return "gs://" + bucket + "/" + path }

func tooLarge() error { return apperr.New(apperr.TooLarge, msg("tooLarge")) }

func exists(name string) error { return apperr.New(apperr.Conflict, msg("exists", "name", name)) }
