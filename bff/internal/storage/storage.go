// Package storage is the Cloud Storage adapter: the bucket members' case documents are streamed
// to (uploads.FileStore). Offline it talks to fake-gcs-server: the client library follows
// STORAGE_EMULATOR_HOST, as the Firestore client follows FIRESTORE_EMULATOR_HOST.
package storage

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	gcs "cloud.google.com/go/storage"
	"google.golang.org/api/googleapi"
	"google.golang.org/api/iterator"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/uploads"
)

// DefaultTimeout bounds a metadata call (Stat, List) when Bucket.Timeout is zero. Create is bounded
// by its caller's context only: a 20 MB upload from a phone takes as long as it takes.
const DefaultTimeout = 10 * time.Second

const msgUnavailable = "The file store is unavailable."

// uploadChunk is the size of one chunk of an upload, and so the memory one upload holds: a
// multiple of 256 KiB, as Cloud Storage requires; a 20 MB file takes 20 requests.
const uploadChunk = 1 << 20

// Bucket implements uploads.FileStore over one bucket.
type Bucket struct {
	Timeout time.Duration
	name    string
	client  *gcs.Client
	handle  *gcs.BucketHandle
	metrics *metrics.Metrics
}

var _ uploads.FileStore = (*Bucket)(nil)

// New connects to the bucket named name with the default credentials (none against the
// emulator). Every call to the bucket is an upstream call in m (nil records none).
func New(ctx context.Context, name string, m *metrics.Metrics) (*Bucket, error) {
	if name == "" {
		return nil, errors.New("storage: no bucket name")
	}
	client, err := gcs.NewClient(ctx)
	if err != nil {
		return nil, err
	}
	return &Bucket{name: name, client: client, handle: client.Bucket(name), metrics: m}, nil
}

// Close closes the client.
func (b *Bucket) Close() error { return b.client.Close() }

// Bucket implements uploads.FileStore.
func (b *Bucket) Bucket() string { return b.name }

// Create implements uploads.FileStore.
//
// The object is written as a resumable upload in chunks of uploadChunk bytes: the last chunk,
// which finishes the object, goes only once r has ended without an error, so a check that fails
// (even at the very end of the stream) or a broken connection leaves an unfinished upload
// session and no object. The single-request upload (ChunkSize 0) cannot promise that: the
// client library ends its multipart body properly even when the data fails mid-way, and the
// bucket stores the bytes so far. The DoesNotExist condition (ifGenerationMatch=0) makes two
// uploads of one name race safely: exactly one creates the object.
func (b *Bucket) Create(ctx context.Context, path, contentType string, r io.Reader) (_ uploads.StoredFile, err error) {
	ctx, call := b.call(ctx, "create")
	defer func() { call.End(err) }()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := b.handle.Object(path).If(gcs.Conditions{DoesNotExist: true}).NewWriter(ctx)
	w.ChunkSize = uploadChunk
	w.ContentType = contentType
	sent, src := &started{w: w}, &reading{r: r}
	if _, err := io.Copy(sent, src); err != nil {
		if sent.ok {
			// Fail the data first: a graceful Close would end it and finish the object with
			// the bytes so far, and cancelling the context alone fails it only
			// asynchronously, racing that Close. Then wait for the upload to end, so nothing
			// of it is still on its way when we answer.
			_ = w.CloseWithError(err) //nolint:staticcheck // the one synchronous way to fail the body
			cancel()
			_ = w.Close()
		}
		// A writer never written to has sent nothing; closing it would store an empty object.
		if src.err != nil {
			return uploads.StoredFile{}, src.err // the data's own failure: a check, the limit, the sender
		}
		return uploads.StoredFile{}, unavailable(err)
	}
	if err := w.Close(); err != nil {
		if isPreconditionFailed(err) {
			return uploads.StoredFile{}, uploads.ErrFileExists
		}
		if ctx.Err() != nil {
			return uploads.StoredFile{}, ctx.Err()
		}
		return uploads.StoredFile{}, unavailable(err)
	}
	return fromAttrs(w.Attrs()), nil
}

// started is the writer with a note of whether it was ever written to (which opens the upload).
type started struct {
	w  io.Writer
	ok bool
}

func (s *started) Write(p []byte) (int, error) {
	s.ok = true
	return s.w.Write(p)
}

// reading is the data with a note of the error reading it failed with, if any.
type reading struct {
	r   io.Reader
	err error
}

func (r *reading) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		r.err = err
	}
	return n, err
}

// Stat implements uploads.FileStore.
func (b *Bucket) Stat(ctx context.Context, path string) (uploads.StoredFile, error) {
	ctx, cancel := b.withTimeout(ctx)
	defer cancel()
	ctx, call := b.call(ctx, "stat")
	attrs, err := b.handle.Object(path).Attrs(ctx)
	call.End(err)
	if errors.Is(err, gcs.ErrObjectNotExist) {
		return uploads.StoredFile{}, apperr.Wrap(apperr.NotFound, "No file is stored there.", err)
	}
	if err != nil {
		return uploads.StoredFile{}, unavailable(err)
	}
	return fromAttrs(attrs), nil
}

// List implements uploads.FileStore.
func (b *Bucket) List(ctx context.Context, prefix string) (_ []uploads.StoredFile, err error) {
	ctx, cancel := b.withTimeout(ctx)
	defer cancel()
	ctx, call := b.call(ctx, "list")
	defer func() { call.End(err) }()
	var out []uploads.StoredFile
	it := b.handle.Objects(ctx, &gcs.Query{Prefix: prefix})
	for {
		attrs, err := it.Next()
		if errors.Is(err, iterator.Done) {
			return out, nil
		}
		if err != nil {
			return nil, unavailable(err)
		}
		out = append(out, fromAttrs(attrs))
	}
}

func (b *Bucket) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	d := b.Timeout
	if d <= 0 {
		d = DefaultTimeout
	}
	return context.WithTimeout(ctx, d)
}

func fromAttrs(a *gcs.ObjectAttrs) uploads.StoredFile {
	if a == nil {
		return uploads.StoredFile{}
	}
	return uploads.StoredFile{
		Path: a.Name, Bucket: a.Bucket, Size: a.Size, ContentType: a.ContentType, MD5: a.MD5, Created: a.Created.UTC(),
	}
}

func isPreconditionFailed(err error) bool {
	var gerr *googleapi.Error
	return errors.As(err, &gerr) && gerr.Code == http.StatusPreconditionFailed
}

func unavailable(err error) error { return apperr.Wrap(apperr.Unavailable, msgUnavailable, err) }
