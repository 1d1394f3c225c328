package orderstub

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	graphql "github.com/graph-gophers/graphql-go"
)

// The limits the real order system enforces; the stand-in enforces them too so the BFF's error
// paths can be exercised offline.
const (
	defaultPageSize = 5
	maxPageSize     = 50
	maxQuantity     = 100000
)

type rootResolver struct {
	store *store
	now   func() time.Time
}

func (r *rootResolver) Products(ctx context.Context, args struct{ Union string }) []*productResolver {
	var out []*productResolver
	for _, p := range r.store.productsFor(args.Union) {
		out = append(out, &productResolver{p: p, base: baseURL(ctx)})
	}
	return out
}

func (r *rootResolver) Product(ctx context.Context, args struct{ ID graphql.ID }) *productResolver {
	p, ok := r.store.byID[string(args.ID)]
	if !ok {
		return nil
	}
	return &productResolver{p: p, base: baseURL(ctx)}
}

func (r *rootResolver) Orders(ctx context.Context, args struct {
	UID      graphql.ID
	Page     *int32
	PageSize *int32
}) (*orderPageResolver, error) {
	page, size := int32(1), int32(defaultPageSize)
	if args.Page != nil {
		page = *args.Page
	}
	if args.PageSize != nil {
		size = *args.PageSize
	}
	if page < 1 {
		return nil, fmt.Errorf("page must be at least 1, got %d", page)
	}
	if size < 1 || size > maxPageSize {
		return nil, fmt.Errorf("pageSize must be between 1 and %d, got %d", maxPageSize, size)
	}
	all := r.store.ordersOf(string(args.UID))
	start := min(int(page-1)*int(size), len(all))
	end := min(start+int(size), len(all))
	res := &orderPageResolver{total: int32(len(all)), page: page, size: size}
	for _, o := range all[start:end] {
		res.orders = append(res.orders, &orderResolver{o: o, base: baseURL(ctx)})
	}
	return res, nil
}

type orderInput struct {
	UID         graphql.ID
	Information struct {
		FirstName, LastName, Email, Phone, PhoneNumber, Union string
		UnionNumber                                           *string
		Members, Worksites                                    *int32
		Website                                               *string
		Memo                                                  string
	}
	Shipping struct {
		Address   string
		Address2  *string
		City      string
		StateCode string
		State     string
		Zip       string
		Country   string
	}
	Items []struct {
		ID       graphql.ID
		Quantity int32
	}
}

func (r *rootResolver) SubmitOrder(ctx context.Context, args struct{ Input orderInput }) (*orderResolver, error) {
	in := args.Input
	if in.UID == "" {
		return nil, errors.New("uid is required")
	}
	if len(in.Items) == 0 {
		return nil, errors.New("an order needs at least one item")
	}
	// The order system reads the phone under both names (spec 3 §3); two different numbers would be
	// an order it cannot call back about.
	if in.Information.PhoneNumber != in.Information.Phone {
		return nil, errors.New("phoneNumber must be the same number as phone")
	}
	state := strings.ToUpper(in.Shipping.StateCode)
	o := fixtureOrder{Created: r.now().Unix()}
	for _, it := range in.Items {
		p, ok := r.store.byID[string(it.ID)]
		switch {
		case !ok:
			return nil, fmt.Errorf("unknown product %q", it.ID)
		case p.Stock <= 0:
			return nil, fmt.Errorf("product %q is out of stock", it.ID)
		case it.Quantity < 1 || it.Quantity > maxQuantity:
			return nil, fmt.Errorf("quantity of %q must be between 1 and %d, got %d", it.ID, maxQuantity, it.Quantity)
		case !slices.Contains(p.States, state):
			return nil, fmt.Errorf("product %q cannot be shipped to %q", it.ID, in.Shipping.StateCode)
		}
		o.Items = append(o.Items, fixtureItem{ID: p.ID, Label: p.Label, Title: p.Title, Image: p.Image, Quantity: int(it.Quantity)})
	}
	return &orderResolver{o: r.store.add(string(in.UID), o), base: baseURL(ctx)}, nil
}

type productResolver struct {
	p    *fixtureProduct
	base string
}

func (r *productResolver) ID() graphql.ID       { return graphql.ID(r.p.ID) }
func (r *productResolver) Title() string        { return r.p.Title }
func (r *productResolver) Label() string        { return r.p.Label }
func (r *productResolver) Image() *string       { return absolute(r.base, r.p.Image) }
func (r *productResolver) Description() *string { return optional(r.p.Description) }
func (r *productResolver) Stock() int32         { return int32(r.p.Stock) }
func (r *productResolver) States() []string     { return nonNil(r.p.States) }

type orderPageResolver struct {
	orders            []*orderResolver
	total, page, size int32
}

func (r *orderPageResolver) Orders() []*orderResolver {
	if r.orders == nil {
		return []*orderResolver{}
	}
	return r.orders
}

func (r *orderPageResolver) Total() int32    { return r.total }
func (r *orderPageResolver) Page() int32     { return r.page }
func (r *orderPageResolver) PageSize() int32 { return r.size }

type orderResolver struct {
	o    fixtureOrder
	base string
}

func (r *orderResolver) OrderNumber() string { return r.o.OrderNumber }
func (r *orderResolver) Created() int32      { return int32(r.o.Created) }
func (r *orderResolver) Items() []*itemResolver {
	out := make([]*itemResolver, 0, len(r.o.Items))
	for _, it := range r.o.Items {
		out = append(out, &itemResolver{it: it, base: r.base})
	}
	return out
}

type itemResolver struct {
	it   fixtureItem
	base string
}

func (r *itemResolver) ID() graphql.ID  { return graphql.ID(r.it.ID) }
func (r *itemResolver) Label() string   { return r.it.Label }
func (r *itemResolver) Title() string   { return r.it.Title }
func (r *itemResolver) Image() *string  { return absolute(r.base, r.it.Image) }
func (r *itemResolver) Quantity() int32 { return int32(r.it.Quantity) }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func absolute(base, path string) *string {
	if strings.HasPrefix(path, "/") {
		path = base + path
	}
	return optional(path)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
