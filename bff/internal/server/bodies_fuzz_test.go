package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// FuzzRequestBodies sends any body to every state-changing route of the whole BFF (read from the
// router, as the cross-site test does, so a new route is fuzzed too), as a signed-in member
// whose session, case and partner are real to the fakes, so each body reaches the route's decoder
// and rules. Whatever it holds, the answer is below 500, and is one the contract documents for
// that route: a problem+json document for a refusal. Nothing leaves the machine: Firebase,
// Firestore and the bucket are the harness's fakes, the CMS and the order system its in-process
// stand-ins.
//
// The fuzzer's inputs: route picks the route (its "METHOD /path" as the router lists it, or any
// other string, which picks one by its hash, so every mutation still lands on a route); param
// fills the route's path parameters, or on the upload route the file's name (its case stays the
// member's own, so the name checks are reached); body is the request body.
func FuzzRequestBodies(f *testing.F) {
	cms := harness.StartCMS(f)
	orders := harness.StartOrders(f)
	cfg := harness.Config(cms.URL, map[string]string{
		"ORDERS_URL": orders.GraphQL(),
		// Attempt limits would answer 429 before the decoders after a few dozen inputs.
		"RATE_LIMIT_PER_IP": "1000000000", "RATE_LIMIT_PER_EMAIL": "1000000000",
	})
	b := harness.NewBFF(f, cfg)
	contract := harness.LoadContract(f)
	app := b.Server.App
	routes := stateChangingRoutes(app)
	allowedOrigin := cfg.Frontend.AllowedOrigins[0]

	// The member every request is sent as.
	const (
		uid, email, password = "fuzz-uid", "fuzz@example.com", "Password1"
		caseID               = "case-1"
	)
	b.Auth.Add(uid, email, password, true)
	b.Profiles.Put(uid, portal.Profile{FirstName: "Maria", LastName: "Lopez", Email: email, Union: "Communications Workers of America"})
	b.Cases.Put(portal.Case{ID: caseID, UID: uid, FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: harness.Start})
	session := signIn(f, app, email, password)

	// Seeds: for every route a body it accepts (where it takes one) and the shapes that trip
	// decoders: nothing, null, the wrong type, a cut-off document, deep nesting, odd numbers.
	valid := map[string]string{
		"POST /api/v1/session":                  `{"email":"fuzz@example.com","password":"Password1"}`,
		"POST /api/v1/accounts":                 `{"email":"new@example.com","password":"Password1","confirmPassword":"Password1","firstName":"Ada","lastName":"Lovelace","union":"37","zip":"94612"}`,
		"POST /api/v1/password/forgot":          `{"email":"fuzz@example.com"}`,
		"POST /api/v1/password/reset":           `{"apiKey":"test-key","mode":"resetPassword","oobCode":"code","lang":"en","password":"Password2","confirmPassword":"Password2"}`,
		"PUT /api/v1/session/password":          `{"currentPassword":"wrong","newPassword":"Password2","confirmPassword":"Password2"}`,
		"PUT /api/v1/session/email":             `{"currentPassword":"wrong","newEmail":"other@example.com"}`,
		"PUT /api/v1/profile":                   `{"firstName":"Ada","lastName":"Lovelace","email":"fuzz@example.com","mobilePhone":"(510) 555-0134","mobileOpt":true,"union":"37","unionJoined":"2004","unionLocal":"Local 9415","unionRole":"union_role_1","unionRelationship":"relationship_union_2","employmentStatus":"employment_status_1","incomeOpt":true,"incomeRange":"annual_income_5","birthDay":"10","birthMonth":"12","birthYear":"1985","home":{"address1":"1 Main St","city":"Oakland","country":"us","state":"home_CA","zip":"94612"}}`,
		"PUT /api/v1/profile/interests":         `{"interests":["travel","auto"],"wirelessCarrier":"wireless_carrier_11","vehicleOwner":"vehicle_owner_1","spanishSpeakerInHome":"spanish_speaker_in_home_2","homeowner":"homeowner_2","recommendUp":"recommend_up_1"}`,
		"POST /api/v1/forms/:id/cases":          `{"fields":{"firstName":"Maria","lastName":"Lopez","email":"maria@example.com","confirmEmail":"maria@example.com","street":"1450 Broadway","city":"Oakland","state":"CA","zip":"94612","mobilePhone":"5105550142","union":"10237","terms":true,"programParticipation":["25"],"creditCardNumber":"4821","hospitalOneStart":"2026-09-02","hospitalOneEnd":"2026-09-09","annualIncome":"52000","hospitalUnreimbursed":"2400"}}`,
		"POST /api/v1/cases/:caseId/uploads":    "%PDF-1.7\n%fuzz\n",
		"POST /api/v1/cases/:caseId/files":      `{"files":[{"name":"letter.pdf","path":"forms/uploads/fuzz-uid/case-1/letter.pdf","bucket":"demo-union-benefits.appspot.com","url":"gs://demo-union-benefits.appspot.com/forms/uploads/fuzz-uid/case-1/letter.pdf"}]}`,
		"POST /api/v1/store/state":              `{"state":"Nevada"}`,
		"PUT /api/v1/cart/items/:id":            `{"quantity":2}`,
		"POST /api/v1/store/orders":             `{"information":{"firstName":"Maria","lastName":"Lopez","email":"maria@example.com","phone":"5551234567","union":"cwa","unionNumber":"52-A","members":"120","worksites":"3","website":"https://cwa-local52.example.org","memo":"packets"},"shipping":{"address":"1 Main St","city":"Reno","state":"NV","zip":"89501","country":"us"}}`,
		"POST /api/v1/partners/:id/token":       `{"origin":"http://127.0.0.1:3000"}`,
		"POST /api/v1/hooks/cms":                `{"tags":["node:1072","menu"]}`,
		"POST /api/v1/livestreams/:slug/access": `{"name":"Pat","email":"pat@example.org","updates":true}`,
	}
	tricky := []string{``, `null`, `[]`, `"x"`, `{`, `{"email":1,"password":[],"fields":"x","files":{},"quantity":"2","tags":null,"origin":{}}`,
		`{"quantity":1e400}`, `{"quantity":-9223372036854775809}`, `{"fields":{"a":{"b":{"c":[[[[[[]]]]]]}}}}`, strings.Repeat(`[`, 20000)}
	for _, r := range routes {
		if body, ok := valid[r.String()]; ok {
			f.Add(r.String(), "", []byte(body))
		}
		for _, body := range tricky {
			f.Add(r.String(), "", []byte(body))
		}
	}
	f.Add("PUT /api/v1/favorites/:id", "benefit:1180", []byte(nil))
	f.Add("POST /api/v1/livestreams/:slug/access", "member-town-hall", []byte(`{"name":"<b>Pat</b>","email":"pat@example.org"}`))
	f.Add("PUT /api/v1/favorites/:id", "%zz", []byte(nil))
	f.Add("PUT /api/v1/cart/items/:id", "../../etc", []byte(`{"quantity":1}`))
	f.Add("POST /api/v1/partners/:id/token", "test-partner", []byte(`{"origin":"https://evil.example"}`))
	f.Add("POST /api/v1/cases/:caseId/uploads", "../letter.pdf", []byte("%PDF-1.7\n"))
	f.Add("POST /api/v1/cases/:caseId/uploads", "invoice\u202efdp.exe", []byte("MZ"))
	f.Add("POST /api/v1/cases/:caseId/uploads", "letter.pdf\x00.exe", []byte("%PDF-1.7\n"))

	f.Fuzz(func(t *testing.T, pick, param string, body []byte) {
		// An earlier body may have ended the member's session (a partner disconnect revokes it)
		// or changed their password or email; the next one is still sent as them, signed in
		// afresh. (A session a response sets is not taken: a registration's is someone else's.)
		if id, err := b.Auth.VerifySession(context.Background(), session); err != nil || id.UID != uid {
			b.Auth.Add(uid, email, password, true)
			session = signIn(t, app, email, password)
		}
		r := chooseRoute(routes, pick)
		target := r.target()
		contentType := "application/json"
		switch {
		case r.path == "/api/v1/cases/:caseId/uploads":
			name := param
			if name == "" {
				name = "letter.pdf"
			}
			target = "/api/v1/cases/" + caseID + "/uploads?name=" + url.QueryEscape(name)
			contentType = "application/pdf"
		case param != "":
			target = r.fill(url.PathEscape(param))
		}
		req := httptest.NewRequest(r.method, target, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Origin", allowedOrigin)
		req.Header.Set("Idempotency-Key", "fuzz-order")
		req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: session})
		if r.path == "/api/v1/hooks/cms" {
			// Signed, so the body reaches the webhook's decoder (the CMS sends no Origin).
			req.Header.Del("Origin")
			req.Header.Set("X-CMS-Signature", harness.Sign(harness.WebhookSecret, body))
		}
		resp, err := app.Test(harness.SignAsEdge(req), fiber.TestConfig{Timeout: 30 * time.Second})
		if err != nil {
			// app.Test fails when the server, after its answer, reads the rest of the connection
			// as a next request: the body was left unread in a kept connection (smuggling).
			t.Fatalf("%s %s with %q: %v", r.method, target, body, err)
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			t.Fatalf("%s %s with %q: status %d %s", r.method, target, body, resp.StatusCode, answer)
		}
		ct := resp.Header.Get("Content-Type")
		if resp.StatusCode >= 400 && !strings.HasPrefix(ct, "application/problem+json") {
			t.Fatalf("%s %s with %q: a %d answered as %q, not a problem: %s", r.method, target, body, resp.StatusCode, ct, answer)
		}
		ptr, err := contract.ResponseSchema(r.contractPath(), r.method, resp.StatusCode, ct)
		if err != nil {
			t.Fatalf("%s %s with %q: %v: %s", r.method, target, body, err, answer)
		}
		contract.Validate(t, ptr, answer)

		// A sign-in token is only ever recorded for an origin the partner allows: the origin in
		// the body is the popup's word, not a fact.
		for _, tok := range b.Partners.Tokens {
			p, err := b.Partners.Partner(context.Background(), tok.Partner)
			if err != nil || tok.Origin != "" && !slices.Contains(p.AllowedOrigins, tok.Origin) {
				t.Fatalf("a token for %q was recorded as opened from %q (%v)", tok.Partner, tok.Origin, err)
			}
		}
	})
}

// chooseRoute is the route named pick, or one picked by pick's hash.
func chooseRoute(routes []route, pick string) route {
	for _, r := range routes {
		if r.String() == pick {
			return r
		}
	}
	return routes[crc32.ChecksumIEEE([]byte(pick))%uint32(len(routes))]
}

// fill is the route's path with every parameter set to value.
func (r route) fill(value string) string {
	segs := strings.Split(r.path, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, ":") {
			segs[i] = value
		}
	}
	return strings.Join(segs, "/")
}

// contractPath is the route's path as contracts/openapi.yaml writes it: {name} for :name.
func (r route) contractPath() string {
	segs := strings.Split(r.path, "/")
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			segs[i] = "{" + strings.TrimSuffix(name, "?") + "}"
		}
	}
	return strings.Join(segs, "/")
}

// signIn opens a session as a browser does and answers its cookie's value.
func signIn(t testing.TB, app *fiber.App, email, password string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req := httptest.NewRequest(http.MethodPost, "/api/v1/session", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := app.Test(harness.SignAsEdge(req), fiber.TestConfig{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == httpapi.SessionCookie && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("sign-in answered %d without a session cookie", resp.StatusCode)
	return ""
}
