package uploads

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"sync"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"
)

// Why an upload needs one writer across replicas: the staging area works out an upload's offset
// from the chunks it holds, and names a new chunk after the last one it finds. A request that a
// lost connection broke off is still storing its bytes on one replica when the browser, back
// online, asks another where to go on: without a lock it hears the offset from before those
// bytes, and the chunk it then sends is refused as out of step, or, sent while the first is
// still stored, takes the same chunk name (one overwrites the other) or repeats bytes in the
// file. So every request of the tus protocol (HEAD, PATCH, DELETE) holds its upload's lock,
// shared by every replica through Redis, and one that finds it held asks the holder to stop
// reading and store what it has, as tusd does between the requests of one process.

// Timings of the shared locks (fields of locker, so that tests can shorten them).
const (
	// lockTTL is how long a lock outlives a replica that died holding it.
	lockTTL = 15 * time.Second
	// lockExtendEvery is how often a holder extends its lock: well inside lockTTL, so that a slow
	// Redis call or two do not lose it.
	lockExtendEvery = lockTTL / 3
	// lockUnavailableAfter is how many Redis failures in a row a request waiting for a lock takes
	// as Redis being down (it then locks on its replica only).
	lockUnavailableAfter = 3
	// lockPoll is how often a request waiting for a lock tries it again.
	lockPoll = 50 * time.Millisecond
	// lockAskAgain is how often the waiting request asks the holder again to let go: a holder
	// that was still subscribing, or lost the bus for a moment, hears it the next time.
	lockAskAgain = time.Second
)

// releaseChannel carries the id of an upload whose lock a request on some replica is waiting
// for; the replica holding it answers by ending its request's read.
const releaseChannel = "uploads:release"

// locker is tusd's Locker for the BFF's replicas: this replica's own lock on an upload (tusd's
// memory locker, which settles the requests of one process among themselves), then the shared
// lock in Redis. Without Redis (a lone BFF, or Redis failing), the replica's lock is all there
// is, as before there were replicas; the offset check and the browser's asking again keep that
// correct for one replica.
type locker struct {
	local  *memorylocker.MemoryLocker
	shared SharedLocks // nil: this replica alone
	logger *slog.Logger

	ttl, extendEvery, poll, askAgain time.Duration

	mu sync.Mutex
	// held is what to call to have the request holding an upload's shared lock let go of it,
	// by upload id.
	held map[string]func()

	stop func()
	done chan struct{}
}

func newLocker(shared SharedLocks, logger *slog.Logger) *locker {
	l := &locker{
		local: memorylocker.New(), shared: shared, logger: logger,
		ttl: lockTTL, extendEvery: lockExtendEvery, poll: lockPoll, askAgain: lockAskAgain,
		held: map[string]func(){}, stop: func() {}, done: make(chan struct{}),
	}
	if shared == nil {
		close(l.done)
		return l
	}
	ctx, cancel := context.WithCancel(context.Background())
	l.stop = cancel
	go func() {
		defer close(l.done)
		shared.Subscribe(ctx, releaseChannel, l.releaseAsked,
			func(bool) {},
			func(err error) {
				logger.Warn("upload lock releases unavailable: a request waits for another replica's lock to expire",
					slog.String("err", err.Error()))
			})
	}()
	return l
}

// Close stops listening for release requests.
func (l *locker) Close() {
	l.stop()
	<-l.done
}

// releaseAsked has the request holding the upload's lock on this replica, if any, let go.
func (l *locker) releaseAsked(id []byte) {
	l.mu.Lock()
	release := l.held[string(id)]
	l.mu.Unlock()
	if release != nil {
		release()
	}
}

// NewLock implements handler.Locker.
func (l *locker) NewLock(id string) (handler.Lock, error) {
	local, err := l.local.NewLock(id)
	if err != nil {
		return nil, err
	}
	return &sharedLock{l: l, id: id, key: "uploads:lock:" + id, local: local}, nil
}

// sharedLock is the lock of one request on one upload.
type sharedLock struct {
	l     *locker
	id    string
	key   string
	local handler.Lock

	token  string // the shared lock's, "" while it holds this replica's only
	stop   func()
	extend chan struct{} // closed when the extending ends
}

// Lock implements handler.Lock: it waits until ctx ends (tusd gives it AcquireLockTimeout) for
// the replica's lock and then the shared one, asking the holder of each to let go.
func (k *sharedLock) Lock(ctx context.Context, requestRelease func()) error {
	if err := k.local.Lock(ctx, requestRelease); err != nil {
		return err
	}
	l := k.l
	if l.shared == nil {
		return nil
	}
	token := newToken()
	var asked time.Time
	failures := 0
	for {
		ok, err := l.shared.Lock(ctx, k.key, token, l.ttl)
		switch {
		case err != nil && ctx.Err() != nil:
			_ = k.local.Unlock()
			return handler.ErrLockTimeout
		case err != nil:
			// One command that failed or outlasted its timeout is not an outage: on a loaded
			// machine a single one can, with Redis up and the lock another replica's, and locking
			// here alone would then let two replicas serve one upload. Only Redis failing
			// lockUnavailableAfter times in a row is taken as down.
			if failures++; failures >= lockUnavailableAfter {
				l.logger.WarnContext(ctx, "upload lock: Redis unavailable, locked on this replica only",
					slog.String("upload", k.id), slog.String("err", err.Error()))
				return nil
			}
		case ok:
			k.hold(token, requestRelease)
			return nil
		default:
			failures = 0
		}
		if time.Since(asked) >= l.askAgain {
			asked = time.Now()
			if err := l.shared.Publish(ctx, releaseChannel, []byte(k.id)); err != nil {
				l.logger.WarnContext(ctx, "upload lock: could not ask the holder to let go", slog.String("err", err.Error()))
			}
		}
		select {
		case <-ctx.Done():
			_ = k.local.Unlock()
			return handler.ErrLockTimeout
		case <-time.After(l.poll):
		}
	}
}

// hold registers the shared lock as this replica's and extends it until Unlock. A lock that
// could not be extended (it expired, or Redis lost it) may be another's by now: the request
// holding it is asked to let go.
func (k *sharedLock) hold(token string, requestRelease func()) {
	l := k.l
	k.token = token
	l.mu.Lock()
	l.held[k.id] = requestRelease
	l.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	k.stop, k.extend = cancel, make(chan struct{})
	go func() {
		defer close(k.extend)
		tick := time.NewTicker(l.extendEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			ok, err := l.shared.Extend(ctx, k.key, token, l.ttl)
			if ctx.Err() != nil {
				return
			}
			if err == nil && !ok {
				l.logger.Warn("upload lock lost while held: the request stops", slog.String("upload", k.id))
				requestRelease()
				return
			}
		}
	}()
}

// Unlock implements handler.Lock.
func (k *sharedLock) Unlock() error {
	if k.token != "" {
		l := k.l
		k.stop()
		<-k.extend
		l.mu.Lock()
		delete(l.held, k.id)
		l.mu.Unlock()
		if err := l.shared.Unlock(context.Background(), k.key, k.token); err != nil {
			// It expires after lockTTL; until then a request elsewhere waits for it.
			l.logger.Warn("upload lock: could not unlock in Redis", slog.String("upload", k.id), slog.String("err", err.Error()))
		}
		k.token = ""
	}
	return k.local.Unlock()
}

func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
