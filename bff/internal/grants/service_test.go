package grants

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// fakeContent is the CMS as the grants read it: unions and two variables.
type fakeContent struct {
	portal.Content
	unions    portal.Unions
	variables map[string]map[string]any
}

func (f fakeContent) Unions(context.Context) (portal.Unions, error) { return f.unions, nil }

func (f fakeContent) Variable(_ context.Context, name string) (*portal.Variable, error) {
	v, ok := f.variables[name]
	if !ok {
		return nil, apperr.PageNotFound(nil)
	}
	return &portal.Variable{Name: name, Values: v}, nil
}

var now = time.Date(2026, 11, 21, 15, 30, 0, 0, time.UTC)

type fixture struct {
	services Services
	profiles *accounttest.Profiles
	cases    *grantstest.Cases
	member   portal.Identity
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	content := fakeContent{
		unions: portal.Unions{
			{ID: "37", Name: "Communications Workers of America", ShortName: "CWA", NetsuiteID: "10237"},
			{ID: "90", Name: "Hidden Union", NetsuiteID: "10290", HideForm: true},
			{ID: "91", Name: "Union Without Netsuite"},
			{ID: "61", Name: "United Auto Workers", NetsuiteID: "10261"},
		},
		variables: map[string]map[string]any{
			formsVariable: {
				"hospital-grant": map[string]any{
					"intro_text":      `<p onclick="x()">Hospital help.</p><script>alert(1)</script>`,
					"concluding_text": "<p>Attach your records.</p>",
					"program_page":    "/benefits/hardship-grants",
					"status_text":     "<p>Received.</p>",
				},
				"strike-grant-credit-cardholders": map[string]any{"programPage": "javascript:alert(1)", "introText": "<p>Strike.</p>"},
			},
			globalVariable: {"disclaimer": "<p>Grants are not loans.</p>", "forms": map[string]any{
				"headline": "Hardship help forms", "intro_text": `<p onclick="x()">Choose the grant that fits.</p>`, "landing": "/hardship-help",
			}},
		},
	}
	profiles, cases := accounttest.NewProfiles(), grantstest.NewCases()
	member := portal.Identity{UID: "member-a", Email: "maria@example.com"}
	profiles.Put(member.UID, portal.Profile{
		FirstName: "Maria", LastName: "Lopez", Email: "maria@example.com", MobilePhone: "5105550142", MobileOpt: true,
		Union: "Communications Workers of America", UnionLocal: "9415",
		Home: portal.Address{Address1: "1450 Broadway", Address2: "Apt 5", City: "Oakland", State: "home_CA", Zip: "94612", Country: "us"},
	})
	s := New(profiles, cases, content, Options{
		ProductName: "Union Benefits", SupportPhone: "800-472-2005",
		ExternalFormURL: "https://forms.example.org/embed/{id}/?embed=1",
		Now:             func() time.Time { return now },
	})
	return fixture{services: s, profiles: profiles, cases: cases, member: member}
}

func TestFormDocument(t *testing.T) {
	fx := newFixture(t)
	doc, err := fx.services.Forms.Form(context.Background(), fx.member, "hospital-grant")
	if err != nil {
		t.Fatal(err)
	}
	if doc.Type != "grant" || doc.Kind != "hospital" || doc.UnionLocalRequired || doc.External != nil || doc.Title != "Hospital Grant" {
		t.Errorf("form %+v", doc)
	}
	want := map[string]any{
		"firstName": "Maria", "lastName": "Lopez", "email": "maria@example.com", "confirmEmail": "maria@example.com",
		"street": "1450 Broadway", "street2": "Apt 5", "city": "Oakland", "state": "CA", "zip": "94612",
		"mobilePhone": "5105550142", "optInTexts": true, "union": "10237", "unionLocal": "9415",
	}
	if !reflect.DeepEqual(doc.Prefill, want) {
		t.Errorf("prefill %v\nwant    %v", doc.Prefill, want)
	}
	wantUnions := []FormUnion{{ID: "10237", Label: "Communications Workers of America (CWA)"}, {ID: "10261", Label: "United Auto Workers"}}
	if !reflect.DeepEqual(doc.Unions, wantUnions) {
		t.Errorf("unions %v: only those with a netsuite id and a visible form", doc.Unions)
	}
	if doc.Texts.Intro.String() != "<p>Hospital help.</p>" || doc.Texts.Concluding.String() != "<p>Attach your records.</p>" ||
		doc.Texts.ProgramPage != "/benefits/hardship-grants" || doc.Texts.StatusText.String() != "<p>Received.</p>" ||
		doc.Texts.Disclaimer.String() != "<p>Grants are not loans.</p>" {
		t.Errorf("texts %+v", doc.Texts)
	}
	if doc.AlreadySubmitted != nil {
		t.Errorf("nothing submitted yet: %+v", doc.AlreadySubmitted)
	}

	strike, _ := fx.services.Forms.Form(context.Background(), fx.member, "strike-grant-credit-cardholders")
	if strike.Texts.ProgramPage != "" || strike.Texts.Intro.String() != "<p>Strike.</p>" || strike.Texts.Concluding.String() != "" {
		t.Errorf("camelCase keys read, unsafe links dropped, missing texts absent: %+v", strike.Texts)
	}
	other, _ := fx.services.Forms.Form(context.Background(), fx.member, "mortgage-assistance")
	if other.Texts.Intro.String() != "" || other.Texts.Disclaimer.String() == "" || !other.UnionLocalRequired {
		t.Errorf("a form without a record: %+v", other)
	}
}

func TestFormForAMemberWithoutProfile(t *testing.T) {
	fx := newFixture(t)
	doc, err := fx.services.Forms.Form(context.Background(), portal.Identity{UID: "new", Email: "new@example.com"}, "hospital-grant")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(doc.Prefill, map[string]any{"email": "new@example.com", "confirmEmail": "new@example.com"}) {
		t.Errorf("prefill %v", doc.Prefill)
	}
}

func TestAlreadySubmitted(t *testing.T) {
	fx := newFixture(t)
	day := 24 * time.Hour
	for _, c := range []portal.Case{
		{ID: "old", UID: "member-a", FormID: "hospital-grant", Status: "submitted", Submitted: now.Add(-366 * day)},
		{ID: "hit", UID: "member-a", FormID: "hospital-grant", Status: "unprocessed", Submitted: now.Add(-100 * day)},
		{ID: "draft", UID: "member-a", FormID: "hospital-grant", IsNew: true, Submitted: now.Add(-5 * day)},
		{ID: "other-form", UID: "member-a", FormID: "disability-grant", Submitted: now.Add(-5 * day)},
		{ID: "other-member", UID: "member-b", FormID: "hospital-grant", Submitted: now.Add(-1 * day)},
	} {
		fx.cases.Put(c)
	}
	// The job loss card form's route id holds the product's name: a case made before the product was
	// renamed still counts, by the backend form id.
	fx.cases.Put(portal.Case{ID: "renamed", UID: "member-a", FormID: "job-loss-grant-form-old-brand-credit-cardholders",
		DrupalID: "job_loss_grant_credit_cardholders", Status: "unprocessed", Submitted: now.Add(-10 * day)})
	doc, err := fx.services.Forms.Form(context.Background(), fx.member, "job-loss-grant-form-union-benefits-credit-cardholders")
	if err != nil || doc.AlreadySubmitted == nil || doc.AlreadySubmitted.CaseID != "renamed" {
		t.Fatalf("a case from before a product rename: %+v %v", doc.AlreadySubmitted, err)
	}
	doc, err = fx.services.Forms.Form(context.Background(), fx.member, "hospital-grant")
	if err != nil {
		t.Fatal(err)
	}
	if doc.AlreadySubmitted == nil || doc.AlreadySubmitted.CaseID != "hit" || !doc.AlreadySubmitted.Submitted.Equal(now.Add(-100*day)) {
		t.Fatalf("already submitted %+v", doc.AlreadySubmitted)
	}
	doc, _ = fx.services.Forms.Form(context.Background(), fx.member, "strike-grant-personal-loan")
	if doc.AlreadySubmitted != nil {
		t.Errorf("another form's case counts: %+v", doc.AlreadySubmitted)
	}
	doc, _ = fx.services.Forms.Form(context.Background(), portal.Identity{UID: "member-b"}, "disability-grant")
	if doc.AlreadySubmitted != nil {
		t.Errorf("another member's case counts: %+v", doc.AlreadySubmitted)
	}
}

func TestExternalForm(t *testing.T) {
	fx := newFixture(t)
	doc, err := fx.services.Forms.Form(context.Background(), fx.member, "smartphone-rebate-form")
	if err != nil {
		t.Fatal(err)
	}
	want := &ExternalForm{URL: "https://forms.example.org/embed/smartphone-rebate/?embed=1&union=Communications+Workers+of+America", Height: 1415, Width: 800}
	if doc.Type != "external" || doc.Kind != "" || !reflect.DeepEqual(doc.External, want) {
		t.Errorf("external %+v %+v", doc, doc.External)
	}
	doc, _ = fx.services.Forms.Form(context.Background(), portal.Identity{UID: "nobody"}, "free-material-request-form")
	if doc.External == nil || doc.External.URL != "https://forms.example.org/embed/free-material-request/?embed=1" || doc.External.Height != 2035 {
		t.Errorf("without a union: %+v", doc.External)
	}
	if got := frameURL("https://f.example.org/{id}", "a b", &portal.Union{Name: "A&B Union"}); got != "https://f.example.org/a%20b?union=A%26B+Union" {
		t.Errorf("frame url %q", got)
	}
}

func TestUnknownForms(t *testing.T) {
	fx := newFixture(t)
	_, err := fx.services.Forms.Form(context.Background(), fx.member, "no-such-form")
	if e := apperr.From(err); e.Code != apperr.NotFound || e.Message != "404 not found." {
		t.Errorf("unknown id: %v", err)
	}
	_, err = fx.services.Cases.Submit(context.Background(), fx.member, "no-such-form", valid("hospital"))
	if e := apperr.From(err); e.Code != apperr.NotFound || e.Message != "404 not found." {
		t.Errorf("submit to an unknown id: %v", err)
	}
	_, err = fx.services.Cases.Submit(context.Background(), fx.member, "smartphone-rebate-form", valid("hospital"))
	if e := apperr.From(err); e.Code != apperr.NotFound || e.Message != "Unknown form type" {
		t.Errorf("submit to an external form: %v", err)
	}
	// An entry with neither a backend nor an external form id.
	fx.services.Forms.catalogue = Catalogue{forms: []Form{{ID: "typeless", Title: "Typeless"}}}
	_, err = fx.services.Forms.Form(context.Background(), fx.member, "typeless")
	if e := apperr.From(err); e.Code != apperr.NotFound || e.Message != "Unknown form type" {
		t.Errorf("typeless form: %v", err)
	}
	if len(fx.cases.All()) != 0 {
		t.Error("a refused submission wrote a case")
	}
}

func TestSubmit(t *testing.T) {
	fx := newFixture(t)
	ctx := context.Background()
	in := valid("job_loss_card")
	in["union"] = "10261"
	out, err := fx.services.Cases.Submit(ctx, fx.member, "job-loss-grant-form-union-benefits-credit-cardholders", in)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Created || out.Message != "Form submitted successfully." || out.Case.Status != "unprocessed" || out.Case.StatusLine != "Sending" ||
		out.Case.FormID != "job-loss-grant-form-union-benefits-credit-cardholders" || !out.Case.Submitted.Equal(now) {
		t.Errorf("submitted %+v", out)
	}
	stored := fx.cases.All()
	if len(stored) != 1 {
		t.Fatalf("%d cases stored", len(stored))
	}
	c := stored[0]
	if c.UID != "member-a" || c.DrupalID != "job_loss_grant_credit_cardholders" || c.Title != "Job Loss and Furlough Grant for Credit Cardholders" ||
		c.Status != "unprocessed" || c.IsNew || !c.SkipUnionCheck || !c.Submitted.Equal(now) || c.ID != out.Case.ID {
		t.Errorf("case %+v", c)
	}
	for k, v := range map[string]any{"union": "10261", "unionName": "United Auto Workers", "state": "5", "stateCode": "CA",
		"grantType": "8", "programParticipation": []string{"7"}, "mobilePhone": "5105550142", "terms": true} {
		if !reflect.DeepEqual(c.Values[k], v) {
			t.Errorf("%s = %v, want %v", k, c.Values[k], v)
		}
	}
	// A furlough's last day at work is the record's furlough date too (spec 2 §3).
	if c.Values["furloughDate"] == nil || c.Values["furloughDate"] != c.Values["lastWorkDay"] {
		t.Errorf("furloughDate = %v, want the last day at work %v", c.Values["furloughDate"], c.Values["lastWorkDay"])
	}
	for _, k := range []string{"confirmEmail", "phone", "optInTexts"} {
		if _, ok := c.Values[k]; ok {
			t.Errorf("%s stored", k)
		}
	}

	// The same again, spaced differently: the same case, no second write.
	in["firstName"] = "  Maria"
	again, err := fx.services.Cases.Submit(ctx, fx.member, "job-loss-grant-form-union-benefits-credit-cardholders", in)
	if err != nil || again.Created || again.Case.ID != out.Case.ID || fx.cases.Writes != 1 {
		t.Fatalf("repeat: %+v %v, %d writes", again, err, fx.cases.Writes)
	}

	// A broken rule writes nothing.
	in["creditCardNumber"] = "12"
	if _, err := fx.services.Cases.Submit(ctx, fx.member, "job-loss-grant-form-union-benefits-credit-cardholders", in); apperr.From(err).Code != apperr.Invalid {
		t.Fatalf("invalid: %v", err)
	}
	// A union hidden from forms, or without a netsuite id, is unknown.
	in = valid("hospital")
	in["union"] = "10290"
	_, err = fx.services.Cases.Submit(ctx, fx.member, "hospital-grant", in)
	if e := apperr.From(err); len(e.Fields) != 1 || e.Fields[0].Message != "Unknown union 10290" {
		t.Errorf("hidden union: %v", err)
	}
	if fx.cases.Writes != 1 {
		t.Errorf("%d writes", fx.cases.Writes)
	}
}

// Only a furlough has a furlough date: a job loss for another reason stores none.
func TestSubmitAJobLossHasNoFurloughDate(t *testing.T) {
	fx := newFixture(t)
	in := valid("job_loss_card")
	in["grantType"] = "1"
	if _, err := fx.services.Cases.Submit(context.Background(), fx.member, "job-loss-grant-form-union-benefits-credit-cardholders", in); err != nil {
		t.Fatal(err)
	}
	c := fx.cases.All()[0]
	if _, ok := c.Values["furloughDate"]; ok || c.Values["lastWorkDay"] == nil {
		t.Errorf("a job loss stored furloughDate %v (lastWorkDay %v)", c.Values["furloughDate"], c.Values["lastWorkDay"])
	}
}

func TestSubmitWhenTheStoreFails(t *testing.T) {
	fx := newFixture(t)
	fx.cases.Fail = true
	_, err := fx.services.Cases.Submit(context.Background(), fx.member, "hospital-grant", valid("hospital"))
	if e := apperr.From(err); e.Code != apperr.Unavailable || e.Message != "Your form could not be submitted. Please try again, or call 800-472-2005." {
		t.Fatalf("store down: %v", err)
	}
}

func TestMyForms(t *testing.T) {
	fx := newFixture(t)
	day := 24 * time.Hour
	for _, c := range []portal.Case{
		{ID: "a", UID: "member-a", FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: now.Add(-3 * day)},
		{ID: "b", UID: "member-a", FormID: "disability-grant", Title: "Disability Grant", Status: "queued", Submitted: now.Add(-1 * day)},
		{ID: "c", UID: "member-a", FormID: "strike-grant-personal-loan", Title: "Strike", Status: "submitted", NsID: "CASE-1", Submitted: now.Add(-2 * day)},
		{ID: "d", UID: "member-a", FormID: "mortgage-assistance", Title: "Mortgage", Status: "on hold", Submitted: now.Add(-4 * day)},
		{ID: "e", UID: "member-a", FormID: "mortgage-assistance", IsNew: true, Submitted: now},
		{ID: "f", UID: "member-b", FormID: "hospital-grant", Status: "unprocessed", Submitted: now},
	} {
		fx.cases.Put(c)
	}
	list, err := fx.services.Cases.Cases(context.Background(), fx.member)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range list.Cases {
		got = append(got, c.ID+":"+c.StatusLine)
	}
	if want := []string{"b:Sending", "c:", "a:Sending", "d:Unknown"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("cases %v, want %v (newest first, no drafts, no one else's)", got, want)
	}
	a := list.Cases[2]
	if a.ProgramPage != "/benefits/hardship-grants" {
		t.Errorf("case a %+v", a)
	}
	if list.Cases[1].NsID != "CASE-1" {
		t.Errorf("confirmation number %+v", list.Cases[1])
	}
	none, _ := fx.services.Cases.Cases(context.Background(), portal.Identity{UID: "member-c"})
	if none.Cases == nil || len(none.Cases) != 0 {
		t.Errorf("no cases: %+v (an empty list, never null)", none)
	}
	if strings.Contains(strings.Join(got, ","), "f:") {
		t.Error("another member's case listed")
	}
	// The editors' introduction to the forms (union_structure_global's forms), sanitised.
	if in := list.Intro; in == nil || in.Headline != "Hardship help forms" || in.Text.String() != "<p>Choose the grant that fits.</p>" || in.Landing != "/hardship-help" {
		t.Errorf("forms intro %+v", list.Intro)
	}
}
