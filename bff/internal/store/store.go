// Package store is the free-materials store (spec 3): union officers order free printed
// materials from the order system, a GraphQL service reached through portal.Orders. So far: the
// order history, My Orders (spec 3 §2 'Order history', §4 'Orders pager', §9 'Orders 5 per
// page'): one page of the member's orders, newest first, whose uid always comes from a verified
// session, never from a request; and the store index with its shipping state (index.go). The
// limits, states and words are contracts/store.json's.
package store

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Limits are store.json's limits.
type Limits struct {
	// OrdersPerPage is the order history's page size (spec 3 §9: 5).
	OrdersPerPage int `json:"ordersPerPage"`
	// MaxPage is the highest page a request may name; it keeps a page number within what the
	// order system's 32-bit Int takes, and far above any member's history.
	MaxPage int `json:"maxPage"`
	// MaxQuantity is the most of one product a cart may hold (spec 3 §5: 100000).
	MaxQuantity int `json:"maxQuantity"`
}

// contract is store.json as the store reads it, loaded once: the file is compiled in, so a bad
// one fails every test. limits (below), index (index.go) and checkout (checkout.go) are its parts,
// each checked as it is taken.
var contract = contracts.Load[struct {
	Limits struct {
		Limits
		StateCookieMaxAge int `json:"stateCookieMaxAge"`
		CartCookieMaxAge  int `json:"cartCookieMaxAge"`
		OtherMaxLength    int `json:"otherMaxLength"`
	} `json:"limits"`
	Patterns struct {
		Email       contracts.Pattern `json:"email"`
		Phone       contracts.Pattern `json:"phone"`
		Zip         contracts.Pattern `json:"zip"`
		Number      contracts.Pattern `json:"number"`
		UnionNumber contracts.Pattern `json:"unionNumber"`
		LocalWord   contracts.Pattern `json:"localWord"`
		Website     contracts.Pattern `json:"website"`
	} `json:"patterns"`
	FeaturedTitles []string        `json:"featuredTitles"`
	States         []ShippingState `json:"states"`
	Checkout       *checkoutSpec   `json:"checkout"`
}]("store.json")

// limits is store.json's limits.
var limits = func() Limits {
	l := contract.Limits.Limits
	if l.OrdersPerPage < 1 || l.MaxPage < 1 || l.MaxQuantity < 1 {
		panic("contracts/store.json: limits.ordersPerPage, maxPage and maxQuantity must be positive")
	}
	return l
}()

// ContractLimits is store.json's limits.
func ContractLimits() Limits { return limits }

func msg(key string, pairs ...string) string { return contracts.StoreMessage(key, pairs...) }

// Options configures the store.
type Options struct {
	SupportPhone string // quoted when the order system cannot answer, and by the store index
	LeadersEmail string // the union leaders mailbox, which the store index gives for orders abroad
	// Carts is the cart store (Firestore); the cart and checkout need it.
	Carts Carts
	// Variables are the site variables (the cached CMS), for the store index's promos; nil
	// shows none.
	Variables Variables
	// PendingTimeout is how long an order attempt the BFF never finished (it stopped while the
	// order system was answering) blocks another of the same member; 0 means DefaultPendingTimeout.
	PendingTimeout time.Duration
	Logger         *slog.Logger
	Now            func() time.Time
}

// DefaultPendingTimeout outlasts the order system's slowest answer (the page warns it can take up
// to a minute) by enough that a running attempt is never taken for an abandoned one.
const DefaultPendingTimeout = 3 * time.Minute

// Service is the store's logic over the order system.
type Service struct {
	orders portal.Orders
	unions Unions
	o      Options
}

// New returns the store over the order system (its product lists cached, cache.Orders) and the
// site's unions (nil: the index names no union).
func New(orders portal.Orders, unions Unions, o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.PendingTimeout <= 0 {
		o.PendingTimeout = DefaultPendingTimeout
	}
	return &Service{orders: orders, unions: unions, o: o}
}

// ParsePage reads the page of a request: absent is 1; anything but a whole number from 1 to
// MaxPage is refused with the page's field error.
func ParsePage(s string) (int, error) {
	if s == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 6 || s[0] == '+' || s[0] == '0' || n < 1 || n > limits.MaxPage {
		return 0, pageInvalid()
	}
	return n, nil
}

func pageInvalid() error {
	return apperr.Field("page", msg("pageInvalid", "max", strconv.Itoa(limits.MaxPage)))
}

// Orders is one page of the member's order history, newest first, ordersPerPage to a page.
//
// A page past the last is answered with the last page rather than refused: the history only
// grows, so such a page comes from an old link or a history seen elsewhere, and the member is
// better served by the orders that are there (the document's page says which) than by an error.
// It costs a second call, only then. A page that is not a page at all (0, -1, 10001) is 400.
func (s *Service) Orders(ctx context.Context, id portal.Identity, page int) (OrderHistory, error) {
	if id.UID == "" {
		// The route lets only a live session through; this guards a wiring mistake from
		// asking the order system for nobody's orders.
		return OrderHistory{}, apperr.New(apperr.Unauthenticated, msg("signInRequired"))
	}
	if page < 1 || page > limits.MaxPage {
		return OrderHistory{}, pageInvalid()
	}
	per := limits.OrdersPerPage
	got, err := s.orders.Orders(ctx, id.UID, page, per)
	if err != nil {
		return OrderHistory{}, s.unavailable(ctx, err)
	}
	pages := pagesOf(got.Total, per)
	if page > pages && got.Total > 0 {
		page = pages
		if got, err = s.orders.Orders(ctx, id.UID, page, per); err != nil {
			return OrderHistory{}, s.unavailable(ctx, err)
		}
		pages = pagesOf(got.Total, per)
	}
	return OrderHistory{
		Orders:   newestFirst(got.Orders, per),
		Page:     min(page, pages),
		Pages:    pages,
		Total:    got.Total,
		PageSize: per,
	}, nil
}

// pagesOf is how many pages total orders fill; an empty history is one (empty) page.
func pagesOf(total, per int) int {
	return max(1, (total+per-1)/per)
}

// newestFirst is at most per orders, newest first (spec 3 §7: the list is sorted by created),
// whatever order the order system gave them in; never nil, and no order without its item list.
func newestFirst(orders []portal.Order, per int) []portal.Order {
	out := slices.Clone(orders)
	slices.SortStableFunc(out, func(a, b portal.Order) int { return b.Created.Compare(a.Created) })
	out = out[:min(len(out), per)]
	for i := range out {
		if out[i].Items == nil {
			out[i].Items = []portal.OrderItem{}
		}
	}
	if out == nil {
		out = []portal.Order{}
	}
	return out
}

// unavailable is the answer when the order system fails in any way: the page can say so and
// offer the phone, and a retry may work. Its own errors (a GraphQL error: our request or the
// contract is wrong) are logged as errors; the rest were the order system being down or slow.
func (s *Service) unavailable(ctx context.Context, err error) error {
	s.logFailure(ctx, "store: order history unavailable", err)
	return apperr.Wrap(apperr.Unavailable, msg("ordersUnavailable", "phone", s.o.SupportPhone), err)
}
