package partnerdemo

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPageOpensThePortalsPopupForThePartner(t *testing.T) {
	h := Handler(Options{Site: "http://127.0.0.1:3000"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/?partner=travel-deals%22%3C%2Fscript%3E", nil))
	body, _ := io.ReadAll(rec.Result().Body)
	page := string(body)
	if rec.Code != 200 || !strings.Contains(page, "Sign in with your union account") || !strings.Contains(page, `"site":"http://127.0.0.1:3000"`) {
		t.Fatalf("page: %d %s", rec.Code, page)
	}
	// The partner parameter is data, never markup or script.
	if strings.Contains(page, `travel-deals"</script>`) {
		t.Errorf("the partner parameter broke out of its script: %s", page)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Code != 200 {
		t.Errorf("healthz %d", rec.Code)
	}
}
