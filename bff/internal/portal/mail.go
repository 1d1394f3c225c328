package portal

import (
	"context"
)

// Mail is a message for a mail sender to deliver: written to an outbox the sender consumes.
type Mail struct {
	To       string
	Template string // what it is, for the sender's records (e.g. passwordChanged)
	Subject  string
	Text     string
}

// Outbox queues mail for a mail sender to deliver. Implementation: firestore.Partners (the mail
// collection).
type Outbox interface {
	QueueMail(ctx context.Context, m Mail) error
}
