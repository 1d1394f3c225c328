package mail_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/mail"
	"github.com/union-benefits/portal/bff/internal/mail/mailtest"
)

const from = "Union Benefits <no-reply@union-benefits.test>"

var t0 = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// clock is a settable Now shared by the workers of a test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

func queued(id string) mail.Message {
	return mail.Message{
		ID: id, To: []string{"ada@example.com"}, Subject: "Your password was changed", Text: "Hello Ada",
		Delivery: mail.Delivery{State: mail.Pending},
	}
}

func worker(o *mailtest.Outbox, s mail.Sender, c *clock, log *slog.Logger) *mail.Worker {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return mail.New(mail.Options{
		Outbox: o, Sender: s, From: from, Logger: log, Now: c.Now,
		Lease: 2 * time.Minute, MaxAttempts: 3, Backoff: 30 * time.Second, MaxBackoff: 10 * time.Minute,
	})
}

func pass(t *testing.T, w *mail.Worker) {
	t.Helper()
	if err := w.Pass(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestAQueuedMessageIsSentOnceWithItsStableMessageIDAndRecorded(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	s := &mailtest.Sender{}
	c := &clock{now: t0}
	w := worker(o, s, c, nil)
	pass(t, w)
	c.Set(t0.Add(time.Hour))
	pass(t, w) // nothing left to do

	if s.Count() != 1 {
		t.Fatalf("sent %d times, want once", s.Count())
	}
	e := s.Sent[0]
	if e.MessageID != "<m1.outbox@union-benefits.test>" || e.From != from || e.To[0] != "ada@example.com" || e.Subject != "Your password was changed" {
		t.Errorf("envelope %+v", e)
	}
	d := o.Get("m1").Delivery
	if d.State != mail.Success || d.Attempts != 1 || !d.StartTime.Equal(t0) || !d.EndTime.Equal(t0) || !d.LeaseExpireTime.IsZero() ||
		d.Info == nil || d.Info.MessageID != e.MessageID {
		t.Errorf("delivery %+v", d)
	}
}

func TestTheMessageIDIsTheSameOnEveryAttemptAndSafeForAnyID(t *testing.T) {
	if a, b := mail.MessageID("abc", from), mail.MessageID("abc", "other@union-benefits.test"); a != b || a != "<abc.outbox@union-benefits.test>" {
		t.Errorf("%s, %s", a, b)
	}
	if id := mail.MessageID("a b<c>@d", from); strings.ContainsAny(id[1:len(id)-1], " <>") || strings.Count(id, "@") != 1 {
		t.Errorf("an unsafe document id went into the Message-ID: %s", id)
	}
}

// Two replicas read the same PENDING message before either commits its claim (the offline
// stand-in does not isolate transactions): only one takes attempt 1, so the message goes once.
func TestTwoWorkersRacingForOneMessageSendItOnce(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"), queued("m2"))
	// The first two commits, both workers' claims of m1, wait for each other; later ones pass.
	var mu sync.Mutex
	calls := 0
	both := make(chan struct{})
	o.BeforeCommit = func(string) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		switch n {
		case 1:
			select {
			case <-both:
			case <-time.After(5 * time.Second):
				t.Error("the two workers never raced")
			}
		case 2:
			close(both)
		}
	}
	s := &mailtest.Sender{}
	c := &clock{now: t0}
	a, b := worker(o, s, c, nil), worker(o, s, c, nil)
	var wg sync.WaitGroup
	for _, w := range []*mail.Worker{a, b} {
		wg.Add(1)
		go func() { defer wg.Done(); _ = w.Pass(context.Background()) }()
	}
	wg.Wait()

	perID := map[string]int{}
	for _, e := range s.Sent {
		perID[e.MessageID]++
	}
	if len(perID) != 2 || perID["<m1.outbox@union-benefits.test>"] != 1 || perID["<m2.outbox@union-benefits.test>"] != 1 {
		t.Fatalf("sends per message %v, want each once", perID)
	}
	for _, id := range []string{"m1", "m2"} {
		if d := o.Get(id).Delivery; d.State != mail.Success || d.Attempts != 1 {
			t.Errorf("%s: %+v", id, d)
		}
	}
}

func TestAFailedAttemptIsRetriedAfterABackoffThatDoubles(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	s := &mailtest.Sender{Fail: func(_ mail.Envelope, n int) error {
		if n < 2 {
			return &textproto.Error{Code: 421, Msg: "try again later"}
		}
		return nil
	}}
	c := &clock{now: t0}
	w := worker(o, s, c, nil)

	pass(t, w)
	d := o.Get("m1").Delivery
	if d.State != mail.Pending || d.Attempts != 1 || !strings.Contains(d.Error, "try again later") || !d.NextAttemptTime.Equal(t0.Add(30*time.Second)) {
		t.Fatalf("after the first failure: %+v", d)
	}
	c.Set(t0.Add(29 * time.Second))
	pass(t, w)
	if s.Count() != 1 {
		t.Fatalf("retried before its backoff: %d sends", s.Count())
	}
	c.Set(t0.Add(30 * time.Second))
	pass(t, w)
	d = o.Get("m1").Delivery
	if s.Count() != 2 || d.State != mail.Pending || d.Attempts != 2 || !d.NextAttemptTime.Equal(t0.Add(90*time.Second)) {
		t.Fatalf("the second failure waits twice as long: %d sends, %+v", s.Count(), d)
	}
	c.Set(t0.Add(90 * time.Second))
	pass(t, w)
	d = o.Get("m1").Delivery
	if s.Count() != 3 || d.State != mail.Success || d.Attempts != 3 || !d.EndTime.Equal(t0.Add(90*time.Second)) {
		t.Fatalf("the third attempt goes: %d sends, %+v", s.Count(), d)
	}
}

func TestAfterItsLastAttemptFailsAMessageIsGivenUp(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	s := &mailtest.Sender{Fail: func(mail.Envelope, int) error { return errors.New("connection refused") }}
	c := &clock{now: t0}
	w := worker(o, s, c, nil)
	for i := range 10 {
		c.Set(t0.Add(time.Duration(i) * time.Hour))
		pass(t, w)
	}
	d := o.Get("m1").Delivery
	if s.Count() != 3 || d.State != mail.Error || d.Attempts != 3 || d.Error != "connection refused" || d.EndTime.IsZero() {
		t.Fatalf("%d sends, %+v; want 3 attempts then ERROR", s.Count(), d)
	}
}

func TestARefusalIsFinalAtOnce(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	s := &mailtest.Sender{Fail: func(mail.Envelope, int) error {
		return &textproto.Error{Code: 550, Msg: "5.1.1 <ada@example.com>: no such user"}
	}}
	c := &clock{now: t0}
	w := worker(o, s, c, nil)
	pass(t, w)
	c.Set(t0.Add(time.Hour))
	pass(t, w)
	if d := o.Get("m1").Delivery; s.Count() != 1 || d.State != mail.Error || d.Attempts != 1 {
		t.Fatalf("%d sends, %+v", s.Count(), d)
	}
}

// A worker that claimed a message and vanished (a replica stopped mid-send) holds it only until
// its lease expires; then another takes it over with the next attempt.
func TestAnExpiredLeaseIsTakenOver(t *testing.T) {
	m := queued("m1")
	m.Delivery = mail.Delivery{State: mail.Processing, Attempts: 1, StartTime: t0, LeaseExpireTime: t0.Add(2 * time.Minute)}
	o := mailtest.NewOutbox(m)
	s := &mailtest.Sender{}
	c := &clock{now: t0.Add(time.Minute)}
	w := worker(o, s, c, nil)
	pass(t, w)
	if s.Count() != 0 {
		t.Fatal("a live lease was taken over")
	}
	c.Set(t0.Add(2 * time.Minute))
	pass(t, w)
	if d := o.Get("m1").Delivery; s.Count() != 1 || d.State != mail.Success || d.Attempts != 2 {
		t.Fatalf("%d sends, %+v", s.Count(), d)
	}
}

func TestTheLastAttemptsExpiredLeaseEndsInError(t *testing.T) {
	m := queued("m1")
	m.Delivery = mail.Delivery{State: mail.Processing, Attempts: 3, LeaseExpireTime: t0}
	o := mailtest.NewOutbox(m)
	s := &mailtest.Sender{}
	pass(t, worker(o, s, &clock{now: t0}, nil))
	if d := o.Get("m1").Delivery; s.Count() != 0 || d.State != mail.Error || !strings.Contains(d.Error, "lease expired") {
		t.Fatalf("%d sends, %+v", s.Count(), d)
	}
}

// A send that outlives its lease: another worker takes the message over and records SUCCESS, and
// the first worker's late failure must not overwrite it.
func TestALateOutcomeDoesNotOverwriteTheTakeOver(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	c := &clock{now: t0}
	fast := &mailtest.Sender{}
	var b *mail.Worker
	slow := &mailtest.Sender{
		During: func(mail.Envelope) {
			c.Set(t0.Add(3 * time.Minute))
			pass(t, b)
		},
		Fail: func(mail.Envelope, int) error { return errors.New("timed out") },
	}
	a := worker(o, slow, c, nil)
	b = worker(o, fast, c, nil)
	pass(t, a)
	if d := o.Get("m1").Delivery; fast.Count() != 1 || d.State != mail.Success || d.Attempts != 2 || d.Error != "" {
		t.Fatalf("%+v", d)
	}
}

func TestLogLinesCarryNoAddress(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	o := mailtest.NewOutbox(queued("m1"), queued("m2"))
	s := &mailtest.Sender{Fail: func(_ mail.Envelope, n int) error {
		if n == 0 {
			return &textproto.Error{Code: 550, Msg: "<ada@example.com> unknown"}
		}
		return &textproto.Error{Code: 451, Msg: "ada@example.com greylisted"}
	}}
	pass(t, worker(o, s, &clock{now: t0}, log))
	if strings.Contains(buf.String(), "@example.com") || !strings.Contains(buf.String(), "[address]") {
		t.Fatalf("logs:\n%s", buf.String())
	}
}

// Stopping waits for the message in hand, so a replica that stops mid-send still records it.
func TestStopLetsTheMessageInHandFinish(t *testing.T) {
	o := mailtest.NewOutbox(queued("m1"))
	started := make(chan struct{})
	release := make(chan struct{})
	s := &mailtest.Sender{During: func(mail.Envelope) { close(started); <-release }}
	w := mail.New(mail.Options{Outbox: o, Sender: s, From: from, Logger: slog.New(slog.DiscardHandler), Interval: time.Hour})
	stop := w.Start(5 * time.Second)
	<-started
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	select {
	case <-stopped:
		t.Fatal("stop did not wait for the send")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-stopped
	if d := o.Get("m1").Delivery; d.State != mail.Success {
		t.Fatalf("%+v", d)
	}
}
