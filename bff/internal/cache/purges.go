package cache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/union-benefits/portal/bff/internal/metrics"
)

// Bus carries purges between the replicas of the BFF (redis.Client).
type Bus interface {
	Publish(ctx context.Context, channel string, payload []byte) error
	// Subscribe delivers channel's messages until ctx ends; connected is called on every
	// confirmed subscription (again after a reconnect), lost once per lost connection.
	Subscribe(ctx context.Context, channel string, message func([]byte), connected func(again bool), lost func(error))
}

// purgeChannel is the bus channel of purges.
const purgeChannel = "portal:cache:purge"

// purgeMessage is one purge on the bus: the tags, the replica that sent it, and when (Unix
// nanoseconds on the sender's clock: the receivers' lag metric).
type purgeMessage struct {
	From string   `json:"from"`
	Tags []string `json:"tags"`
	Sent int64    `json:"sent,omitempty"`
}

// Purges makes a purge reach the store of every replica. The replica that receives the CMS
// webhook purges its own store at once, whatever the bus does, and publishes the tags; every
// other replica purges them when the message arrives. A purge by tag is idempotent, and the
// sender skips its own message. A replica that loses the bus drops its whole store when it
// reconnects: purges sent meanwhile are lost, and without them it would serve an edit's old
// version until its entries went stale.
type Purges struct {
	store  *Store
	bus    Bus
	id     string
	logger *slog.Logger
	m      *metrics.Metrics
	cancel context.CancelFunc
	done   chan struct{}
}

// NewPurges subscribes store to the purges on bus until Close; m (nil records none) gets each
// received purge's lag and each reconnect.
func NewPurges(store *Store, bus Bus, logger *slog.Logger, m *metrics.Metrics) *Purges {
	if logger == nil {
		logger = slog.Default()
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	ctx, cancel := context.WithCancel(context.Background())
	p := &Purges{store: store, bus: bus, id: hex.EncodeToString(b[:]), logger: logger, m: m, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		bus.Subscribe(ctx, purgeChannel, p.receive, p.connected, p.lost)
	}()
	return p
}

// Purge removes every entry carrying any of the tags from this replica's store, tells the other
// replicas to do the same, and reports how many entries it removed here. The publish is a call
// of ctx's request (the webhook's): its span and any warning belong to that trace.
func (p *Purges) Purge(ctx context.Context, tags ...string) int {
	n := p.store.Purge(tags...)
	payload, err := json.Marshal(purgeMessage{From: p.id, Tags: tags, Sent: time.Now().UnixNano()})
	if err == nil {
		// The purge is applied here already: a webhook sender that hangs up must not stop the
		// others hearing of it.
		err = p.publish(context.WithoutCancel(ctx), payload)
	}
	if err != nil {
		// The others drop their whole store when they reconnect, if they lost the bus too;
		// those that did not keep the old version until it goes stale.
		p.logger.WarnContext(ctx, "purge applied on this replica only: the purge bus is unavailable",
			slog.Any("tags", tags), slog.Int("attempts", publishAttempts), slog.String("err", err.Error()))
	}
	return n
}

// publishAttempts is how many times a purge is offered to the bus before this replica gives up
// telling the others, and publishPause the wait before each further try. The other replicas hear
// of a purge only from the bus, and they stay subscribed through one failed command (a publish
// timing out on a busy replica, say), so nothing else would tell them: without a second try they
// would serve the edit's old version until their entries went stale. A purge received twice
// changes nothing more. At most about a second in the webhook's request (three commands of 300 ms
// and two pauses).
const (
	publishAttempts = 3
	publishPause    = 100 * time.Millisecond
)

// publish sends payload on the bus, trying again after a failure up to publishAttempts times.
func (p *Purges) publish(ctx context.Context, payload []byte) error {
	for attempt := 1; ; attempt++ {
		err := p.bus.Publish(ctx, purgeChannel, payload)
		if err == nil || attempt == publishAttempts {
			return err
		}
		time.Sleep(publishPause)
	}
}

func (p *Purges) receive(payload []byte) {
	var m purgeMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		p.logger.Warn("purge bus: unreadable message", slog.String("err", err.Error()))
		return
	}
	if m.From == p.id {
		return
	}
	if m.Sent > 0 {
		p.m.PurgeReceived(time.Unix(0, m.Sent))
	}
	p.store.Purge(m.Tags...)
}

func (p *Purges) connected(again bool) {
	if !again {
		p.logger.Info("purge bus listening")
		return
	}
	p.m.PurgeBusReconnected()
	n := p.store.PurgeAll()
	p.logger.Info("purge bus back: dropped the content cache, purges may have been missed", slog.Int("entries", n))
}

func (p *Purges) lost(err error) {
	p.logger.Warn("purge bus lost: purges apply on this replica only until it returns", slog.String("err", err.Error()))
}

// Close stops listening to the bus.
func (p *Purges) Close() {
	p.cancel()
	<-p.done
}
