package store

import (
	"context"
	"slices"
	"strings"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The store index (spec 3 §2 'Store index', §3 'Product' and 'State', §4 'Shipping state', §7
// 'Product list' and 'Shipping state', §8): the reader's union's products from the order system,
// the featured ones apart, limited to the shipping state the reader chose.

// index is store.json's featured titles, states and cookie lifetimes (store.go's contract).
var index = func() struct {
	featured   []string
	states     []ShippingState
	maxAge     int
	cartMaxAge int
} {
	if len(contract.States) != 51 || len(contract.FeaturedTitles) == 0 ||
		contract.Limits.StateCookieMaxAge < 1 || contract.Limits.CartCookieMaxAge < 1 {
		panic("contracts/store.json: want the 50 states and DC, featured titles, limits.stateCookieMaxAge and cartCookieMaxAge")
	}
	featured := make([]string, len(contract.FeaturedTitles))
	for i, t := range contract.FeaturedTitles {
		featured[i] = fold(t)
	}
	return struct {
		featured   []string
		states     []ShippingState
		maxAge     int
		cartMaxAge int
	}{featured, contract.States, contract.Limits.StateCookieMaxAge, contract.Limits.CartCookieMaxAge}
}()

func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// States are the states an order may be shipped to: the 50 states and DC, alphabetical by title
// as store.json lists them.
func States() []ShippingState { return slices.Clone(index.states) }

// StateCookieMaxAge is how long the shipping state is kept, in seconds (spec 3 §9: 3600).
func StateCookieMaxAge() int { return index.maxAge }

// FindState is the state a value names, by title or two-letter code, ignoring case and extra
// spaces; false when it names none of the 50 states and DC.
func FindState(v string) (ShippingState, bool) {
	v = fold(v)
	if v == "" {
		return ShippingState{}, false
	}
	for _, s := range index.states {
		if fold(s.Title) == v || strings.ToLower(s.Code) == v {
			return s, true
		}
	}
	return ShippingState{}, false
}

// stateByCode is the state of a two-letter code, in capitals as store.json lists them (checkout's
// select sends the code itself; FindState is for what people and cookies name).
func stateByCode(code string) (ShippingState, bool) {
	for _, s := range index.states {
		if s.Code == code {
			return s, true
		}
	}
	return ShippingState{}, false
}

// ChooseState is the state a reader chose in the state modal; no value or one that names no
// state is refused in the spec's words (spec 3 §8).
func ChooseState(v string) (ShippingState, error) {
	s, ok := FindState(v)
	if !ok {
		return ShippingState{}, apperr.Field("state", msg("stateInvalid"))
	}
	return s, nil
}

// Featured reports whether a product is one of the personalised materials the index shows apart
// (spec 3 §2: those titled member benefit, organizing benefit, credit card). The order system
// marks them no other way: in fixtures/orders they are the products made for one union, and
// their titles are exactly these.
func Featured(p portal.Product) bool { return slices.Contains(index.featured, fold(p.Title)) }

// shipsTo reports whether a product may be shipped to a state: its states name the state by
// code (as the order system does) or by title.
func shipsTo(p portal.Product, s ShippingState) bool {
	return slices.ContainsFunc(p.States, func(v string) bool {
		found, ok := FindState(v)
		return ok && found.Code == s.Code
	})
}

// Unions lists the site's unions (the cached CMS), for the union the index is personalised for.
type Unions interface {
	Unions(ctx context.Context) (portal.Unions, error)
}

// Index is the store index for a reader and the shipping state they chose (nil: none yet, and
// every product is shown while the page asks for one). The order system failing is an empty
// list, and the union list failing a store without its union's name, never an error (spec 3 §4,
// §8: "the store route swallows its errors"); each is logged.
func (s *Service) Index(ctx context.Context, r portal.Reader, state *ShippingState) (Document, error) {
	doc := Document{
		Featured:     []Product{},
		Products:     []Product{},
		State:        state,
		States:       States(),
		Phone:        s.o.SupportPhone,
		LeadersEmail: s.o.LeadersEmail,
		Promos:       s.promos(ctx, r.Audience),
	}
	if s.unions != nil {
		// The products are asked for by the reader's union id, which needs no union list.
		if unions, err := s.unions.Unions(ctx); err != nil {
			s.logFailure(ctx, "store: the union list is unavailable", err)
		} else {
			doc.Union = unions.Find(r.Union).Ref()
		}
	}
	if r.Union == "" {
		return doc, nil
	}
	products, err := s.orders.Products(ctx, r.Union)
	if err != nil {
		s.logFailure(ctx, "store: products unavailable for union "+r.Union, err)
		return doc, nil
	}
	for _, p := range products {
		if state != nil && !shipsTo(p, *state) {
			continue
		}
		if Featured(p) {
			doc.Featured = append(doc.Featured, storeProduct(p))
		} else {
			doc.Products = append(doc.Products, storeProduct(p))
		}
	}
	return doc, nil
}

// Variables reads the site variables (the cached CMS).
type Variables interface {
	Variable(ctx context.Context, name string) (*portal.Variable, error)
}

// promoKeys are union_structure_global's store promos, in the order the index shows them.
var promoKeys = []string{"store_promo_one", "store_promo_two", "store_promo_three", "store_promo_four"}

// promos reads the editors' store promos. They are not worth failing the store for: without the
// variable the index shows its products alone (logged).
func (s *Service) promos(ctx context.Context, a portal.Audience) []Promo {
	out := []Promo{}
	if s.o.Variables == nil {
		return out
	}
	global, err := s.o.Variables.Variable(ctx, "union_structure_global")
	if err != nil {
		s.logFailure(ctx, "store: promos unavailable", err)
		return out
	}
	for _, k := range promoKeys {
		v := global.Object(k)
		p := Promo{Eyebrow: v.String("eyebrow"), Headline: v.String("headline"), Description: v.String("description")}
		if strings.TrimSpace(p.Headline) == "" {
			continue
		}
		l := v.Object("link")
		link := portal.CMSLink{URL: jsonapi.LinkURL(l.String("uri")), Title: l.String("title"),
			TitleAnonymous: l.String("title_anonymous"), Target: l.String("target")}
		if link.URL != "" && link.Title != "" {
			pl := link.For(a)
			p.Link = &pl
		}
		out = append(out, p)
	}
	return out
}

// storeProduct is a product as the index shows it: its states by title (a code store.json does
// not know is shown as it is), a stock below zero as none.
func storeProduct(p portal.Product) Product {
	states := make([]string, 0, len(p.States))
	for _, v := range p.States {
		if found, ok := FindState(v); ok {
			states = append(states, found.Title)
		} else {
			states = append(states, v)
		}
	}
	p.Stock = max(p.Stock, 0)
	p.States = states
	return Product{Product: p, FavoriteID: portal.ProductFavorite(p.ID)}
}
