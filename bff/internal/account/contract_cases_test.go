package account

import (
	"testing"

	"github.com/union-benefits/portal/contracts"
)

// The account forms' rules against contracts/cases.json, whose cases the frontend's rules
// (frontend/lib/accounts.ts) pass too.
func TestAccountRuleCases(t *testing.T) {
	contracts.CheckCases(t, "accounts.zip", validZip)
	contracts.CheckCases(t, "accounts.phone", theRules.phone.MatchString)
	contracts.CheckCases(t, "accounts.year", theRules.year.MatchString)
	contracts.CheckCases(t, "accounts.password", validPassword)
}
