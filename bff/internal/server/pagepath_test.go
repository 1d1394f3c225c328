package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// A page path too long to be ours is refused, never an error page: a 400 while the server can
// read the request line, a 431 once it cannot (FuzzPagePath covers the first through app.Test,
// which reports the second as its own error). Both are problems the frontend shows as not found.
func TestAnOverlongPageURLIsAProblem(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for n, want := range map[int]int{600: http.StatusBadRequest, 9000: http.StatusRequestHeaderFieldsTooLarge} {
		status, h, body := harness.Get(t, b.URL+"/api/v1/page?path=/"+strings.Repeat("x", n))
		var p struct {
			Status       int
			Code, Detail string
		}
		_ = json.Unmarshal(body, &p)
		if status != want || h.Get("Content-Type") != "application/problem+json" || p.Code != "invalid" || p.Status != want {
			t.Errorf("a %d-character path: %d %s %s; want %d, an invalid problem", n, status, h.Get("Content-Type"), body, want)
		}
		// Status, detail and code agree: never a 4xx that says it is an internal error.
		if p.Detail == "" || strings.Contains(p.Detail, "Internal") {
			t.Errorf("a %d-character path: detail %q", n, p.Detail)
		}
	}
	// The request line itself too long, not only its query.
	status, _, body := harness.Get(t, b.URL+"/"+strings.Repeat("x", 9000))
	var p struct{ Code, Detail string }
	_ = json.Unmarshal(body, &p)
	if status != http.StatusRequestHeaderFieldsTooLarge || p.Code != "invalid" || p.Detail != "Request Header Fields Too Large" {
		t.Errorf("an overlong request line: %d %s; want 431, an invalid problem saying so", status, body)
	}
}
