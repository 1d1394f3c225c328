package livestream

import (
	"testing"

	"github.com/union-benefits/portal/contracts"
)

// The access form's email against contracts/cases.json, as the frontend's checkAccess is.
func TestAccessEmailCases(t *testing.T) {
	contracts.CheckCases(t, "accounts.email", func(email string) bool {
		_, err := Check(Request{Name: "Pat", Email: email})
		return err == nil
	})
}
