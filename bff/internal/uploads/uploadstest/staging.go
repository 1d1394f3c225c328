package uploadstest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tus/tusd/v2/pkg/filestore"
	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/union-benefits/portal/bff/internal/uploads"
)

// Staging is the staging area of resumable uploads in a local folder: tusd's own file store
// (an upload is {id}.info and {id}), for unit tests and the whole-BFF harness. Integration tests
// use storage.Staging over fake-gcs-server.
type Staging struct {
	filestore.FileStore
}

var _ uploads.Staging = Staging{}

// NewStaging returns the staging area in dir, which must exist.
func NewStaging(dir string) Staging { return Staging{filestore.New(dir)} }

// Pending implements uploads.Staging.
func (s Staging) Pending(_ context.Context, idPrefix string) ([]uploads.PendingUpload, error) {
	entries, err := os.ReadDir(s.Path)
	if err != nil {
		return nil, err
	}
	var out []uploads.PendingUpload
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".info")
		if !ok || !strings.HasPrefix(id, idPrefix) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(s.Path, e.Name()))
		if err != nil {
			return nil, err
		}
		var info handler.FileInfo
		if err := json.Unmarshal(b, &info); err != nil {
			return nil, err
		}
		p := uploads.PendingUpload{ID: id, Size: info.Size, CaseID: info.MetaData[uploads.MetaCase]}
		for _, name := range []string{e.Name(), id} {
			if fi, err := os.Stat(filepath.Join(s.Path, name)); err == nil && fi.ModTime().After(p.Active) {
				p.Active = fi.ModTime().UTC()
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// Touch dates every file of the upload id at t, as if its last byte had arrived then.
func (s Staging) Touch(id string, t time.Time) error {
	for _, name := range []string{id, id + ".info"} {
		if err := os.Chtimes(filepath.Join(s.Path, name), t, t); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
