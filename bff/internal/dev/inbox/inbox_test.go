package inbox_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/inbox"
)

// mailpit answers the two API calls the inbox makes, as Mailpit does.
func mailpit(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/messages", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"total":1,"messages":[{"ID":"abc","From":{"Name":"Union Benefits","Address":"no-reply@union-benefits.test"},
			"To":[{"Name":"","Address":"maria@example.com"}],"Subject":"Your password was changed","Created":"2026-11-27T12:00:00Z","Snippet":"Hello Maria"}]}`)
	})
	mux.HandleFunc("GET /api/v1/message/abc", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"ID":"abc","MessageID":"m1.outbox@union-benefits.test","From":{"Name":"Union Benefits","Address":"no-reply@union-benefits.test"},
			"To":[{"Name":"","Address":"maria@example.com"}],"Subject":"Your password was changed","Date":"2026-11-27T12:00:00Z",
			"Text":"Hello Maria, your password was changed.","HTML":"<p onclick=\"x()\">Hello <b>Maria</b></p><script>alert(1)</script>"}`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, h http.Handler, path string) (int, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.String()
}

func TestTheInboxListsAndShowsTheMessages(t *testing.T) {
	h := inbox.NewHandler(mailpit(t).URL)
	code, body := get(t, h, "/")
	if code != 200 || !strings.Contains(body, `<a href="/message/abc">Your password was changed</a>`) ||
		!strings.Contains(body, "maria@example.com") || !strings.Contains(body, "(1)") {
		t.Fatalf("list %d:\n%s", code, body)
	}
	code, body = get(t, h, "/message/abc")
	if code != 200 || !strings.Contains(body, "<pre>Hello Maria, your password was changed.</pre>") ||
		!strings.Contains(body, "m1.outbox@union-benefits.test") {
		t.Fatalf("message %d:\n%s", code, body)
	}
	// The message's HTML is only ever the escaped source of a sandboxed frame: it runs nothing here.
	if strings.Contains(body, "<script>") || !strings.Contains(body, `<iframe sandbox srcdoc="&lt;p onclick=`) {
		t.Errorf("the message's HTML reached the page:\n%s", body)
	}
	if code, _ := get(t, h, "/message/nope"); code != 404 {
		t.Errorf("an unknown message answered %d", code)
	}
}

func TestTheInboxSaysWhenMailpitIsDown(t *testing.T) {
	srv := mailpit(t)
	srv.Close()
	if code, body := get(t, inbox.NewHandler(srv.URL), "/"); code != http.StatusBadGateway || !strings.Contains(body, "cannot be read") {
		t.Errorf("%d %s", code, body)
	}
}
