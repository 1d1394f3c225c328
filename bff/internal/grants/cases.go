package grants

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// CaseService submits cases and lists the member's cases (My Forms).
type CaseService struct{ *core }

// Submit checks a submission of form formID against every rule and stores the case in one write
// (spec 2 §3): status unprocessed, submitted now, not new, the uid of the session, the
// skipUnionCheck flag. A broken rule answers field errors and writes nothing.
//
// The same submission again (a double click, a retry, a second tab) makes no second case: the
// case id is a hash of the uid, the form and the checked values, and the store creates a case
// only when its id is free, so the repeat gets the case made the first time (Created false).
// The id is not guessable without the member's uid and every value they sent, and is never
// enough on its own: every read filters by the session's uid.
func (s *CaseService) Submit(ctx context.Context, id portal.Identity, formID string, fields map[string]any) (CaseSubmitted, error) {
	f, err := s.form(formID)
	if err != nil {
		return CaseSubmitted{}, err
	}
	if !f.Grant() {
		// An external-only form takes its answers in its frame, never here.
		return CaseSubmitted{}, apperr.New(apperr.NotFound, msg("formUnknownType"))
	}
	_, unions, err := s.unions(ctx)
	if err != nil {
		return CaseSubmitted{}, err
	}
	choices := make([]choice, 0, len(unions))
	for _, u := range unions {
		choices = append(choices, choice{NetsuiteID: u.NetsuiteID, Name: u.Name})
	}
	values, err := check(f, fields, choices, s.today())
	if err != nil {
		return CaseSubmitted{}, err
	}
	withRecordDates(f, values)
	c := portal.Case{
		ID:             caseID(id.UID, f.ID, values),
		UID:            id.UID,
		FormID:         f.ID,
		DrupalID:       f.DrupalID,
		Title:          f.Title,
		Status:         portal.CaseUnprocessed,
		Submitted:      s.o.Now().UTC(),
		IsNew:          false,
		SkipUnionCheck: true,
		Values:         values,
	}
	stored, created, err := s.cases.CreateCase(ctx, c)
	if err != nil {
		return CaseSubmitted{}, apperr.Wrap(apperr.Unavailable, msg("submitError", "phone", s.o.SupportPhone), err)
	}
	if stored.UID != id.UID {
		// CreateCase never hands back another member's case; should a store break that
		// promise, nothing of it is shown.
		return CaseSubmitted{}, apperr.InternalError(nil)
	}
	forms, err := s.variable(ctx, formsVariable)
	if err != nil {
		// The case is stored; its program link can wait for My Forms.
		forms = &portal.Variable{}
	}
	return CaseSubmitted{
		Case:    summary(stored, programPage(forms, stored.FormID)),
		Message: msg("submittedStatus"),
		Created: created,
	}, nil
}

// Cases lists the member's submitted cases, newest first, each with its status line (spec 2 §2,
// My Forms and the case status block).
func (s *CaseService) Cases(ctx context.Context, id portal.Identity) (CaseList, error) {
	cases, err := s.cases.CasesOf(ctx, id.UID)
	if err != nil {
		return CaseList{}, err
	}
	forms, err := s.variable(ctx, formsVariable)
	if err != nil {
		return CaseList{}, err
	}
	global, err := s.variable(ctx, globalVariable)
	if err != nil {
		return CaseList{}, err
	}
	out := CaseList{Cases: []CaseSummary{}, Intro: formsIntro(global)}
	for _, c := range cases {
		if c.UID != id.UID || c.IsNew {
			continue
		}
		out.Cases = append(out.Cases, summary(c, programPage(forms, c.FormID)))
	}
	// Sorted here, not by the store: the offline Firestore stand-in cannot be trusted to order
	// a filtered query, and a member has few cases.
	slices.SortFunc(out.Cases, func(a, b CaseSummary) int {
		if c := b.Submitted.Compare(a.Submitted); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}

// formsIntro is the editors' introduction to the grant forms, when it has a headline.
func formsIntro(global *portal.Variable) *FormsIntro {
	f := global.Object("forms")
	headline := strings.TrimSpace(f.String("headline"))
	if headline == "" {
		return nil
	}
	text := f.String("intro_text")
	if text == "" {
		text = f.String("introText")
	}
	return &FormsIntro{Headline: headline, Text: portal.RichText(text), Landing: safeLink(f.String("landing"))}
}

// summary is a case as My Forms shows it. The status line shows only while the case has no
// confirmation number: 'Sending' while unprocessed or queued, 'Unknown' otherwise.
func summary(c portal.Case, programPage string) CaseSummary {
	s := CaseSummary{
		ID: c.ID, FormID: c.FormID, Title: c.Title, Status: c.Status, NsID: c.NsID,
		Submitted: c.Submitted.UTC(), ProgramPage: programPage,
	}
	if c.NsID == "" {
		switch c.Status {
		case portal.CaseUnprocessed, portal.CaseQueued:
			s.StatusLine = msg("statusSending")
		default:
			s.StatusLine = msg("statusUnknown")
		}
	}
	return s
}

func programPage(forms *portal.Variable, formID string) string {
	entry, _ := forms.Values[formID].(map[string]any)
	for _, k := range []string{"programPage", "program_page"} {
		if v, ok := entry[k].(string); ok && v != "" {
			return safeLink(v)
		}
	}
	return ""
}

// furloughGrantType is the job loss form's grantType for a furlough (spec 2 §3: 1 Job Loss, 8
// Furlough).
const furloughGrantType = "8"

// withRecordDates adds the dates the case record names apart from the form's own fields (spec 2
// §3, "other case fields named in the record: furlough date"). The job loss form asks for one
// date, the last day at work, whatever the reason; for a furlough that day is the furlough date,
// which the grants team's systems read under a name of its own, so it is stored under both.
func withRecordDates(f Form, values checked) {
	if f.Kind == "job_loss_card" && values["grantType"] == furloughGrantType && values["lastWorkDay"] != nil {
		values["furloughDate"] = values["lastWorkDay"]
	}
}

// caseID is the case's id: a hash of who sent which form with which values. The values are
// checked ones, so spacing or phone punctuation make no second case; json.Marshal writes a map's
// keys sorted, which makes the encoding canonical.
func caseID(uid, formID string, values checked) string {
	data, err := json.Marshal(values)
	if err != nil {
		panic("grants: checked values are always JSON: " + err.Error())
	}
	h := sha256.New()
	h.Write([]byte(uid))
	h.Write([]byte{0})
	h.Write([]byte(formID))
	h.Write([]byte{0})
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil)[:16])
}
