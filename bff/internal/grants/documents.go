package grants

import (
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// FormDocument is a grant form for a member (contracts: FormDocument).
type FormDocument struct {
	ID                 string            `json:"id"`
	Title              string            `json:"title"`
	Type               string            `json:"type"` // grant or external
	Kind               string            `json:"kind,omitempty"`
	UnionLocalRequired bool              `json:"unionLocalRequired"`
	External           *ExternalForm     `json:"external,omitempty"`
	Texts              FormTexts         `json:"texts"`
	Prefill            map[string]any    `json:"prefill"`
	Unions             []FormUnion       `json:"unions"`
	AlreadySubmitted   *AlreadySubmitted `json:"alreadySubmitted,omitempty"`
	// SupportPhone is the configured support line, quoted when a submission cannot reach us.
	SupportPhone string `json:"supportPhone"`
}

// ExternalForm is an external-only form's frame.
type ExternalForm struct {
	URL    string `json:"url"`
	Height int    `json:"height"`
	Width  int    `json:"width"`
}

// FormTexts are a form's texts from the site variables; HTML is sanitised.
type FormTexts struct {
	Intro       portal.HTML `json:"intro,omitzero"`
	Concluding  portal.HTML `json:"concluding,omitzero"`
	ProgramPage string      `json:"programPage,omitempty"`
	StatusText  portal.HTML `json:"statusText,omitzero"`
	Disclaimer  portal.HTML `json:"disclaimer,omitzero"`
}

// FormUnion is a union a case may name: its netsuite id and label.
type FormUnion struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// AlreadySubmitted names the member's latest case of a form within the past year.
type AlreadySubmitted struct {
	CaseID    string    `json:"caseId"`
	Submitted time.Time `json:"submitted"`
}

// CaseSubmission is the body of a case submission: the form's values by field name.
type CaseSubmission struct {
	Fields map[string]any `json:"fields"`
}

// CaseSubmitted answers a submission.
type CaseSubmitted struct {
	Case    CaseSummary `json:"case"`
	Message string      `json:"message"`
	// Created is false when the same submission had already made the case.
	Created bool `json:"-"`
}

// CaseSummary is a case as My Forms lists it.
type CaseSummary struct {
	ID          string    `json:"id"`
	FormID      string    `json:"formId"`
	Title       string    `json:"title"`
	Status      string    `json:"status"`
	StatusLine  string    `json:"statusLine,omitempty"`
	NsID        string    `json:"nsId,omitempty"`
	Submitted   time.Time `json:"submitted"`
	ProgramPage string    `json:"programPage,omitempty"`
}

// CaseList is My Forms.
type CaseList struct {
	Cases []CaseSummary `json:"cases"`
	// Intro is the editors' introduction to the grant forms (union_structure_global's forms):
	// its headline, words and the page that lists the forms; absent when they wrote none.
	Intro *FormsIntro `json:"intro,omitempty"`
}

// FormsIntro is union_structure_global's forms.
type FormsIntro struct {
	Headline string      `json:"headline"`
	Text     portal.HTML `json:"text,omitzero"`
	Landing  string      `json:"landing,omitempty"` // a site path or http(s) URL
}

// JobLossPrecheck is what the public job loss pre-check wizard shows (spec 2 §2, §4; contracts:
// JobLossPrecheck): the product of its card question, the support line, the form its final
// Continue opens and the supporting-documentation PDF. The wizard's day rules and words are in
// contracts/grants.json's precheck.
type JobLossPrecheck struct {
	ProductName  string `json:"productName"`
	SupportPhone string `json:"supportPhone"`
	FormID       string `json:"formId"`
	DocumentsURL string `json:"documentsUrl,omitempty"`
}
