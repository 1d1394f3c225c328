// Package cache holds the BFF's shared content cache and the decorators that put it in front of
// the interfaces they cache (portal.Content, content.Pages). Nothing personal is ever stored here:
// keys carry everything an answer depends on (path, union, audience), never a member's identity.
package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/dgraph-io/ristretto/v2"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/sync/singleflight"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// Options configures a Store.
type Options struct {
	MaxBytes    int64         // the budget; an entry costs its JSON size in bytes plus what holding it takes (entryCost)
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
//
// Ristretto applies sets, deletes, evictions and expiries on a goroutine of its own, and calls
// back into the store (OnEvict, OnReject) from it. So the store never calls into ristretto while
// holding a lock its callbacks take: the tag index has its own lock, held only for map updates.
// Holding it across a ristretto call froze the whole store once: the callback waited for the lock
// while the lock's holder waited for ristretto's buffer.
type Store struct {
	opts  Options
	rc    *ristretto.Cache[string, *entry]
	loads singleflight.Group
	index tagIndex

	probeMu sync.Mutex
	probe   chan struct{} // closed when the readiness probe under way completes; nil when none is

	// life keeps ristretto from being used after Close. Loads go on after their callers have left
	// (a stale entry's refresh, a load others share), so one may finish while the BFF shuts down:
	// its store would hand ristretto a set after its channels closed. A store or purge holds it for
	// reading and does nothing once closed; Close holds it for writing.
	life   sync.RWMutex
	closed bool
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
	s := &Store{opts: o, index: newTagIndex()}
	rc, err := ristretto.NewCache(&ristretto.Config[string, *entry]{
		NumCounters: 100_000, // about ten times the entries a BFF holds
		MaxCost:     o.MaxBytes,
		BufferItems: 64,
		// Both run on ristretto's goroutine: they only update the index's maps.
		OnEvict:  func(it *ristretto.Item[*entry]) { s.index.remove(it.Value) },
		OnReject: func(it *ristretto.Item[*entry]) { s.index.remove(it.Value) },
	})
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	s.rc = rc
	return s, nil
}

// Close stops the cache's background work, once the stores and purges under way are done; any
// later one does nothing.
func (s *Store) Close() {
	s.life.Lock()
	defer s.life.Unlock()
	if !s.closed {
		s.closed = true
		s.rc.Close()
	}
}

// open holds the store open for one store or purge and reports whether it is; when it is, the
// caller releases it with s.life.RUnlock.
func (s *Store) open() bool {
	s.life.RLock()
	if s.closed {
		s.life.RUnlock()
		return false
	}
	return true
}

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
// remembered briefly, so unknown paths do not reach the CMS on every request. A caller waits for
// a load until its context ends, and never longer than a load may take (LoadTimeout) plus a
// second to store it: a load that outlives that is stuck, and the caller is answered 503.
func Fetch[T any](ctx context.Context, s *Store, kind, key string, load Loader[T]) (T, error) {
	var zero T
	full := kind + "|" + key
	// The request's span: the lookup's outcome goes on it, and a load's upstream calls are its
	// children, though the load runs under a context of its own.
	span := trace.SpanFromContext(ctx)
	if e, ok := s.rc.Get(full); ok {
		age := s.opts.Now().Sub(e.fetched)
		switch {
		case e.err != nil && age < s.opts.NotFound:
			s.lookup(span, kind, "hit")
			return zero, e.err
		case e.err == nil && age < s.opts.Fresh:
			s.lookup(span, kind, "hit")
			return e.value.(T), nil
		case e.err == nil:
			s.lookup(span, kind, "stale")
			s.loads.DoChan(full, func() (any, error) { return loadAndStore(s, full, load, span) })
			return e.value.(T), nil
		}
	}
	s.lookup(span, kind, "miss")
	if err := spendMiss(ctx); err != nil {
		return zero, err
	}
	ch := s.loads.DoChan(full, func() (any, error) { return loadAndStore(s, full, load, span) })
	stuck := time.NewTimer(s.opts.LoadTimeout + time.Second)
	defer stuck.Stop()
	select {
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// The request's deadline, or an enclosing load's, passed while this load ran.
			return zero, apperr.Wrap(apperr.Unavailable, "The content is taking too long to load.", ctx.Err())
		}
		return zero, apperr.Wrap(apperr.Unavailable, "The request was cancelled.", ctx.Err())
	case <-stuck.C:
		return zero, apperr.New(apperr.Unavailable, "The content is taking too long to load.")
	case r := <-ch:
		if r.Err != nil {
			return zero, r.Err
		}
		return r.Val.(T), nil
	}
}

// lookup counts one lookup of kind and notes its result on the request's span.
func (s *Store) lookup(span trace.Span, kind, result string) {
	s.opts.Metrics.CacheLookup(kind, result)
	telemetry.CacheOutcome(span, kind, result)
}

type missBudgetKey struct{}

// WithMissBudget makes every cache miss a request causes spend from its client's budget first:
// hits and stale answers cost the upstream nothing, but each unique path or search term is a CMS
// call, so a client may only cause so many (spend answers the refusal, a 429). Loads within a
// load run under their own context and are not charged again.
func WithMissBudget(ctx context.Context, spend func() error) context.Context {
	return context.WithValue(ctx, missBudgetKey{}, spend)
}

func spendMiss(ctx context.Context) error {
	if spend, ok := ctx.Value(missBudgetKey{}).(func() error); ok {
		return spend()
	}
	return nil
}

// loadAndStore runs one load under its own deadline and stores the result. A failed load leaves
// any stale entry in place (stale-if-error) and answers with it; a not-found answer is stored as
// such. A purge during the load means the value may predate the edit: it is answered but not
// stored, so the next request loads again. A loader that panics answers an internal error: the
// load runs inside singleflight.DoChan, which would otherwise re-panic on a goroutine of its own
// and end the process.
func loadAndStore[T any](s *Store, full string, load Loader[T], span trace.Span) (val any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.opts.Logger.ErrorContext(trace.ContextWithSpan(context.Background(), span),
				"cache loader panicked", "key", full, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			val, err = nil, apperr.InternalError(fmt.Errorf("cache loader panicked: %v", r))
		}
	}()
	gen := s.index.generation()

	ctx, cancel := context.WithTimeout(context.Background(), s.opts.LoadTimeout)
	defer cancel()
	if span.SpanContext().IsValid() {
		ctx = trace.ContextWithSpan(ctx, span)
	}
	got, err := load(ctx)
	now := s.opts.Now()

	if err != nil && !apperr.Is(err, apperr.NotFound) {
		// Only an upstream failure falls back to the stale entry; any other answer (a redirect,
		// say) is the answer.
		upstreamFailed := apperr.Is(err, apperr.Unavailable) || apperr.Is(err, apperr.Internal)
		if e, ok := s.rc.Get(full); ok && e.err == nil && upstreamFailed {
			s.opts.Logger.WarnContext(ctx, "serving stale content: reload failed", "key", full, "err", err)
			return e.value, nil
		}
		return nil, err
	}

	e := &entry{key: full, fetched: now, tags: got.Tags, err: err}
	if err == nil {
		e.value = got.Value
	}
	cost, cerr := entryCost(full, got.Tags, e.value)
	if cerr != nil {
		return nil, apperr.InternalError(cerr)
	}
	ttl := s.opts.Stale
	if err != nil {
		ttl = s.opts.NotFound
	}
	s.store(e, cost, ttl, gen)

	if err != nil {
		return nil, err
	}
	return got.Value, nil
}

// What an entry holds in memory besides its value's JSON size: ristretto's item and expiry
// bucket, the entry, a remembered error, and the tag index's map entries (the key, and the key
// under each tag). Measured with TestTheBudgetCountsWhatEntriesHold: about 500 bytes for an entry
// whose value is empty. A smaller figure let a flood of unique paths and searches (small entries,
// most of them) hold several times the budget.
const (
	entryOverhead = 448
	tagOverhead   = 48
)

// Sizer is a value that knows what it holds in memory: an encoded document's bytes
// (portal.Encoded).
type Sizer interface{ Size() int64 }

// entryCost is what the entry for kind|key costs the budget: the key twice (ristretto's and the
// index's), the overhead above, each tag's, and the value's size: a Sizer's own, else its JSON
// size (nil for a remembered not-found answer).
func entryCost(full string, tags []string, value any) (int64, error) {
	cost := 2*int64(len(full)) + entryOverhead + int64(len(tags))*tagOverhead
	if value == nil {
		return cost, nil
	}
	if s, ok := value.(Sizer); ok {
		return cost + s.Size(), nil
	}
	raw, err := json.Marshal(value)
	return cost + int64(len(raw)), err
}

// store indexes e under its tags and hands it to ristretto, unless a purge has run since gen
// (the load that made e began before it). No lock is held across the ristretto calls.
func (s *Store) store(e *entry, cost int64, ttl time.Duration, gen uint64) {
	if !s.open() {
		return
	}
	defer s.life.RUnlock()
	if !s.index.add(e, gen) {
		return
	}
	if !s.rc.SetWithTTL(e.key, e, cost, ttl) {
		// Dropped (ristretto's buffer was full): it will never be evicted, so unindex it here.
		s.index.remove(e)
		return
	}
	s.rc.Wait() // make the entry visible before the callers that shared this load return
	if s.index.generation() != gen && !s.index.holds(e) {
		// A purge ran between indexing e and ristretto applying the set, and may have deleted
		// the key before the set landed: delete it again, now that the set has been applied.
		s.rc.Del(e.key)
	}
}

// Purge removes every entry carrying any of the tags and reports how many it removed.
func (s *Store) Purge(tags ...string) int {
	if !s.open() {
		return 0
	}
	defer s.life.RUnlock()
	keys := s.index.purge(tags)
	for _, key := range keys {
		s.loads.Forget(key)
		s.rc.Del(key)
	}
	s.rc.Wait() // sets queued before the deletes are applied, and deleted, before Purge returns
	return len(keys)
}

// PurgeAll removes every entry: a replica that may have missed purges (it lost the purge bus for
// a while) cannot know which tags they named.
func (s *Store) PurgeAll() int {
	if !s.open() {
		return 0
	}
	defer s.life.RUnlock()
	keys := s.index.purgeAll()
	for _, key := range keys {
		s.loads.Forget(key)
		s.rc.Del(key)
	}
	s.rc.Wait()
	return len(keys)
}

// IndexSize reports how many tags and keys the tag index holds, for the metrics. The index lives
// beside ristretto, outside its byte budget: it stays bounded only because every entry leaving
// ristretto (evicted, expired, refused, purged) leaves the index too, which is what a soak of
// unique paths and searches watches.
func (s *Store) IndexSize() (tags, keys int) { return s.index.size() }

// Check completes one store within ctx, or reports that the store is stuck: readiness asks it,
// so that an orchestrator replaces a replica whose cache has frozen. Concurrent checks share one
// probe, and a probe that never completes is shared by every later check, so a frozen store
// costs one goroutine, not one per check.
func (s *Store) Check(ctx context.Context) error {
	s.probeMu.Lock()
	done := s.probe
	if done == nil {
		done = make(chan struct{})
		s.probe = done
		go func() {
			e := &entry{key: "probe|ready", fetched: s.opts.Now()}
			s.store(e, 1, time.Second, s.index.generation())
			s.probeMu.Lock()
			s.probe = nil
			s.probeMu.Unlock()
			close(done)
		}()
	}
	s.probeMu.Unlock()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return apperr.Wrap(apperr.Unavailable, "The content cache is not responding.", ctx.Err())
	}
}

// tagIndex maps tags to the keys of the entries built from them, and each key to the entry
// indexed for it, so that an eviction of an older entry cannot unindex its replacement. Its
// lock is held for map updates only, never across a call into ristretto (see Store).
type tagIndex struct {
	mu   sync.Mutex
	tags map[string]map[string]struct{} // tag -> keys
	keys map[string]*entry              // key -> the entry whose tags are indexed
	gen  uint64                         // bumped by every purge; a load begun before one is not stored
}

func newTagIndex() tagIndex {
	return tagIndex{tags: map[string]map[string]struct{}{}, keys: map[string]*entry{}}
}

func (ix *tagIndex) generation() uint64 {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.gen
}

// add indexes e in place of the key's previous entry, unless a purge has run since gen.
func (ix *tagIndex) add(e *entry, gen uint64) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if gen != ix.gen {
		return false
	}
	if old := ix.keys[e.key]; old != nil {
		ix.unindex(old)
	}
	ix.keys[e.key] = e
	for _, t := range e.tags {
		if ix.tags[t] == nil {
			ix.tags[t] = map[string]struct{}{}
		}
		ix.tags[t][e.key] = struct{}{}
	}
	return true
}

// remove unindexes e if it is still the entry indexed for its key (evicted, rejected or dropped).
func (ix *tagIndex) remove(e *entry) {
	if e == nil {
		return
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.keys[e.key] == e {
		ix.unindex(e)
	}
}

func (ix *tagIndex) holds(e *entry) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.keys[e.key] == e
}

// purge bumps the generation and unindexes every entry carrying any of the tags, under all of
// its tags, and returns their keys.
func (ix *tagIndex) purge(tags []string) []string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.gen++
	var keys []string
	for _, t := range tags {
		for key := range ix.tags[t] {
			if e := ix.keys[key]; e != nil {
				ix.unindex(e)
				keys = append(keys, key)
			}
		}
	}
	return keys
}

// purgeAll bumps the generation, empties the index and returns every key it held.
func (ix *tagIndex) purgeAll() []string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.gen++
	keys := make([]string, 0, len(ix.keys))
	for key := range ix.keys {
		keys = append(keys, key)
	}
	ix.tags = map[string]map[string]struct{}{}
	ix.keys = map[string]*entry{}
	return keys
}

// unindex drops e's key from each of its tags and from the key map; the caller holds mu.
func (ix *tagIndex) unindex(e *entry) {
	for _, t := range e.tags {
		if keys := ix.tags[t]; keys != nil {
			delete(keys, e.key)
			if len(keys) == 0 {
				delete(ix.tags, t)
			}
		}
	}
	delete(ix.keys, e.key)
}

// size counts the tags that name at least one key, and the keys.
func (ix *tagIndex) size() (tags, keys int) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return len(ix.tags), len(ix.keys)
}

// indexed counts the keys in the index, for tests.
func (ix *tagIndex) indexed() int {
	_, keys := ix.size()
	return keys
}
