// Package livestreamtest holds an in-memory fake of the livestream chat's comment-access
// records, for tests and the in-process BFF (dev/harness).
package livestreamtest

import (
	"context"
	"sync"

	"github.com/union-benefits/portal/bff/internal/livestream"
)

// CommentAccess is an in-memory livestream.CommentAccessStore: the first record per stream and
// person stays, as the Firestore store's create-once does.
type CommentAccess struct {
	mu   sync.Mutex
	recs map[string]livestream.CommentAccess
}

var _ livestream.CommentAccessStore = (*CommentAccess)(nil)

// NewCommentAccess returns an empty store.
func NewCommentAccess() *CommentAccess {
	return &CommentAccess{recs: map[string]livestream.CommentAccess{}}
}

// Enter implements livestream.CommentAccessStore.
func (s *CommentAccess) Enter(_ context.Context, stream, person string, rec livestream.CommentAccess) (livestream.CommentAccess, error) {
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
func (s *CommentAccess) Records() map[string]livestream.CommentAccess {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]livestream.CommentAccess, len(s.recs))
	for k, v := range s.recs {
		out[k] = v
	}
	return out
}
