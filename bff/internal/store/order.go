package store

import (
	"context"
	"errors"
	"regexp"
	"slices"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Placing an order (spec 3 §2 'Checkout' step 3, §4 'Checkout', §7 'Order submit'). The order
// system takes every submitOrder as a new order and has no idempotency key of its own, so the
// cart store is the lock and the memory: an attempt claims the member's cart before calling the
// order system, and the cart keeps the order under the attempt's idempotency key after. A double
// click, a retry or a second tab therefore places one order: the same key is answered the placed
// order again, another key is told to wait while one runs and then finds the cart emptied.

// keepPlaced is how many placed orders a cart remembers by key: enough for any retry of the last
// few checkouts, small enough that the record stays a few kilobytes.
const keepPlaced = 5

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,128}$`)

// ValidOrderKey reports whether an Idempotency-Key header may name an attempt.
func ValidOrderKey(key string) bool { return keyPattern.MatchString(key) }

// errCartChanged restarts an attempt whose cart changed between its read and its transaction.
var errCartChanged = errors.New("store: the cart changed while the order was being checked")

// Place places the member's order from their cart with the checkout form, once per key: the
// uid is the session's, the items the cart's in-stock lines (never the request's), and every rule
// is checked here. created is false when key's order was placed before and is answered again.
func (s *Service) Place(ctx context.Context, id portal.Identity, key string, req CheckoutRequest) (placed Placed, created bool, err error) {
	if id.UID == "" {
		return Placed{}, false, apperr.New(apperr.Unauthenticated, msg("signInRequired"))
	}
	if !ValidOrderKey(key) {
		return Placed{}, false, apperr.New(apperr.Invalid, msg("orderKeyInvalid"))
	}
	form, err := checkForm(req)
	if err != nil {
		return Placed{}, false, err
	}
	cart := MemberCart(id.UID)
	// The member may change the cart in another tab between the check and the claim; a few
	// attempts settle that without bothering them.
	for range 3 {
		lines, replay, err := s.claim(ctx, cart, key, form)
		if errors.Is(err, errCartChanged) {
			continue
		}
		if err != nil || replay != nil {
			return orDefault(replay), false, err
		}
		// The order system is called and its answer recorded even if the member leaves: a
		// cancelled call could place an order the cart would never hear of.
		order, err := s.submit(context.WithoutCancel(ctx), id.UID, cart, key, form, lines)
		return Placed{Order: order}, err == nil, err
	}
	return Placed{}, false, apperr.New(apperr.Conflict, msg("orderInProgress"))
}

func orDefault(p *Placed) Placed {
	if p == nil {
		return Placed{}
	}
	return *p
}

// claim checks the cart against the form and claims it for key. It answers the lines to order
// (the claim then held), or the order key placed before (replay), or why no order can be placed
// now.
func (s *Service) claim(ctx context.Context, cart, key string, form checked) ([]portal.CartLine, *Placed, error) {
	rec, err := s.o.Carts.Cart(ctx, cart)
	if err != nil {
		return nil, nil, s.orderFailed(ctx, err)
	}
	if p := placedUnder(rec, key); p != nil {
		return nil, p, nil
	}
	lines, err := s.orderable(ctx, rec.Lines, form.ship["state"])
	if err != nil {
		return nil, nil, err
	}
	if _, ok, err := s.o.Carts.Claim(ctx, cart, key, s.o.Now(), s.o.PendingTimeout); err != nil {
		return nil, nil, s.orderFailed(ctx, err)
	} else if !ok {
		return nil, nil, apperr.New(apperr.Conflict, msg("orderInProgress"))
	}
	// Read again under the claim: an attempt that finished meanwhile placed this key's order, or
	// emptied the cart, or the member changed it.
	rec, err = s.o.Carts.Cart(ctx, cart)
	switch {
	case err != nil:
		err = s.orderFailed(ctx, err)
	case placedUnder(rec, key) != nil:
		s.release(ctx, cart, key)
		return nil, placedUnder(rec, key), nil
	case !sameOrderable(rec.Lines, lines):
		err = errCartChanged
	default:
		return lines, nil, nil
	}
	s.release(ctx, cart, key)
	return nil, nil, err
}

// release lifts key's claim. Failing, the claim lapses after PendingTimeout: until then the
// member is told an order is being processed, which is logged.
func (s *Service) release(ctx context.Context, cart, key string) {
	if err := s.o.Carts.Release(context.WithoutCancel(ctx), cart, key); err != nil {
		s.logFailure(ctx, "store: could not release an order claim; it lapses on its own", err)
	}
}

// orderable is the cart's lines the order system can fill: products it has in stock. None is
// 'Your cart is empty'; a product that does not ship to the state is refused on the state.
func (s *Service) orderable(ctx context.Context, lines []portal.CartLine, stateCode string) ([]portal.CartLine, error) {
	state, _ := stateByCode(stateCode) // checked by checkForm
	var out []portal.CartLine
	var refused []apperr.FieldError
	for _, l := range lines {
		p, err := s.orders.Product(ctx, l.ID)
		if apperr.Is(err, apperr.NotFound) {
			continue
		}
		if err != nil {
			return nil, s.orderFailed(ctx, err)
		}
		if p.Stock <= 0 {
			continue
		}
		if !shipsTo(p, state) {
			refused = append(refused, apperr.FieldError{
				Field: "shipping.state", Message: msg("orderNotShippable", "title", p.Title, "state", state.Title),
			})
		}
		out = append(out, l)
	}
	if len(refused) > 0 {
		return nil, apperr.Fields(refused[0].Message, refused...)
	}
	if len(out) == 0 {
		return nil, apperr.New(apperr.Invalid, msg("orderCartEmpty"))
	}
	return out, nil
}

// sameOrderable reports whether the record's lines still hold the lines to order: the cart only
// left out products gone or out of stock, which orderable dropped.
func sameOrderable(current, ordering []portal.CartLine) bool {
	for _, l := range ordering {
		if !slices.Contains(current, l) {
			return false
		}
	}
	return true
}

// submit sends the order and records its outcome: placed, the ordered quantities leave the cart
// and the order is kept under key; refused or failed, the cart stays as it was, so the member can
// try again. The claim is released last, so the next attempt sees the outcome.
func (s *Service) submit(ctx context.Context, uid, cart, key string, form checked, lines []portal.CartLine) (portal.Order, error) {
	sub := form.submission(uid)
	sub.Items = lines
	order, err := s.orders.SubmitOrder(ctx, sub)
	if err != nil {
		s.release(ctx, cart, key)
		return portal.Order{}, s.orderFailed(ctx, err)
	}
	err = s.o.Carts.Update(ctx, []string{cart}, func(recs []*CartRecord) error {
		rec := recs[0]
		rec.Lines = subtract(rec.Lines, lines)
		rec.Placed = append(rec.Placed, PlacedOrder{Key: key, Order: order})
		rec.Placed = rec.Placed[max(0, len(rec.Placed)-keepPlaced):]
		rec.Updated = s.o.Now()
		return nil
	})
	if err != nil {
		// The order is placed: the member must hear so. The cart could not say so, so the claim
		// is kept until it lapses (PendingTimeout): a retry meanwhile is told an order is being
		// processed instead of ordering the lines again. Someone should look at it.
		s.o.Logger.ErrorContext(ctx, "store: order placed but not recorded in the cart",
			"order", order.OrderNumber, "cart", cart, "error", err)
		return order, nil
	}
	s.release(ctx, cart, key)
	return order, nil
}

// subtract takes the ordered quantities out of lines: a line changed meanwhile keeps what is
// left of it, and a line left with none is removed.
func subtract(lines, ordered []portal.CartLine) []portal.CartLine {
	out := make([]portal.CartLine, 0, len(lines))
	for _, l := range lines {
		for _, o := range ordered {
			if o.ID == l.ID {
				l.Quantity -= o.Quantity
			}
		}
		if l.Quantity >= 1 {
			out = append(out, l)
		}
	}
	return out
}

// placedUnder is the order placed under key, answered again; nil when there is none.
func placedUnder(rec CartRecord, key string) *Placed {
	for _, p := range rec.Placed {
		if p.Key == key {
			return &Placed{Order: p.Order, Replayed: true}
		}
	}
	return nil
}

// orderFailed is the spec's order failure with the phone (spec 3 §8); the cause is logged.
func (s *Service) orderFailed(ctx context.Context, err error) error {
	s.logFailure(ctx, "store: order failed", err)
	return apperr.Wrap(apperr.Unavailable, msg("orderFailed", "phone", s.o.SupportPhone), err)
}
