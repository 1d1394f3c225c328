package storage

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	gcs "cloud.google.com/go/storage"
	"github.com/tus/tusd/v2/pkg/gcsstore"
	"github.com/tus/tusd/v2/pkg/handler"
	"google.golang.org/api/iterator"

	"github.com/union-benefits/portal/bff/internal/uploads"
)

// StagingPrefix is the bucket's folder for uploads still arriving, apart from the members' case
// folders (forms/uploads/...): nothing in it is part of a case. A lifecycle rule on it (delete
// after 2 days) is the backstop behind the BFF's own sweep (uploads.Resumable.Sweep).
const StagingPrefix = "uploads-in-progress"

// Staging is where resumable uploads collect their chunks: tusd's Cloud Storage store over this
// bucket, under StagingPrefix. Each upload is an object {id}.info (its declared length and
// metadata) and one object per chunk, {id}_0, {id}_1, ..., composed into {id} once the last byte
// is in. Every replica of the BFF reads the same objects, so an upload begun on one continues on
// any other.
type Staging struct {
	gcsstore.GCSStore
	bucket *Bucket
}

var _ uploads.Staging = (*Staging)(nil)

// Staging returns the bucket's staging area for resumable uploads.
func (b *Bucket) Staging() *Staging {
	return &Staging{
		GCSStore: gcsstore.GCSStore{Bucket: b.name, ObjectPrefix: StagingPrefix, Service: observedGCS{next: &gcsstore.GCSService{Client: b.client}, b: b}},
		bucket:   b,
	}
}

// Pending implements uploads.Staging: it lists the staging folder once, and reads the .info of
// each upload found for its length and metadata.
func (s *Staging) Pending(ctx context.Context, idPrefix string) ([]uploads.PendingUpload, error) {
	ctx, cancel := s.bucket.withTimeout(ctx)
	defer cancel()
	folder := StagingPrefix + "/"
	byID := map[string]*uploads.PendingUpload{}
	var order []string
	it := s.bucket.handle.Objects(ctx, &gcs.Query{Prefix: folder + idPrefix})
	for {
		attrs, err := it.Next()
		if errors.Is(err, iterator.Done) {
			break
		}
		if err != nil {
			return nil, unavailable(err)
		}
		// An upload's objects are {id}.info, {id}_{n} and {id}: its id ends at the first '.' or '_'.
		name := strings.TrimPrefix(attrs.Name, folder)
		id := name
		if i := strings.IndexAny(name, "._"); i >= 0 {
			id = name[:i]
		}
		p := byID[id]
		if p == nil {
			p = &uploads.PendingUpload{ID: id}
			byID[id] = p
			order = append(order, id)
		}
		if t := attrs.Updated; t.After(p.Active) {
			p.Active = t.UTC()
		}
		if name == id+".info" {
			info, err := s.readInfo(ctx, attrs.Name)
			if err != nil {
				return nil, err
			}
			p.Size, p.CaseID = info.Size, info.MetaData[uploads.MetaCase]
		}
	}
	out := make([]uploads.PendingUpload, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	return out, nil
}

func (s *Staging) readInfo(ctx context.Context, object string) (handler.FileInfo, error) {
	var info handler.FileInfo
	r, err := s.bucket.handle.Object(object).NewReader(ctx)
	if errors.Is(err, gcs.ErrObjectNotExist) {
		return info, nil // finished or removed while we listed
	}
	if err != nil {
		return info, unavailable(err)
	}
	defer func() { _ = r.Close() }()
	b, err := io.ReadAll(io.LimitReader(r, 64<<10))
	if err != nil {
		return info, unavailable(err)
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return info, unavailable(err)
	}
	return info, nil
}
