package accounttest

import (
	"context"
	"strings"
	"sync"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Subscriptions is a fake mailing list, keyed like Firestore's by the lower-cased email.
type Subscriptions struct {
	mu   sync.Mutex
	list map[string]portal.Subscription
	// Fail makes Subscribe fail with Unavailable.
	Fail bool
}

// NewSubscriptions returns an empty list.
func NewSubscriptions() *Subscriptions {
	return &Subscriptions{list: map[string]portal.Subscription{}}
}

var _ portal.Subscriptions = (*Subscriptions)(nil)

// Subscribe implements portal.Subscriptions as Firestore does: one entry per email, the first
// time kept, a repeat without a name keeping the name.
func (s *Subscriptions) Subscribe(_ context.Context, sub portal.Subscription) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail {
		return apperr.New(apperr.Unavailable, "The mailing list is unavailable.")
	}
	key := strings.ToLower(sub.Email)
	if old, ok := s.list[key]; ok {
		sub.At = old.At
		if sub.FirstName == "" {
			sub.FirstName = old.FirstName
		}
		if sub.UID == "" {
			sub.UID = old.UID
		}
	}
	s.list[key] = sub
	return nil
}

// All returns the list's entries.
func (s *Subscriptions) All() []portal.Subscription {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]portal.Subscription, 0, len(s.list))
	for _, sub := range s.list {
		out = append(out, sub)
	}
	return out
}
