package grants

import (
	"context"
	"net/url"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// FormService builds the form document a member fills in (spec 2 §2, form page).
type FormService struct{ *core }

// Form is form formID for the member: texts, union choices, a new case prefilled from their
// profile, the frame of an external-only form, and the notice when they already submitted it
// within the past year.
func (s *FormService) Form(ctx context.Context, id portal.Identity, formID string) (FormDocument, error) {
	f, err := s.form(formID)
	if err != nil {
		return FormDocument{}, err
	}
	var (
		texts   FormTexts
		all     portal.Unions
		unions  portal.Unions
		profile portal.Profile
		cases   []portal.Case
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { texts, err = s.texts(gctx, f.ID); return })
	g.Go(func() (err error) { all, unions, err = s.unions(gctx); return })
	g.Go(func() (err error) { profile, err = s.profile(gctx, id); return })
	if f.Grant() {
		g.Go(func() (err error) { cases, err = s.cases.CasesOf(gctx, id.UID); return })
	}
	if err := g.Wait(); err != nil {
		return FormDocument{}, err
	}
	// The member's union names the frame's union even when cases may not name it.
	union := all.Find(profile.Union)
	var choice *portal.Union
	if union != nil && unions.Find(union.ID) != nil {
		choice = union
	}
	doc := FormDocument{
		ID:                 f.ID,
		Title:              f.Title,
		Type:               "grant",
		SupportPhone:       s.o.SupportPhone,
		Kind:               f.Kind,
		UnionLocalRequired: f.UnionLocalRequired,
		Texts:              texts,
		Prefill:            prefill(profile, choice),
		Unions:             make([]FormUnion, 0, len(unions)),
		AlreadySubmitted:   alreadySubmitted(cases, f, s.o.Now()),
	}
	for _, u := range unions {
		doc.Unions = append(doc.Unions, FormUnion{ID: u.NetsuiteID, Label: u.Label()})
	}
	if f.External() {
		doc.Type, doc.Kind = "external", ""
		doc.External = &ExternalForm{
			URL:    frameURL(s.o.ExternalFormURL, f.WufooID, union),
			Height: f.Height,
			Width:  theRules.Limits.ExternalFrameWidth,
		}
	}
	return doc, nil
}

// profile is the member's profile; one not yet made (signed up elsewhere) prefills nothing but
// the email.
func (s *FormService) profile(ctx context.Context, id portal.Identity) (portal.Profile, error) {
	p, err := s.profiles.Profile(ctx, id.UID)
	if apperr.Is(err, apperr.NotFound) {
		return portal.Profile{Email: id.Email}, nil
	}
	return p, err
}

// prefill is a new case's values from the profile (spec 2 §2): name, email (twice), address with
// the state's code, phones, the union as its netsuite id (when it is one a case may name) and
// the union local. Empty values are left out.
func prefill(p portal.Profile, union *portal.Union) map[string]any {
	out := map[string]any{}
	set := func(name, v string) {
		if v = strings.TrimSpace(v); v != "" {
			out[name] = v
		}
	}
	set("firstName", p.FirstName)
	set("lastName", p.LastName)
	set("email", p.Email)
	set("confirmEmail", p.Email)
	set("street", p.Home.Address1)
	set("street2", p.Home.Address2)
	set("city", p.Home.City)
	set("state", stateCode(p.Home.State))
	set("zip", p.Home.Zip)
	set("mobilePhone", p.MobilePhone)
	if p.MobileOpt && p.MobilePhone != "" {
		out["optInTexts"] = true
	}
	if union != nil {
		set("union", union.NetsuiteID)
	}
	set("unionLocal", p.UnionLocal)
	return out
}

// alreadySubmitted is the member's latest non-new case of the form from within the past
// alreadySubmittedDays, if any. A case is of the form by its route id or by the backend form id:
// the job loss card form's route id holds the product's name, so a renamed product gives it a new
// route id while its cases, made under the old one, still count.
func alreadySubmitted(cases []portal.Case, f Form, now time.Time) *AlreadySubmitted {
	since := now.AddDate(0, 0, -theRules.Limits.AlreadySubmittedDays)
	var latest *portal.Case
	for i, c := range cases {
		ofForm := c.FormID == f.ID || (f.DrupalID != "" && c.DrupalID == f.DrupalID)
		if !ofForm || c.IsNew || c.Submitted.Before(since) || c.Submitted.After(now) {
			continue
		}
		if latest == nil || c.Submitted.After(latest.Submitted) {
			latest = &cases[i]
		}
	}
	if latest == nil {
		return nil
	}
	return &AlreadySubmitted{CaseID: latest.ID, Submitted: latest.Submitted.UTC()}
}

// frameURL is an external form's frame source: the template with the external id, and
// &union={urlencoded union name} when the member has a union.
func frameURL(template, wufooID string, union *portal.Union) string {
	u := strings.ReplaceAll(template, "{id}", url.PathEscape(wufooID))
	if union == nil {
		return u
	}
	sep := "&"
	if !strings.Contains(u, "?") {
		sep = "?"
	}
	return u + sep + "union=" + url.QueryEscape(union.Name)
}
