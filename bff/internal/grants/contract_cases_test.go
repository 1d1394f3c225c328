package grants

import (
	"testing"
	"time"

	"github.com/union-benefits/portal/contracts"
)

// A field's own rule, by type, against contracts/cases.json, whose cases the frontend's patterns
// (frontend/lib/grants.ts) and email rule pass too.
func TestFieldRuleCases(t *testing.T) {
	accepts := func(typ string) func(string) bool {
		return func(v string) bool {
			var errs fieldErrors
			checkField(Form{}, field{Name: "x", Type: typ}, v, time.Now(), nil, checked{}, map[string]time.Time{}, &errs)
			return len(errs.order) == 0
		}
	}
	contracts.CheckCases(t, "accounts.email", accepts("email"))
	contracts.CheckCases(t, "grants.phone", accepts("phone"))
	contracts.CheckCases(t, "grants.zip", accepts("zip"))
	contracts.CheckCases(t, "grants.fourDigits", accepts("fourDigits"))
	contracts.CheckCases(t, "grants.digits", accepts("digits"))
	contracts.CheckCases(t, "grants.money", accepts("money"))
}
