package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
	"github.com/union-benefits/portal/contracts"
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

// CartCookie is the name of a visitor's cart cookie: an unguessable token (store.NewVisitorToken)
// naming their cart, HttpOnly, kept store.CartCookieMaxAge seconds, merged into the member's
// cart and cleared at sign-in.
const CartCookie = "up_cart"

// StoreCart is the cart and the checkout (store.Service).
type StoreCart interface {
	Cart(ctx context.Context, id string) portal.Cart
	SetQuantity(ctx context.Context, id, product string, quantity int) (portal.Cart, error)
	Place(ctx context.Context, id portal.Identity, key string, req store.CheckoutRequest) (portal.Placed, bool, error)
}

// StoreDeps are the store's dependencies.
type StoreDeps struct {
	Members Members
	Readers Readers
	Orders  StoreOrders
	Index   StoreIndex
	Cart    StoreCart
	// NewCarts counts the visitor carts each client address starts (nil: no limit): every
	// cookieless add makes a cart record, so without a limit a script could fill the cart store.
	NewCarts Limiter
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
		api.Get("/cart", private, h.getCart)
		api.Put("/cart/items/:id", private, h.setQuantity)
		api.Post("/store/orders", private, member, h.placeOrder)
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

// cartOf is the id of the cart a request is about: a signed-in member's own, else the visitor's
// whose cookie names it ("" when there is none yet). A dead session reads as a visitor.
func (h storeHandlers) cartOf(c fiber.Ctx) string {
	if cookie := c.Cookies(SessionCookie); cookie != "" {
		if id, err := h.Members.Identify(c.Context(), cookie); err == nil {
			return store.MemberCart(id.UID)
		}
	}
	if token := c.Cookies(CartCookie); store.ValidVisitorToken(token) {
		return store.VisitorCart(token)
	}
	return ""
}

// getCart answers GET /api/v1/cart. Reading never sets a cookie: a visitor who has not added
// anything has an empty cart and no cart record.
func (h storeHandlers) getCart(c fiber.Ctx) error {
	id := h.cartOf(c)
	if id == "" {
		return c.JSON(portal.Cart{Items: []portal.CartItem{}})
	}
	return c.JSON(h.Cart.Cart(c.Context(), id))
}

type quantityRequest struct {
	Quantity *int `json:"quantity"`
}

// setQuantity answers PUT /api/v1/cart/items/{id} {"quantity": n}. A body that is not an object
// with a whole number is the spec's 'Product could not be added to cart.' (spec 3 §5, §8). A
// visitor's first line gives them a cart and its cookie.
func (h storeHandlers) setQuantity(c fiber.Ctx) error {
	product, err := url.PathUnescape(c.Params("id"))
	if err != nil {
		product = ""
	}
	var req quantityRequest
	if err := json.Unmarshal(c.Body(), &req); err != nil || req.Quantity == nil {
		return apperr.Field("quantity", contracts.StoreMessage("cartNotObject"))
	}
	id := h.cartOf(c)
	if id == "" {
		if h.NewCarts != nil {
			if err := h.NewCarts.Allow("cart|" + clientAddr(c)); err != nil {
				return err
			}
		}
		token := store.NewVisitorToken()
		id = store.VisitorCart(token)
		c.Cookie(&fiber.Cookie{
			Name: CartCookie, Value: token, Path: "/", MaxAge: store.CartCookieMaxAge(),
			HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
		})
	}
	cart, err := h.Cart.SetQuantity(c.Context(), id, product, *req.Quantity)
	if err != nil {
		return err
	}
	return c.JSON(cart)
}

// placeOrder answers POST /api/v1/store/orders: the member's order from their cart, once per
// Idempotency-Key (201 when placed now, 200 when that key's order is answered again).
func (h storeHandlers) placeOrder(c fiber.Ctx) error {
	var req store.CheckoutRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	placed, created, err := h.Cart.Place(c.Context(), identity(c), c.Get("Idempotency-Key"), req)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(placed)
}

// CartMerger merges a visitor's cart into a member's (store.Service).
type CartMerger interface {
	Merge(ctx context.Context, visitor, member string) error
}

// adoptCart merges the visitor cart a request's cookie names into the member's who just signed
// in, and clears the cookie. A failed merge keeps the cookie, so the next sign-in tries again;
// the sign-in itself never fails for it (the store logged why).
func adoptCart(c fiber.Ctx, carts CartMerger, uid string, secure bool) {
	token := c.Cookies(CartCookie)
	if carts == nil || uid == "" || token == "" {
		return
	}
	if store.ValidVisitorToken(token) {
		if err := carts.Merge(c.Context(), store.VisitorCart(token), store.MemberCart(uid)); err != nil {
			return
		}
	}
	c.Cookie(&fiber.Cookie{
		Name: CartCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}
