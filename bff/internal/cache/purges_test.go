package cache

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/redis"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// replicaStore is one replica's store on the purge bus, with a loader that counts its loads.
type replicaStore struct {
	store  *Store
	purges *Purges
	loads  atomic.Int32
	m      *metrics.Metrics
}

// metric is the value of the sample of the replica's metrics that starts with series (its name
// and labels), or -1 when there is none.
func (r *replicaStore) metric(t *testing.T, series string) float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	r.m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return -1
}

func newReplica(t *testing.T, url string) *replicaStore {
	t.Helper()
	s, _ := newTestStore(t)
	c, err := redis.New(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	r := &replicaStore{store: s, purges: NewPurges(s, c, slog.New(slog.DiscardHandler), m), m: m}
	t.Cleanup(func() { r.purges.Close(); _ = c.Close() })
	return r
}

// get reads key (tagged node:1), loading on a miss.
func (r *replicaStore) get(t *testing.T, key string) {
	t.Helper()
	_, err := Fetch(context.Background(), r.store, "page", key, func(context.Context) (Loaded[string], error) {
		r.loads.Add(1)
		return Loaded[string]{Value: "v", Tags: []string{"node:1"}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// cached reports whether key is in the store (a read that does not load).
func (r *replicaStore) cached(key string) bool {
	_, ok := r.store.rc.Get("page|" + key)
	return ok
}

// eventually polls cond for up to 5 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !poll.Until(5*time.Second, 10*time.Millisecond, cond) {
		t.Fatalf("never: %s", what)
	}
}

// subscribed waits until both replicas listen: a purge sent and seen proves it.
func subscribed(t *testing.T, a, b *replicaStore) {
	t.Helper()
	b.get(t, "warm")
	eventually(t, "the replicas listen to the bus", func() bool {
		a.purges.Purge(context.Background(), "node:1")
		return !b.cached("warm")
	})
}

// A purge on one replica empties that tag on every replica; the other keys stay.
func TestAPurgeReachesEveryReplica(t *testing.T) {
	srv := redistest.Start(t)
	a, b := newReplica(t, srv.URL()), newReplica(t, srv.URL())
	subscribed(t, a, b)
	a.get(t, "/x")
	b.get(t, "/x")
	b.store.rc.Wait()
	a.store.rc.Wait()
	if n := a.purges.Purge(context.Background(), "node:1"); n != 1 {
		t.Fatalf("the receiving replica purged %d entries, want 1", n)
	}
	if a.cached("/x") {
		t.Fatal("the receiving replica still holds the entry")
	}
	eventually(t, "the other replica drops the entry", func() bool { return !b.cached("/x") })
	// Each purge that crossed the bus is in the receiver's lag histogram, none in the sender's.
	if n := b.metric(t, "bff_purge_bus_lag_seconds_count"); n < 1 {
		t.Errorf("the receiver's purge lag count is %v", n)
	}
	if n := a.metric(t, "bff_purge_bus_lag_seconds_count"); n != 0 {
		t.Errorf("the sender measured the lag of its own purges: %v", n)
	}
	// Applying a purge twice changes nothing more.
	a.purges.receive([]byte(`{"from":"another","tags":["node:1"]}`))
}

// A replica that lost the bus keeps purging its own store, and one that missed purges while it
// was away drops its whole store when it reconnects.
func TestAReplicaBackOnTheBusDropsWhatItMayHaveMissed(t *testing.T) {
	srv := redistest.Start(t)
	a, b := newReplica(t, srv.URL()), newReplica(t, srv.URL())
	subscribed(t, a, b)

	srv.Stop()
	a.get(t, "/x")
	b.get(t, "/other") // tagged node:1 too, but any entry goes: the missed purges' tags are unknown
	a.store.rc.Wait()
	b.store.rc.Wait()
	if n := a.purges.Purge(context.Background(), "node:1"); n != 1 {
		t.Fatalf("without the bus, the receiving replica purged %d entries, want 1", n)
	}
	if !b.cached("/other") {
		t.Fatal("the other replica lost its entry while the bus was down")
	}

	srv.Restart()
	eventually(t, "the other replica drops its cache on reconnecting", func() bool { return !b.cached("/other") })
	if n := b.metric(t, "bff_purge_bus_reconnects_total"); n != 1 {
		t.Errorf("reconnects counted: %v, want 1", n)
	}
	// And the bus carries purges again.
	subscribed(t, a, b)
}

// A purge is part of the webhook's request: telling the other replicas is a call of that trace.
func TestAPurgeIsPartOfTheWebhooksTrace(t *testing.T) {
	rec := telemetrytest.Record(t)
	srv := redistest.Start(t)
	a := newReplica(t, srv.URL())
	ctx, webhook := telemetry.Tracer().Start(context.Background(), "POST /api/v1/hooks/cms")
	a.purges.Purge(ctx, "node:1")
	webhook.End()
	published := telemetrytest.Named(rec, "redis publish")
	if len(published) != 1 || published[0].Parent().SpanID() != webhook.SpanContext().SpanID() {
		t.Fatalf("redis publish spans %d, want 1 under the webhook's span", len(published))
	}
}

// flakyBus is a purge bus whose first failures publishes fail, as one command timing out on a
// busy replica does; it records what it carried.
type flakyBus struct {
	failures  int
	publishes atomic.Int32
	carried   atomic.Int32
}

func (b *flakyBus) Publish(context.Context, string, []byte) error {
	if int(b.publishes.Add(1)) <= b.failures {
		return errors.New("i/o timeout")
	}
	b.carried.Add(1)
	return nil
}

func (b *flakyBus) Subscribe(ctx context.Context, _ string, _ func([]byte), connected func(bool), _ func(error)) {
	connected(false)
	<-ctx.Done()
}

// One failed publish does not keep a purge from the other replicas, which stayed subscribed and
// would hear of it no other way: it is sent again. A bus that keeps failing is given up on after
// publishAttempts, and the purge still applies on this replica.
func TestAPurgeIsSentAgainAfterAFailedPublish(t *testing.T) {
	for _, tc := range []struct {
		failures, publishes, carried int
	}{
		{failures: 0, publishes: 1, carried: 1},
		{failures: 1, publishes: 2, carried: 1},
		{failures: publishAttempts - 1, publishes: publishAttempts, carried: 1},
		{failures: publishAttempts, publishes: publishAttempts, carried: 0},
	} {
		s, _ := newTestStore(t)
		bus := &flakyBus{failures: tc.failures}
		p := NewPurges(s, bus, slog.New(slog.DiscardHandler), nil)
		r := &replicaStore{store: s, purges: p}
		r.get(t, "/x")
		s.rc.Wait()
		if n := p.Purge(context.Background(), "node:1"); n != 1 {
			t.Errorf("%d failures: purged %d entries here, want 1", tc.failures, n)
		}
		p.Close()
		if got := int(bus.publishes.Load()); got != tc.publishes {
			t.Errorf("%d failures: %d publishes, want %d", tc.failures, got, tc.publishes)
		}
		if got := int(bus.carried.Load()); got != tc.carried {
			t.Errorf("%d failures: the bus carried the purge %d times, want %d", tc.failures, got, tc.carried)
		}
	}
}
