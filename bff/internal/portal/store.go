package portal

import "context"

// Product is a free printed material of the store, as the order system lists it.
type Product struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Label       string   `json:"label"`
	Image       string   `json:"image,omitempty"`
	Description string   `json:"description,omitempty"`
	Stock       int      `json:"stock"`
	States      []string `json:"states"`
}

// Orders is what the portal reads from and writes to the order system. Implementation:
// orders.Client (GraphQL through genqlient).
type Orders interface {
	// Products lists the products offered to a union's members.
	Products(ctx context.Context, union string) ([]Product, error)
}
