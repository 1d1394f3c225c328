package orders

import (
	"cmp"
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/Khan/genqlient/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// defaultTimeout bounds a call when New is given no HTTP client, so a hung order system turns
// into an Unavailable answer instead of a hung page.
const defaultTimeout = 10 * time.Second

// Client is the order system's GraphQL client. It implements portal.Orders.
type Client struct {
	gql graphql.Client
}

var _ portal.Orders = (*Client)(nil)

// New returns a client of the GraphQL endpoint (e.g. http://127.0.0.1:8082/graphql) that
// presents token as its bearer credential (ORDERS_TOKEN): the order system holds every member's
// orders and places orders in their name, so it answers only its clients. A nil httpClient means
// one with a 10-second timeout. Every operation is an upstream call in m (nil records none).
func New(endpoint, token string, httpClient *http.Client, m *metrics.Metrics) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: defaultTimeout}
	}
	withToken := *httpClient
	withToken.Transport = bearer{token: token, next: cmp.Or[http.RoundTripper](httpClient.Transport, http.DefaultTransport)}
	return &Client{gql: observed{next: graphql.NewClient(endpoint, &withToken), m: m}}
}

// observed makes every GraphQL operation an upstream call: a span named after the operation
// (genqlient's name of it, from queries.graphql) and its latency.
type observed struct {
	next graphql.Client
	m    *metrics.Metrics
}

func (o observed) MakeRequest(ctx context.Context, req *graphql.Request, resp *graphql.Response) error {
	ctx, call := telemetry.StartCall(ctx, o.m, telemetry.Orders, req.OpName)
	err := o.next.MakeRequest(ctx, req, resp)
	if err != nil {
		call.End(translate(err))
	} else {
		call.End(nil)
	}
	return err
}

// bearer sends every request with the order system's credential, and the trace it is part of
// (the operation's span, which genqlient's request carries in its context).
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	telemetry.Inject(r.Context(), r.Header)
	return b.next.RoundTrip(r)
}

// Products lists the products offered to a union's members, the union's own materials first.
func (c *Client) Products(ctx context.Context, union string) ([]portal.Product, error) {
	resp, err := products(ctx, c.gql, union)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]portal.Product, 0, len(resp.Products))
	for _, p := range resp.Products {
		out = append(out, toProduct(p.productFields))
	}
	return out, nil
}

// Product returns one product; an unknown id is an apperr.NotFound error.
func (c *Client) Product(ctx context.Context, id string) (portal.Product, error) {
	resp, err := product(ctx, c.gql, id)
	if err != nil {
		return portal.Product{}, translate(err)
	}
	if resp.Product == nil {
		return portal.Product{}, apperr.New(apperr.NotFound, "Product not found.")
	}
	return toProduct(resp.Product.productFields), nil
}

// Orders is one page of the member's orders, newest first, as the order system pages them.
func (c *Client) Orders(ctx context.Context, uid string, page, pageSize int) (portal.OrderPage, error) {
	resp, err := orders(ctx, c.gql, uid, page, pageSize)
	if err != nil {
		return portal.OrderPage{}, translate(err)
	}
	got := resp.Orders
	out := portal.OrderPage{Orders: make([]portal.Order, 0, len(got.Orders)), Total: got.Total, Page: got.Page, PageSize: got.PageSize}
	for _, o := range got.Orders {
		out.Orders = append(out.Orders, toOrder(o.orderFields))
	}
	return out, nil
}

// toOrder reshapes an order; created, seconds since the epoch upstream, becomes a UTC time.
func toOrder(o orderFields) portal.Order {
	items := make([]portal.OrderItem, 0, len(o.Items))
	for _, it := range o.Items {
		items = append(items, portal.OrderItem{ID: it.Id, Label: it.Label, Title: it.Title, Image: it.Image, Quantity: it.Quantity})
	}
	return portal.Order{OrderNumber: o.OrderNumber, Created: time.Unix(int64(o.Created), 0).UTC(), Items: items}
}

func toProduct(p productFields) portal.Product {
	states := p.States
	if states == nil {
		states = []string{}
	}
	return portal.Product{
		ID:          p.Id,
		Title:       p.Title,
		Label:       p.Label,
		Image:       p.Image,
		Description: p.Description,
		Stock:       p.Stock,
		States:      states,
	}
}

// translate turns a failed call into the apperr code the BFF answers with: the order system
// being unreachable, slow or overloaded is Unavailable (the page can degrade and the client may
// retry); anything else, including GraphQL errors, means our request or the contract is wrong and
// is Internal.
func translate(err error) error {
	const unavailable = "The store's order system is not available right now. Please try again later."
	const internal = "The store's order system could not handle the request."

	var httpErr *graphql.HTTPError
	if errors.As(err, &httpErr) {
		switch httpErr.StatusCode {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout, http.StatusTooManyRequests:
			return apperr.Wrap(apperr.Unavailable, unavailable, err)
		}
		return apperr.Wrap(apperr.Internal, internal, err)
	}
	var gqlErrs gqlerror.List
	if errors.As(err, &gqlErrs) {
		return apperr.Wrap(apperr.Internal, internal, err)
	}
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.As(err, &netErr) {
		return apperr.Wrap(apperr.Unavailable, unavailable, err)
	}
	return apperr.Wrap(apperr.Internal, internal, err)
}

// SubmitOrder places an order. The order system refusing it (an unknown or out-of-stock item,
// one not eligible for the state) is a GraphQL error: apperr.Internal, as the store checks all
// of that first and a refusal means it and the order system disagree.
func (c *Client) SubmitOrder(ctx context.Context, o portal.OrderSubmission) (portal.Order, error) {
	items := make([]orderItemInput, 0, len(o.Items))
	for _, l := range o.Items {
		items = append(items, orderItemInput{Id: l.ID, Quantity: l.Quantity})
	}
	in, sh := o.Information, o.Shipping
	resp, err := submitOrder(ctx, c.gql, orderInput{
		Uid: o.UID,
		Information: orderInformationInput{
			FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Phone: in.Phone, PhoneNumber: in.Phone,
			Union: in.Union, UnionNumber: in.UnionNumber, Members: in.Members, Worksites: in.Worksites,
			Website: in.Website, Memo: in.Memo,
		},
		Shipping: shippingInput{
			Address: sh.Address, Address2: sh.Address2, City: sh.City, StateCode: sh.StateCode,
			State: sh.State, Zip: sh.Zip, Country: sh.Country,
		},
		Items: items,
	})
	if err != nil {
		return portal.Order{}, translate(err)
	}
	return toOrder(resp.SubmitOrder.orderFields), nil
}
