package hotels

import "context"

// HotelLocations is the hotel partner's location autocomplete (spec 3 §7 'Hotel autocomplete').
// query is already checked and normalised by the caller.
type HotelLocations interface {
	Locations(ctx context.Context, query string) ([]HotelLocation, error)
}
