package httpapi

import (
	"context"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Favorites lists and changes the member's favorites (account.FavoriteService).
type Favorites interface {
	Favorites(ctx context.Context, id portal.Identity) (portal.Favorites, error)
	SetFavorite(ctx context.Context, id portal.Identity, favorite string, on bool) (portal.Favorites, error)
}

type favoriteHandlers struct{ favorites Favorites }

func (h favoriteHandlers) getFavorites(c fiber.Ctx) error {
	favorites, err := h.favorites.Favorites(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(favorites)
}

func (h favoriteHandlers) addFavorite(c fiber.Ctx) error    { return h.setFavorite(c, true) }
func (h favoriteHandlers) removeFavorite(c fiber.Ctx) error { return h.setFavorite(c, false) }

func (h favoriteHandlers) setFavorite(c fiber.Ctx, on bool) error {
	// Browsers encode the colon of "benefit:1180"; Fiber hands path parameters on undecoded.
	id, err := url.PathUnescape(c.Params("id"))
	if err != nil || portal.FavoriteKind(id) == "" {
		return apperr.Field("id", "This is not a favorite id.")
	}
	favorites, err := h.favorites.SetFavorite(c.Context(), identity(c), id, on)
	if err != nil {
		return err
	}
	return c.JSON(favorites)
}
