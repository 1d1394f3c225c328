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
//
// The 431 is asked of the BFF's own listener, not through the edge: the BFF answers it before it
// has read the request and closes with the rest unread, so the kernel resets the connection, and
// the edge's proxy, reset before it reads the answer, at times answers 502 instead (1 run in 5 of
// this test under load).
func TestAnOverlongPageURLIsAProblem(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for n, want := range map[int]int{600: http.StatusBadRequest, 9000: http.StatusRequestHeaderFieldsTooLarge} {
		base := b.URL
		if want == http.StatusRequestHeaderFieldsTooLarge {
			base = b.Direct
		}
		status, h, body := getOverlong(t, base+"/api/v1/page?path=/"+strings.Repeat("x", n))
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
	status, _, body := getOverlong(t, b.Direct+"/"+strings.Repeat("x", 9000))
	var p struct{ Code, Detail string }
	_ = json.Unmarshal(body, &p)
	if status != http.StatusRequestHeaderFieldsTooLarge || p.Code != "invalid" || p.Detail != "Request Header Fields Too Large" {
		t.Errorf("an overlong request line: %d %s; want 431, an invalid problem saying so", status, body)
	}
}

// getOverlong is harness.Get for a request the server may not read whole: when it answers 431
// and closes with the rest unread, the kernel resets the connection, and the reset can reach the
// client before it has read the answer. The answer is the same each time, so a request that got
// none is sent again, a few times at most; a wrong answer fails at once.
func getOverlong(t *testing.T, url string) (int, http.Header, []byte) {
	t.Helper()
	for try := 1; ; try++ {
		resp, err := http.Get(url)
		if err != nil && try < 5 {
			t.Logf("try %d got no answer (%v); again", try, err)
			continue
		}
		return harness.Read(t, resp, err)
	}
}
