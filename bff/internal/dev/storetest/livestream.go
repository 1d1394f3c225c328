package storetest

import (
	"context"
	"sync"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// CommentAccess is an in-memory portal.CommentAccessStore: the first record per stream and
// person stays, as the Firestore store's create-once does.
type CommentAccess struct {
	mu   sync.Mutex
	recs map[string]portal.CommentAccess
}

var _ portal.CommentAccessStore = (*CommentAccess)(nil)

// NewCommentAccess returns an empty store.
func NewCommentAccess() *CommentAccess {
	return &CommentAccess{recs: map[string]portal.CommentAccess{}}
}

// Enter implements portal.CommentAccessStore.
func (s *CommentAccess) Enter(_ context.Context, stream, person string, rec portal.CommentAccess) (portal.CommentAccess, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := stream + "/" + person
	if old, ok := s.recs[key]; ok {
		return old, nil
	}
	s.recs[key] = rec
	return rec, nil
}

// Records returns a copy of the records, keyed stream/person.
func (s *CommentAccess) Records() map[string]portal.CommentAccess {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]portal.CommentAccess, len(s.recs))
	for k, v := range s.recs {
		out[k] = v
	}
	return out
}
