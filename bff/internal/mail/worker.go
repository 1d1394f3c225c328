package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Options configure a Worker. Zero values take the defaults beside each.
type Options struct {
	Outbox Outbox
	Sender Sender
	From   string // the From header: MAIL_FROM
	Logger *slog.Logger
	Now    func() time.Time
	// Interval is the pause between passes over the outbox (10s). A message waits at most about
	// this long before its first attempt.
	Interval time.Duration
	// Lease is how long an attempt's worker holds a message before another may take it over
	// (2m). It must be well beyond a send's own timeout, or a slow send would be repeated.
	Lease time.Duration
	// MaxAttempts bounds the attempts of one message (5); the last failure is final (ERROR).
	MaxAttempts int
	// Backoff is the wait after the first failed attempt (30s), doubled after each further one
	// up to MaxBackoff (30m): a server that is down is not hammered, and a brief outage costs a
	// brief delay.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Batch is how many unfinished messages one pass reads (50).
	Batch int
}

// Worker sends the outbox's messages: Pass once, or Start in the background.
type Worker struct {
	o Options
}

// New is a Worker with o's defaults filled in.
func New(o Options) *Worker {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.Interval, 10*time.Second)
	def(&o.Lease, 2*time.Minute)
	def(&o.Backoff, 30*time.Second)
	def(&o.MaxBackoff, 30*time.Minute)
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 5
	}
	if o.Batch <= 0 {
		o.Batch = 50
	}
	return &Worker{o: o}
}

// recordTimeout bounds writing an attempt's outcome, which goes ahead during a shutdown: a sent
// message left unrecorded would be sent again once its lease ran out.
const recordTimeout = 10 * time.Second

// Start runs passes every Interval in the background until stop is called. stop takes no new
// message at once, waits up to grace for the one in hand to be sent and recorded, then abandons
// it (its lease runs out and another worker sends it) and returns when the worker has.
func (w *Worker) Start(grace time.Duration) (stop func()) {
	claims, stopClaims := context.WithCancel(context.Background())
	sends, abandon := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.run(claims, sends)
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			stopClaims()
			select {
			case <-done:
			case <-time.After(grace):
				abandon()
				<-done
			}
			abandon()
		})
	}
}

func (w *Worker) run(claims, sends context.Context) {
	t := time.NewTimer(0) // the first pass at once: mail queued while no replica ran is waiting
	defer t.Stop()
	for {
		select {
		case <-claims.Done():
			return
		case <-t.C:
		}
		if err := w.pass(claims, sends); err != nil && claims.Err() == nil {
			w.o.Logger.Warn("mail: cannot read the outbox", slog.String("error", redact(err.Error())))
		}
		t.Reset(w.o.Interval)
	}
}

// Pass goes once over the unfinished messages, attempting each that is due.
func (w *Worker) Pass(ctx context.Context) error { return w.pass(ctx, ctx) }

// pass takes messages while claims is live; sends and their records run under sends, which
// outlives claims for a shutdown's grace.
func (w *Worker) pass(claims, sends context.Context) error {
	ids, err := w.o.Outbox.Unfinished(claims, w.o.Batch)
	if err != nil {
		return err
	}
	for _, id := range ids {
		select {
		case <-claims.Done():
			return nil // stopping: what is left waits for the next pass, this replica's or another's
		default:
		}
		w.deliver(claims, sends, id)
	}
	return nil
}

// deliver claims message id's next attempt, sends it and records the outcome. Every failure is
// logged here: one message failing does not stop the pass.
func (w *Worker) deliver(claims, sends context.Context, id string) {
	now := w.o.Now()
	var send bool
	m, written, err := w.o.Outbox.Update(claims, id, func(m *Message) bool {
		var write bool
		write, send = w.claim(&m.Delivery, now)
		return write
	})
	switch {
	case errors.Is(err, ErrTaken):
		return // another worker's attempt: it sends
	case err != nil:
		w.o.Logger.Warn("mail: cannot claim a message", slog.String("id", id), slog.String("error", redact(err.Error())))
		return
	case !written:
		return
	case !send:
		w.o.Logger.Error("mail: gave up on a message (its last attempt's worker never reported)",
			slog.String("id", id), slog.Int("attempts", m.Delivery.Attempts))
		return
	}
	attempt := m.Delivery.Attempts
	info, sendErr := w.o.Sender.Send(sends, w.envelope(m))

	end := w.o.Now()
	record, cancel := context.WithTimeout(context.WithoutCancel(sends), recordTimeout)
	defer cancel()
	var final Delivery
	_, written, err = w.o.Outbox.Update(record, id, func(m *Message) bool {
		d := &m.Delivery
		// Taken over meanwhile (this attempt outlived its lease): the newer attempt's worker
		// records its own outcome, and this one's must not overwrite it.
		if d.State != Processing || d.Attempts != attempt {
			return false
		}
		w.outcome(d, attempt, end, info, sendErr)
		final = *d
		return true
	})
	attrs := []any{slog.String("id", id), slog.Int("attempt", attempt)}
	if sendErr != nil {
		attrs = append(attrs, slog.String("error", redact(sendErr.Error())))
	}
	switch {
	case err != nil:
		// The lease runs out and the message is attempted again: sent twice if this one had
		// gone, which the stable Message-ID lets a mail client recognise.
		w.o.Logger.Error("mail: cannot record an attempt's outcome", append(attrs, slog.String("recordError", redact(err.Error())))...)
	case !written:
		w.o.Logger.Warn("mail: an attempt finished after another worker took the message over", attrs...)
	case final.State == Success:
		w.o.Logger.Info("mail: sent", attrs...)
	case final.State == Error:
		w.o.Logger.Error("mail: gave up on a message", attrs...)
	default:
		w.o.Logger.Warn("mail: an attempt failed; it will be retried", append(attrs, slog.Time("next", final.NextAttemptTime))...)
	}
}

// claim decides what a worker does with a message at now: write says the delivery changed and
// must be stored, send that the change started an attempt this worker now owns.
func (w *Worker) claim(d *Delivery, now time.Time) (write, send bool) {
	switch d.State {
	case Success, Error:
		return false, false
	case Processing:
		if now.Before(d.LeaseExpireTime) {
			return false, false // a live attempt is another worker's
		}
		// Its worker is gone (a crash, a replica stopped mid-send): take the message over.
	default: // PENDING, or a document queued without a delivery yet
		if now.Before(d.NextAttemptTime) {
			return false, false // backing off
		}
	}
	if d.Attempts >= w.o.MaxAttempts {
		// The last attempt's lease ran out with no outcome: nothing is left to try.
		d.State, d.EndTime, d.LeaseExpireTime = Error, now, time.Time{}
		d.Error = fmt.Sprintf("attempt %d of %d ended without an outcome (its lease expired)", d.Attempts, w.o.MaxAttempts)
		return true, false
	}
	d.Attempts++
	d.State, d.StartTime, d.LeaseExpireTime, d.NextAttemptTime = Processing, now, now.Add(w.o.Lease), time.Time{}
	return true, true
}

// outcome records an attempt's end on its delivery: SUCCESS, ERROR when the failure is permanent
// or the attempts are spent, else PENDING again after a backoff.
func (w *Worker) outcome(d *Delivery, attempt int, end time.Time, info Info, err error) {
	d.LeaseExpireTime = time.Time{}
	switch {
	case err == nil:
		d.State, d.EndTime, d.Info = Success, end, &info
	case IsPermanent(err) || attempt >= w.o.MaxAttempts:
		d.State, d.EndTime, d.Error = Error, end, err.Error()
	default:
		d.State, d.Error, d.NextAttemptTime = Pending, err.Error(), end.Add(w.backoff(attempt))
	}
}

// backoff is the wait after failed attempt n (1-based): Backoff doubled n-1 times, at most
// MaxBackoff.
func (w *Worker) backoff(n int) time.Duration {
	d := w.o.Backoff
	for i := 1; i < n && d < w.o.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, w.o.MaxBackoff)
}

func (w *Worker) envelope(m Message) Envelope {
	return Envelope{
		MessageID: MessageID(m.ID, w.o.From),
		From:      w.o.From,
		To:        m.To,
		Subject:   m.Subject,
		Text:      m.Text,
		HTML:      m.HTML,
	}
}

// safeID is what a document id may be to stand in a Message-ID as it is (Firestore's own ids are
// 20 letters and digits).
var safeID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,200}$`)

// MessageID is the Message-ID of the outbox document id sent from from: the same on every
// attempt and every replica, so a message sent twice (an attempt whose outcome could not be
// recorded) is recognisably one message, and a search finds the document behind a mail.
func MessageID(id, from string) string {
	local := id
	if !safeID.MatchString(id) {
		sum := sha256.Sum256([]byte(id))
		local = hex.EncodeToString(sum[:16])
	}
	domain := "localhost"
	if a, err := mail.ParseAddress(from); err == nil {
		if _, d, ok := strings.Cut(a.Address, "@"); ok && d != "" {
			domain = d
		}
	}
	return "<" + local + ".outbox@" + domain + ">"
}

// addressLike is anything shaped like an email address.
var addressLike = regexp.MustCompile(`[^\s<>"'()@,;:]+@[^\s<>"'()@,;:]+`)

// redact keeps addresses out of log lines: an SMTP server's reply often quotes the recipient.
func redact(s string) string { return addressLike.ReplaceAllString(s, "[address]") }
