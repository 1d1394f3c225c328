// Package grantstest holds an in-memory fake of portal.Cases, the case records grants writes and
// uploads adds files to, for unit tests and the whole-BFF harness. It keeps the rules callers
// notice (create-if-absent, reads by owner); integration tests use the Firestore emulator.
package grantstest

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Cases is a fake case store.
type Cases struct {
	mu    sync.Mutex
	cases map[string]portal.Case
	// Writes counts the cases created.
	Writes int
	// FileWrites counts the AddFiles calls that changed a case.
	FileWrites int
	// Fail makes every call fail with Unavailable.
	Fail bool
}

// NewCases returns an empty store.
func NewCases() *Cases { return &Cases{cases: map[string]portal.Case{}} }

var _ portal.Cases = (*Cases)(nil)

// Put stores a case as is, for tests that start with cases.
func (s *Cases) Put(c portal.Case) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cases[c.ID] = clone(c)
}

// All lists every stored case, of every member, by id.
func (s *Cases) All() []portal.Case {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]portal.Case, 0, len(s.cases))
	for _, id := range slices.Sorted(maps.Keys(s.cases)) {
		out = append(out, clone(s.cases[id]))
	}
	return out
}

// CreateCase implements portal.Cases.
func (s *Cases) CreateCase(_ context.Context, c portal.Case) (portal.Case, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail {
		return portal.Case{}, false, apperr.New(apperr.Unavailable, "The case store is unavailable.")
	}
	if old, ok := s.cases[c.ID]; ok {
		if old.UID != c.UID {
			return portal.Case{}, false, apperr.New(apperr.Conflict, "The case store is unavailable.")
		}
		return clone(old), false, nil
	}
	s.Writes++
	s.cases[c.ID] = clone(c)
	return clone(c), true, nil
}

// CasesOf implements portal.Cases.
func (s *Cases) CasesOf(_ context.Context, uid string) ([]portal.Case, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail {
		return nil, apperr.New(apperr.Unavailable, "The case store is unavailable.")
	}
	var out []portal.Case
	for _, c := range s.cases {
		if c.UID == uid {
			out = append(out, clone(c))
		}
	}
	return out, nil
}

func clone(c portal.Case) portal.Case {
	c.Values = maps.Clone(c.Values)
	c.Files = slices.Clone(c.Files)
	return c
}

// CaseOf implements portal.Cases.
func (s *Cases) CaseOf(_ context.Context, uid, id string) (portal.Case, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.owned(uid, id)
	if err != nil {
		return portal.Case{}, err
	}
	return clone(c), nil
}

// owned is uid's case id, or why CaseOf and AddFiles cannot have it; s.mu is held.
func (s *Cases) owned(uid, id string) (portal.Case, error) {
	if s.Fail {
		return portal.Case{}, apperr.New(apperr.Unavailable, "The case store is unavailable.")
	}
	c, ok := s.cases[id]
	if !ok || c.UID != uid {
		return portal.Case{}, apperr.New(apperr.NotFound, "This case was not found.")
	}
	return c, nil
}

// AddFiles implements portal.Cases; FileWrites counts the calls that changed a case.
func (s *Cases) AddFiles(_ context.Context, uid, id string, files []portal.CaseFile) (portal.Case, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.owned(uid, id)
	if err != nil {
		return portal.Case{}, err
	}
	c = clone(c)
	grew := false
	for _, f := range files {
		if !slices.ContainsFunc(c.Files, func(g portal.CaseFile) bool { return g.Name == f.Name }) {
			c.Files = append(c.Files, f)
			grew = true
		}
	}
	if grew {
		s.FileWrites++
		s.cases[id] = c
	}
	return clone(c), nil
}
