package uploads

import "time"

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
