package mailing

import (
	"context"
	"time"
)

// Subscription is one email's place on the mailing list, for the mail system to read (spec 1 §7
// emailSubscribe).
type Subscription struct {
	Email     string // as the reader typed it, trimmed
	FirstName string
	Union     string // the union's name, as profiles store it
	Source    string // the form: hero-form, home-promo, plusmore, plusmore-email, blog-sidebar
	UID       string // the member who signed up; "" for a visitor
	At        time.Time
	// Owner says the email is the signed-in member's own, verified: only its owner may change an
	// entry already on the list. Anyone else's sign-up of a listed email changes nothing, so a
	// stranger cannot rewrite someone's name, union or source by typing their address.
	Owner bool
}

// Subscriptions holds the mailing list.
type Subscriptions interface {
	// Subscribe records s under its email, once per email whatever its case. A repeat (a double
	// click, a second tab, a later sign-up) by the email's owner (s.Owner) updates the name,
	// union and source and keeps the first sign-up's time; anyone else's changes nothing.
	Subscribe(ctx context.Context, s Subscription) error
}
