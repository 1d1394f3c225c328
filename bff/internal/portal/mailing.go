package portal

import (
	"context"
	"time"
)

// SubscribeRequest is a mailing-list sign-up form (spec 3 §2, §5): email and union everywhere,
// and a first name on the Plus More pages. Source names the form it came from.
type SubscribeRequest struct {
	Email     string `json:"email"`
	Union     string `json:"union"` // a union term id, as the union dropdown offers them
	FirstName string `json:"firstName,omitempty"`
	Source    string `json:"source"`
}

// SubscribeResult answers a sign-up: the spec's success message.
type SubscribeResult struct {
	Message string `json:"message"`
}

// Subscription is one email's place on the mailing list, for the mail system to read (spec 1 §7
// emailSubscribe).
type Subscription struct {
	Email     string // as the reader typed it, trimmed
	FirstName string
	Union     string // the union's name, as profiles store it
	Source    string // the form: hero-form, home-promo, plusmore, plusmore-email, blog-sidebar
	UID       string // the member who signed up; "" for a visitor
	At        time.Time
}

// Subscriptions holds the mailing list.
type Subscriptions interface {
	// Subscribe records s under its email, once per email whatever its case: a repeat (a double
	// click, a second tab, a later sign-up) updates the name, union and source and keeps the
	// first sign-up's time.
	Subscribe(ctx context.Context, s Subscription) error
}
