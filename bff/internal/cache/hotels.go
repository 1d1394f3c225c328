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
type HotelLocations struct{ front[hotels.HotelLocations] }

var _ hotels.HotelLocations = (*HotelLocations)(nil)

// NewHotelLocations puts store in front of next.
func NewHotelLocations(next hotels.HotelLocations, store *Store) *HotelLocations {
	return &HotelLocations{front[hotels.HotelLocations]{next: next, store: store}}
}

// Locations is cached per query; callers pass a checked, normalised query (hotels.Location).
func (h *HotelLocations) Locations(ctx context.Context, query string) ([]hotels.HotelLocation, error) {
	return fetchTagged(ctx, h.store, "hotels", query, []string{portal.HotelsTag}, func(ctx context.Context) ([]hotels.HotelLocation, error) {
		return h.next.Locations(ctx, query)
	})
}
