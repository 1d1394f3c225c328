package httpapi

import (
	"context"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
)

// deadline gives every request's context a deadline, so that nothing it waits on (a cache load
// shared with other requests, an upstream call) holds it for ever. The context ends when the
// request does.
func deadline(d time.Duration) fiber.Handler {
	return func(c fiber.Ctx) error {
		ctx := &lazyDeadline{Context: c.Context(), at: time.Now().Add(d)}
		defer ctx.end()
		c.SetContext(ctx)
		return c.Next()
	}
}

// lazyDeadline is a context with a deadline whose timer starts only once something waits on it
// (Done, Err, or a context derived from it). A request answered from the cache never does, and
// starting and stopping a timer for each was about a tenth of a cached document's cost (issue
// 38). Until then it only says its deadline; its values are its parent's.
type lazyDeadline struct {
	context.Context // the request's: its values, and its own end once something waits
	at              time.Time

	once   sync.Once
	timed  context.Context // the real one, with its timer, made by the first wait
	cancel context.CancelFunc
}

func (l *lazyDeadline) Deadline() (time.Time, bool) { return l.at, true }
func (l *lazyDeadline) Done() <-chan struct{}       { return l.wait().Done() }
func (l *lazyDeadline) Err() error                  { return l.wait().Err() }

// AfterFunc lets a context derived from this one (context.WithTimeout, WithCancel) hang on the
// timed one's cancellation rather than on a goroutine of its own, which the context package
// starts for a parent it does not know.
func (l *lazyDeadline) AfterFunc(f func()) func() bool { return context.AfterFunc(l.wait(), f) }

func (l *lazyDeadline) wait() context.Context {
	l.once.Do(func() { l.timed, l.cancel = context.WithDeadline(l.Context, l.at) })
	return l.timed
}

// end cancels the context when the request ends, as the timed one's cancel did before: what
// still holds it (a load that goes on for other requests) sees it ended. One never waited on
// ends without a timer.
func (l *lazyDeadline) end() {
	l.once.Do(func() { l.timed, l.cancel = ended, func() {} })
	l.cancel()
}

// ended is a context already cancelled, for a lazyDeadline that ends before anything waited.
var ended = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()
