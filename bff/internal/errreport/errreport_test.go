package errreport_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/errreport"
)

// endpoint is an error-reporting endpoint that keeps what it is sent, or answers status.
type endpoint struct {
	mu     sync.Mutex
	bodies []map[string]any
	status int
	hold   chan struct{} // while open, every request waits
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if e.hold != nil {
		<-e.hold
	}
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	e.mu.Lock()
	e.bodies = append(e.bodies, body)
	e.mu.Unlock()
	if e.status != 0 {
		w.WriteHeader(e.status)
	}
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

func TestAnEventIsSentAsAReportedErrorEvent(t *testing.T) {
	ep := &endpoint{}
	srv := httptest.NewServer(ep)
	defer srv.Close()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	c := errreport.New(errreport.Options{URL: srv.URL + "/v1beta1/projects/p/events:report?key=k", Service: "portal-bff", Now: func() time.Time { return now }})
	c.Report(errreport.Event{Method: "POST", Path: "/api/v1/cases", Status: 500, RequestID: "req-1",
		Err: errors.New("firestore: write for maria.lopez@example.com failed")})
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(ep.bodies) != 1 {
		t.Fatalf("%d reports", len(ep.bodies))
	}
	b := ep.bodies[0]
	msg, _ := b["message"].(string)
	if dig(b, "serviceContext", "service") != "portal-bff" || b["eventTime"] != "2026-11-27T12:00:00Z" ||
		dig(b, "context", "httpRequest", "method") != "POST" || dig(b, "context", "httpRequest", "url") != "/api/v1/cases" ||
		dig(b, "context", "httpRequest", "responseStatusCode") != float64(500) ||
		dig(b, "context", "reportLocation", "functionName") != "POST /api/v1/cases" || !strings.Contains(msg, "req-1") {
		t.Errorf("report %v", b)
	}
	// No email address leaves in a report.
	if strings.Contains(msg, "@") || !strings.Contains(msg, "[email]") {
		t.Errorf("message %q", msg)
	}
}

// A slow endpoint never holds a request or grows memory: past the queue, reports are dropped and
// counted; one the endpoint refuses is counted as failed.
func TestASlowOrFailingEndpointCostsReportsOnly(t *testing.T) {
	ep := &endpoint{hold: make(chan struct{}), status: http.StatusForbidden}
	srv := httptest.NewServer(ep)
	defer srv.Close()
	c := errreport.New(errreport.Options{URL: srv.URL, Queue: 2})
	start := time.Now()
	for range 10 {
		c.Report(errreport.Event{Method: "GET", Path: "/api/v1/x", Status: 500})
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("reporting waited %v on the endpoint", d)
	}
	// One is being sent (held), two wait: at least seven were dropped.
	if c.Dropped() < 7 {
		t.Errorf("dropped %d, want at least 7", c.Dropped())
	}
	close(ep.hold)
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c.Failed()+c.Dropped() != 10 || c.Failed() == 0 {
		t.Errorf("failed %d + dropped %d, want 10 with some refused", c.Failed(), c.Dropped())
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"user a.b+c@sub.example.org not found": "user [email] not found",
		`"email":"x@y.io"`:                     `"email":"[email]"`,
		"no address here":                      "no address here",
	} {
		if got := errreport.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
