package firestore

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"time"

	gfs "cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

// cartsCollection holds the store's carts, one document per cart id (store.MemberCart,
// store.VisitorCart): the lines and the orders placed under their idempotency keys
// (store.CartRecord).
const cartsCollection = "carts"

// claimsCollection holds the order attempts under way, one document per cart id ({key,
// started}): created with a precondition that it does not exist, so one attempt holds a cart
// at a time. (A transaction would do in Firestore itself, but the offline stand-in does not
// isolate transactions; it does honour the precondition.)
const claimsCollection = "cartClaims"

const msgCartsUnavailable = "The cart store is unavailable."

// Carts implements store.Carts over the carts collection.
type Carts struct{ conn }

var _ store.Carts = (*Carts)(nil)

// Carts is the cart store on the profile store's connection (Close closes both).
func (p *Profiles) Carts() *Carts { return &Carts{p.conn} }

// Cart implements store.Carts.
func (s *Carts) Cart(ctx context.Context, id string) (store.CartRecord, error) {
	if !validDocID(id) {
		return store.CartRecord{}, invalidID(errors.New("firestore: invalid cart id " + strconv.Quote(id)))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	snap, err := s.client.Collection(cartsCollection).Doc(id).Get(ctx)
	if status.Code(err) == codes.NotFound {
		return store.CartRecord{}, nil
	}
	if err != nil {
		return store.CartRecord{}, apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
	}
	return decodeCart(snap.Data()), nil
}

// Update implements store.Carts in one transaction: every record is read before fn runs (the
// SDK reruns the function when the commit is aborted by a concurrent write) and only records
// whose stored form changed are written.
func (s *Carts) Update(ctx context.Context, ids []string, fn func(records []*store.CartRecord) error) error {
	refs := make([]*gfs.DocumentRef, len(ids))
	for i, id := range ids {
		if !validDocID(id) {
			return invalidID(errors.New("firestore: invalid cart id " + strconv.Quote(id)))
		}
		refs[i] = s.client.Collection(cartsCollection).Doc(id)
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	var fnErr error
	err := s.client.RunTransaction(ctx, func(_ context.Context, tx *gfs.Transaction) error {
		fnErr = nil
		recs := make([]*store.CartRecord, len(refs))
		before := make([]map[string]any, len(refs))
		exists := make([]bool, len(refs))
		for i, ref := range refs {
			snap, err := tx.Get(ref)
			switch {
			case status.Code(err) == codes.NotFound:
				recs[i] = &store.CartRecord{}
			case err != nil:
				return err
			default:
				rec := decodeCart(snap.Data())
				recs[i], exists[i] = &rec, true
			}
			before[i] = cartToDoc(*recs[i])
		}
		if fnErr = fn(recs); fnErr != nil {
			return fnErr
		}
		for i, ref := range refs {
			after := cartToDoc(*recs[i])
			switch {
			case recs[i].Empty() && exists[i]:
				if err := tx.Delete(ref); err != nil {
					return err
				}
			case recs[i].Empty():
			case !reflect.DeepEqual(before[i], after):
				if err := tx.Set(ref, after); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
	}
	return nil
}

// Claim implements store.Carts.
func (s *Carts) Claim(ctx context.Context, id, key string, now time.Time, stale time.Duration) (store.OrderClaim, bool, error) {
	if !validDocID(id) {
		return store.OrderClaim{}, false, invalidID(errors.New("firestore: invalid cart id " + strconv.Quote(id)))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(claimsCollection).Doc(id)
	mine := store.OrderClaim{Key: key, Started: now.UTC()}
	// Twice at most: the second time after removing a lapsed claim.
	for range 2 {
		_, err := ref.Create(ctx, map[string]any{"key": key, "started": mine.Started})
		if err == nil {
			return mine, true, nil
		}
		if status.Code(err) != codes.AlreadyExists {
			return store.OrderClaim{}, false, apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
		}
		snap, err := ref.Get(ctx)
		if status.Code(err) == codes.NotFound {
			continue // released meanwhile
		}
		if err != nil {
			return store.OrderClaim{}, false, apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
		}
		held := store.OrderClaim{Key: str(snap.Data()["key"])}
		if t := timestamp(snap.Data()["started"]); t != nil {
			held.Started = t.UTC()
		}
		if now.Sub(held.Started) < stale {
			return held, false, nil
		}
		if _, err := ref.Delete(ctx, gfs.Exists); err != nil && status.Code(err) != codes.NotFound {
			return store.OrderClaim{}, false, apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
		}
	}
	return store.OrderClaim{}, false, nil
}

// Release implements store.Carts.
func (s *Carts) Release(ctx context.Context, id, key string) error {
	if !validDocID(id) {
		return invalidID(errors.New("firestore: invalid cart id " + strconv.Quote(id)))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(claimsCollection).Doc(id)
	snap, err := ref.Get(ctx)
	if status.Code(err) == codes.NotFound {
		return nil
	}
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
	}
	if str(snap.Data()["key"]) != key {
		return nil
	}
	if _, err := ref.Delete(ctx); err != nil {
		return apperr.Wrap(apperr.Unavailable, msgCartsUnavailable, err)
	}
	return nil
}

// cartToDoc is a cart as stored: lines [{id, quantity}], placed
// [{key, orderNumber, created, items}], updated. Unset parts are left out.
func cartToDoc(r store.CartRecord) map[string]any {
	m := map[string]any{}
	lines := make([]any, 0, len(r.Lines))
	for _, l := range r.Lines {
		lines = append(lines, map[string]any{"id": l.ID, "quantity": int64(l.Quantity)})
	}
	m["lines"] = lines
	if len(r.Placed) > 0 {
		placed := make([]any, 0, len(r.Placed))
		for _, p := range r.Placed {
			items := make([]any, 0, len(p.Order.Items))
			for _, it := range p.Order.Items {
				items = append(items, map[string]any{
					"id": it.ID, "label": it.Label, "title": it.Title, "image": it.Image, "quantity": int64(it.Quantity),
				})
			}
			placed = append(placed, map[string]any{
				"key": p.Key, "orderNumber": p.Order.OrderNumber, "created": p.Order.Created.UTC(), "items": items,
			})
		}
		m["placed"] = placed
	}
	if !r.Updated.IsZero() {
		m["updated"] = r.Updated.UTC()
	}
	return m
}

// decodeCart reads a stored cart field by field: a line without an id or a positive quantity is
// dropped rather than failing the cart.
func decodeCart(m map[string]any) store.CartRecord {
	var r store.CartRecord
	for _, v := range list(m["lines"]) {
		l, _ := v.(map[string]any)
		id, n := str(l["id"]), integer(l["quantity"])
		if id != "" && n >= 1 {
			r.Lines = append(r.Lines, portal.CartLine{ID: id, Quantity: n})
		}
	}
	for _, v := range list(m["placed"]) {
		p, _ := v.(map[string]any)
		o := portal.Order{OrderNumber: str(p["orderNumber"]), Items: []portal.OrderItem{}}
		if t := timestamp(p["created"]); t != nil {
			o.Created = t.UTC()
		}
		for _, iv := range list(p["items"]) {
			it, _ := iv.(map[string]any)
			o.Items = append(o.Items, portal.OrderItem{
				ID: str(it["id"]), Label: str(it["label"]), Title: str(it["title"]), Image: str(it["image"]),
				Quantity: integer(it["quantity"]),
			})
		}
		r.Placed = append(r.Placed, store.PlacedOrder{Key: str(p["key"]), Order: o})
	}
	if t := timestamp(m["updated"]); t != nil {
		r.Updated = t.UTC()
	}
	return r
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func integer(v any) int {
	switch x := v.(type) {
	case int64:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}
