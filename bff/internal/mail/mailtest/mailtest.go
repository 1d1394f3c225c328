// Package mailtest has fakes for the mail sender's tests: an Outbox in memory that isolates
// transactions no better than the offline Firestore stand-in (only an attempt number is taken
// once), a Sender that records and fails on demand, and an SMTP server in process.
package mailtest

import (
	"context"
	"slices"
	"strconv"
	"sync"

	"github.com/union-benefits/portal/bff/internal/mail"
)

// Outbox is a mail.Outbox in memory. An Update reads a copy, runs change on it without the lock
// and commits afterwards, as a transaction the stand-in does not isolate: two Updates may both
// read PENDING. Only taking an attempt number is atomic, as the claim record's create is.
type Outbox struct {
	mu     sync.Mutex
	msgs   map[string]mail.Message
	taken  map[string]bool
	order  []string
	Writes int
	// BeforeCommit, if set, runs between an Update's change and its commit: tests hold two
	// workers there to make them race.
	BeforeCommit func(id string)
}

// NewOutbox is an Outbox holding msgs, listed in that order.
func NewOutbox(msgs ...mail.Message) *Outbox {
	o := &Outbox{msgs: map[string]mail.Message{}, taken: map[string]bool{}}
	for _, m := range msgs {
		o.Put(m)
	}
	return o
}

// Put adds or replaces a message.
func (o *Outbox) Put(m mail.Message) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.msgs[m.ID]; !ok {
		o.order = append(o.order, m.ID)
	}
	o.msgs[m.ID] = clone(m)
}

// Get is message id as stored.
func (o *Outbox) Get(id string) mail.Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	return clone(o.msgs[id])
}

// Unfinished implements mail.Outbox.
func (o *Outbox) Unfinished(_ context.Context, limit int) ([]string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var ids []string
	for _, id := range o.order {
		if !o.msgs[id].Delivery.Done() && len(ids) < limit {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Update implements mail.Outbox.
func (o *Outbox) Update(_ context.Context, id string, change func(m *mail.Message) bool) (mail.Message, bool, error) {
	o.mu.Lock()
	m := clone(o.msgs[id])
	o.mu.Unlock()
	before := m.Delivery.Attempts
	if !change(&m) {
		return m, false, nil
	}
	if o.BeforeCommit != nil {
		o.BeforeCommit(id)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if n := m.Delivery.Attempts; n > before {
		key := id + "-" + strconv.Itoa(n)
		if o.taken[key] {
			return mail.Message{}, false, mail.ErrTaken
		}
		o.taken[key] = true
	}
	o.msgs[id] = clone(m)
	o.Writes++
	return m, true, nil
}

func clone(m mail.Message) mail.Message {
	m.To = slices.Clone(m.To)
	if m.Delivery.Info != nil {
		info := *m.Delivery.Info
		info.Accepted = slices.Clone(info.Accepted)
		m.Delivery.Info = &info
	}
	return m
}

// Sender records what it is asked to send and answers Fail's error, if any, for each.
type Sender struct {
	mu   sync.Mutex
	Sent []mail.Envelope
	// Fail, if set, decides an attempt's error (nil sends) from the envelope and how many sends
	// were asked before it.
	Fail func(e mail.Envelope, n int) error
	// During, if set, runs inside each send before it answers (a slow server).
	During func(e mail.Envelope)
}

// Send implements mail.Sender.
func (s *Sender) Send(_ context.Context, e mail.Envelope) (mail.Info, error) {
	if s.During != nil {
		s.During(e)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.Sent)
	s.Sent = append(s.Sent, e)
	if s.Fail != nil {
		if err := s.Fail(e, n); err != nil {
			return mail.Info{}, err
		}
	}
	return mail.Info{MessageID: e.MessageID, Accepted: e.To}, nil
}

// Count is how many sends were asked.
func (s *Sender) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.Sent)
}
