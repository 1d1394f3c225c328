package authn

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// Each Identity Toolkit and Admin SDK call is a client span named after its method, and a latency
// by outcome: a wrong password is Auth answering (unauthenticated), not Auth failing.
func TestEachAuthCallIsASpanAndAMetric(t *testing.T) {
	rec := telemetrytest.Record(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"code":400,"message":"INVALID_LOGIN_CREDENTIALS"}}`))
	}))
	t.Cleanup(srv.Close)
	c := fakeEmulator(t, srv, time.Second)
	m := metrics.New()
	c.metrics = m

	ctx, parent := telemetry.Tracer().Start(context.Background(), "POST /api/v1/account/sign-in")
	if _, _, err := c.SignIn(ctx, "someone@example.org", "wrong-password"); err == nil {
		t.Fatal("signed in with a refused password")
	}
	parent.End()
	spans := telemetrytest.Named(rec, "auth signInWithPassword")
	if len(spans) != 1 || spans[0].Parent().SpanID() != parent.SpanContext().SpanID() {
		t.Fatalf("spans: %v", rec.Ended())
	}
	rr := httptest.NewRecorder()
	m.Handler().ServeHTTP(rr, httptest.NewRequest("GET", "/metrics", nil))
	out := rr.Body.String()
	if !strings.Contains(out, `bff_upstream_request_duration_seconds_count{operation="signInWithPassword",outcome="unauthenticated",upstream="auth"} 1`) {
		t.Errorf("no sign-in in the upstream histogram:\n%s", out)
	}
	if strings.Contains(out, `bff_upstream_errors_total{operation="signInWithPassword"`) {
		t.Error("a wrong password counted as Auth failing")
	}
	for _, s := range rec.Ended() {
		for _, a := range s.Attributes() {
			if strings.Contains(a.Value.String(), "someone@") || strings.Contains(a.Value.String(), "wrong-password") {
				t.Errorf("span %s carries the credentials: %s", s.Name(), a.Value.String())
			}
		}
	}
}
