package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"log/slog"
	"slices"
	"strings"
	"unicode"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The cart (spec 3 §2 'Cart modal', §3 'Cart item', §4 'Cart', §5 'Cart and product', §8): it
// lives in the cart store, a member's under their uid and a visitor's under a random token their
// anonymous cookie holds, so it follows the member across devices and survives a reload. A line
// is a product id and a quantity; how the product looks and whether it is in stock is asked of
// the order system each time the cart is shown.

// MemberCart is the cart store's id of a member's cart.
func MemberCart(uid string) string { return "member-" + uid }

// VisitorCart is the cart store's id of a visitor's cart: a hash of the cookie's token, so the
// store holds nothing that would let someone who reads it take over a visitor's cart.
func VisitorCart(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "visitor-" + hex.EncodeToString(sum[:])
}

// visitorTokenLen is the length of a visitor token: 32 random bytes, base64url without padding.
const visitorTokenLen = 43

// NewVisitorToken is a fresh, unguessable token for a visitor's cart cookie.
func NewVisitorToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b)
}

// ValidVisitorToken reports whether a cookie's value is a token NewVisitorToken could have made;
// anything else is ignored, so a forged cookie can neither name a cart nor grow the store's ids.
func ValidVisitorToken(s string) bool {
	if len(s) != visitorTokenLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}

// CartCookieMaxAge is how long a visitor's cart cookie lives, in seconds (store.json).
func CartCookieMaxAge() int { return index.cartMaxAge }

// MaxQuantity is the most of one product a cart may hold (spec 3 §5: 100000).
func MaxQuantity() int { return limits.MaxQuantity }

// maxProductID bounds a product id from a request: order system ids are short slugs.
const maxProductID = 128

// validProductID reports whether a request's product id could name a product at all.
func validProductID(id string) bool {
	return id != "" && len(id) <= maxProductID && !strings.ContainsFunc(id, func(r rune) bool {
		return unicode.IsControl(r) || unicode.IsSpace(r) || r == '/'
	})
}

// Cart is the cart with id as the cart shows it: its in-stock lines (spec 3 §4: only in-stock
// items are kept when the cart is loaded). The cart store or the order system failing is an
// empty cart, as the spec asks, and is logged.
func (s *Service) Cart(ctx context.Context, id string) Cart {
	rec, err := s.o.Carts.Cart(ctx, id)
	if err != nil {
		s.logFailure(ctx, "store: cart unavailable", err)
		return emptyCart()
	}
	cart, err := s.show(ctx, rec.Lines)
	if err != nil {
		s.logFailure(ctx, "store: cart products unavailable", err)
		return emptyCart()
	}
	return cart
}

func emptyCart() Cart { return Cart{Items: []CartItem{}} }

// show is lines as the cart shows them: each with its product as the order system lists it now,
// leaving out those it no longer knows or has none of.
func (s *Service) show(ctx context.Context, lines []portal.CartLine) (Cart, error) {
	cart := emptyCart()
	for _, l := range lines {
		p, err := s.orders.Product(ctx, l.ID)
		if apperr.Is(err, apperr.NotFound) {
			continue
		}
		if err != nil {
			return Cart{}, err
		}
		if p.Stock <= 0 {
			continue
		}
		cart.Items = append(cart.Items, CartItem{
			ID: p.ID, Title: p.Title, Label: p.Label, Image: p.Image, Quantity: l.Quantity, Stock: p.Stock,
		})
		cart.Count += l.Quantity
	}
	return cart, nil
}

// SetQuantity sets how many of product the cart with id holds and answers the cart after it:
// below 1 removes the line, above MaxQuantity is refused, and only a product the order system
// has in stock is added or changed (spec 3 §5, §8). The value is absolute, so a retry or a
// second click sets the same thing again.
func (s *Service) SetQuantity(ctx context.Context, id, product string, quantity int) (Cart, error) {
	if !validProductID(product) {
		return Cart{}, apperr.New(apperr.NotFound, msg("cartNotObject"))
	}
	if quantity > limits.MaxQuantity {
		return Cart{}, apperr.Field("quantity", msg("cartTooMany"))
	}
	if quantity >= 1 {
		p, err := s.orders.Product(ctx, product)
		if apperr.Is(err, apperr.NotFound) {
			return Cart{}, apperr.Wrap(apperr.NotFound, msg("cartNotObject"), err)
		}
		if err != nil {
			return Cart{}, s.cartUnavailable(ctx, err)
		}
		if p.Stock <= 0 {
			return Cart{}, apperr.Field("quantity", msg("cartOutOfStock"))
		}
	}
	var lines []portal.CartLine
	err := s.o.Carts.Update(ctx, []string{id}, func(recs []*CartRecord) error {
		rec := recs[0]
		next := setLine(rec.Lines, product, quantity)
		if !slices.Equal(next, rec.Lines) {
			rec.Lines, rec.Updated = next, s.o.Now()
		}
		lines = next
		return nil
	})
	if err != nil {
		return Cart{}, s.cartUnavailable(ctx, err)
	}
	cart, err := s.show(ctx, lines)
	if err != nil {
		return Cart{}, s.cartUnavailable(ctx, err)
	}
	return cart, nil
}

// setLine is lines with product's quantity set: a new product goes last, a quantity below 1
// removes it. It never returns lines itself, so callers can compare the two.
func setLine(lines []portal.CartLine, product string, quantity int) []portal.CartLine {
	out := slices.Clone(lines)
	i := slices.IndexFunc(out, func(l portal.CartLine) bool { return l.ID == product })
	switch {
	case quantity < 1 && i >= 0:
		return slices.Delete(out, i, i+1)
	case quantity < 1:
		return out
	case i >= 0:
		out[i].Quantity = quantity
		return out
	default:
		return append(out, portal.CartLine{ID: product, Quantity: quantity})
	}
}

// Merge moves a visitor's cart into a member's at sign-in: the quantities of a product in both
// are added (at most MaxQuantity), new products go last, and the visitor's cart is deleted, in
// one transaction, so a sign-in retried or made in two tabs at once merges once.
func (s *Service) Merge(ctx context.Context, visitor, member string) error {
	err := s.o.Carts.Update(ctx, []string{visitor, member}, func(recs []*CartRecord) error {
		from, to := recs[0], recs[1]
		if len(from.Lines) == 0 {
			return nil
		}
		to.Lines = mergeLines(to.Lines, from.Lines)
		to.Updated = s.o.Now()
		*from = CartRecord{}
		return nil
	})
	if err != nil {
		return s.cartUnavailable(ctx, err)
	}
	return nil
}

// Adopt moves the visitor cart a cookie's token names into the member's who just signed in
// (Merge). A token that is not one the store hands out names no cart: there is nothing to merge.
func (s *Service) Adopt(ctx context.Context, token, uid string) error {
	if !ValidVisitorToken(token) {
		return nil
	}
	return s.Merge(ctx, VisitorCart(token), MemberCart(uid))
}

// mergeLines adds from's quantities to into's, capped at MaxQuantity.
func mergeLines(into, from []portal.CartLine) []portal.CartLine {
	out := slices.Clone(into)
	for _, l := range from {
		i := slices.IndexFunc(out, func(o portal.CartLine) bool { return o.ID == l.ID })
		if i < 0 {
			out = append(out, portal.CartLine{ID: l.ID, Quantity: min(l.Quantity, limits.MaxQuantity)})
			continue
		}
		out[i].Quantity = min(out[i].Quantity+l.Quantity, limits.MaxQuantity)
	}
	return out
}

// cartUnavailable is the spec's 'We could not update your cart.' for a cart store or order
// system failure; the store's own refusals pass as they are.
func (s *Service) cartUnavailable(ctx context.Context, err error) error {
	if e := apperr.From(err); e.Code != apperr.Unavailable && e.Code != apperr.Internal {
		return err
	}
	s.logFailure(ctx, "store: cart update failed", err)
	return apperr.Wrap(apperr.Unavailable, msg("cartSaveFailed"), err)
}

// logFailure logs an upstream failure: an error when it is a bug on our side (apperr.Internal),
// a warning when the upstream was down or slow.
func (s *Service) logFailure(ctx context.Context, what string, err error) {
	level := slog.LevelWarn
	if apperr.Is(err, apperr.Internal) {
		level = slog.LevelError
	}
	s.o.Logger.Log(ctx, level, what, slog.Any("error", err))
}
