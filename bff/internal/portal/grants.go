package portal

import (
	"context"
	"time"
)

// Case is a hardship grant application (spec 2 §3) as the portal stores it. The core attributes
// are typed; the form's values (the common and per-grant fields, already checked and shaped for
// storage: strings, booleans and lists of strings) are in Values, stored beside them as
// top-level attributes of the case record.
type Case struct {
	ID             string
	UID            string // the member's, from their session only
	FormID         string // the catalogue id (the /form/{id} route segment)
	DrupalID       string // the backend form id
	Title          string
	Status         string // unprocessed when made; the grants team's systems move it on
	Submitted      time.Time
	IsNew          bool
	NsID           string // the confirmation number, once there is one
	SkipUnionCheck bool
	Files          []CaseFile
	Values         map[string]any
}

// Case statuses the portal itself names.
const (
	CaseUnprocessed = "unprocessed"
	CaseQueued      = "queued"
)

// CaseFile is a document submitted to a case (package uploads adds them): where it is stored,
// and the status the grants team's systems move on ('submitted' when the member submits it).
type CaseFile struct {
	Name   string
	Path   string // forms/uploads/{uid}/{caseId}/{name}
	Bucket string
	URL    string // gs://{bucket}/{path}
	Status string
	Added  *time.Time
	MIME   string // the content type it was stored with (the record's filemime)
	Size   int64  // bytes (filesize); 0 when unknown
}

// CaseFileSubmitted is the status of a file the member submitted.
const CaseFileSubmitted = "submitted"

// Cases is where cases live. Implementation: firestore.Cases. No method ever returns or changes
// a case of another member than uid's.
type Cases interface {
	// CreateCase stores c if no case with its id exists, in one write that fails when the id is
	// taken. created is false when the case was already there: the stored one is returned (when
	// it is c.UID's; another member's case under the id is a Conflict).
	CreateCase(ctx context.Context, c Case) (stored Case, created bool, err error)
	// CasesOf lists the member's cases, in no particular order.
	CasesOf(ctx context.Context, uid string) ([]Case, error)
	// CaseOf is uid's case id; apperr.NotFound when there is none or it is another member's (the
	// same answer, so a guess learns nothing).
	CaseOf(ctx context.Context, uid, id string) (Case, error)
	// AddFiles adds files to uid's case id in one transaction, keeping a file the case already
	// has by that name as it is, and returns the case after it. Nothing is written when every
	// file is already there.
	AddFiles(ctx context.Context, uid, id string, files []CaseFile) (Case, error)
}
