package httpapi

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

// StoreStateCookie is the name of the shipping state's cookie (spec 3 §7): the state's title,
// URL-encoded as a browser script would write it, kept for store.StateCookieMaxAge seconds.
const StoreStateCookie = "up_store_state"

// StoreOrders is a member's order history (store.Service).
type StoreOrders interface {
	Orders(ctx context.Context, id portal.Identity, page int) (portal.OrderHistory, error)
}

// StoreIndex is the store index for a reader and their shipping state (store.Service).
type StoreIndex interface {
	Index(ctx context.Context, r portal.Reader, state *portal.ShippingState) (portal.StoreDocument, error)
}

// StoreDeps are the store's dependencies.
type StoreDeps struct {
	Members Members
	Readers Readers
	Orders  StoreOrders
	Index   StoreIndex
	// SecureCookies marks the cleared cookie of a dead session, and the shipping state's cookie,
	// Secure, as Accounts sets the session's.
	SecureCookies bool
}

// Store mounts the free-materials store: the index, public and shaped for the reader's union
// and shipping state; the shipping state's choice; My Orders, one member's, never cached and
// only with a live session, whose uid is the only one it reads for.
func Store(d StoreDeps) Mount {
	h := storeHandlers{d}
	member := requireMember(d.Members, sessionCookies{secure: d.SecureCookies})
	return func(api fiber.Router) {
		api.Get("/orders", private, member, h.orders)
		api.Get("/store", publicDocument, resolveReader(d.Members, d.Readers), h.index)
		api.Post("/store/state", private, h.chooseState)
	}
}

type storeHandlers struct{ StoreDeps }

func (h storeHandlers) orders(c fiber.Ctx) error {
	page, err := store.ParsePage(c.Query("page"))
	if err != nil {
		return err
	}
	doc, err := h.Orders.Orders(c.Context(), identity(c), page)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

// index answers GET /api/v1/store?union=&state=: the store index for the reader. The state is
// the parameter's when given (a state it does not name is refused), else the cookie's (one that
// names no state, stale or forged, counts as none: the page asks again).
func (h storeHandlers) index(c fiber.Ctx) error {
	var state *portal.ShippingState
	if v := c.Query("state"); v != "" {
		s, err := store.ChooseState(v)
		if err != nil {
			return err
		}
		state = &s
	} else if raw := c.Cookies(StoreStateCookie); raw != "" {
		if v, err := url.PathUnescape(raw); err == nil {
			if s, ok := store.FindState(v); ok {
				state = &s
			}
		}
	}
	doc, err := h.Index.Index(c.Context(), reader(c), state)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

type stateRequest struct {
	State string `json:"state"`
}

// chooseState answers POST /api/v1/store/state {"state": title or code}: keeps the state in the
// cookie the index reads and answers it; no state, one that names none or a body that is not
// JSON is the spec's 'We could not select your state.' (spec 3 §8).
func (h storeHandlers) chooseState(c fiber.Ctx) error {
	var req stateRequest
	_ = json.Unmarshal(c.Body(), &req) // a body that is no JSON names no state
	s, err := store.ChooseState(req.State)
	if err != nil {
		return err
	}
	// HttpOnly: only the server reads it (the page's server render forwards it here).
	c.Cookie(&fiber.Cookie{
		Name: StoreStateCookie, Value: url.PathEscape(s.Title), Path: "/", MaxAge: store.StateCookieMaxAge(),
		HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
	return c.JSON(fiber.Map{"state": s})
}
