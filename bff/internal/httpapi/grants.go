package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// GrantForms builds the form document a member fills in (grants.FormService).
type GrantForms interface {
	Form(ctx context.Context, id portal.Identity, formID string) (portal.FormDocument, error)
}

// GrantCases submits a member's cases and lists them (grants.CaseService).
type GrantCases interface {
	Submit(ctx context.Context, id portal.Identity, formID string, fields map[string]any) (portal.CaseSubmitted, error)
	Cases(ctx context.Context, id portal.Identity) (portal.CaseList, error)
}

// JobLossPrecheck gives the public job loss pre-check's settings (grants.FormService).
type JobLossPrecheck interface {
	Precheck(ctx context.Context) (portal.JobLossPrecheck, error)
}

// GrantsDeps are the grant forms' dependencies.
type GrantsDeps struct {
	Members Members
	Forms   GrantForms
	Cases   GrantCases
	// Precheck is the job loss pre-check wizard's settings, the one public route here.
	Precheck JobLossPrecheck
	// SecureCookies marks the cleared cookie of a dead session Secure, as Accounts sets it.
	SecureCookies bool
}

// Grants mounts the grant forms, case submission and My Forms, and the job loss pre-check.
// Everything but the pre-check is one member's: never cached, and only with a live session (the
// uid comes from it alone). The pre-check is public and the same for everyone (spec 2 §6).
func Grants(d GrantsDeps) Mount {
	h := grantHandlers{d}
	// A visitor is told the spec's words for a form without a user (spec 2 §8).
	member := requireMemberSaying(d.Members, sessionCookies{secure: d.SecureCookies}, contracts.GrantMessage("noUser"))
	return func(api fiber.Router) {
		api.Get("/forms/:id", private, member, h.form)
		api.Post("/forms/:id/cases", private, member, h.submit)
		api.Get("/cases", private, member, h.cases)
		api.Get("/precheck/job-loss", publicDocument, h.precheck)
	}
}

type grantHandlers struct{ GrantsDeps }

// formID is the path's form id; one that cannot be in the catalogue is not found before any
// lookup.
func formID(c fiber.Ctx) (string, error) {
	id := c.Params("id")
	if !slugPattern.MatchString(id) {
		return "", apperr.PageNotFound(nil)
	}
	return id, nil
}

func (h grantHandlers) form(c fiber.Ctx) error {
	id, err := formID(c)
	if err != nil {
		return err
	}
	doc, err := h.Forms.Form(c.Context(), identity(c), id)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

func (h grantHandlers) submit(c fiber.Ctx) error {
	id, err := formID(c)
	if err != nil {
		return err
	}
	var in portal.CaseSubmission
	if err := decode(c, &in); err != nil {
		return err
	}
	if in.Fields == nil {
		in.Fields = map[string]any{}
	}
	out, err := h.Cases.Submit(c.Context(), identity(c), id, in.Fields)
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
	list, err := h.Cases.Cases(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(list)
}

func (h grantHandlers) precheck(c fiber.Ctx) error {
	doc, err := h.Precheck.Precheck(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(doc)
}
