package uploads

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/redis"
)

// replicas are the upload locks of n replicas of the BFF sharing one real redis-server, with
// short timings: a lock expires after ttl unless its holder extends it.
func replicas(t *testing.T, n int, ttl time.Duration) ([]*locker, *redistest.Server) {
	t.Helper()
	srv := redistest.Start(t)
	var out []*locker
	for range n {
		c, err := redis.New(srv.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		l := newLocker(c, slog.New(slog.DiscardHandler))
		l.ttl, l.extendEvery, l.poll, l.askAgain = ttl, ttl/4, 10*time.Millisecond, 100*time.Millisecond
		t.Cleanup(func() { l.Close(); _ = c.Close() })
		out = append(out, l)
	}
	return out, srv
}

// lock takes id's lock on l, waiting at most wait; asked is closed when another request asks
// for it.
func lock(t *testing.T, l *locker, id string, wait time.Duration) (handler.Lock, <-chan struct{}, error) {
	t.Helper()
	k, err := l.NewLock(id)
	if err != nil {
		t.Fatal(err)
	}
	asked := make(chan struct{})
	ask := func() {
		select {
		case <-asked:
		default:
			close(asked)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return k, asked, k.Lock(ctx, ask)
}

// secondWaitsForTheFirst asks l for u1's lock while first holds it: the holder is asked to let
// go (asked closes), the second request has nothing until first unlocks, then has the lock.
func secondWaitsForTheFirst(t *testing.T, l *locker, first handler.Lock, asked <-chan struct{}) {
	t.Helper()
	got := make(chan error, 1)
	go func() {
		_, _, err := lock(t, l, "u1", 5*time.Second)
		got <- err
	}()
	waitFor(t, "the holder was asked to let go", asked)
	select {
	case err := <-got:
		t.Fatalf("the second request had the lock while the first held it (%v)", err)
	default:
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("the second request: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second request never had the lock")
	}
}

func waitFor(t *testing.T, what string, c <-chan struct{}) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(5 * time.Second):
		t.Fatalf("never: %s", what)
	}
}

// A request of an upload on one replica waits while a request of it on another holds it, asks
// that one to let go, and goes on once it has: one request at a time, whichever replica each
// reached.
func TestAnUploadHasOneRequestAtATimeAcrossReplicas(t *testing.T) {
	rs, _ := replicas(t, 2, 2*time.Second)
	first, asked, err := lock(t, rs[0], "u1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	secondWaitsForTheFirst(t, rs[1], first, asked)
	// Another upload's lock is another's.
	if _, _, err := lock(t, rs[0], "u2", time.Second); err != nil {
		t.Fatal(err)
	}
}

// A holder that does not let go keeps its lock past its expiry (it extends it), and a request
// that waited in vain takes nothing: once the holder is done, the same replica locks again.
func TestAHeldLockOutlivesItsExpiryAndAWaitInVainTakesNothing(t *testing.T) {
	// Three seconds: the holder extends it every quarter, so only a stall of over two seconds
	// loses it (with 200 ms, a loaded machine running every package under -race once stalled the
	// extending goroutine past the expiry). The other request waits twice the expiry: the lock is
	// held a whole expiry past its first, through several extensions. Its 600 tries of the lock
	// used to fail this test twice in a row on a loaded machine: one Redis command outlasting its
	// timeout was taken as Redis being down, and the request locked on its replica alone. Only
	// lockUnavailableAfter failures in a row are now (locks.go).
	const ttl = 3 * time.Second
	rs, _ := replicas(t, 2, ttl)
	first, _, err := lock(t, rs[0], "u1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := lock(t, rs[1], "u1", 2*ttl); !errors.Is(err, handler.ErrLockTimeout) {
		t.Fatalf("a request had a lock held (extended) past its expiry: %v", err)
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := lock(t, rs[1], "u1", time.Second); err != nil {
		t.Fatalf("after the holder let go: %v", err)
	}
}

// A lock the holder could not extend (Redis lost it) may be another's already: the holder is
// asked to let go.
func TestALockLostWhileHeldStopsItsRequest(t *testing.T) {
	rs, srv := replicas(t, 1, 200*time.Millisecond)
	_, asked, err := lock(t, rs[0], "u1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	srv.Restart() // empty
	waitFor(t, "the holder of a lost lock was asked to let go", asked)
}

// Without Redis each replica still keeps the requests it serves itself one at a time.
func TestWithoutRedisAReplicaStillLocksItsOwnRequests(t *testing.T) {
	rs, srv := replicas(t, 1, time.Second)
	srv.Stop()
	// Redis is taken as down after lockUnavailableAfter failed commands, each of which may wait
	// for its connection's attempts.
	first, asked, err := lock(t, rs[0], "u1", 5*time.Second)
	if err != nil {
		t.Fatalf("without Redis: %v", err)
	}
	secondWaitsForTheFirst(t, rs[0], first, asked)
}
