package cache

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// TestStoreNeverStallsUnderEvictionExpiryAndPurges drives a small store the way a busy replica
// does when its budget is too small: concurrent fetches of many tagged keys, entries expiring
// every few milliseconds (so ristretto evicts and expires while loads store), and purges
// throughout. A watchdog fails the test as soon as no fetch has finished for a second: before
// the fix, ristretto's eviction callback waited on the mutex that Purge and the store held while
// they waited on ristretto, and the whole store froze within two seconds.
func TestStoreNeverStallsUnderEvictionExpiryAndPurges(t *testing.T) {
	const (
		keys     = 400
		fetchers = 8
		run      = 3 * time.Second
		stall    = time.Second
	)
	s, err := NewStore(Options{
		MaxBytes: 64 << 10,
		Fresh:    time.Millisecond,
		Stale:    5 * time.Millisecond,
		NotFound: 2 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}

	value := strings.Repeat("x", 900) // about 70 entries fit: most fetches evict another entry
	load := func(i int) Loader[string] {
		return func(ctx context.Context) (Loaded[string], error) {
			tags := []string{fmt.Sprintf("node:%d", i%50), fmt.Sprintf("path:%d", i), "all"}
			if i%7 == 0 {
				return Loaded[string]{Tags: tags}, apperr.New(apperr.NotFound, "gone")
			}
			return Loaded[string]{Value: value, Tags: tags}, nil
		}
	}

	var progress, purges atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for f := range fetchers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(f), 1))
			for {
				select {
				case <-stop:
					return
				default:
				}
				i := r.IntN(keys)
				_, _ = Fetch(context.Background(), s, "stress", fmt.Sprint(i), load(i))
				progress.Add(1)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		r := rand.New(rand.NewPCG(99, 1))
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				s.Purge(fmt.Sprintf("node:%d", r.IntN(50)), fmt.Sprintf("path:%d", r.IntN(keys)))
				purges.Add(1)
			}
		}
	}()

	// The watchdog: progress must move at least once a second for the whole run.
	deadline := time.Now().Add(run)
	last, lastMove := progress.Load(), time.Now()
	for time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		if p := progress.Load(); p != last {
			last, lastMove = p, time.Now()
			continue
		}
		if time.Since(lastMove) > stall {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			// The stuck goroutines cannot be stopped; the store is left open, since Close
			// would wait on them too.
			t.Fatalf("the store made no progress for %v after %d fetches and %d purges; goroutines:\n%s",
				stall, last, purges.Load(), buf[:n])
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d fetches and %d purges in %v without a stall", progress.Load(), purges.Load(), run)

	// Nothing is left behind: once every tag is purged, the tag index is empty. Refreshes the
	// fetchers started in the background may still store after the fetchers stop (a busy
	// machine delays them), so purge until they have settled: a leak stays however often.
	all := []string{"all"}
	for i := range keys {
		all = append(all, fmt.Sprintf("path:%d", i))
	}
	settle := time.Now().Add(5 * time.Second)
	s.Purge(all...)
	for n := s.index.indexed(); n != 0; n = s.index.indexed() {
		if time.Now().After(settle) {
			t.Errorf("after purging every tag the index still holds %d keys", n)
			break
		}
		time.Sleep(10 * time.Millisecond)
		s.Purge(all...)
	}
	s.Close()
}
