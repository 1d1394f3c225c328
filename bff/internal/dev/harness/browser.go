package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"testing"
)

// Browser is one person's browser talking straight to the BFF: its own cookie jar, so two
// browsers are two sessions, and every answer validated against the contract.
type Browser struct {
	T        testing.TB
	Header   http.Header // extra headers for every request (Origin, Sec-Fetch-Site, ...)
	base     string
	client   *http.Client
	contract *Contract
}

// NewBrowser returns a browser with an empty cookie jar, sending to base.
func NewBrowser(t testing.TB, base string, c *Contract) *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{T: t, Header: http.Header{}, base: base, client: &http.Client{Jar: jar}, contract: c}
}

// SignUp registers a new member with password (Ada Lovelace of union 37) through the BFF, which
// signs them in, and answers their email: prefix-{random}@example.com.
func (br *Browser) SignUp(prefix, password string) string {
	br.T.Helper()
	email := fmt.Sprintf("%s-%d@example.com", prefix, rand.Int64())
	br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", map[string]any{
		"email": email, "password": password, "confirmPassword": password,
		"firstName": "Ada", "lastName": "Lovelace", "union": "37", "zip": "94612",
	}), 201)
	return email
}

// UID is the signed-in member's uid, as GET /session answers it.
func (br *Browser) UID() string {
	br.T.Helper()
	session := br.Want(br.Call("GET", "/api/v1/session", "/api/v1/session", nil), 200)
	uid, _ := Dig(session.JSON, "user", "uid").(string)
	return uid
}

// Answer is a response with its body decoded loosely, for assertions.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

// Title is what a person is told: a problem's detail (its title is the HTTP status text) or a
// success's message.
func (a Answer) Title() string {
	if s, ok := a.JSON["detail"].(string); ok {
		return s
	}
	s, _ := a.JSON["message"].(string)
	return s
}

// FieldError is the message a problem gives a field, or "".
func (a Answer) FieldError(field string) string {
	errs, _ := a.JSON["errors"].([]any)
	for _, e := range errs {
		m, _ := e.(map[string]any)
		if m["field"] == field {
			s, _ := m["message"].(string)
			return s
		}
	}
	return ""
}

// Call sends a JSON request to target (body: nil, a raw string, or a value to marshal) and
// validates the answer against the schema the contract documents for route.
func (br *Browser) Call(method, route, target string, body any) Answer {
	br.T.Helper()
	var r io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(v)
	default:
		data, _ := json.Marshal(v)
		r = bytes.NewReader(data)
	}
	return br.Send(method, route, target, "application/json", r)
}

// Send sends body (nil for none) as contentType ("" sends no Content-Type) to target and
// validates the answer against the schema the contract documents for route. A body that is a
// *bytes.Reader, *bytes.Buffer or *strings.Reader goes with its Content-Length; any other is
// sent chunked, as a stream of unknown length.
func (br *Browser) Send(method, route, target, contentType string, body io.Reader) Answer {
	br.T.Helper()
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	return br.SendWith(method, route, target, h, body)
}

// SendWith is Send with the request's own headers h (besides the browser's).
func (br *Browser) SendWith(method, route, target string, h http.Header, body io.Reader) Answer {
	br.T.Helper()
	req, err := http.NewRequest(method, br.base+target, body)
	if err != nil {
		br.T.Fatal(err)
	}
	for k, vs := range h {
		req.Header[k] = vs
	}
	for k, vs := range br.Header {
		req.Header[k] = vs
	}
	resp, err := br.client.Do(req)
	if err != nil {
		br.T.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	a := Answer{Status: resp.StatusCode, Header: resp.Header, Body: data}
	_ = json.Unmarshal(data, &a.JSON)
	ptr, err := br.contract.ResponseSchema(route, method, resp.StatusCode, resp.Header.Get("Content-Type"))
	if err != nil {
		br.T.Fatalf("%s %s: %v: %s", method, target, err, data)
	}
	if ptr == "" {
		if len(data) > 0 {
			br.T.Fatalf("%s %s: %d is documented without a body, but has one: %s", method, target, resp.StatusCode, data)
		}
		return a
	}
	br.contract.Validate(br.T, ptr, data)
	return a
}

// At is this browser (its cookies, its headers) talking to another base: one person whose next
// request a load balancer sends to another replica.
func (br *Browser) At(base string) *Browser {
	other := *br
	other.base = base
	return &other
}

// CookieHeader is the Cookie header this browser sends to its BFF, for requests made by hand
// (a raw connection cut mid-body).
func (br *Browser) CookieHeader() string {
	u, err := url.Parse(br.base)
	if err != nil {
		br.T.Fatal(err)
	}
	var parts []string
	for _, c := range br.client.Jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; ")
}

// Want fails the test unless a has status.
func (br *Browser) Want(a Answer, status int) Answer {
	br.T.Helper()
	if a.Status != status {
		br.T.Fatalf("status %d, want %d: %s", a.Status, status, a.Body)
	}
	return a
}

// ConfirmEmail confirms email's address the way its member would: it follows the newest
// verification link the Auth emulator "mailed" to it (on sign-up). Stack only.
func ConfirmEmail(t testing.TB, email string) {
	t.Helper()
	host, project := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"), os.Getenv("FIREBASE_PROJECT_ID")
	_, _, body := Get(t, "http://"+host+"/emulator/v1/projects/"+project+"/oobCodes")
	var out struct {
		OobCodes []struct{ Email, OobLink, RequestType string }
	}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	link := ""
	for _, c := range out.OobCodes {
		if strings.EqualFold(c.Email, email) && c.RequestType == "VERIFY_EMAIL" {
			link = c.OobLink
		}
	}
	if link == "" {
		t.Fatalf("no verification link was mailed to %s", email)
	}
	if status, _, body := Get(t, link); status != http.StatusOK {
		t.Fatalf("following the verification link: %d %s", status, body)
	}
}
