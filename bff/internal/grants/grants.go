// Package grants is the hardship grant applications' logic (spec 2): the form catalogue, the
// rules of every grant form (contracts/grants.json words them), the form document a member fills
// in, the submission of a case and the member's list of cases (My Forms). It is the authority for
// every rule, whatever a browser sends; the uid it acts for always comes from a verified session,
// never from a request's body or URL, and it never reads or writes another member's case.
package grants

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The site variables the forms read their texts from.
const (
	formsVariable  = "union_structure_application_forms"
	globalVariable = "union_structure_global"
)

// Options configures the grant services.
type Options struct {
	ProductName  string // {product} in form ids, as a slug
	SupportPhone string // quoted when a case cannot be stored
	// ExternalFormURL is the frame source of an external-only form, with {id} for its external
	// form id (EXTERNAL_FORM_URL).
	ExternalFormURL string
	// FilesURL is where browsers fetch CMS files (CMS_PUBLIC_URL): the pre-check's PDF, a site
	// path in the CMS, is made absolute on it.
	FilesURL string
	Logger   *slog.Logger
	Now      func() time.Time // for tests
}

// Services are the grant services: the form a member fills in, and their cases.
type Services struct {
	Forms *FormService
	Cases *CaseService
}

// New returns the grant services over the profile store (for the prefill), the case store and
// the CMS (unions and the forms' texts).
func New(profiles portal.Profiles, cases portal.Cases, content portal.Content, o Options) Services {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	c := &core{profiles: profiles, cases: cases, content: content, catalogue: NewCatalogue(o.ProductName), o: o}
	return Services{Forms: &FormService{c}, Cases: &CaseService{c}}
}

// core is what the services share: the upstreams, the catalogue and the lookups both make.
type core struct {
	profiles  portal.Profiles
	cases     portal.Cases
	content   portal.Content
	catalogue Catalogue
	o         Options
}

// form is the catalogue's form with id: '404 not found.' when there is none, 'Unknown form type'
// when it has neither a backend nor an external form id (spec 2 §2).
func (s *core) form(id string) (Form, error) {
	f, ok := s.catalogue.Find(id)
	if !ok {
		return Form{}, apperr.PageNotFound(nil)
	}
	if !f.Grant() && !f.External() {
		return Form{}, apperr.New(apperr.NotFound, msg("formUnknownType"))
	}
	return f, nil
}

// today is the date rules count from, as a UTC midnight.
func (s *core) today() time.Time {
	y, m, d := s.o.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// unions are every union and, among them, the choices: the unions a case may name, those with
// a netsuite id whose form is not hidden, by weight (spec 2 §2).
func (s *core) unions(ctx context.Context) (all, choices portal.Unions, err error) {
	all, err = s.content.Unions(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, u := range all {
		if u.NetsuiteID != "" && !u.HideForm {
			choices = append(choices, u)
		}
	}
	return all, choices, nil
}

// texts are a form's texts: its record of union_structure_application_forms and the global
// disclaimer. A variable the CMS does not have leaves its texts out; the form still works.
func (s *core) texts(ctx context.Context, formID string) (FormTexts, error) {
	var t FormTexts
	forms, err := s.variable(ctx, formsVariable)
	if err != nil {
		return t, err
	}
	entry, _ := forms.Values[formID].(map[string]any)
	get := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := entry[k].(string); ok && strings.TrimSpace(v) != "" {
				return v
			}
		}
		return ""
	}
	// The spec names the fields introText, ...; the CMS writes attributes in snake_case.
	t.Intro = portal.RichText(get("introText", "intro_text"))
	t.Concluding = portal.RichText(get("concludingText", "concluding_text"))
	t.StatusText = portal.RichText(get("statusText", "status_text"))
	t.ProgramPage = safeLink(get("programPage", "program_page"))
	global, err := s.variable(ctx, globalVariable)
	if err != nil {
		return t, err
	}
	t.Disclaimer = portal.RichText(global.String("disclaimer"))
	return t, nil
}

func (s *core) variable(ctx context.Context, name string) (*portal.Variable, error) {
	v, err := s.content.Variable(ctx, name)
	if apperr.Is(err, apperr.NotFound) {
		s.o.Logger.WarnContext(ctx, "site variable missing", slog.String("variable", name))
		return &portal.Variable{Name: name, Values: map[string]any{}}, nil
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// safeLink keeps a site path or an http(s) URL; anything else (javascript:, ...) is dropped.
func safeLink(v string) string {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		return v
	}
	if u, err := url.Parse(v); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
		return v
	}
	return ""
}
