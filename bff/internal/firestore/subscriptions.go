package firestore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	gfs "cloud.google.com/go/firestore"
	"github.com/union-benefits/portal/bff/internal/mailing"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// subscriptionsCollection is the mailing list (spec 1 §7 emailSubscribe), one document per email,
// for the mail system to read: email, firstName, union, source, uid, subscribedAt, updatedAt.
const subscriptionsCollection = "emailSubscriptions"

// Subscriptions implements mailing.Subscriptions over the emailSubscriptions collection.
type Subscriptions struct{ conn }

var _ mailing.Subscriptions = (*Subscriptions)(nil)

// Subscriptions is the mailing list on the profile store's connection (Close closes both).
func (p *Profiles) Subscriptions() *Subscriptions {
	return &Subscriptions{p.conn}
}

// SubscriptionID is the document id of an email's subscription: a hash of the lower-cased email,
// so one person is one document however they type it, and the id does not spell out the email.
func SubscriptionID(email string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(sum[:16])
}

// Subscribe implements mailing.Subscriptions: the first sign-up creates the document (with its
// time); a repeat by the email's owner merges the fields it may change and keeps subscribedAt,
// anyone else's changes nothing. Create's precondition decides which, so two tabs at once still
// make one document.
func (s *Subscriptions) Subscribe(ctx context.Context, sub mailing.Subscription) error {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(subscriptionsCollection).Doc(SubscriptionID(sub.Email))
	fields := map[string]any{
		"email": sub.Email, "firstName": sub.FirstName, "union": sub.Union, "source": sub.Source, "updatedAt": sub.At,
	}
	if sub.UID != "" {
		fields["uid"] = sub.UID
	}
	created := map[string]any{"subscribedAt": sub.At}
	for k, v := range fields {
		created[k] = v
	}
	_, err := ref.Create(ctx, created)
	if status.Code(err) == codes.AlreadyExists && !sub.Owner {
		return nil // listed already, and not the requester's own address to change
	}
	if status.Code(err) == codes.AlreadyExists {
		// A repeat without a name (the short forms) keeps the name a Plus More page gave.
		if sub.FirstName == "" {
			delete(fields, "firstName")
		}
		_, err = ref.Set(ctx, fields, gfs.MergeAll)
	}
	if err != nil {
		return unavailable(err)
	}
	return nil
}
