package portal

import (
	"testing"

	"github.com/union-benefits/portal/contracts"
)

// The email rule against contracts/cases.json, whose cases the frontend's rule passes too.
func TestEmailRuleCases(t *testing.T) {
	contracts.CheckCases(t, "accounts.email", ValidEmail)
}
