package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/store"
)

// StoreOrders is a member's order history (store.Service).
type StoreOrders interface {
	Orders(ctx context.Context, id portal.Identity, page int) (portal.OrderHistory, error)
}

// StoreDeps are the store's dependencies.
type StoreDeps struct {
	Members Members
	Orders  StoreOrders
	// SecureCookies marks the cleared cookie of a dead session Secure, as Accounts sets it.
	SecureCookies bool
}

// Store mounts the free-materials store. This slice is My Orders, one member's: never cached,
// and only with a live session, whose uid is the only one it reads for.
func Store(d StoreDeps) Mount {
	h := storeHandlers{d}
	member := requireMember(d.Members, sessionCookies{secure: d.SecureCookies})
	return func(api fiber.Router) {
		api.Get("/orders", private, member, h.orders)
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
