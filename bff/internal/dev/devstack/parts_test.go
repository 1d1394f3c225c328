package devstack

import (
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/config"
)

// The BFF refuses to start on a setting its config does not accept, and the stack only finds
// out when the BFF exits during start-up: check the stack's settings here instead.
func TestTheStacksBFFSettingsLoad(t *testing.T) {
	var bff Part
	for _, p := range Parts(t.TempDir(), Test) {
		if p.Name == "bff" {
			bff = p
		}
	}
	vars := map[string]string{}
	for _, kv := range bff.Env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	if _, err := config.Load(func(k string) string { return vars[k] }); err != nil {
		t.Fatalf("the stack's BFF settings: %v", err)
	}
}
