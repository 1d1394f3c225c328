package firestore

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	gfs "cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// casesCollection holds every member's cases, one top-level collection with the owner's uid in
// each record: the grants team's systems read and update unprocessed cases across members with
// one query, and uploads name a case by its id alone. Every read here filters by the uid.
const casesCollection = "cases"

const (
	msgCasesUnavailable = "The case store is unavailable."
	msgCaseNotFound     = "This case was not found."
)

// The attributes a case record keeps beside the form's values; a value never overwrites one.
const (
	caseUID            = "uid"
	caseFormID         = "formId"
	caseDrupalID       = "drupalId"
	caseTitle          = "title"
	caseStatus         = "status"
	caseSubmitted      = "submitted"
	caseIsNew          = "isNew"
	caseNsID           = "nsId"
	caseSkipUnionCheck = "skipUnionCheck"
	caseFiles          = "files"
)

var caseAttributes = []string{
	caseUID, caseFormID, caseDrupalID, caseTitle, caseStatus, caseSubmitted, caseIsNew, caseNsID,
	caseSkipUnionCheck, caseFiles,
}

// Cases implements portal.Cases over the cases collection.
type Cases struct{ conn }

var _ portal.Cases = (*Cases)(nil)

// Cases is the case store on the profile store's connection (Close closes both).
func (p *Profiles) Cases() *Cases { return &Cases{p.conn} }

// CreateCase writes c with Create, which fails when the id is taken, so two submissions of one
// case (two replicas, two tabs) make one record whichever commits first. The loser reads the
// winner's record back.
func (s *Cases) CreateCase(ctx context.Context, c portal.Case) (portal.Case, bool, error) {
	if !validDocID(c.ID) || c.UID == "" {
		return portal.Case{}, false, invalidID(errors.New("firestore: invalid case " + strconv.Quote(c.ID)))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(casesCollection).Doc(c.ID)
	_, err := ref.Create(ctx, caseToDoc(c))
	if err == nil {
		return c, true, nil
	}
	if status.Code(err) != codes.AlreadyExists {
		return portal.Case{}, false, casesUnavailable(err)
	}
	snap, err := ref.Get(ctx)
	if err != nil {
		return portal.Case{}, false, casesUnavailable(err)
	}
	stored := decodeCase(snap.Ref.ID, snap.Data())
	if stored.UID != c.UID {
		// Ids hash the uid, so this takes a collision or a record someone wrote by hand.
		return portal.Case{}, false, apperr.Wrap(apperr.Conflict, msgCasesUnavailable, errors.New("firestore: case id of another member"))
	}
	return stored, false, nil
}

// casesReadMax bounds one member's case list as read: a member has a handful of cases, and no
// read may cost what an account that made thousands would.
const casesReadMax = 500

// CasesOf lists uid's cases with one equality filter and no ordering: the offline stand-in
// (@firestore-emulator/server) filters before nothing and sorts before filtering, and a single
// field filter needs no composite index in production. Callers sort. At most casesReadMax.
func (s *Cases) CasesOf(ctx context.Context, uid string) ([]portal.Case, error) {
	if uid == "" {
		return nil, invalidID(errors.New("firestore: empty uid"))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	snaps, err := s.client.Collection(casesCollection).Where(caseUID, "==", uid).Limit(casesReadMax).Documents(ctx).GetAll()
	if err != nil {
		return nil, casesUnavailable(err)
	}
	out := make([]portal.Case, 0, len(snaps))
	for _, snap := range snaps {
		c := decodeCase(snap.Ref.ID, snap.Data())
		if c.UID == uid { // whatever the store's filter did
			out = append(out, c)
		}
	}
	return out, nil
}

// CaseOf implements portal.Cases: a case that is not uid's is not found, as a missing one.
func (s *Cases) CaseOf(ctx context.Context, uid, id string) (portal.Case, error) {
	if uid == "" || !validDocID(id) {
		return portal.Case{}, apperr.New(apperr.NotFound, msgCaseNotFound)
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	snap, err := s.client.Collection(casesCollection).Doc(id).Get(ctx)
	if status.Code(err) == codes.NotFound {
		return portal.Case{}, apperr.Wrap(apperr.NotFound, msgCaseNotFound, err)
	}
	if err != nil {
		return portal.Case{}, casesUnavailable(err)
	}
	c := decodeCase(snap.Ref.ID, snap.Data())
	if c.UID != uid {
		return portal.Case{}, apperr.New(apperr.NotFound, msgCaseNotFound)
	}
	return c, nil
}

// AddFiles implements portal.Cases in a transaction: it reads the case, checks its owner, adds
// the files it does not have by name, and writes the whole files map back only when it grew.
// (A merge of the one field, not a field-path update per file: file names hold dots, which a
// field path would have to quote, and the offline stand-in's quoting cannot be trusted.)
func (s *Cases) AddFiles(ctx context.Context, uid, id string, files []portal.CaseFile) (portal.Case, error) {
	if uid == "" || !validDocID(id) {
		return portal.Case{}, apperr.New(apperr.NotFound, msgCaseNotFound)
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(casesCollection).Doc(id)
	var out portal.Case
	err := s.client.RunTransaction(ctx, func(_ context.Context, tx *gfs.Transaction) error {
		snap, err := tx.Get(ref)
		if status.Code(err) == codes.NotFound {
			return apperr.Wrap(apperr.NotFound, msgCaseNotFound, err)
		}
		if err != nil {
			return err
		}
		c := decodeCase(snap.Ref.ID, snap.Data())
		if c.UID != uid {
			return apperr.New(apperr.NotFound, msgCaseNotFound)
		}
		grew := false
		for _, f := range files {
			if !slices.ContainsFunc(c.Files, func(g portal.CaseFile) bool { return g.Name == f.Name }) {
				c.Files = append(c.Files, f)
				grew = true
			}
		}
		slices.SortFunc(c.Files, func(a, b portal.CaseFile) int { return strings.Compare(a.Name, b.Name) })
		out = c
		if !grew {
			return nil
		}
		return tx.Set(ref, map[string]any{caseFiles: filesToDoc(c.Files)}, gfs.Merge([]string{caseFiles}))
	})
	if err != nil {
		if e := apperr.From(err); e.Code == apperr.NotFound {
			return portal.Case{}, e
		}
		return portal.Case{}, casesUnavailable(err)
	}
	return out, nil
}

// caseToDoc shapes a case for storage: the form's values at the top level beside the case's own
// attributes, as the grants team's systems read them. Unset optional attributes are left out.
func caseToDoc(c portal.Case) map[string]any {
	m := make(map[string]any, len(c.Values)+len(caseAttributes))
	for k, v := range c.Values {
		if !slices.Contains(caseAttributes, k) {
			m[k] = v
		}
	}
	m[caseUID] = c.UID
	m[caseFormID] = c.FormID
	m[caseDrupalID] = c.DrupalID
	m[caseTitle] = c.Title
	m[caseStatus] = c.Status
	m[caseSubmitted] = c.Submitted.UTC()
	m[caseIsNew] = c.IsNew
	m[caseSkipUnionCheck] = c.SkipUnionCheck
	if c.NsID != "" {
		m[caseNsID] = c.NsID
	}
	if len(c.Files) > 0 {
		m[caseFiles] = filesToDoc(c.Files)
	}
	return m
}

// filesToDoc is a case's files map: keyed by file name (spec 2 §3), each with name, path,
// bucket, url, status and the time added, and the attributes spec 2 §3's server-side file record
// names: filename and title (the name), filemime, filesize and uri (the gs:// address, as url);
// unset attributes are left out.
func filesToDoc(files []portal.CaseFile) map[string]any {
	out := make(map[string]any, len(files))
	for _, f := range files {
		doc := map[string]any{"name": f.Name, "filename": f.Name, "title": f.Name, "status": f.Status}
		for k, v := range map[string]string{"path": f.Path, "bucket": f.Bucket, "url": f.URL, "uri": f.URL, "filemime": f.MIME} {
			if v != "" {
				doc[k] = v
			}
		}
		if f.Size > 0 {
			doc["filesize"] = f.Size
		}
		if f.Added != nil {
			doc["added"] = f.Added.UTC()
		}
		out[f.Name] = doc
	}
	return out
}

// decodeCase reads a case record field by field, like decodeProfile: a record another client
// wrote with an unexpected type still lists, with that field empty.
func decodeCase(id string, m map[string]any) portal.Case {
	c := portal.Case{
		ID:             id,
		UID:            str(m[caseUID]),
		FormID:         str(m[caseFormID]),
		DrupalID:       str(m[caseDrupalID]),
		Title:          str(m[caseTitle]),
		Status:         str(m[caseStatus]),
		IsNew:          boolean(m[caseIsNew]),
		NsID:           str(m[caseNsID]),
		SkipUnionCheck: boolean(m[caseSkipUnionCheck]),
		Values:         map[string]any{},
	}
	if t := timestamp(m[caseSubmitted]); t != nil {
		c.Submitted = t.UTC()
	}
	files, _ := m[caseFiles].(map[string]any)
	for name, v := range files {
		f, _ := v.(map[string]any)
		file := portal.CaseFile{
			Name: str(f["name"]), Path: str(f["path"]), Bucket: str(f["bucket"]), URL: str(f["url"]),
			Status: str(f["status"]), Added: timestamp(f["added"]), MIME: str(f["filemime"]), Size: int64(integer(f["filesize"])),
		}
		if file.Name == "" {
			file.Name = name
		}
		c.Files = append(c.Files, file)
	}
	slices.SortFunc(c.Files, func(a, b portal.CaseFile) int { return strings.Compare(a.Name, b.Name) })
	for k, v := range m {
		if slices.Contains(caseAttributes, k) {
			continue
		}
		switch x := v.(type) {
		case []any:
			c.Values[k] = strs(x)
		case string, bool:
			c.Values[k] = x
		case int64, float64:
			c.Values[k] = str(x)
		}
	}
	return c
}

// validDocID is an id Firestore takes for a document of a collection.
func validDocID(id string) bool {
	return id != "" && id != "." && id != ".." && len(id) <= 1500 && !strings.Contains(id, "/") &&
		(!strings.HasPrefix(id, "__") || !strings.HasSuffix(id, "__"))
}

func casesUnavailable(err error) error {
	return apperr.Wrap(apperr.Unavailable, msgCasesUnavailable, err)
}
