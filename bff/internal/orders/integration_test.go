//go:build integration

package orders

import (
	"cmp"
	"context"
	"os"
	"testing"

	"github.com/union-benefits/portal/bff/internal/config"
)

// TestProductsFromRunningStandIn runs the client against the stack's order stand-in (make
// test-integration), over a real socket and the stand-in's own command-line set-up.
func TestProductsFromRunningStandIn(t *testing.T) {
	url := os.Getenv("ORDERS_URL")
	if url == "" {
		t.Skip("ORDERS_URL is not set; run through `.bin/stack test`")
	}
	got, err := New(url, cmp.Or(os.Getenv("ORDERS_TOKEN"), config.DevOrdersToken), nil, nil).Products(context.Background(), "61")
	if err != nil {
		t.Fatalf("Products: %v", err)
	}
	if len(got) == 0 || got[0].ID != "member-benefit-61" {
		t.Errorf("products for 61 = %+v; want union 61's own materials first", got)
	}
}
