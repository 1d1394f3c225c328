// Package cache holds the BFF's shared content cache and the decorators that put it in front of
// the interfaces they cache (portal.Content, portal.Pages). Nothing personal is ever stored here:
// keys carry everything an answer depends on (path, union, audience), never a member's identity.
package cache

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/dgraph-io/ristretto/v2"
	"golang.org/x/sync/singleflight"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
)

// Options configures a Store.
type Options struct {
	MaxBytes    int64         // the budget; an entry costs its JSON size in bytes
	Fresh       time.Duration // served as is
	Stale       time.Duration // after Fresh, served while one background load refreshes it, or when loads fail
	NotFound    time.Duration // how long a not-found answer is remembered
	LoadTimeout time.Duration // the limit on one load, independent of any caller
	Metrics     *metrics.Metrics
	Logger      *slog.Logger
	Now         func() time.Time // for tests
}

// Store is a byte-bounded cache (ristretto) of loaded values with stale-while-revalidate,
// stale-if-error, one load per key at a time (singleflight) and tags for purging.
type Store struct {
	opts  Options
	rc    *ristretto.Cache[string, *entry]
	loads singleflight.Group

	mu   sync.Mutex
	tags map[string]map[string]struct{} // tag -> keys
	gen  uint64                         // bumped by every purge; a load begun before one is not stored
}

type entry struct {
	key     string
	value   any
	err     error // a remembered not-found answer
	tags    []string
	fetched time.Time
}

// NewStore returns an empty Store.
func NewStore(o Options) (*Store, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.NotFound == 0 {
		o.NotFound = min(o.Fresh, 30*time.Second)
	}
	if o.LoadTimeout == 0 {
		o.LoadTimeout = 10 * time.Second
	}
	s := &Store{opts: o, tags: map[string]map[string]struct{}{}}
	rc, err := ristretto.NewCache(&ristretto.Config[string, *entry]{
		NumCounters: 100_000, // about ten times the entries a BFF holds
		MaxCost:     o.MaxBytes,
		BufferItems: 64,
		OnEvict:     func(it *ristretto.Item[*entry]) { s.untag(it.Value) },
		OnReject:    func(it *ristretto.Item[*entry]) { s.untag(it.Value) },
	})
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	s.rc = rc
	return s, nil
}

// Close stops the cache's background work.
func (s *Store) Close() { s.rc.Close() }

// Loaded is what a loader returns with its value: the tags that purge it.
type Loaded[T any] struct {
	Value T
	Tags  []string
}

// Loader loads a value on a miss. Its context is not the caller's: one caller leaving must not
// cancel a load that others wait for.
type Loader[T any] func(ctx context.Context) (Loaded[T], error)

// Fetch returns the value for kind/key, loading it on a miss. Fresh entries are returned as they
// are; stale ones are returned at once while one background load refreshes them (and kept when
// that load fails); on a miss, concurrent callers share one load. A not-found answer is
// remembered briefly, so unknown paths do not reach the CMS on every request.
func Fetch[T any](ctx context.Context, s *Store, kind, key string, load Loader[T]) (T, error) {
	var zero T
	full := kind + "|" + key
	if e, ok := s.rc.Get(full); ok {
		age := s.opts.Now().Sub(e.fetched)
		switch {
		case e.err != nil && age < s.opts.NotFound:
			s.opts.Metrics.CacheLookup(kind, "hit")
			return zero, e.err
		case e.err == nil && age < s.opts.Fresh:
			s.opts.Metrics.CacheLookup(kind, "hit")
			return e.value.(T), nil
		case e.err == nil:
			s.opts.Metrics.CacheLookup(kind, "stale")
			s.loads.DoChan(full, func() (any, error) { return loadAndStore(s, full, load) })
			return e.value.(T), nil
		}
	}
	s.opts.Metrics.CacheLookup(kind, "miss")
	ch := s.loads.DoChan(full, func() (any, error) { return loadAndStore(s, full, load) })
	select {
	case <-ctx.Done():
		return zero, apperr.Wrap(apperr.Unavailable, "The request was cancelled.", ctx.Err())
	case r := <-ch:
		if r.Err != nil {
			return zero, r.Err
		}
		return r.Val.(T), nil
	}
}

// loadAndStore runs one load under its own deadline and stores the result. A failed load leaves
// any stale entry in place (stale-if-error) and answers with it; a not-found answer is stored as
// such. A purge during the load means the value may predate the edit: it is answered but not
// stored, so the next request loads again.
func loadAndStore[T any](s *Store, full string, load Loader[T]) (any, error) {
	s.mu.Lock()
	gen := s.gen
	s.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), s.opts.LoadTimeout)
	defer cancel()
	got, err := load(ctx)
	now := s.opts.Now()

	if err != nil && !apperr.Is(err, apperr.NotFound) {
		// Only an upstream failure falls back to the stale entry; any other answer (a redirect,
		// say) is the answer.
		upstreamFailed := apperr.Is(err, apperr.Unavailable) || apperr.Is(err, apperr.Internal)
		if e, ok := s.rc.Get(full); ok && e.err == nil && upstreamFailed {
			s.opts.Logger.Warn("serving stale content: reload failed", "key", full, "err", err)
			return e.value, nil
		}
		return nil, err
	}

	e := &entry{key: full, fetched: now, tags: got.Tags, err: err}
	cost := int64(len(full)) + 64
	if err == nil {
		e.value = got.Value
		raw, merr := json.Marshal(got.Value)
		if merr != nil {
			return nil, apperr.Wrap(apperr.Internal, "Internal Server Error", merr)
		}
		cost += int64(len(raw))
	}
	ttl := s.opts.Stale
	if err != nil {
		ttl = s.opts.NotFound
	}

	s.mu.Lock()
	if gen == s.gen {
		for _, t := range e.tags {
			if s.tags[t] == nil {
				s.tags[t] = map[string]struct{}{}
			}
			s.tags[t][full] = struct{}{}
		}
		s.rc.SetWithTTL(full, e, cost, ttl)
	}
	s.mu.Unlock()
	s.rc.Wait() // make the entry visible before the callers that shared this load return

	if err != nil {
		return nil, err
	}
	return got.Value, nil
}

// Purge removes every entry carrying any of the tags and reports how many it removed.
func (s *Store) Purge(tags ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	removed := map[string]struct{}{}
	for _, t := range tags {
		for key := range s.tags[t] {
			removed[key] = struct{}{}
		}
		delete(s.tags, t)
	}
	for key := range removed {
		s.rc.Del(key)
		s.loads.Forget(key)
	}
	s.rc.Wait()
	return len(removed)
}

// untag drops an evicted entry's keys from the tag index.
func (s *Store) untag(e *entry) {
	if e == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range e.tags {
		if keys := s.tags[t]; keys != nil {
			delete(keys, e.key)
			if len(keys) == 0 {
				delete(s.tags, t)
			}
		}
	}
}
