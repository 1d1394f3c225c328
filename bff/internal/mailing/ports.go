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
}

// Subscriptions holds the mailing list.
type Subscriptions interface {
	// Subscribe records s under its email, once per email whatever its case: a repeat (a double
	// click, a second tab, a later sign-up) updates the name, union and source and keeps the
	// first sign-up's time.
	Subscribe(ctx context.Context, s Subscription) error
}
