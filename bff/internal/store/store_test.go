package store_test

// The service's rules against a fake order system: paging arithmetic, the page past the last,
// the order of the list whatever the order system sends, and what reaches the order system.

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

// fakeOrders pages orders of one member as the order system does, in the order given, and
// records each call.
type fakeOrders struct {
	uid    string
	orders []portal.Order
	err    error
	calls  []string // "uid page size"
}

func (f *fakeOrders) Products(context.Context, string) ([]portal.Product, error) { return nil, nil }

func (f *fakeOrders) Product(context.Context, string) (portal.Product, error) {
	panic("not called by these tests")
}

func (f *fakeOrders) SubmitOrder(context.Context, portal.OrderSubmission) (portal.Order, error) {
	panic("not called by these tests")
}

func (f *fakeOrders) Orders(_ context.Context, uid string, page, size int) (portal.OrderPage, error) {
	f.calls = append(f.calls, uid+" "+itoa(page)+" "+itoa(size))
	if f.err != nil {
		return portal.OrderPage{}, f.err
	}
	var mine []portal.Order
	if uid == f.uid {
		mine = f.orders
	}
	start := min((page-1)*size, len(mine))
	return portal.OrderPage{Orders: mine[start:min(start+size, len(mine))], Total: len(mine), Page: page, PageSize: size}, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func order(n int) portal.Order {
	return portal.Order{OrderNumber: "SO-" + itoa(n), Created: time.Unix(int64(1_700_000_000+n*1000), 0).UTC()}
}

func numbers(h store.OrderHistory) []string {
	var out []string
	for _, o := range h.Orders {
		out = append(out, o.OrderNumber)
	}
	return out
}

var maria = portal.Identity{UID: "u-1", Email: "maria@example.com"}

func TestPagingAndThePagePastTheLast(t *testing.T) {
	f := &fakeOrders{uid: "u-1"}
	for n := 7; n >= 1; n-- { // newest first, as the order system sends them
		f.orders = append(f.orders, order(n))
	}
	s := store.New(f, nil, store.Options{SupportPhone: "800-472-2005"})
	ctx := context.Background()

	h, err := s.Orders(ctx, maria, 2)
	if err != nil || h.Page != 2 || h.Pages != 2 || h.Total != 7 || h.PageSize != 5 || !slices.Equal(numbers(h), []string{"SO-2", "SO-1"}) {
		t.Errorf("page 2 = %+v, %v", h, err)
	}
	f.calls = nil
	h, err = s.Orders(ctx, maria, 4)
	if err != nil || h.Page != 2 || !slices.Equal(numbers(h), []string{"SO-2", "SO-1"}) {
		t.Errorf("page 4 = %+v, %v; want the last page", h, err)
	}
	if want := []string{"u-1 4 5", "u-1 2 5"}; !slices.Equal(f.calls, want) {
		t.Errorf("calls = %v, want %v", f.calls, want)
	}

	f.calls = nil
	h, err = s.Orders(ctx, portal.Identity{UID: "u-2"}, 3)
	if err != nil || h.Page != 1 || h.Pages != 1 || h.Total != 0 || h.Orders == nil || len(h.Orders) != 0 {
		t.Errorf("empty history = %+v, %v; want an empty page 1 of 1", h, err)
	}
	if len(f.calls) != 1 {
		t.Errorf("an empty history asked the order system %d times", len(f.calls))
	}
}

func TestTheListIsNewestFirstWhateverTheOrderSystemSends(t *testing.T) {
	f := &fakeOrders{uid: "u-1", orders: []portal.Order{order(1), order(3), order(2)}}
	h, err := store.New(f, nil, store.Options{}).Orders(context.Background(), maria, 1)
	if err != nil || !slices.Equal(numbers(h), []string{"SO-3", "SO-2", "SO-1"}) {
		t.Errorf("orders = %v, %v", numbers(h), err)
	}
	for _, o := range h.Orders {
		if o.Items == nil {
			t.Errorf("%s has a null item list", o.OrderNumber)
		}
	}
}

func TestFailuresAndRefusals(t *testing.T) {
	f := &fakeOrders{uid: "u-1", err: apperr.New(apperr.Internal, "The store's order system could not handle the request.")}
	s := store.New(f, nil, store.Options{SupportPhone: "555-0100"})
	_, err := s.Orders(context.Background(), maria, 1)
	if e := apperr.From(err); e.Code != apperr.Unavailable || e.Message != "We could not load your orders. Please refresh and try again or contact us at 555-0100." {
		t.Errorf("failure = %v", err)
	}
	f.err, f.calls = nil, nil
	for _, page := range []int{0, -1, 10001} {
		if _, err := s.Orders(context.Background(), maria, page); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("page %d: err = %v, want invalid", page, err)
		}
	}
	if _, err := s.Orders(context.Background(), portal.Identity{}, 1); !apperr.Is(err, apperr.Unauthenticated) {
		t.Errorf("no uid: err = %v", err)
	}
	if len(f.calls) != 0 {
		t.Errorf("refused requests reached the order system: %v", f.calls)
	}
}

func TestParsePage(t *testing.T) {
	for in, want := range map[string]int{"": 1, "1": 1, "2": 2, "10000": 10000} {
		if got, err := store.ParsePage(in); err != nil || got != want {
			t.Errorf("ParsePage(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "-1", "+1", "01", "1.0", "1e3", "x", " 1", "10001", "9999999999999999999999"} {
		if _, err := store.ParsePage(in); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("ParsePage(%q): err = %v, want invalid", in, err)
		}
	}
	if store.ContractLimits().OrdersPerPage != 5 {
		t.Errorf("ordersPerPage = %d, want 5 (spec 3 §9)", store.ContractLimits().OrdersPerPage)
	}
}
