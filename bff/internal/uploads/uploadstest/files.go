// Package uploadstest holds an in-memory fake of uploads.FileStore, the bucket of case documents,
// for unit tests and the whole-BFF harness (sample files are in its samples package). It keeps the
// rules callers notice (an object only once its bytes are all read); integration tests use
// fake-gcs-server.
package uploadstest

import (
	"bytes"
	"context"
	"crypto/md5" //nolint:gosec // the checksum Cloud Storage reports, not a protection
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/uploads"
)

// Files is a fake bucket. Like Cloud Storage under the DoesNotExist condition, Create stores an
// object only after reading its bytes to the end without an error, and never replaces one.
type Files struct {
	Name    string
	mu      sync.Mutex
	objects map[string]object
	// Fail makes every call fail with Unavailable.
	Fail bool
	// Now dates the objects; time.Now when nil.
	Now func() time.Time
}

type object struct {
	data        []byte
	contentType string
	created     time.Time
}

// NewFiles returns an empty bucket named name.
func NewFiles(name string) *Files { return &Files{Name: name, objects: map[string]object{}} }

var _ uploads.FileStore = (*Files)(nil)

// Bucket implements uploads.FileStore.
func (f *Files) Bucket() string { return f.Name }

// Put stores an object as is, for tests that start with files.
func (f *Files) Put(path string, data []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.objects[path] = object{data: slices.Clone(data), contentType: "application/pdf", created: f.now()}
}

// Paths lists every stored path, sorted.
func (f *Files) Paths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Sorted(maps.Keys(f.objects))
}

// Data is the stored object's bytes.
func (f *Files) Data(path string) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.objects[path].data)
}

// Create implements uploads.FileStore.
func (f *Files) Create(ctx context.Context, path, contentType string, r io.Reader) (uploads.StoredFile, error) {
	if err := f.failing(); err != nil {
		return uploads.StoredFile{}, err
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return uploads.StoredFile{}, err
	}
	if err := ctx.Err(); err != nil {
		return uploads.StoredFile{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.objects[path]; ok {
		return uploads.StoredFile{}, uploads.ErrFileExists
	}
	o := object{data: buf.Bytes(), contentType: contentType, created: f.now()}
	f.objects[path] = o
	return f.stored(path, o), nil
}

// Stat implements uploads.FileStore.
func (f *Files) Stat(_ context.Context, path string) (uploads.StoredFile, error) {
	if err := f.failing(); err != nil {
		return uploads.StoredFile{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.objects[path]
	if !ok {
		return uploads.StoredFile{}, apperr.New(apperr.NotFound, "No file is stored there.")
	}
	return f.stored(path, o), nil
}

// List implements uploads.FileStore.
func (f *Files) List(_ context.Context, prefix string) ([]uploads.StoredFile, error) {
	if err := f.failing(); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []uploads.StoredFile
	for p, o := range f.objects {
		if strings.HasPrefix(p, prefix) {
			out = append(out, f.stored(p, o))
		}
	}
	return out, nil
}

func (f *Files) failing() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.Fail {
		return apperr.New(apperr.Unavailable, "The file store is unavailable.")
	}
	return nil
}

func (f *Files) stored(path string, o object) uploads.StoredFile {
	sum := md5.Sum(o.data) //nolint:gosec // as Cloud Storage computes it
	return uploads.StoredFile{
		Path: path, Bucket: f.Name, Size: int64(len(o.data)), ContentType: o.contentType, MD5: sum[:], Created: o.created,
	}
}

func (f *Files) now() time.Time {
	if f.Now != nil {
		return f.Now().UTC()
	}
	return time.Now().UTC()
}
