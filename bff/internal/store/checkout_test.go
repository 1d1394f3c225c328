package store_test

// The cart and checkout rules against a fake order system and the fake cart store: every field
// rule with its words, the spec's conversions as the order system receives them, and what an
// order attempt leaves behind when the order system or the cart store fails.

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
	"github.com/union-benefits/portal/bff/internal/store/storetest"
)

// catalog is a fake order system: products by id, and the orders submitted to it.
type catalog struct {
	products  map[string]portal.Product
	submitted []portal.OrderSubmission
	submitErr error
}

func newCatalog() *catalog {
	all := []string{"AL", "AK", "NV", "HI", "DC"}
	return &catalog{products: map[string]portal.Product{
		"brochure": {ID: "brochure", Title: "Hardship Help Grants", Label: "Brochure", Stock: 10, States: all},
		"coupon":   {ID: "coupon", Title: "Wireless Discount", Label: "Coupon", Stock: 5, States: all},
		"flyer":    {ID: "flyer", Title: "Car Buying Service", Label: "Flyer", Stock: 5, States: []string{"AL", "NV"}},
		"gone":     {ID: "gone", Title: "Travel", Label: "Coupon", Stock: 0, States: all},
	}}
}

func (c *catalog) Products(context.Context, string) ([]portal.Product, error) { return nil, nil }
func (c *catalog) Orders(context.Context, string, int, int) (portal.OrderPage, error) {
	return portal.OrderPage{}, nil
}

func (c *catalog) Product(_ context.Context, id string) (portal.Product, error) {
	if p, ok := c.products[id]; ok {
		return p, nil
	}
	return portal.Product{}, apperr.New(apperr.NotFound, "Product not found.")
}

func (c *catalog) SubmitOrder(_ context.Context, o portal.OrderSubmission) (portal.Order, error) {
	if c.submitErr != nil {
		return portal.Order{}, c.submitErr
	}
	c.submitted = append(c.submitted, o)
	return portal.Order{OrderNumber: "SO-" + itoa(len(c.submitted)), Created: time.Unix(1_800_000_000, 0).UTC()}, nil
}

var now = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

func newStore(c *catalog, carts *storetest.Carts) *store.Service {
	return store.New(c, nil, store.Options{SupportPhone: "800-472-2005", Carts: carts, Now: func() time.Time { return now }})
}

func form(pairs ...string) store.CheckoutRequest {
	f := checkoutForm(pairs...)
	return store.CheckoutRequest{Information: f["information"], Shipping: f["shipping"]}
}

func fieldErrors(err error) map[string]string {
	out := map[string]string{}
	for _, f := range apperr.From(err).Fields {
		out[f.Field] = f.Message
	}
	return out
}

var ada = portal.Identity{UID: "u-ada", Email: "ada@example.com"}

func TestEveryCheckoutRule(t *testing.T) {
	cases := []struct {
		name  string
		pairs []string
		field string
		want  string // "" when the form is accepted
	}{
		{"valid", nil, "", ""},
		{"first name", []string{"information.firstName", "  "}, "information.firstName", "First Name is required."},
		{"last name", []string{"information.lastName", ""}, "information.lastName", "Last Name is required."},
		{"email missing", []string{"information.email", ""}, "information.email", "Email is required."},
		{"email form", []string{"information.email", "maria@example"}, "information.email", "Please enter a valid email address."},
		{"phone missing", []string{"information.phone", ""}, "information.phone", "Phone is required."},
		{"phone short", []string{"information.phone", "555123"}, "information.phone", "Digits only no spaces or special characters"},
		{"phone long", []string{"information.phone", "55512345678"}, "information.phone", "Phone can be at most 10 characters."},
		{"phone signs", []string{"information.phone", "555-12345"}, "information.phone", "Digits only no spaces or special characters"},
		{"phone 7", []string{"information.phone", "5551234"}, "", ""},
		{"union", []string{"information.union", ""}, "information.union", "Union is required."},
		{"union number optional", []string{"information.unionNumber", ""}, "", ""},
		{"union number with Local", []string{"information.unionNumber", "Local 52"}, "information.unionNumber", "e.g. 123 or 52-A, do not include the word Local"},
		{"union number form", []string{"information.unionNumber", "52/A"}, "information.unionNumber", "e.g. 123 or 52-A, do not include the word Local"},
		{"members optional", []string{"information.members", ""}, "", ""},
		{"members numeric", []string{"information.members", "12a"}, "information.members", "Number of Members must be a whole number."},
		{"worksites numeric", []string{"information.worksites", "-3"}, "information.worksites", "Number of Worksites must be a whole number."},
		{"worksites too many digits", []string{"information.worksites", "12345678"}, "information.worksites", "Number of Worksites must be a whole number."},
		{"website optional", []string{"information.website", ""}, "", ""},
		{"website scheme", []string{"information.website", "www.cwa.org"}, "information.website", "Enter a fully qualified domain including http:// or https://"},
		{"website other scheme", []string{"information.website", "ftp://cwa.org"}, "information.website", "Enter a fully qualified domain including http:// or https://"},
		{"website no domain", []string{"information.website", "http://localhost"}, "information.website", "Enter a fully qualified domain including http:// or https://"},
		{"website with path", []string{"information.website", "http://cwa-union.org/local/52"}, "", ""},
		{"memo optional", []string{"information.memo", ""}, "", ""},
		{"memo unknown", []string{"information.memo", "bonfire"}, "information.memo", "Choose one of the listed uses."},
		{"other needs words", []string{"information.memo", "other"}, "information.other", "Please tell us how the materials will be used."},
		{"other with words", []string{"information.memo", "other", "information.other", "Health fair"}, "", ""},
		{"other too long", []string{"information.memo", "other", "information.other", strings.Repeat("x", 501)}, "information.other", "Other can be at most 500 characters."},
		{"address", []string{"shipping.address", ""}, "shipping.address", "Street Address is required."},
		{"apt optional", []string{"shipping.address2", ""}, "", ""},
		{"city", []string{"shipping.city", ""}, "shipping.city", "City is required."},
		{"state missing", []string{"shipping.state", ""}, "shipping.state", "State is required."},
		{"state unknown", []string{"shipping.state", "PR"}, "shipping.state", "Choose a state from the list."},
		{"state by name", []string{"shipping.state", "Nevada"}, "shipping.state", "State can be at most 2 characters."},
		{"zip missing", []string{"shipping.zip", ""}, "shipping.zip", "Zip is required."},
		{"zip short", []string{"shipping.zip", "8950"}, "shipping.zip", "Please enter a valid zip code (5 digits)"},
		{"zip+4", []string{"shipping.zip", "89501-1234"}, "shipping.zip", "Zip can be at most 5 characters."},
		{"country", []string{"shipping.country", "mx"}, "shipping.country", "Choose United States or Canada."},
		{"country missing", []string{"shipping.country", ""}, "shipping.country", "Country is required."},
		{"name too long", []string{"information.firstName", strings.Repeat("a", 101)}, "information.firstName", "First Name can be at most 100 characters."},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, carts := newCatalog(), storetest.NewCarts()
			carts.Put(store.MemberCart(ada.UID), cartRecord("brochure", 2))
			_, _, err := newStore(c, carts).Place(context.Background(), ada, "attempt-rule-"+itoa(i), form(tc.pairs...))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v %v", err, fieldErrors(err))
				}
				return
			}
			if !apperr.Is(err, apperr.Invalid) || apperr.From(err).Message != "You must complete all required fields" {
				t.Fatalf("err %v, want the required-fields refusal", err)
			}
			if got := fieldErrors(err); got[tc.field] != tc.want || len(got) != 1 {
				t.Errorf("field errors %v, want only %s: %q", got, tc.field, tc.want)
			}
			if len(c.submitted) != 0 {
				t.Errorf("an invalid form reached the order system")
			}
		})
	}
}

func TestTheOrderSystemGetsTheConvertedOrder(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	carts.Put(store.MemberCart(ada.UID), cartRecord("brochure", 2, "gone", 3, "unknown", 1, "coupon", 100000))
	f := form("information.union", " cwa\tlocal ", "information.members", "120", "information.worksites", "", "information.firstName", "Ma\nria",
		"shipping.state", "DC", "shipping.country", "other", "information.memo", "recruiting", "information.other", "ignored")
	placed, created, err := newStore(c, carts).Place(context.Background(), ada, "attempt-convert", f)
	if err != nil || !created || placed.Order.OrderNumber != "SO-1" || placed.Replayed {
		t.Fatalf("place: %+v %v %v", placed, created, err)
	}
	want := portal.OrderSubmission{
		UID: "u-ada",
		Information: portal.OrderInformation{
			FirstName: "Ma ria", LastName: "Lopez", Email: "maria@example.com", Phone: "5551234567",
			Union: "CWA LOCAL", UnionNumber: "52-A", Members: 120, Worksites: 0,
			Website: "https://cwa-local52.example.org", Memo: "Recruiting and organizing",
		},
		Shipping: portal.OrderShipping{
			Address: "1 Main St", City: "Reno", StateCode: "DC", State: "District of Columbia", Zip: "89501", Country: "Canada",
		},
		// In-stock lines only; the unknown and the out-of-stock product are left out.
		Items: []portal.CartLine{{ID: "brochure", Quantity: 2}, {ID: "coupon", Quantity: 100000}},
	}
	if len(c.submitted) != 1 || !reflect.DeepEqual(c.submitted[0], want) {
		t.Errorf("submitted %+v\nwant      %+v", c.submitted, want)
	}

	// 'other' sends the member's words as the memo; us is the United States.
	carts.Put(store.MemberCart(ada.UID), cartRecord("brochure", 1))
	if _, _, err := newStore(c, carts).Place(context.Background(), ada, "attempt-other", form("information.memo", "other", "information.other", "  Health\nfair ")); err != nil {
		t.Fatal(err)
	}
	if got := c.submitted[1]; got.Information.Memo != "Health\nfair" || got.Shipping.Country != "United States" || got.Shipping.State != "Nevada" {
		t.Errorf("other: %+v", got)
	}
}

func TestWhatAnOrderLeavesInTheCart(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	id := store.MemberCart(ada.UID)
	carts.Put(id, cartRecord("brochure", 2, "gone", 3))
	s := newStore(c, carts)

	// The order system failing: the cart and the claim are as before, and the words quote the phone.
	c.submitErr = apperr.New(apperr.Unavailable, "down")
	_, _, err := s.Place(context.Background(), ada, "attempt-1", form())
	if !apperr.Is(err, apperr.Unavailable) || apperr.From(err).Message != "We were unable to submit your order. Please refresh and try again or contact us at 800-472-2005." {
		t.Fatalf("failure: %v", err)
	}
	if rec, _ := carts.Cart(context.Background(), id); !reflect.DeepEqual(rec.Lines, cartRecord("brochure", 2, "gone", 3).Lines) {
		t.Errorf("cart after a failure: %+v", rec.Lines)
	}
	if _, held := carts.Claimed(id); held {
		t.Errorf("a failed attempt still holds the cart")
	}

	// Placed: the ordered lines leave; the out-of-stock line stays for the member to see go.
	c.submitErr = nil
	if _, created, err := s.Place(context.Background(), ada, "attempt-1", form()); err != nil || !created {
		t.Fatalf("retry: %v", err)
	}
	rec, _ := carts.Cart(context.Background(), id)
	if !reflect.DeepEqual(rec.Lines, cartRecord("gone", 3).Lines) || len(rec.Placed) != 1 {
		t.Errorf("after the order: %+v", rec)
	}

	// Each placed order is remembered by key, the last five only.
	for i := range 6 {
		carts.Put(id, store.CartRecord{Lines: cartRecord("coupon", 1).Lines, Placed: rec.Placed})
		if _, _, err := s.Place(context.Background(), ada, "attempt-more-"+itoa(i), form()); err != nil {
			t.Fatal(err)
		}
		rec, _ = carts.Cart(context.Background(), id)
	}
	if len(rec.Placed) != 5 || rec.Placed[4].Key != "attempt-more-5" {
		t.Errorf("placed: %+v", rec.Placed)
	}
}

func TestAClaimHoldsOtherAttemptsUntilItLapses(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	id := store.MemberCart(ada.UID)
	carts.Put(id, cartRecord("brochure", 2))
	clock := now
	s := store.New(c, nil, store.Options{Carts: carts, Now: func() time.Time { return clock }, PendingTimeout: time.Minute})
	// An attempt that a stopped BFF never finished.
	if _, ok, _ := carts.Claim(context.Background(), id, "stopped", now, time.Minute); !ok {
		t.Fatal("claim")
	}
	_, _, err := s.Place(context.Background(), ada, "attempt-2", form())
	if !apperr.Is(err, apperr.Conflict) || apperr.From(err).Message != "Your order is already being processed. Please wait a moment and look at My Orders before you order again." {
		t.Fatalf("while held: %v", err)
	}
	clock = now.Add(time.Minute)
	if _, created, err := s.Place(context.Background(), ada, "attempt-2", form()); err != nil || !created {
		t.Fatalf("after it lapsed: %v", err)
	}
}

func TestAPlacedOrderTheCartCouldNotRecordHoldsRetriesOff(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	id := store.MemberCart(ada.UID)
	carts.Put(id, cartRecord("brochure", 2))
	s := newStore(c, carts)
	// The cart store fails after the order system placed the order.
	carts.BeforeUpdate = func() { carts.Fail = errors.New("firestore down") }
	placed, created, err := s.Place(context.Background(), ada, "attempt-1", form())
	if err != nil || !created || placed.Order.OrderNumber != "SO-1" {
		t.Fatalf("the member must hear the order was placed: %+v %v", placed, err)
	}
	carts.BeforeUpdate, carts.Fail = nil, nil
	if _, _, err := s.Place(context.Background(), ada, "attempt-1", form()); !apperr.Is(err, apperr.Conflict) || len(c.submitted) != 1 {
		t.Errorf("a retry ordered again: %v, %d orders", err, len(c.submitted))
	}
}

func TestCartRules(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	s := newStore(c, carts)
	id := store.VisitorCart(store.NewVisitorToken())
	ctx := context.Background()
	for _, step := range []struct {
		product  string
		quantity int
		want     string
	}{
		{"brochure", 2, "brochure×2"},
		{"coupon", 1, "brochure×2 coupon×1"},
		{"brochure", 7, "brochure×7 coupon×1"},
		{"brochure", 0, "coupon×1"},
		{"flyer", 3, "coupon×1 flyer×3"},
		{"brochure", -1, "coupon×1 flyer×3"},
	} {
		cart, err := s.SetQuantity(ctx, id, step.product, step.quantity)
		if err != nil || show(cart) != step.want {
			t.Fatalf("%s to %d: %s %v, want %s", step.product, step.quantity, show(cart), err, step.want)
		}
	}
	if cart := s.Cart(ctx, id); cart.Count != 4 {
		t.Errorf("count %d", cart.Count)
	}
	for _, r := range []struct {
		product  string
		quantity int
		code     apperr.Code
		want     string
	}{
		{"brochure", 100001, apperr.Invalid, "Product quantities can not be greater then 100,000"},
		{"gone", 1, apperr.Invalid, "Out of stock items can not be added to cart."},
		{"unknown", 1, apperr.NotFound, "Product could not be added to cart. Please refresh and try again."},
		{"a/b", 1, apperr.NotFound, "Product could not be added to cart. Please refresh and try again."},
		{strings.Repeat("x", 129), 1, apperr.NotFound, "Product could not be added to cart. Please refresh and try again."},
	} {
		_, err := s.SetQuantity(ctx, id, r.product, r.quantity)
		if !apperr.Is(err, r.code) || apperr.From(err).Message != r.want {
			t.Errorf("%.12s %d: %v", r.product, r.quantity, err)
		}
	}
	// The cart store down: reading is an empty cart, writing the spec's failure.
	carts.Fail = errors.New("down")
	if cart := s.Cart(ctx, id); len(cart.Items) != 0 || cart.Items == nil {
		t.Errorf("cart while down: %+v", cart)
	}
	if _, err := s.SetQuantity(ctx, id, "brochure", 1); apperr.From(err).Message != "We could not update your cart. Please refresh and try again." {
		t.Errorf("write while down: %v", err)
	}
}

func TestMergeAddsAndCaps(t *testing.T) {
	c, carts := newCatalog(), storetest.NewCarts()
	s := newStore(c, carts)
	visitor, member := store.VisitorCart("t"), store.MemberCart("u")
	carts.Put(visitor, cartRecord("brochure", 60000, "coupon", 2))
	carts.Put(member, cartRecord("flyer", 1, "brochure", 50000))
	if err := s.Merge(context.Background(), visitor, member); err != nil {
		t.Fatal(err)
	}
	if got := show(s.Cart(context.Background(), member)); got != "flyer×1 brochure×100000 coupon×2" {
		t.Errorf("merged %s", got)
	}
	if carts.Has(visitor) {
		t.Errorf("the visitor's cart is kept")
	}
	// Merging again (a retried sign-in) adds nothing.
	if err := s.Merge(context.Background(), visitor, member); err != nil {
		t.Fatal(err)
	}
	if got := show(s.Cart(context.Background(), member)); got != "flyer×1 brochure×100000 coupon×2" {
		t.Errorf("merged twice %s", got)
	}
}

func TestVisitorTokens(t *testing.T) {
	a, b := store.NewVisitorToken(), store.NewVisitorToken()
	if a == b || !store.ValidVisitorToken(a) || store.ValidVisitorToken("forged") || store.ValidVisitorToken(a[:42]+"!") {
		t.Errorf("tokens %q %q", a, b)
	}
	if store.VisitorCart(a) == store.VisitorCart(b) || strings.Contains(store.VisitorCart(a), a) {
		t.Errorf("a cart id must not hold the token")
	}
}

func show(c store.Cart) string {
	var out []string
	for _, it := range c.Items {
		out = append(out, it.ID+"×"+itoa(it.Quantity))
	}
	return strings.Join(out, " ")
}
