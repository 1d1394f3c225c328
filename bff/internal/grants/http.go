package grants

import (
	"context"

	"regexp"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Forms builds the form document a member fills in (FormService).
type Forms interface {
	Form(ctx context.Context, id portal.Identity, formID string) (FormDocument, error)
}

// CaseDesk submits a member's cases and lists them (CaseService).
type CaseDesk interface {
	Submit(ctx context.Context, id portal.Identity, formID string, fields map[string]any) (CaseSubmitted, error)
	Cases(ctx context.Context, id portal.Identity) (CaseList, error)
}

// Prechecks gives the public job loss pre-check's settings (FormService).
type Prechecks interface {
	Precheck(ctx context.Context) (JobLossPrecheck, error)
}

// MountDeps are the grant forms' HTTP dependencies.
type MountDeps struct {
	Members httpapi.Members
	Forms   Forms
	Cases   CaseDesk
	// Precheck is the job loss pre-check wizard's settings, the one public route here.
	Precheck Prechecks
	// SecureCookies marks the cleared cookie of a dead session Secure, as the account's mount sets it.
	SecureCookies bool
}

// Mount mounts the grant forms, case submission and My Forms, and the job loss pre-check.
// Everything but the pre-check is one member's: never cached, and only with a live session (the
// uid comes from it alone). The pre-check is public and the same for everyone (spec 2 §6).
func Mount(d MountDeps) httpapi.Mount {
	h := grantHandlers{d}
	// A visitor is told the spec's words for a form without a user (spec 2 §8).
	member := httpapi.RequireMemberSaying(d.Members, httpapi.SessionCookies{Secure: d.SecureCookies}, contracts.GrantMessage("noUser"))
	return func(api fiber.Router) {
		api.Get("/forms/:id", httpapi.Private, member, h.form)
		api.Post("/forms/:id/cases", httpapi.Private, member, h.submit)
		api.Get("/cases", httpapi.Private, member, h.cases)
		api.Get("/precheck/job-loss", httpapi.PublicDocument, h.precheck)
	}
}

type grantHandlers struct{ MountDeps }

// formPattern is what a form id looks like: a path segment like a content slug.
var formPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,127}$`)

// formID is the path's form id; one that cannot be in the catalogue is not found before any
// lookup.
func formID(c fiber.Ctx) (string, error) {
	id := c.Params("id")
	if !formPattern.MatchString(id) {
		return "", apperr.PageNotFound(nil)
	}
	return id, nil
}

func (h grantHandlers) form(c fiber.Ctx) error {
	id, err := formID(c)
	if err != nil {
		return err
	}
	doc, err := h.Forms.Form(c.Context(), httpapi.Identity(c), id)
	return httpapi.JSON(c, doc, err)
}

func (h grantHandlers) submit(c fiber.Ctx) error {
	id, err := formID(c)
	if err != nil {
		return err
	}
	var in CaseSubmission
	if err := httpapi.Decode(c, &in); err != nil {
		return err
	}
	if in.Fields == nil {
		in.Fields = map[string]any{}
	}
	out, err := h.Cases.Submit(c.Context(), httpapi.Identity(c), id, in.Fields)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if out.Created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(out)
}

func (h grantHandlers) cases(c fiber.Ctx) error {
	list, err := h.Cases.Cases(c.Context(), httpapi.Identity(c))
	return httpapi.JSON(c, list, err)
}

func (h grantHandlers) precheck(c fiber.Ctx) error {
	doc, err := h.Precheck.Precheck(c.Context())
	return httpapi.JSON(c, doc, err)
}
