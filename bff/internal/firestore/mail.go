package firestore

import (
	"context"
	"errors"
	"strconv"
	"time"

	gfs "cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/mail"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// mailDone is the document's top-level flag the sender's query filters on: false from the moment
// a message is queued, true once its delivery is SUCCESS or ERROR. The state itself lives
// under delivery, as the Trigger Email extension keeps it, and the offline stand-in
// (@firestore-emulator/server) cannot filter on a nested field; a top-level equality needs no
// composite index in production either.
const mailDone = "done"

// MailOutbox is the mail outbox in one collection: QueueMail writes to it, and it implements
// mail.Outbox for the sender. Each attempt a sender claims is also recorded as a document of
// the collection's claims collection ({collection}Claims/{id}-{attempt}), created with a
// does-not-exist precondition in the claiming transaction: real Firestore isolates the
// transaction anyway, but the offline stand-in does not (two senders could both read PENDING and
// both commit), and a create that fails on an existing document is atomic there too. The
// create is the commit's first write, so a commit that loses it applies nothing.
type MailOutbox struct {
	conn
	collection string
}

var _ mail.Outbox = (*MailOutbox)(nil)

// Mail is the BFF's outbox, the mail collection, on the profile store's connection.
func (p *Profiles) Mail() *MailOutbox { return p.MailOutbox(mailCollection) }

// MailOutbox is the outbox in collection (tests use one of their own, which the stack's senders
// do not read) on the profile store's connection.
func (p *Profiles) MailOutbox(collection string) *MailOutbox {
	return &MailOutbox{conn: p.conn, collection: collection}
}

const msgMailUnavailable = "The mail outbox is unavailable."

// QueueMail implements portal.Outbox: the message, PENDING with no attempt yet.
func (o *MailOutbox) QueueMail(ctx context.Context, m portal.Mail) error {
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	_, _, err := o.client.Collection(o.collection).Add(ctx, map[string]any{
		"to":       m.To,
		"template": m.Template,
		"message":  map[string]any{"subject": m.Subject, "text": m.Text},
		"created":  time.Now().UTC(),
		"delivery": deliveryDoc(mail.Delivery{State: mail.Pending}),
		mailDone:   false,
	})
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgMailUnavailable, err)
	}
	return nil
}

// Unfinished implements mail.Outbox with one equality filter and no ordering (see CasesOf).
func (o *MailOutbox) Unfinished(ctx context.Context, limit int) ([]string, error) {
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	snaps, err := o.client.Collection(o.collection).Where(mailDone, "==", false).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, apperr.Wrap(apperr.Unavailable, msgMailUnavailable, err)
	}
	ids := make([]string, 0, len(snaps))
	for _, s := range snaps {
		ids = append(ids, s.Ref.ID)
	}
	return ids, nil
}

// Update implements mail.Outbox in one transaction.
func (o *MailOutbox) Update(ctx context.Context, id string, change func(m *mail.Message) bool) (mail.Message, bool, error) {
	if !validDocID(id) {
		return mail.Message{}, false, invalidID(errors.New("firestore: invalid mail id " + strconv.Quote(id)))
	}
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	ref := o.client.Collection(o.collection).Doc(id)
	var out mail.Message
	var written bool
	err := o.client.RunTransaction(ctx, func(_ context.Context, tx *gfs.Transaction) error {
		out, written = mail.Message{}, false // the function reruns when a commit is aborted
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		m := decodeMail(id, snap.Data())
		before := m.Delivery.Attempts
		if !change(&m) {
			out = m
			return nil
		}
		if m.Delivery.Attempts > before {
			claim := o.client.Collection(o.collection + "Claims").Doc(id + "-" + strconv.Itoa(m.Delivery.Attempts))
			if err := tx.Create(claim, map[string]any{
				"mail": id, "attempt": int64(m.Delivery.Attempts), "claimed": m.Delivery.StartTime.UTC(),
			}); err != nil {
				return err
			}
		}
		if err := tx.Update(ref, []gfs.Update{
			{Path: "delivery", Value: deliveryDoc(m.Delivery)},
			{Path: mailDone, Value: m.Delivery.Done()},
		}); err != nil {
			return err
		}
		out, written = m, true
		return nil
	})
	switch {
	case status.Code(err) == codes.AlreadyExists:
		return mail.Message{}, false, mail.ErrTaken
	case status.Code(err) == codes.NotFound:
		return mail.Message{}, false, apperr.Wrap(apperr.NotFound, "No such mail.", err)
	case err != nil:
		return mail.Message{}, false, apperr.Wrap(apperr.Unavailable, msgMailUnavailable, err)
	}
	return out, written, nil
}

// decodeMail reads a mail document: to as one address or a list (the extension takes both).
func decodeMail(id string, d map[string]any) mail.Message {
	m := mail.Message{ID: id}
	switch to := d["to"].(type) {
	case string:
		m.To = []string{to}
	case []any:
		m.To = strs(to)
	}
	msg, _ := d["message"].(map[string]any)
	m.Subject, m.Text, m.HTML = str(msg["subject"]), str(msg["text"]), str(msg["html"])
	del, _ := d["delivery"].(map[string]any)
	m.Delivery = mail.Delivery{
		State:           mail.State(str(del["state"])),
		StartTime:       timeOf(del["startTime"]),
		EndTime:         timeOf(del["endTime"]),
		LeaseExpireTime: timeOf(del["leaseExpireTime"]),
		NextAttemptTime: timeOf(del["nextAttemptTime"]),
		Error:           str(del["error"]),
	}
	if n, ok := del["attempts"].(int64); ok {
		m.Delivery.Attempts = int(n)
	}
	if info, ok := del["info"].(map[string]any); ok {
		m.Delivery.Info = &mail.Info{MessageID: str(info["messageId"]), Accepted: strs(info["accepted"])}
	}
	return m
}

// deliveryDoc is a delivery as stored: the extension's field names, unset times null.
func deliveryDoc(d mail.Delivery) map[string]any {
	t := func(v time.Time) any {
		if v.IsZero() {
			return nil
		}
		return v.UTC()
	}
	doc := map[string]any{
		"state":           string(d.State),
		"attempts":        int64(d.Attempts),
		"startTime":       t(d.StartTime),
		"endTime":         t(d.EndTime),
		"leaseExpireTime": t(d.LeaseExpireTime),
		"nextAttemptTime": t(d.NextAttemptTime),
		"error":           nil,
		"info":            nil,
	}
	if d.Error != "" {
		doc["error"] = d.Error
	}
	if d.Info != nil {
		accepted := make([]any, 0, len(d.Info.Accepted))
		for _, a := range d.Info.Accepted {
			accepted = append(accepted, a)
		}
		doc["info"] = map[string]any{"messageId": d.Info.MessageID, "accepted": accepted}
	}
	return doc
}

func timeOf(v any) time.Time {
	if t := timestamp(v); t != nil {
		return *t
	}
	return time.Time{}
}
