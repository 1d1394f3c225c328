// Package mailingtest holds a fake of the mailing list for unit tests and the whole-BFF harness;
// integration tests use the Firestore emulator instead (firestore.Subscriptions).
package mailingtest

import (
	"context"
	"strings"
	"sync"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/mailing"
)

// Subscriptions is a fake mailing list, keyed like Firestore's by the lower-cased email.
type Subscriptions struct {
	mu   sync.Mutex
	list map[string]mailing.Subscription
	// Fail makes Subscribe fail with Unavailable.
	Fail bool
}

// NewSubscriptions returns an empty list.
func NewSubscriptions() *Subscriptions {
	return &Subscriptions{list: map[string]mailing.Subscription{}}
}

var _ mailing.Subscriptions = (*Subscriptions)(nil)

// Subscribe implements mailing.Subscriptions as Firestore does: one entry per email, changed only
// by its owner; the first time kept, a repeat without a name keeping the name.
func (s *Subscriptions) Subscribe(_ context.Context, sub mailing.Subscription) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail {
		return apperr.New(apperr.Unavailable, "The mailing list is unavailable.")
	}
	key := strings.ToLower(sub.Email)
	if old, ok := s.list[key]; ok {
		if !sub.Owner {
			return nil
		}
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
func (s *Subscriptions) All() []mailing.Subscription {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]mailing.Subscription, 0, len(s.list))
	for _, sub := range s.list {
		out = append(out, sub)
	}
	return out
}
