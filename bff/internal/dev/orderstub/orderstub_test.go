package orderstub

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const fixtures = "../../../../fixtures/orders"

func post(t *testing.T, h http.Handler, body string) map[string]any {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+DevToken)
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST /graphql: %d %s", rec.Code, rec.Body)
	}
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return out
}

func TestHealthAndImages(t *testing.T) {
	h, err := NewHandler(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{
		"/healthz":                       http.StatusOK,
		"/images/credit-card-37.svg":     http.StatusOK,
		"/images/no-such-product.svg":    http.StatusNotFound,
		"/images/credit-card-37.png":     http.StatusNotFound,
		"/graphql":                       http.StatusMethodNotAllowed,
		"/somewhere-the-system-lacks/xy": http.StatusNotFound,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("GET %s = %d, want %d", path, rec.Code, want)
		}
	}
}

func TestPagingLimits(t *testing.T) {
	h, err := NewHandler(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	out := post(t, h, `{"query":"{ orders(uid: \"demo-member-0001\", page: 2, pageSize: 5) { total page orders { orderNumber } } }"}`)
	page := out["data"].(map[string]any)["orders"].(map[string]any)
	if page["total"] != 7.0 || len(page["orders"].([]any)) != 2 {
		t.Errorf("page 2 = %v, want 2 of 7 orders", page)
	}
	out = post(t, h, `{"query":"{ orders(uid: \"nobody\") { total orders { orderNumber } } }"}`)
	page = out["data"].(map[string]any)["orders"].(map[string]any)
	if page["total"] != 0.0 || len(page["orders"].([]any)) != 0 {
		t.Errorf("unknown member = %v, want an empty page", page)
	}
	for _, q := range []string{
		`{"query":"{ orders(uid: \"x\", page: 0) { total } }"}`,
		`{"query":"{ orders(uid: \"x\", pageSize: 51) { total } }"}`,
	} {
		if out := post(t, h, q); out["errors"] == nil {
			t.Errorf("%s: no error", q)
		}
	}
}

func TestSubmitOrderStampsTheClock(t *testing.T) {
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	h, err := NewHandler(fixtures, WithClock(func() time.Time { return at }))
	if err != nil {
		t.Fatal(err)
	}
	out := post(t, h, `{"query":"mutation { submitOrder(input: {uid: \"u1\", information: {firstName: \"A\", lastName: \"B\", email: \"a@example.com\", phone: \"5551234\", phoneNumber: \"5551234\", union: \"CWA\", memo: \"Mailing\"}, shipping: {address: \"1 Main St\", city: \"Reno\", stateCode: \"nv\", state: \"Nevada\", zip: \"89501\", country: \"United States\"}, items: [{id: \"hardship-grants-brochure\", quantity: 100000}]}) { orderNumber created } }"}`)
	if out["errors"] != nil {
		t.Fatalf("errors: %v", out["errors"])
	}
	got := out["data"].(map[string]any)["submitOrder"].(map[string]any)
	if got["created"] != float64(at.Unix()) || got["orderNumber"] != "SO-108246" {
		t.Errorf("order = %v; want created %d and the number after the last recorded one", got, at.Unix())
	}
}

func TestMissingSchemaIsAClearError(t *testing.T) {
	_, err := NewHandler(fixtures, WithSchemaFile("no/such/orders.graphql"))
	if err == nil || !strings.Contains(err.Error(), "no/such/orders.graphql") {
		t.Errorf("err = %v, want one naming the schema file", err)
	}
	_, err = NewHandler(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), SchemaFile) {
		t.Errorf("err = %v, want one naming %s", err, SchemaFile)
	}
}

// The order system answers only its clients: a request without the credential, or with another,
// is refused before any operation runs (the production one holds every member's orders).
func TestAnOperationWithoutTheCredentialIsRefused(t *testing.T) {
	h, err := NewHandler(fixtures, WithToken("the-deploys-own-token"))
	if err != nil {
		t.Fatal(err)
	}
	const query = `{"query":"{ orders(uid: \"demo-member-0001\") { total } }"}`
	for what, header := range map[string]string{
		"no credential":         "",
		"the development one":   "Bearer " + DevToken,
		"another scheme":        "Basic the-deploys-own-token",
		"the token with a tail": "Bearer the-deploys-own-token2",
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(query))
		if header != "" {
			req.Header.Set("Authorization", header)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnauthorized || strings.Contains(rec.Body.String(), "total") {
			t.Errorf("%s: %d %s, want 401", what, rec.Code, rec.Body)
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(query))
	req.Header.Set("Authorization", "Bearer the-deploys-own-token")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("with the credential: %d %s", rec.Code, rec.Body)
	}
}
