// Package mail sends the mail outbox. The BFF queues a message by writing a document to
// Firestore's mail collection (the shape of Firebase's Trigger Email extension: to,
// message{subject,text,html}, delivery{...}); a Worker, which every BFF replica runs beside its
// listeners, finds the unfinished documents, sends each over SMTP and records the outcome in the
// document's delivery. Replicas share the outbox, so each attempt is claimed first: the claim is
// what makes a message leave once however many replicas look at it.
//
// The worker lives in the BFF process rather than in a command of its own: it needs nothing the
// BFF lacks (the Firestore connection, the config), every replica already runs where a second
// deployable would have to be configured, scaled and watched beside it, and the claims make any
// number of copies safe. The Firestore side (the query and the claiming transaction) is
// firestore.MailOutbox, the one package that speaks Firestore; the rules of what may be claimed,
// retried or given up live here, where the tests reach them with fakes.
package mail

import (
	"context"
	"errors"
	"time"
)

// State is a delivery's state, the Trigger Email extension's words.
type State string

// The states a document goes through: PENDING (queued, or waiting for a retry), PROCESSING (a
// worker holds a lease on an attempt), then SUCCESS or ERROR, both final.
const (
	Pending    State = "PENDING"
	Processing State = "PROCESSING"
	Success    State = "SUCCESS"
	Error      State = "ERROR"
)

// Message is one document of the outbox: the message as queued and its delivery so far.
type Message struct {
	ID       string // the document id; the stable Message-ID is made from it
	To       []string
	Subject  string
	Text     string
	HTML     string
	Delivery Delivery
}

// Delivery is the record of a message's sending (the document's delivery map). Zero times are
// unset.
type Delivery struct {
	State    State
	Attempts int // attempts started, the current one included
	// StartTime is when the latest attempt started; EndTime when the message reached SUCCESS or
	// ERROR.
	StartTime time.Time
	EndTime   time.Time
	// LeaseExpireTime is when a PROCESSING attempt's worker is presumed gone: from then on
	// another worker may take the message over with the next attempt.
	LeaseExpireTime time.Time
	// NextAttemptTime is when a PENDING message that failed may be tried again (the backoff).
	NextAttemptTime time.Time
	Error           string // the latest failure, kept on a later SUCCESS's record until then
	Info            *Info  // what the SMTP server accepted, on SUCCESS
}

// Done reports whether the delivery is final: nothing more will be tried.
func (d Delivery) Done() bool { return d.State == Success || d.State == Error }

// Info is what a successful send leaves on the record.
type Info struct {
	MessageID string
	Accepted  []string
}

// Outbox is the queue of messages as the worker reads and records it. Implementation:
// firestore.MailOutbox (the mail collection).
type Outbox interface {
	// Unfinished lists the ids of up to limit messages that are not yet SUCCESS or ERROR, in no
	// particular order. Whether one is due now is for the worker to decide.
	Unfinished(ctx context.Context, limit int) ([]string, error)
	// Update reads message id in a transaction and calls change with it; when change returns
	// true, the message's delivery as change left it is written in the same transaction, and
	// Update returns the message and true. When change raised Delivery.Attempts, the write also
	// takes that attempt number for good, and only one Update can take a number: a second gets
	// ErrTaken and writes nothing. change may run more than once (a transaction retried).
	Update(ctx context.Context, id string, change func(m *Message) bool) (Message, bool, error)
}

// ErrTaken is Update's answer when another worker took the attempt first.
var ErrTaken = errors.New("mail: the attempt was claimed by another worker")

// Sender sends one message. Implementation: SMTP.
type Sender interface {
	Send(ctx context.Context, e Envelope) (Info, error)
}

// Envelope is a message ready to send.
type Envelope struct {
	MessageID string // with its angle brackets, <id@domain>
	From      string // a header value: an address, with a display name or not
	To        []string
	Subject   string
	Text      string
	HTML      string
}

// permanentError is a failure that sending again would repeat (a refused address, a message that
// cannot be written): the message goes to ERROR at once instead of waiting out its retries.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks err as a failure a retry would only repeat.
func Permanent(err error) error { return permanentError{err} }

// IsPermanent reports whether err is marked Permanent or is an SMTP 5xx reply (the server's own
// "do not try again").
func IsPermanent(err error) bool {
	var p permanentError
	if errors.As(err, &p) {
		return true
	}
	code, ok := replyCode(err)
	return ok && code >= 500
}
