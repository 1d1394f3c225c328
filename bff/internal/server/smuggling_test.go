package server_test

import (
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

// A body the BFF answers without reading (a refusal before the handler, a route that takes no
// body, an unknown path) must never be read as the connection's next request: that is request
// smuggling, and behind a proxy that reuses connections the extra answer goes to someone else's
// request. The server reads only the first few KB of a body ahead of the handler, whatever its
// length, so bodies well under the 1 MiB limit are at stake, not only those over it
// (uploads/http_test.go). Each body here carries a signed request for /api/v1/smuggled after some
// filler; the client then sends a real next request for /api/v1/next. Whatever the BFF does
// (reads the body, or closes the connection after its answer), the smuggled one is never
// answered. The connection is the BFF's own, as the edge's would be.
func TestAnUnreadBodyUnderTheLimitIsNeverTakenForRequests(t *testing.T) {
	b := harness.StartOnFixtures(t)
	signed := harness.ServerHeaders("").Get(edgesign.Header)
	sign := edgesign.Header + ": " + signed + "\r\n"
	smuggled := "GET /api/v1/smuggled HTTP/1.1\r\nHost: bff\r\n" + sign + "\r\n"
	next := "GET /api/v1/next HTTP/1.1\r\nHost: bff\r\n" + sign + "Connection: close\r\n\r\n"
	for _, tc := range []struct{ name, method, target, header string }{
		{"member route, no session", "POST", "/api/v1/session/verification", ""},
		{"route that takes no body", "DELETE", "/api/v1/session", ""},
		{"refused cross-site", "POST", "/api/v1/session", "Origin: https://evil.example\r\n"},
		{"upload, no session", "POST", "/api/v1/cases/case-a/uploads?name=a.pdf", ""},
		{"GET with a body", "GET", "/api/v1/sitemap", ""},
		{"unknown path", "POST", "/api/v1/nowhere", ""},
		{"route that reads its body", "POST", "/api/v1/store/state", ""},
	} {
		for _, filler := range []int{1 << 10, 5 << 10, 8 << 10, 64 << 10, 1<<20 - 64} {
			body := strings.Repeat("x", filler) + smuggled
			conn, err := net.Dial("tcp", strings.TrimPrefix(b.Direct, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
			go func() {
				_, _ = io.WriteString(conn, tc.method+" "+tc.target+" HTTP/1.1\r\nHost: bff\r\nContent-Type: application/json\r\n"+sign+
					tc.header+"Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body+next)
			}()
			all, _ := io.ReadAll(conn) // until the BFF closes the connection
			conn.Close()
			answers := strings.Count(string(all), "HTTP/1.1 ")
			if strings.Contains(string(all), "/api/v1/smuggled") || answers < 1 || answers > 2 ||
				answers == 2 && !strings.Contains(string(all), `"instance":"/api/v1/next"`) {
				t.Errorf("%s, %d bytes before the smuggled request: %d answers:\n%.600s", tc.name, filler, answers, all)
			}
		}
	}
}
