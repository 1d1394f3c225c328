package store

import (
	"slices"
	"testing"

	"github.com/union-benefits/portal/contracts"
)

// Checkout's field rules against contracts/cases.json, whose cases the frontend's fieldError
// (components/store/checkoutForm.ts) passes too: each value as the page sends it, on one line.
func TestCheckoutRuleCases(t *testing.T) {
	accepts := func(name string) func(string) bool {
		fields := slices.Concat(checkout.Information, checkout.Shipping)
		i := slices.IndexFunc(fields, func(f CheckoutField) bool { return f.Name == name })
		if i < 0 {
			t.Fatalf("store.json has no checkout field %s", name)
		}
		return func(v string) bool { return checkField(fields[i], singleLine(v)) == "" }
	}
	contracts.CheckCases(t, "store.email", accepts("email"))
	contracts.CheckCases(t, "store.phone", accepts("phone"))
	contracts.CheckCases(t, "store.zip", accepts("zip"))
	contracts.CheckCases(t, "store.number", accepts("members"))
	contracts.CheckCases(t, "store.unionNumber", accepts("unionNumber"))
	contracts.CheckCases(t, "store.website", accepts("website"))
}
