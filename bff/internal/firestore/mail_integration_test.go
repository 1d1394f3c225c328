//go:build integration

package firestore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/mail"
	"github.com/union-benefits/portal/bff/internal/mail/mailtest"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// freshOutbox is an outbox in a collection of its own, which the stack's senders (reading "mail")
// never see, deleted with its claims when the test ends.
func freshOutbox(t *testing.T, p *Profiles) *MailOutbox {
	t.Helper()
	b := make([]byte, 6)
	rand.Read(b)
	o := p.MailOutbox("mail-it-" + hex.EncodeToString(b))
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, coll := range []string{o.collection, o.collection + "Claims"} {
			snaps, _ := p.client.Collection(coll).Documents(c).GetAll()
			for _, s := range snaps {
				_, _ = s.Ref.Delete(c)
			}
		}
	})
	return o
}

// Two replicas' senders on one outbox, against the offline stand-in, which does not isolate
// transactions: every message reaches the SMTP server exactly once, and its document says so.
func TestTwoSendersOnOneOutboxSendEachMessageOnce(t *testing.T) {
	p := newProfiles(t)
	o := freshOutbox(t, p)
	const n = 12
	for i := range n {
		err := o.QueueMail(ctx(t), portal.Mail{
			To: fmt.Sprintf("member-%d@example.com", i), Template: "passwordChanged", Subject: "Your password was changed", Text: "Hello",
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	smtp := mailtest.StartSMTP(t)
	var stops []func()
	for range 2 {
		sender, err := mail.NewSMTP(smtp.URL(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		w := mail.New(mail.Options{
			Outbox: o, Sender: sender, From: "Union Benefits <no-reply@union-benefits.test>",
			Logger: slog.New(slog.DiscardHandler), Interval: 20 * time.Millisecond,
		})
		stops = append(stops, w.Start(5*time.Second))
	}
	var once sync.Once
	stopAll := func() {
		once.Do(func() {
			for _, stop := range stops {
				stop()
			}
		})
	}
	defer stopAll()

	finished := poll.Until(30*time.Second, 50*time.Millisecond, func() bool {
		ids, err := o.Unfinished(ctx(t), 100)
		return err == nil && len(ids) == 0
	})
	stopAll()
	if !finished {
		t.Fatal("the outbox was not emptied within 30s")
	}

	perID := map[string]int{}
	for _, m := range smtp.Messages() {
		perID[m.Msg.Header.Get("Message-Id")]++
	}
	snaps, err := p.client.Collection(o.collection).Documents(ctx(t)).GetAll()
	if err != nil || len(snaps) != n {
		t.Fatalf("%d documents, %v", len(snaps), err)
	}
	for _, s := range snaps {
		m := decodeMail(s.Ref.ID, s.Data())
		id := mail.MessageID(s.Ref.ID, "no-reply@union-benefits.test")
		if perID[id] != 1 {
			t.Errorf("%s reached the server %d times, want once", s.Ref.ID, perID[id])
		}
		d := m.Delivery
		if d.State != mail.Success || d.Attempts != 1 || d.Info == nil || d.Info.MessageID != id || d.StartTime.IsZero() || d.EndTime.IsZero() {
			t.Errorf("%s: %+v", s.Ref.ID, d)
		}
		if s.Data()[mailDone] != true {
			t.Errorf("%s: done is %v", s.Ref.ID, s.Data()[mailDone])
		}
	}
	if len(perID) != n {
		t.Errorf("%d distinct messages reached the server, want %d", len(perID), n)
	}
}

// The claim's transaction against the stand-in: an attempt number is taken once, the second
// claimant gets ErrTaken and changes nothing, and an expired lease is taken over with the next
// attempt.
func TestAnAttemptIsClaimedOnceAndAnExpiredLeaseTakenOver(t *testing.T) {
	p := newProfiles(t)
	o := freshOutbox(t, p)
	if err := o.QueueMail(ctx(t), portal.Mail{To: "member@example.com", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	ids, err := o.Unfinished(ctx(t), 10)
	if err != nil || len(ids) != 1 {
		t.Fatalf("%v %v", ids, err)
	}
	id := ids[0]
	now := time.Now().UTC().Truncate(time.Millisecond)
	claim := func(m *mail.Message) bool {
		if m.Delivery.State == mail.Processing && now.Before(m.Delivery.LeaseExpireTime) {
			return false
		}
		m.Delivery.Attempts++
		m.Delivery.State, m.Delivery.StartTime, m.Delivery.LeaseExpireTime = mail.Processing, now, now.Add(time.Minute)
		return true
	}
	m, ok, err := o.Update(ctx(t), id, claim)
	if err != nil || !ok || m.Delivery.Attempts != 1 || m.To[0] != "member@example.com" {
		t.Fatalf("first claim: %+v %v %v", m, ok, err)
	}
	if _, ok, _ := o.Update(ctx(t), id, claim); ok {
		t.Fatal("a live lease was taken over")
	}
	// Past the lease, a rival's claim of attempt 2 has landed first: this one gets ErrTaken, and
	// its commit applied nothing (the claim record's create is the commit's first write).
	now = now.Add(2 * time.Minute)
	rival := p.client.Collection(o.collection + "Claims").Doc(id + "-2")
	if _, err := rival.Create(ctx(t), map[string]any{"mail": id, "attempt": int64(2)}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := o.Update(ctx(t), id, claim); !errors.Is(err, mail.ErrTaken) {
		t.Fatalf("a claim of a taken attempt: %v, want ErrTaken", err)
	}
	if snap, _ := p.client.Collection(o.collection).Doc(id).Get(ctx(t)); decodeMail(id, snap.Data()).Delivery.Attempts != 1 {
		t.Fatalf("the losing commit wrote: %+v", decodeMail(id, snap.Data()).Delivery)
	}
	if _, err := rival.Delete(ctx(t)); err != nil {
		t.Fatal(err)
	}
	m, ok, err = o.Update(ctx(t), id, claim)
	if err != nil || !ok || m.Delivery.Attempts != 2 {
		t.Fatalf("take-over: %+v %v %v", m.Delivery, ok, err)
	}
	snap, err := p.client.Collection(o.collection).Doc(id).Get(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if d := decodeMail(id, snap.Data()).Delivery; d.Attempts != 2 || d.State != mail.Processing || !d.LeaseExpireTime.Equal(now.Add(time.Minute)) {
		t.Errorf("stored %+v", d)
	}
}
