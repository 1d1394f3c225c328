package portal

import (
	"context"
	"errors"
	"io"
	"time"
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

// UploadedFile answers an upload (contracts: UploadedFile).
type UploadedFile struct {
	Name        string    `json:"name"`
	Path        string    `json:"path"`
	Bucket      string    `json:"bucket"`
	URL         string    `json:"url"`
	Size        int64     `json:"size"`
	ContentType string    `json:"contentType"`
	TimeCreated time.Time `json:"timeCreated"`
	// Created is false when the same bytes were already stored under the name (a retry).
	Created bool `json:"-"`
}

// FileRef names an uploaded file in a submission (spec 2 §7, submitAdditionalCaseFiles).
type FileRef struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Bucket string `json:"bucket"`
	URL    string `json:"url"`
}

// FilesSubmission is the body of a files submission.
type FilesSubmission struct {
	Files []FileRef `json:"files"`
}

// The states of a case's file (spec 2 §4, 'Case file lifecycle').
const (
	FileAdded   = "added"   // submitted: 'Added {date}'
	FileSending = "sending" // in the case, any other status: 'Sending'
	FileFailed  = "failed"  // stored, absent from the case: 'Failed to process'
)

// CaseFileEntry is one file of a case as its status block lists it (contracts: CaseFileEntry).
type CaseFileEntry struct {
	Name   string     `json:"name"`
	State  string     `json:"state"`
	Added  *time.Time `json:"added,omitempty"`
	Size   int64      `json:"size,omitempty"`
	Path   string     `json:"path,omitempty"`
	Bucket string     `json:"bucket,omitempty"`
	URL    string     `json:"url,omitempty"`
}

// CaseFileList is a case's files, by name.
type CaseFileList struct {
	Files []CaseFileEntry `json:"files"`
}
