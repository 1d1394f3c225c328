package cache

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blog"
	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/portal"
)

type clock struct{ ns atomic.Int64 }

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

func newTestStore(t *testing.T) (*Store, *clock) {
	t.Helper()
	c := &clock{}
	c.ns.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	s, err := NewStore(Options{MaxBytes: 1 << 20, Fresh: time.Minute, Stale: time.Hour, NotFound: 10 * time.Second, Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, c
}

// counter is a loader that counts its calls and answers what the test sets.
type counter struct {
	calls atomic.Int32
	value atomic.Value // string
	err   atomic.Value // error wrapper
	gate  chan struct{}
}

// wantLoads fails the test unless c has loaded want times; after, when not "", says after what.
func (c *counter) wantLoads(t *testing.T, want int32, after string) {
	t.Helper()
	if n := c.calls.Load(); n != want {
		t.Fatalf("%d loads%s; want %d", n, after, want)
	}
}

type errBox struct{ err error }

func newCounter(v string) *counter {
	c := &counter{}
	c.value.Store(v)
	c.err.Store(errBox{})
	return c
}

func (c *counter) load(ctx context.Context) (Loaded[string], error) {
	c.calls.Add(1)
	if c.gate != nil {
		<-c.gate
	}
	if err := c.err.Load().(errBox).err; err != nil {
		return Loaded[string]{Tags: []string{"t:1"}}, err
	}
	return Loaded[string]{Value: c.value.Load().(string), Tags: []string{"t:1"}}, nil
}

func fetch(t *testing.T, s *Store, l *counter) (string, error) {
	t.Helper()
	return Fetch(context.Background(), s, "k", "key", l.load)
}

func TestFreshEntryIsServedWithoutLoading(t *testing.T) {
	s, clk := newTestStore(t)
	l := newCounter("v1")
	for range 3 {
		if v, err := fetch(t, s, l); err != nil || v != "v1" {
			t.Fatalf("got %q, %v", v, err)
		}
		clk.advance(10 * time.Second)
	}
	l.wantLoads(t, 1, "")
}

func TestStaleEntryIsServedAtOnceAndRefreshedInTheBackground(t *testing.T) {
	s, clk := newTestStore(t)
	l := newCounter("v1")
	fetch(t, s, l)
	l.value.Store("v2")
	clk.advance(2 * time.Minute)

	if v, _ := fetch(t, s, l); v != "v1" {
		t.Fatalf("stale read got %q; want the stale v1 at once", v)
	}
	waitFor(t, func() bool { v, _ := fetch(t, s, l); return v == "v2" })
}

func TestStaleEntryIsKeptWhenTheReloadFails(t *testing.T) {
	s, clk := newTestStore(t)
	l := newCounter("v1")
	fetch(t, s, l)
	l.err.Store(errBox{apperr.New(apperr.Unavailable, "down")})
	clk.advance(2 * time.Minute)

	for range 5 {
		if v, err := fetch(t, s, l); err != nil || v != "v1" {
			t.Fatalf("got %q, %v; want stale v1", v, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if l.calls.Load() < 2 {
		t.Fatal("no background reload was tried")
	}
}

func TestMissWithFailingLoadReturnsTheError(t *testing.T) {
	s, _ := newTestStore(t)
	l := newCounter("")
	l.err.Store(errBox{apperr.New(apperr.Unavailable, "down")})
	if _, err := fetch(t, s, l); !apperr.Is(err, apperr.Unavailable) {
		t.Fatalf("err %v", err)
	}
	// Failures other than not-found are not remembered: the next request tries again.
	fetch(t, s, l)
	l.wantLoads(t, 2, "")
}

func TestNotFoundIsRememberedBriefly(t *testing.T) {
	s, clk := newTestStore(t)
	l := newCounter("")
	l.err.Store(errBox{apperr.New(apperr.NotFound, "404 not found.")})
	for range 3 {
		if _, err := fetch(t, s, l); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("err %v", err)
		}
	}
	l.wantLoads(t, 1, "")
	clk.advance(11 * time.Second)
	fetch(t, s, l)
	l.wantLoads(t, 2, " after the not-found window")
}

func TestConcurrentMissesShareOneLoad(t *testing.T) {
	s, _ := newTestStore(t)
	l := newCounter("v1")
	l.gate = make(chan struct{})
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v, err := fetch(t, s, l); err != nil || v != "v1" {
				t.Errorf("got %q, %v", v, err)
			}
		}()
	}
	time.Sleep(20 * time.Millisecond)
	close(l.gate)
	wg.Wait()
	l.wantLoads(t, 1, "")
}

func TestACallerLeavingDoesNotCancelTheSharedLoad(t *testing.T) {
	s, _ := newTestStore(t)
	l := newCounter("v1")
	l.gate = make(chan struct{})
	var loadCtxErr atomic.Value
	load := func(ctx context.Context) (Loaded[string], error) {
		got, err := l.load(ctx)
		loadCtxErr.Store(errBox{ctx.Err()})
		return got, err
	}

	ctx, cancel := context.WithCancel(context.Background())
	leaver := make(chan error, 1)
	go func() { _, err := Fetch(ctx, s, "k", "key", load); leaver <- err }()
	stayer := make(chan string, 1)
	go func() { v, _ := Fetch(context.Background(), s, "k", "key", load); stayer <- v }()

	time.Sleep(20 * time.Millisecond)
	cancel()
	if err := <-leaver; !errors.Is(err, context.Canceled) {
		t.Fatalf("leaver err %v", err)
	}
	close(l.gate)
	if v := <-stayer; v != "v1" {
		t.Fatalf("stayer got %q", v)
	}
	if err := loadCtxErr.Load().(errBox).err; err != nil {
		t.Fatalf("the load's context was cancelled: %v", err)
	}
}

func TestPurgeDropsTaggedEntriesOnly(t *testing.T) {
	s, _ := newTestStore(t)
	tagged := newCounter("a")
	other := newCounter("b")
	Fetch(context.Background(), s, "k", "a", tagged.load)
	Fetch(context.Background(), s, "k", "b", func(ctx context.Context) (Loaded[string], error) {
		other.calls.Add(1)
		return Loaded[string]{Value: "b", Tags: []string{"t:2"}}, nil
	})

	if n := s.Purge("t:1", "t:unknown"); n != 1 {
		t.Fatalf("purged %d; want 1", n)
	}
	Fetch(context.Background(), s, "k", "a", tagged.load)
	Fetch(context.Background(), s, "k", "b", func(ctx context.Context) (Loaded[string], error) {
		other.calls.Add(1)
		return Loaded[string]{Value: "b", Tags: []string{"t:2"}}, nil
	})
	if tagged.calls.Load() != 2 || other.calls.Load() != 1 {
		t.Fatalf("loads: tagged %d (want 2), other %d (want 1)", tagged.calls.Load(), other.calls.Load())
	}
}

func TestALoadThatStartedBeforeAPurgeIsNotStored(t *testing.T) {
	s, _ := newTestStore(t)
	l := newCounter("old")
	l.gate = make(chan struct{})
	done := make(chan string)
	go func() { v, _ := fetch(t, s, l); done <- v }()
	time.Sleep(20 * time.Millisecond)
	s.Purge("t:1") // the editor publishes while the old content is being loaded
	l.value.Store("new")
	close(l.gate)
	<-done
	l.gate = nil
	if v, _ := fetch(t, s, l); v != "new" {
		t.Fatalf("got %q; the pre-purge load was cached", v)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	if !poll.Until(2*time.Second, 5*time.Millisecond, cond) {
		t.Fatal("condition not met within 2s")
	}
}

func TestPurgeUnindexesEveryTagOfAPurgedEntry(t *testing.T) {
	s, _ := newTestStore(t)
	Fetch(context.Background(), s, "k", "a", func(ctx context.Context) (Loaded[string], error) {
		return Loaded[string]{Value: "a", Tags: []string{"node:1", "path:a", "menu"}}, nil
	})
	s.Purge("node:1")
	if n := s.index.indexed(); n != 0 {
		t.Fatalf("%d keys still indexed after purging one of the entry's tags", n)
	}
	if n := s.Purge("path:a", "menu"); n != 0 {
		t.Fatalf("a second purge by the entry's other tags found %d entries; want 0", n)
	}
}

func TestAnEntryRistrettoRefusesLeavesNoTags(t *testing.T) {
	s, err := NewStore(Options{MaxBytes: 1000, Fresh: time.Minute, Stale: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	big := strings.Repeat("x", 5000) // costs more than the whole budget: ristretto rejects it
	for i := range 20 {
		Fetch(context.Background(), s, "k", fmt.Sprint(i), func(ctx context.Context) (Loaded[string], error) {
			return Loaded[string]{Value: big, Tags: []string{"node:" + fmt.Sprint(i)}}, nil
		})
	}
	s.rc.Wait()
	if n := s.index.indexed(); n != 0 {
		t.Fatalf("%d refused entries are still in the tag index", n)
	}
}

func TestAPanickingLoaderAnswersAnInternalErrorAndTheStoreGoesOn(t *testing.T) {
	s, _ := newTestStore(t)
	_, err := Fetch(context.Background(), s, "k", "boom", func(ctx context.Context) (Loaded[string], error) {
		var m map[string]int
		m["x"] = 1 //nolint:staticcheck // SA5000: the runtime panic a bug in a reshape would cause
		return Loaded[string]{}, nil
	})
	if !apperr.Is(err, apperr.Internal) {
		t.Fatalf("err %v; want an internal error", err)
	}
	if v, err := fetch(t, s, newCounter("after")); err != nil || v != "after" {
		t.Fatalf("after the panic got %q, %v", v, err)
	}
}

func TestAWaitingCallerGivesUpAtItsDeadline(t *testing.T) {
	s, _ := newTestStore(t)
	l := newCounter("slow")
	l.gate = make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Fetch(ctx, s, "k", "key", l.load)
	if !apperr.Is(err, apperr.Unavailable) || time.Since(start) > time.Second {
		t.Fatalf("err %v after %v; want unavailable at the 50ms deadline", err, time.Since(start))
	}
	close(l.gate)
	if v, err := fetch(t, s, l); v != "slow" || err != nil { // the load went on for later callers
		t.Fatalf("then got %q, %v", v, err)
	}
}

func TestAWaitingCallerGivesUpOnALoadThatOutlivesItsTimeout(t *testing.T) {
	s, err := NewStore(Options{MaxBytes: 1 << 20, Fresh: time.Minute, Stale: time.Hour, LoadTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	stuck := make(chan struct{})
	load := func(ctx context.Context) (Loaded[string], error) {
		<-stuck // ignores its context
		return Loaded[string]{Value: "late"}, nil
	}
	start := time.Now()
	_, err = Fetch(context.Background(), s, "k", "key", load)
	if !apperr.Is(err, apperr.Unavailable) || time.Since(start) > 3*time.Second {
		t.Fatalf("err %v after %v; want unavailable a second after the load timeout", err, time.Since(start))
	}
	close(stuck)
	if v, err := Fetch(context.Background(), s, "k", "key", load); v != "late" || err != nil { // joins the load until it is stored
		t.Fatalf("then got %q, %v", v, err)
	}
	s.Close()
}

func TestCheckReportsAStoreThatCannotComplete(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.Check(context.Background()); err != nil {
		t.Fatalf("a healthy store: %v", err)
	}
	s.index.mu.Lock() // some future bug freezes the store
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	err := s.Check(ctx)
	cancel()
	if !apperr.Is(err, apperr.Unavailable) {
		t.Fatalf("a frozen store: %v; want unavailable", err)
	}
	s.index.mu.Unlock()
	if err := s.Check(context.Background()); err != nil {
		t.Fatalf("after the store recovered: %v", err)
	}
}

func TestIndexSizeCountsTagsAndKeysUntilTheyArePurged(t *testing.T) {
	s, _ := newTestStore(t)
	for i, tags := range [][]string{{"node:1", "menu"}, {"node:2", "menu"}} {
		_, _ = Fetch(context.Background(), s, "page", fmt.Sprint(i), func(context.Context) (Loaded[string], error) {
			return Loaded[string]{Value: "v", Tags: tags}, nil
		})
	}
	if tags, keys := s.IndexSize(); tags != 3 || keys != 2 {
		t.Fatalf("after two entries: %d tags, %d keys; want 3, 2", tags, keys)
	}
	s.Purge("node:1")
	if tags, keys := s.IndexSize(); tags != 2 || keys != 1 {
		t.Fatalf("after purging one: %d tags, %d keys; want 2, 1", tags, keys)
	}
	s.Purge("menu")
	if tags, keys := s.IndexSize(); tags != 0 || keys != 0 {
		t.Fatalf("after purging both: %d tags, %d keys; want 0, 0", tags, keys)
	}
}

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The byte budget bounds memory only if an entry's cost is what holding it takes. A flood of
// unique paths and searches fills the cache with small entries (a remembered not-found, a search
// without hits), whose keeping costs several times their JSON: 20,000 of each kind must hold no
// more than their counted cost and a quarter (nor much less than it, or the budget is wasted).
func TestTheBudgetCountsWhatEntriesHold(t *testing.T) {
	hit := blog.SearchHit{Type: "post", NID: "1", Title: "A title of a post about something", Path: "/blog/news/a-title",
		BodySummary: "A summary of the body that goes on for a line or two, as summaries do in search results."}
	kinds := map[string]func(i int) (*blog.SearchHits, error){
		"a remembered not-found": func(i int) (*blog.SearchHits, error) {
			return nil, apperr.PageNotFound(fmt.Errorf("cms: no node at /x-%d", i))
		},
		"a search without hits": func(int) (*blog.SearchHits, error) { return &blog.SearchHits{}, nil },
		"a search with 3 hits": func(int) (*blog.SearchHits, error) {
			return &blog.SearchHits{Total: 3, Hits: []blog.SearchHit{hit, hit, hit}}, nil
		},
	}
	for name, answer := range kinds {
		t.Run(name, func(t *testing.T) {
			s, err := NewStore(Options{MaxBytes: 1 << 32, Fresh: time.Minute, Stale: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			const n = 20_000
			var counted int64
			before := heapInUse()
			for i := range n {
				key := fmt.Sprintf("news|1|some words %d", i)
				hs, err := answer(i)
				tags := []string{portal.SearchTag, portal.PostsTag}
				if hs != nil {
					for j := range hs.Hits {
						tags = append(tags, portal.NodeTag(strconv.Itoa(j)))
					}
				}
				var value any
				if err == nil {
					value = hs
				}
				c, _ := entryCost("search|"+key, tags, value)
				counted += c
				_, _ = Fetch(context.Background(), s, "search", key, func(context.Context) (Loaded[*blog.SearchHits], error) {
					return Loaded[*blog.SearchHits]{Value: hs, Tags: tags}, err
				})
			}
			held := int64(heapInUse() - before)
			ratio := float64(held) / float64(counted)
			t.Logf("held %d bytes an entry, counted %d: %.2f", held/n, counted/n, ratio)
			if ratio > 1.25 || ratio < 0.6 {
				t.Errorf("entries hold %.2f times their counted cost; want 0.6 to 1.25", ratio)
			}
		})
	}
}

// Loads outlive their callers, and the BFF may shut down while some still run: a load ending as
// the store closes, and a purge after Close, must do nothing rather than use the closed cache (the
// race detector caught a background load storing into a test's BFF while its cleanup closed it).
func TestLoadsEndingAsTheStoreClosesStoreNothing(t *testing.T) {
	for range 20 {
		s, _ := newTestStore(t)
		gate := make(chan struct{})
		var started, ended sync.WaitGroup
		for i := range 32 {
			started.Add(1)
			ended.Add(1)
			go func() {
				defer ended.Done()
				_, _ = Fetch(context.Background(), s, "k", strconv.Itoa(i), func(context.Context) (Loaded[string], error) {
					started.Done()
					<-gate
					return Loaded[string]{Value: "v", Tags: []string{"t:1"}}, nil
				})
			}()
		}
		started.Wait()
		close(gate) // every load stores now, while the store closes
		s.Close()
		ended.Wait()
		if n := s.Purge("t:1"); n != 0 {
			t.Fatalf("a purge after Close removed %d entries", n)
		}
		s.PurgeAll()
		s.Close() // twice is harmless
	}
}
