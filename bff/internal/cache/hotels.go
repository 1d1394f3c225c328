package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/hotels"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// HotelLocations caches the hotel partner's autocomplete answers per normalised query for the
// store's fresh time, then serves them stale while one background load refreshes them, and keeps
// them when the partner fails. Readers type the same first letters of the same places, so most
// lookups are hits; each miss spends the asking address's budget like a content miss
// (WithMissBudget), which bounds the keys one visitor can add.
type HotelLocations struct {
	next  hotels.HotelLocations
	store *Store
}

var _ hotels.HotelLocations = (*HotelLocations)(nil)

// NewHotelLocations puts store in front of next.
func NewHotelLocations(next hotels.HotelLocations, store *Store) *HotelLocations {
	return &HotelLocations{next: next, store: store}
}

// Locations is cached per query; callers pass a checked, normalised query (hotels.Location).
func (h *HotelLocations) Locations(ctx context.Context, query string) ([]hotels.HotelLocation, error) {
	return Fetch(ctx, h.store, "hotels", query, func(ctx context.Context) (Loaded[[]hotels.HotelLocation], error) {
		items, err := h.next.Locations(ctx, query)
		return Loaded[[]hotels.HotelLocation]{Value: items, Tags: []string{portal.HotelsTag}}, err
	})
}
