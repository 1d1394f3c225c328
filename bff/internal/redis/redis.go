// Package redis is the BFF's one connection to Redis (Memorystore in production), the state its
// replicas share: the counters of the abuse limits, the bus that carries a CMS purge to every
// replica's content cache, and the locks that give an upload one writer across replicas. Only
// this package imports the Redis client. Every call fails fast (a few hundred milliseconds): its
// callers fall back to what one replica can do alone, so a slow or missing Redis never holds a
// request up for long.
package redis

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// opTimeout bounds one command: a limit check or a publish waits no longer for Redis.
const opTimeout = 300 * time.Millisecond

// Client is a connection pool to one Redis.
type Client struct {
	rdb     *goredis.Client
	metrics *metrics.Metrics
}

// New returns a Client for url (redis://[user:password@]host:port[/db], rediss:// for TLS). It
// does not connect: a Redis that is down at start is one that comes back later. Every command
// is an upstream call in m (nil records none).
func New(url string, m *metrics.Metrics) (*Client, error) {
	opt, err := goredis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis: %w", err)
	}
	opt.DialTimeout = opTimeout
	opt.ReadTimeout = opTimeout
	opt.WriteTimeout = opTimeout
	opt.PoolTimeout = opTimeout
	// A retry would double the wait of a request when Redis is down; the callers fall back instead.
	opt.MaxRetries = -1
	opt.ContextTimeoutEnabled = true
	return &Client{rdb: goredis.NewClient(opt), metrics: m}, nil
}

// Close closes the pool.
func (c *Client) Close() error { return c.rdb.Close() }

// countScript adds one to a counter and gives it its window's expiry when it has none, in one
// step on the server: a counter never lives without an expiry, whatever fails between calls.
var countScript = goredis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return n`)

// Incr counts one against key, whose count expires window after its first count (a fixed
// window), and returns the count.
func (c *Client) Incr(ctx context.Context, key string, window time.Duration) (n int64, err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "incr")
	defer func() { call.EndOutcome(outcome(err), err) }()
	return countScript.Run(ctx, c.rdb, []string{key}, window.Milliseconds()).Int64()
}

// Count is key's count in its window (0 when it has none).
func (c *Client) Count(ctx context.Context, key string) (_ int64, err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "get")
	defer func() { call.EndOutcome(outcome(err), err) }()
	n, err := c.rdb.Get(ctx, key).Int64()
	if errors.Is(err, goredis.Nil) {
		return 0, nil
	}
	return n, err
}

// Publish sends payload to every subscriber of channel.
func (c *Client) Publish(ctx context.Context, channel string, payload []byte) (err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "publish")
	defer func() { call.EndOutcome(outcome(err), err) }()
	return c.rdb.Publish(ctx, channel, payload).Err()
}

// Locks: a lock is a key holding its holder's token, with an expiry so that a replica that dies
// holding one holds it no longer than that. Only the holder (its token) extends or deletes it.
var (
	extendScript = goredis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`)
	unlockScript = goredis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`)
)

// Lock sets key to token, to expire after ttl, unless key is set; true when it did.
func (c *Client) Lock(ctx context.Context, key, token string, ttl time.Duration) (ok bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "lock")
	defer func() { call.EndOutcome(outcome(err), err) }()
	return c.rdb.SetNX(ctx, key, token, ttl).Result()
}

// Extend gives key a new expiry, ttl from now, if it still holds token; false when it does not
// (it expired, or Redis lost it).
func (c *Client) Extend(ctx context.Context, key, token string, ttl time.Duration) (ok bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "extend")
	defer func() { call.EndOutcome(outcome(err), err) }()
	n, err := extendScript.Run(ctx, c.rdb, []string{key}, token, ttl.Milliseconds()).Int64()
	return n == 1, err
}

// Unlock deletes key if it still holds token.
func (c *Client) Unlock(ctx context.Context, key, token string) (err error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Redis, "unlock")
	defer func() { call.EndOutcome(outcome(err), err) }()
	return unlockScript.Run(ctx, c.rdb, []string{key}, token).Err()
}

// outcome is a command's outcome label: every failure is Redis failing (unreachable, too slow).
func outcome(err error) string {
	if err == nil {
		return "ok"
	}
	return "unavailable"
}

// How the subscription watches its connection: after idle without a message it pings, and
// after losing Redis it tries again every retry.
const (
	idle  = 5 * time.Second
	retry = 250 * time.Millisecond
)

// Subscribe delivers channel's messages to message until ctx ends. connected is called each time
// the subscription is confirmed, with again false the first time (unless connecting failed
// before) and true after every reconnect:
// messages sent while it was away are lost, and only the caller knows what to drop for them.
// lost is called once when the connection goes (not again until it has come back). The client
// library reconnects on its own; this loop only notices.
func (c *Client) Subscribe(ctx context.Context, channel string, message func([]byte), connected func(again bool), lost func(error)) {
	ps := c.rdb.Subscribe(ctx, channel)
	// A read waiting for a message does not watch ctx: closing the subscription ends it.
	stop := context.AfterFunc(ctx, func() { _ = ps.Close() })
	defer stop()
	defer ps.Close()
	confirmed, down := false, false
	for ctx.Err() == nil {
		msg, err := ps.ReceiveTimeout(ctx, idle)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() && !down {
				// Quiet is normal; a ping tells quiet from a connection gone half-open.
				if err = ps.Ping(ctx); err == nil {
					continue
				}
			}
			if !down {
				down = true
				lost(err)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(retry):
			}
			continue
		}
		switch m := msg.(type) {
		case *goredis.Subscription:
			if m.Kind == "subscribe" {
				// A first confirmation after failures is a reconnect too: the replica ran
				// without the bus until now.
				connected(confirmed || down)
				confirmed, down = true, false
			}
		case *goredis.Message:
			message([]byte(m.Payload))
		}
	}
}
