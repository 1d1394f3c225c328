package uploads

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"
)

// StoredFile is an object of the upload bucket.
type StoredFile struct {
	Path        string
	Bucket      string
	Size        int64
	ContentType string
	MD5         []byte
	Created     time.Time
}

// ErrFileExists is what FileStore.Create answers when an object is already at the path.
var ErrFileExists = errors.New("portal: a file is already stored at this path")

// FileStore is the bucket members' documents are stored in. Implementation: storage.Bucket over
// Cloud Storage (fake-gcs-server offline).
type FileStore interface {
	// Bucket is the bucket's name.
	Bucket() string
	// Create streams r to a new object at path. The object exists only if Create returns nil:
	// when reading r fails (a check refusing the bytes, a limit, a broken connection) or ctx
	// ends first, the upload is abandoned and nothing is stored. It never replaces an object:
	// when one is at path, ErrFileExists (however the race between two uploads ends).
	Create(ctx context.Context, path, contentType string, r io.Reader) (StoredFile, error)
	// Stat is the object at path; apperr.NotFound when there is none.
	Stat(ctx context.Context, path string) (StoredFile, error)
	// List is every object whose path starts with prefix, in no particular order.
	List(ctx context.Context, prefix string) ([]StoredFile, error)
}

// Staging is where resumable (tus) uploads collect their bytes until the last one arrives:
// tusd's data store, shared by every replica of the BFF. Nothing in it is part of a case; a
// finished upload is checked and copied into the case's folder of the FileStore, then removed.
// Implementations: storage.Staging over Cloud Storage, uploadstest's over a local folder.
type Staging interface {
	handler.DataStore
	handler.TerminaterDataStore
	// Pending is every upload in the staging area whose id starts with idPrefix ("" for all).
	Pending(ctx context.Context, idPrefix string) ([]PendingUpload, error)
}

// PendingUpload is an upload of the staging area.
type PendingUpload struct {
	ID     string
	Size   int64     // the length declared when it was created
	CaseID string    // the case it is for
	Active time.Time // when a byte of it last arrived (or it was created)
}

// SharedLocks is where the BFF's replicas lock an upload against each other, and ask each other
// to let go of one (redis.Client). Every call fails fast; the locks fall back to the replica's
// own when it fails.
type SharedLocks interface {
	// Lock sets key to token, to expire after ttl, unless key is set; true when it did.
	Lock(ctx context.Context, key, token string, ttl time.Duration) (bool, error)
	// Extend gives key a new expiry, ttl from now, if it still holds token; false when it does not.
	Extend(ctx context.Context, key, token string, ttl time.Duration) (bool, error)
	// Unlock deletes key if it still holds token.
	Unlock(ctx context.Context, key, token string) error
	// Publish sends payload to every replica subscribed to channel.
	Publish(ctx context.Context, channel string, payload []byte) error
	// Subscribe delivers channel's messages to message until ctx ends (redis.Client.Subscribe).
	Subscribe(ctx context.Context, channel string, message func([]byte), connected func(again bool), lost func(error))
}
