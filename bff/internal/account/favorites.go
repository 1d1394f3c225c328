package account

import (
	"context"
	"log/slog"
	"slices"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// FavoriteService lists and changes the member's favorite benefits and products.
type FavoriteService struct{ *core }

// Favorites lists the member's favorites with a card for each that still exists.
func (s *FavoriteService) Favorites(ctx context.Context, id portal.Identity) (Favorites, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return Favorites{}, err
	}
	return s.favorites(ctx, p.Union, p.Favorites)
}

// SetFavorite adds (on) or removes a favorite. Only a benefit or product that exists for the
// member may be added; any id may be removed, so stale ones can always go.
func (s *FavoriteService) SetFavorite(ctx context.Context, id portal.Identity, favorite string, on bool) (Favorites, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return Favorites{}, apperr.Wrap(apperr.Unavailable, msg("favoritesError"), err)
	}
	if on {
		items, err := s.items(ctx, p.Union, []string{favorite})
		if err != nil {
			return Favorites{}, err
		}
		if len(items) == 0 {
			return Favorites{}, apperr.New(apperr.NotFound, "This benefit or product no longer exists.")
		}
	}
	ids, err := s.profiles.SetFavorite(ctx, id.UID, favorite, on)
	if err != nil {
		return Favorites{}, apperr.Wrap(apperr.Unavailable, msg("favoritesError"), err)
	}
	return s.favorites(ctx, p.Union, ids)
}

func (s *FavoriteService) favorites(ctx context.Context, union string, ids []string) (Favorites, error) {
	items, err := s.items(ctx, union, ids)
	if err != nil {
		return Favorites{}, err
	}
	return Favorites{IDs: nonNil(ids), Items: items}, nil
}

// items resolves favorite ids to cards, in the order given; ids of things gone are skipped. The
// order system is asked only when a product is among them, and its failure leaves products out
// rather than failing the benefits.
func (s *FavoriteService) items(ctx context.Context, union string, ids []string) ([]FavoriteItem, error) {
	reader := portal.Reader{Audience: portal.Member, Union: union, Chosen: true}
	byID := map[string]FavoriteItem{}
	benefits, err := s.content.Benefits(ctx)
	if err != nil {
		return nil, err
	}
	for _, b := range benefits {
		if portal.VisibleTo(reader, b.DisabledAnonymous, b.Unions) {
			id := portal.BenefitFavorite(b.NID)
			byID[id] = FavoriteItem{ID: id, Kind: "benefit", Title: b.Title, URL: b.Path, Teaser: b.Teaser, Image: b.Image}
		}
	}
	if s.orders != nil && slices.ContainsFunc(ids, func(id string) bool { return portal.FavoriteKind(id) == "product" }) {
		products, err := s.orders.Products(ctx, union)
		if err != nil {
			s.o.Logger.WarnContext(ctx, "favorites: products unavailable", slog.Any("error", err))
		}
		for _, pr := range products {
			id := portal.ProductFavorite(pr.ID)
			var image *portal.Image
			if pr.Image != "" {
				image = &portal.Image{URL: pr.Image, Alt: pr.Title}
			}
			byID[id] = FavoriteItem{ID: id, Kind: "product", Title: pr.Title, URL: "/store?product=" + pr.ID, Teaser: pr.Description, Image: image}
		}
	}
	items := []FavoriteItem{}
	for _, id := range ids {
		if item, ok := byID[id]; ok {
			items = append(items, item)
		}
	}
	return items, nil
}
