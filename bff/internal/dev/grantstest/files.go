package grantstest

import (
	"bytes"
	"context"
	"crypto/md5"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
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

var _ portal.FileStore = (*Files)(nil)

// Bucket implements portal.FileStore.
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

// Create implements portal.FileStore.
func (f *Files) Create(ctx context.Context, path, contentType string, r io.Reader) (portal.StoredFile, error) {
	if err := f.failing(); err != nil {
		return portal.StoredFile{}, err
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return portal.StoredFile{}, err
	}
	if err := ctx.Err(); err != nil {
		return portal.StoredFile{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.objects[path]; ok {
		return portal.StoredFile{}, portal.ErrFileExists
	}
	o := object{data: buf.Bytes(), contentType: contentType, created: f.now()}
	f.objects[path] = o
	return f.stored(path, o), nil
}

// Stat implements portal.FileStore.
func (f *Files) Stat(_ context.Context, path string) (portal.StoredFile, error) {
	if err := f.failing(); err != nil {
		return portal.StoredFile{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.objects[path]
	if !ok {
		return portal.StoredFile{}, apperr.New(apperr.NotFound, "No file is stored there.")
	}
	return f.stored(path, o), nil
}

// List implements portal.FileStore.
func (f *Files) List(_ context.Context, prefix string) ([]portal.StoredFile, error) {
	if err := f.failing(); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []portal.StoredFile
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

func (f *Files) stored(path string, o object) portal.StoredFile {
	sum := md5.Sum(o.data)
	return portal.StoredFile{
		Path: path, Bucket: f.Name, Size: int64(len(o.data)), ContentType: o.contentType, MD5: sum[:], Created: o.created,
	}
}

func (f *Files) now() time.Time {
	if f.Now != nil {
		return f.Now().UTC()
	}
	return time.Now().UTC()
}
