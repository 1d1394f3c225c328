package orders

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The client is tested against the real stand-in, in process: the same schema, fixtures and
// resolvers make dev runs, so a drift between contracts/orders.graphql, queries.graphql and the
// stand-in fails here.

const fixtures = "../../../fixtures/orders"

func newStub(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := orderstub.NewHandler(fixtures)
	if err != nil {
		t.Fatalf("NewHandler: %v", err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestProductsForUnion(t *testing.T) {
	srv := newStub(t)
	c := New(srv.URL+"/graphql", orderstub.DevToken, srv.Client(), nil)

	got, err := c.Products(context.Background(), "37")
	if err != nil {
		t.Fatalf("Products: %v", err)
	}
	ids := make([]string, len(got))
	for i, p := range got {
		ids[i] = p.ID
	}
	// The union's own materials come first, then those for every union; other unions' never.
	if want := []string{"member-benefit-37", "organizing-benefit-37", "credit-card-37"}; !slices.Equal(ids[:3], want) {
		t.Errorf("first products = %v, want %v", ids[:3], want)
	}
	for _, id := range []string{"wireless-discount-coupon", "hardship-grants-brochure", "travel-savings-coupon"} {
		if !slices.Contains(ids, id) {
			t.Errorf("products for 37 lack %s: %v", id, ids)
		}
	}
	for _, id := range ids {
		if strings.HasSuffix(id, "-61") || strings.HasSuffix(id, "-58") {
			t.Errorf("products for 37 include another union's %s", id)
		}
	}

	first := got[0]
	if first.Title != "Member Benefit" || first.Label == "" || first.Description == "" || first.Stock <= 0 {
		t.Errorf("product not reshaped completely: %+v", first)
	}
	if want := srv.URL + "/images/member-benefit-37.svg"; first.Image != want {
		t.Errorf("image = %q, want %q", first.Image, want)
	}
	if len(first.States) != 51 || !slices.Contains(first.States, "DC") {
		t.Errorf("states = %v, want all 50 states and DC", first.States)
	}
	i := slices.Index(ids, "travel-savings-coupon")
	if got[i].Stock != 0 {
		t.Errorf("travel-savings-coupon stock = %d, want 0 (the out-of-stock fixture)", got[i].Stock)
	}

	resp, err := http.Get(first.Image)
	if err != nil {
		t.Fatalf("GET image: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("image answered %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestProductsForUnknownUnionAreTheCommonOnes(t *testing.T) {
	srv := newStub(t)
	got, err := New(srv.URL+"/graphql", orderstub.DevToken, nil, nil).Products(context.Background(), "999")
	if err != nil {
		t.Fatalf("Products: %v", err)
	}
	if len(got) == 0 {
		t.Fatal("no products for an unknown union; want those offered to every union")
	}
	for _, p := range got {
		if strings.HasSuffix(p.ID, "-37") {
			t.Errorf("unknown union got 37's %s", p.ID)
		}
	}
}

func TestProduct(t *testing.T) {
	srv := newStub(t)
	c := New(srv.URL+"/graphql", orderstub.DevToken, nil, nil)

	p, err := c.Product(context.Background(), "car-buying-flyer")
	if err != nil {
		t.Fatalf("Product: %v", err)
	}
	if p.Title != "Car Buying Service" || slices.Contains(p.States, "HI") {
		t.Errorf("car-buying-flyer = %+v; want its title and no shipping to HI", p)
	}

	_, err = c.Product(context.Background(), "no-such-product")
	if !apperr.Is(err, apperr.NotFound) {
		t.Errorf("unknown product: err = %v, want not_found", err)
	}
}

func TestOrdersPages(t *testing.T) {
	srv := newStub(t)
	c := New(srv.URL+"/graphql", orderstub.DevToken, nil, nil)
	ctx := context.Background()

	first, err := c.Orders(ctx, "demo-member-0001", 1, 5)
	if err != nil {
		t.Fatalf("Orders: %v", err)
	}
	if first.Total != 7 || first.Page != 1 || first.PageSize != 5 || len(first.Orders) != 5 {
		t.Fatalf("page 1 = %+v; want 5 of 7", first)
	}
	newest := first.Orders[0]
	if newest.OrderNumber != "SO-108245" || !newest.Created.Equal(time.Unix(1761654840, 0)) || newest.Created.Location() != time.UTC {
		t.Errorf("newest = %s at %v; want SO-108245 at 1761654840 in UTC", newest.OrderNumber, newest.Created)
	}
	if it := newest.Items[0]; it.ID != "car-buying-flyer" || it.Label == "" || it.Title == "" || it.Quantity <= 0 ||
		it.Image != srv.URL+"/images/car-buying-flyer.svg" {
		t.Errorf("item not reshaped completely: %+v", it)
	}
	second, err := c.Orders(ctx, "demo-member-0001", 2, 5)
	if err != nil || len(second.Orders) != 2 || second.Orders[1].OrderNumber != "SO-104871" {
		t.Errorf("page 2 = %+v, %v; want the two oldest", second, err)
	}
	none, err := c.Orders(ctx, "someone-else", 1, 5)
	if err != nil || none.Total != 0 || len(none.Orders) != 0 {
		t.Errorf("another member's orders = %+v, %v; want none", none, err)
	}
	if _, err := c.Orders(ctx, "demo-member-0001", 1, 500); !apperr.Is(err, apperr.Internal) {
		t.Errorf("page size over the cap: err = %v, want internal (a GraphQL error)", err)
	}
}

// The checkout operation is not behind a portal interface yet; this checks the generated
// operations agree with the schema and the stand-in.
func TestOrderOperations(t *testing.T) {
	srv := newStub(t)
	c := New(srv.URL+"/graphql", orderstub.DevToken, nil, nil)
	ctx := context.Background()
	const uid = "demo-member-0001"

	page, err := orders(ctx, c.gql, uid, 0, 0)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	o := page.Orders
	if o.Total != 7 || o.Page != 1 || o.PageSize != 5 || len(o.Orders) != 5 {
		t.Fatalf("page 1 = total %d page %d size %d len %d; want 7, 1, 5, 5", o.Total, o.Page, o.PageSize, len(o.Orders))
	}
	if !slices.IsSortedFunc(o.Orders, func(a, b ordersOrdersOrderPageOrdersOrder) int { return b.Created - a.Created }) {
		t.Error("orders are not newest first")
	}

	in := orderInput{
		Uid: uid,
		Information: orderInformationInput{
			FirstName: "Maria", LastName: "Lopez", Email: "member@example.com", Phone: "5105550134", PhoneNumber: "5105550134",
			Union: "CWA", Memo: "New member packets",
		},
		Shipping: shippingInput{
			Address: "1450 Broadway", City: "Oakland", StateCode: "CA", State: "California",
			Zip: "94612", Country: "United States",
		},
		Items: []orderItemInput{{Id: "wireless-discount-coupon", Quantity: 200}},
	}
	placed, err := submitOrder(ctx, c.gql, in)
	if err != nil {
		t.Fatalf("submitOrder: %v", err)
	}
	if !strings.HasPrefix(placed.SubmitOrder.OrderNumber, "SO-") || len(placed.SubmitOrder.Items) != 1 ||
		placed.SubmitOrder.Items[0].Title != "Wireless Discount" {
		t.Errorf("placed order = %+v", placed.SubmitOrder)
	}
	after, err := orders(ctx, c.gql, uid, 1, 5)
	if err != nil {
		t.Fatalf("orders after submit: %v", err)
	}
	if after.Orders.Total != 8 || after.Orders.Orders[0].OrderNumber != placed.SubmitOrder.OrderNumber {
		t.Errorf("after submit: total %d, newest %s; want 8 and the new order", after.Orders.Total, after.Orders.Orders[0].OrderNumber)
	}

	in.Items = []orderItemInput{{Id: "travel-savings-coupon", Quantity: 1}}
	_, err = submitOrder(ctx, c.gql, in)
	if err == nil || !apperr.Is(translate(err), apperr.Internal) {
		t.Errorf("out-of-stock order: err = %v, want a GraphQL error translated to internal", err)
	}
}

func TestUnreachableOrderSystemIsUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there any more

	_, err = New("http://"+addr+"/graphql", orderstub.DevToken, nil, nil).Products(context.Background(), "37")
	if !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("err = %v, want unavailable", err)
	}
}

func TestSlowOrderSystemIsUnavailable(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)

	_, err := New(srv.URL, orderstub.DevToken, &http.Client{Timeout: 50 * time.Millisecond}, nil).Products(context.Background(), "37")
	if !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("err = %v, want unavailable", err)
	}
}

func TestHTTPStatusTranslation(t *testing.T) {
	for _, tc := range []struct {
		status int
		want   apperr.Code
	}{
		{http.StatusServiceUnavailable, apperr.Unavailable},
		{http.StatusBadGateway, apperr.Unavailable},
		{http.StatusBadRequest, apperr.Internal},
		{http.StatusInternalServerError, apperr.Internal},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "upstream says no", tc.status)
		}))
		_, err := New(srv.URL, orderstub.DevToken, nil, nil).Products(context.Background(), "37")
		srv.Close()
		if got := apperr.From(err).Code; got != tc.want {
			t.Errorf("HTTP %d: code %s, want %s (err %v)", tc.status, got, tc.want, err)
		}
	}
}

func TestSubmitOrderPlacesAndRefuses(t *testing.T) {
	srv := newStub(t)
	c := New(srv.URL+"/graphql", orderstub.DevToken, srv.Client(), nil)
	ctx := context.Background()
	sub := portal.OrderSubmission{
		UID: "u-submit",
		Information: portal.OrderInformation{
			FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "5551234",
			Union: "CWA", Members: 120, Memo: "New member packets",
		},
		Shipping: portal.OrderShipping{Address: "1 Main St", City: "Reno", StateCode: "NV", State: "Nevada", Zip: "89501", Country: "United States"},
		Items:    []portal.CartLine{{ID: "hardship-grants-brochure", Quantity: 3}, {ID: "car-buying-flyer", Quantity: 1}},
	}
	order, err := c.SubmitOrder(ctx, sub)
	if err != nil {
		t.Fatal(err)
	}
	if order.OrderNumber == "" || order.Created.IsZero() || len(order.Items) != 2 || order.Items[0].Quantity != 3 || order.Items[0].Title == "" {
		t.Errorf("placed %+v", order)
	}
	page, err := c.Orders(ctx, "u-submit", 1, 5)
	if err != nil || page.Total != 1 || page.Orders[0].OrderNumber != order.OrderNumber {
		t.Errorf("the member's orders: %+v %v", page, err)
	}
	// The order system refuses an item it cannot ship to the state: a GraphQL error, Internal.
	sub.Shipping.StateCode, sub.Shipping.State = "AK", "Alaska"
	if _, err := c.SubmitOrder(ctx, sub); !apperr.Is(err, apperr.Internal) {
		t.Errorf("not shippable: %v", err)
	}
}

// The client presents its credential on every call; the order system refuses one without it, which
// is the BFF's misconfiguration (Internal), never a member's mistake.
func TestTheClientPresentsItsCredential(t *testing.T) {
	srv := newStub(t)
	if _, err := New(srv.URL+"/graphql", orderstub.DevToken, nil, nil).Products(context.Background(), "37"); err != nil {
		t.Fatalf("with the credential: %v", err)
	}
	_, err := New(srv.URL+"/graphql", "not-the-token", nil, nil).Products(context.Background(), "37")
	if !apperr.Is(err, apperr.Internal) {
		t.Fatalf("with another credential: %v, want Internal", err)
	}
	// A client of its own keeps its settings, and gains the credential.
	if _, err := New(srv.URL+"/graphql", orderstub.DevToken, &http.Client{Timeout: 5 * time.Second}, nil).Products(context.Background(), "37"); err != nil {
		t.Fatalf("own client: %v", err)
	}
}
