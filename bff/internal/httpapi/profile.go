package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Profiles reads and saves the member's profile and interests and lists their benefits
// (account.ProfileService).
type Profiles interface {
	Profile(ctx context.Context, id portal.Identity) (portal.ProfileDocument, error)
	SaveProfile(ctx context.Context, id portal.Identity, in portal.ProfileFields) (portal.ProfileDocument, error)
	SaveInterests(ctx context.Context, id portal.Identity, in portal.InterestsUpdate) (portal.ProfileDocument, error)
	MyBenefits(ctx context.Context, id portal.Identity) (*portal.BenefitGroups, error)
}

type profileHandlers struct{ profiles Profiles }

func (h profileHandlers) getProfile(c fiber.Ctx) error {
	return answerJSON(c)(h.profiles.Profile(c.Context(), identity(c)))
}

func (h profileHandlers) saveProfile(c fiber.Ctx) error {
	var in portal.ProfileFields
	if err := decode(c, &in); err != nil {
		return err
	}
	return answerJSON(c)(h.profiles.SaveProfile(c.Context(), identity(c), in))
}

func (h profileHandlers) saveInterests(c fiber.Ctx) error {
	var in portal.InterestsUpdate
	if err := decode(c, &in); err != nil {
		return err
	}
	return answerJSON(c)(h.profiles.SaveInterests(c.Context(), identity(c), in))
}

func (h profileHandlers) myBenefits(c fiber.Ctx) error {
	groups, err := h.profiles.MyBenefits(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(groups)
}

// answerJSON sends a service's document, or its error.
func answerJSON(c fiber.Ctx) func(doc portal.ProfileDocument, err error) error {
	return func(doc portal.ProfileDocument, err error) error {
		if err != nil {
			return err
		}
		return c.JSON(doc)
	}
}
