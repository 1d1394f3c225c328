package server_test

// Every state-changing route refuses a request a browser sends from another site. The routes are
// read from the router itself, so a route added later is checked without anyone remembering to
// list it here: one that skips the origin check (registered ahead of the middleware, exempted
// by path, served by a handler of its own) fails this test.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// crossSiteDetail is the message the origin check answers (httpapi.sameOrigin).
const crossSiteDetail = "Cross-site requests are not allowed."

// exampleTargets fill the path parameters of routes with values a real request would carry, so
// the allowed-origin request reaches the route's own checks. A route missing here is still
// checked, with placeholderParam in each parameter.
var exampleTargets = map[string]string{
	"/api/v1/favorites/:id":           "/api/v1/favorites/benefit:1180",
	"/api/v1/forms/:id/cases":         "/api/v1/forms/hospital-grant/cases",
	"/api/v1/cases/:caseId/uploads":   "/api/v1/cases/case-1/uploads?name=letter.pdf",
	"/api/v1/cases/:caseId/files":     "/api/v1/cases/case-1/files",
	"/api/v1/cart/items/:id":          "/api/v1/cart/items/hardship-grants-brochure",
	"/api/v1/partners/:id/token":      "/api/v1/partners/test-partner/token",
	"/api/v1/partners/:id/connection": "/api/v1/partners/test-partner/connection",
}

const placeholderParam = "example-1"

// serverToServer are the state-changing routes no browser calls: the CMS posts its publish
// webhook with neither Origin nor Sec-Fetch-Site. They pass the origin check only while they
// carry neither; each comes with a request its caller would send, which must then succeed.
var serverToServer = map[string]func() *http.Request{
	"POST /api/v1/hooks/cms": func() *http.Request {
		body := []byte(`{"tags":["menu"]}`)
		r := httptest.NewRequest(http.MethodPost, "/api/v1/hooks/cms", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-CMS-Signature", harness.Sign(harness.WebhookSecret, body))
		return r
	},
}

// stateChanging are the methods whose requests a browser may send cross-site with the member's
// cookie (a form post, or a fetch the CORS preflight does not stop from being sent).
var stateChanging = map[string]bool{
	fiber.MethodPost: true, fiber.MethodPut: true, fiber.MethodPatch: true, fiber.MethodDelete: true,
}

// route is one method and registered path of the app.
type route struct{ method, path string }

func (r route) String() string { return r.method + " " + r.path }

// target is the route's path with its parameters filled in.
func (r route) target() string {
	if t, ok := exampleTargets[r.path]; ok {
		return t
	}
	segs := strings.Split(r.path, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, ":") || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "+") {
			segs[i] = placeholderParam
		}
	}
	return strings.Join(segs, "/")
}

// stateChangingRoutes lists the app's state-changing routes from Fiber's own route list
// (middleware registered with Use left out: it answers no route of its own).
func stateChangingRoutes(app *fiber.App) []route {
	seen := map[route]bool{}
	var out []route
	for _, r := range app.GetRoutes(true) {
		rt := route{r.Method, r.Path}
		if stateChanging[r.Method] && !seen[rt] {
			seen[rt] = true
			out = append(out, rt)
		}
	}
	return out
}

func TestEveryStateChangingRouteRefusesCrossSiteRequests(t *testing.T) {
	cms := harness.StartCMS(t)
	cfg := harness.Config(cms.URL, nil)
	app := harness.NewBFF(t, cfg).Server.App
	allowed := cfg.Frontend.AllowedOrigins[0]

	routes := stateChangingRoutes(app)
	// Guards the guard: a route list read wrongly (empty, or GETs only) would make every loop
	// below pass without checking anything.
	for _, must := range []string{"POST /api/v1/session", "PUT /api/v1/profile", "DELETE /api/v1/favorites/:id", "POST /api/v1/hooks/cms"} {
		found := false
		for _, r := range routes {
			found = found || r.String() == must
		}
		if !found {
			t.Fatalf("the router's list lacks %s; it has %v", must, routes)
		}
	}

	send := func(t *testing.T, r route, headers map[string]string) harness.Answer {
		t.Helper()
		req := httptest.NewRequest(r.method, r.target(), strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		return do(t, app, req)
	}

	for _, r := range routes {
		t.Run(r.String(), func(t *testing.T) {
			for name, headers := range map[string]map[string]string{
				"foreign origin":                     {"Origin": "https://evil.example"},
				"cross-site fetch":                   {"Sec-Fetch-Site": "cross-site"},
				"opaque origin":                      {"Origin": "null"}, // a sandboxed frame or a data: page
				"cross-site fetch naming our origin": {"Sec-Fetch-Site": "cross-site", "Origin": allowed},
			} {
				a := send(t, r, headers)
				if !refusedAsCrossSite(a) {
					t.Errorf("%s: status %d %s %s; want 403 problem+json %q", name, a.Status, a.Header.Get("Content-Type"), a.Body, crossSiteDetail)
				}
				// Refused before any handler ran: no session or cart cookie is set or cleared.
				if c := a.Header.Values("Set-Cookie"); len(c) > 0 {
					t.Errorf("%s: the refusal set cookies %q", name, c)
				}
			}
			// The same request from the portal's own pages passes the check: the origin is what
			// decided above, not the method, path or body.
			a := send(t, r, map[string]string{"Origin": allowed, "Sec-Fetch-Site": "same-origin"})
			if refusedAsCrossSite(a) {
				t.Errorf("from the allowed origin %s: refused as cross-site", allowed)
			}
		})
	}

	// The exempt routes: their caller sends no browser headers, and then they work; the same
	// request with a browser's headers from another site is refused like any other.
	for name, request := range serverToServer {
		listed := false
		for _, r := range routes {
			listed = listed || r.String() == name
		}
		if !listed {
			t.Errorf("%s is listed as server-to-server but the router has no such route", name)
			continue
		}
		t.Run(name+" without browser headers", func(t *testing.T) {
			if a := do(t, app, request()); a.Status >= 400 {
				t.Errorf("as its server caller sends it: status %d %s", a.Status, a.Body)
			}
			req := request()
			req.Header.Set("Origin", "https://evil.example")
			if a := do(t, app, req); !refusedAsCrossSite(a) {
				t.Errorf("signed, but from a foreign page: status %d %s", a.Status, a.Body)
			}
		})
	}
}

// refusedAsCrossSite tells the origin check's refusal from any other 403 (a route's own
// forbidden answers).
func refusedAsCrossSite(a harness.Answer) bool {
	return a.Status == http.StatusForbidden &&
		strings.HasPrefix(a.Header.Get("Content-Type"), "application/problem+json") &&
		a.JSON["detail"] == crossSiteDetail && a.JSON["code"] == "forbidden"
}

// do sends req through app and reads the whole answer.
func do(t *testing.T, app *fiber.App, req *http.Request) harness.Answer {
	t.Helper()
	resp, err := app.Test(harness.SignAsEdge(req), fiber.TestConfig{Timeout: 30 * time.Second})
	status, header, body := harness.Read(t, resp, err)
	a := harness.Answer{Status: status, Header: header, Body: body}
	_ = json.Unmarshal(body, &a.JSON)
	return a
}
