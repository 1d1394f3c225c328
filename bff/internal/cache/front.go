package cache

import "context"

// front is what each cached client (Blog, Content, HotelLocations, Orders, Pages) holds: the
// client it stands in front of and the store it keeps answers in.
type front[T any] struct {
	next  T
	store *Store
}

// fetchTagged is Fetch for a value whose tags do not depend on it: load's answer, found or not,
// is kept under tags.
func fetchTagged[T any](ctx context.Context, s *Store, kind, key string, tags []string, load func(context.Context) (T, error)) (T, error) {
	return Fetch(ctx, s, kind, key, func(ctx context.Context) (Loaded[T], error) {
		v, err := load(ctx)
		return Loaded[T]{Value: v, Tags: tags}, err
	})
}
