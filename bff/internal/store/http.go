package store

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Orders is a member's order history (Service).
type Orders interface {
	Orders(ctx context.Context, id portal.Identity, page int) (OrderHistory, error)
}

// Index is the store index for a reader and their shipping state (Service).
type Index interface {
	Index(ctx context.Context, r portal.Reader, state *ShippingState) (Document, error)
}

// Checkout is the cart and the checkout (Service).
type Checkout interface {
	Cart(ctx context.Context, id string) Cart
	SetQuantity(ctx context.Context, id, product string, quantity int) (Cart, error)
	Place(ctx context.Context, id portal.Identity, key string, req CheckoutRequest) (Placed, bool, error)
}

// MountDeps are the store's HTTP dependencies.
type MountDeps struct {
	Members httpapi.Members
	Readers httpapi.Readers
	Orders  Orders
	Index   Index
	Cart    Checkout
	// NewCarts counts the visitor carts each client address starts (nil: no limit): every
	// cookieless add makes a cart record, so without a limit a script could fill the cart store.
	NewCarts httpapi.Limiter
	// SecureCookies marks the cleared cookie of a dead session, and the shipping state's cookie,
	// Secure, as the account's mount sets the session's.
	SecureCookies bool
}

// Mount mounts the free-materials store: the index, public and shaped for the reader's union
// and shipping state; the shipping state's choice; My Orders, one member's, never cached and
// only with a live session, whose uid is the only one it reads for.
func Mount(d MountDeps) httpapi.Mount {
	h := storeHandlers{d}
	member := httpapi.RequireMember(d.Members, httpapi.SessionCookies{Secure: d.SecureCookies})
	return func(api fiber.Router) {
		api.Get("/orders", httpapi.Private, member, h.orders)
		api.Get("/store", httpapi.PublicDocument, httpapi.ResolveReader(d.Members, d.Readers), h.index)
		api.Post("/store/state", httpapi.Private, h.chooseState)
		api.Get("/cart", httpapi.Private, h.getCart)
		api.Put("/cart/items/:id", httpapi.Private, h.setQuantity)
		api.Post("/store/orders", httpapi.Private, member, h.placeOrder)
	}
}

type storeHandlers struct{ MountDeps }

func (h storeHandlers) orders(c fiber.Ctx) error {
	page, err := ParsePage(c.Query("page"))
	if err != nil {
		return err
	}
	doc, err := h.Orders.Orders(c.Context(), httpapi.Identity(c), page)
	return httpapi.JSON(c, doc, err)
}

// index answers GET /api/v1/store?union=&state=: the store index for the reader. The state is
// the parameter's when given (a state it does not name is refused), else the cookie's (one that
// names no state, stale or forged, counts as none: the page asks again).
func (h storeHandlers) index(c fiber.Ctx) error {
	var state *ShippingState
	if v := c.Query("state"); v != "" {
		s, err := ChooseState(v)
		if err != nil {
			return err
		}
		state = &s
	} else if raw := c.Cookies(httpapi.StoreStateCookie); raw != "" {
		if v, err := url.PathUnescape(raw); err == nil {
			if s, ok := FindState(v); ok {
				state = &s
			}
		}
	}
	doc, err := h.Index.Index(c.Context(), httpapi.Reader(c), state)
	return httpapi.JSON(c, doc, err)
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
	s, err := ChooseState(req.State)
	if err != nil {
		return err
	}
	// HttpOnly: only the server reads it (the page's server render forwards it here).
	c.Cookie(&fiber.Cookie{
		Name: httpapi.StoreStateCookie, Value: url.PathEscape(s.Title), Path: "/", MaxAge: StateCookieMaxAge(),
		HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
	return c.JSON(fiber.Map{"state": s})
}

// cartOf is the id of the cart a request is about: a signed-in member's own, else the visitor's
// whose cookie names it ("" when there is none yet). A dead session reads as a visitor.
func (h storeHandlers) cartOf(c fiber.Ctx) string {
	if cookie := c.Cookies(httpapi.SessionCookie); cookie != "" {
		if id, err := h.Members.Identify(c.Context(), cookie); err == nil {
			return MemberCart(id.UID)
		}
	}
	if token := c.Cookies(httpapi.CartCookie); ValidVisitorToken(token) {
		return VisitorCart(token)
	}
	return ""
}

// getCart answers GET /api/v1/cart. Reading never sets a cookie: a visitor who has not added
// anything has an empty cart and no cart record.
func (h storeHandlers) getCart(c fiber.Ctx) error {
	id := h.cartOf(c)
	if id == "" {
		return c.JSON(Cart{Items: []CartItem{}})
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
			if err := h.NewCarts.Allow("cart|" + httpapi.ClientAddr(c)); err != nil {
				return err
			}
		}
		token := NewVisitorToken()
		id = VisitorCart(token)
		c.Cookie(&fiber.Cookie{
			Name: httpapi.CartCookie, Value: token, Path: "/", MaxAge: CartCookieMaxAge(),
			HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
		})
	}
	cart, err := h.Cart.SetQuantity(c.Context(), id, product, *req.Quantity)
	return httpapi.JSON(c, cart, err)
}

// placeOrder answers POST /api/v1/store/orders: the member's order from their cart, once per
// Idempotency-Key (201 when placed now, 200 when that key's order is answered again).
func (h storeHandlers) placeOrder(c fiber.Ctx) error {
	var req CheckoutRequest
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	placed, created, err := h.Cart.Place(c.Context(), httpapi.Identity(c), c.Get("Idempotency-Key"), req)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(placed)
}
