//go:build integration

package traces

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

// Run through the stack (`.bin/stack test -- go test -tags integration ./...`): the BFF's
// exporter reaches the stack's viewer, and the BFF's log files name the same trace.

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// A read of the BFF carrying Next's traceparent shows in the viewer as one trace: the BFF's
// request span under Next's span and the CMS call under it; the BFF's request line in its log
// names the trace; /metrics has the CMS call.
func TestABFFRequestIsOneTraceInTheViewer(t *testing.T) {
	viewer, bff := harness.StackEnv(t, "TRACES_URL"), harness.StackEnv(t, "BFF_URL")
	secret, admin := harness.StackEnv(t, "SERVER_SIGNING_SECRET"), harness.StackEnv(t, "BFF_ADMIN_URL")
	traceID, nextSpan := randomHex(16), randomHex(8)
	// Two reads of pages nobody asked for (each a page cache miss and a CMS call), so that with
	// two replicas behind the balancer each replica makes one.
	for i := range 2 {
		signed := http.Header{edgesign.Header: {edgesign.Sign(secret, edgesign.IssuerServer, time.Now())}}
		path := "/api/v1/page?path=/trace-probe-" + traceID[:8] + "-" + string(rune('a'+i))
		if status := harness.GetTraced(t, bff+path, traceID, nextSpan, signed); status != http.StatusNotFound {
			t.Fatalf("an unknown page: %d", status)
		}
	}

	var tr Trace
	var servers []Span
	ok := poll.Until(15*time.Second, 200*time.Millisecond, func() bool {
		resp, err := http.Get(viewer + "/api/traces/" + traceID)
		if err != nil || resp.StatusCode != http.StatusOK {
			if resp != nil {
				resp.Body.Close()
			}
			return false
		}
		defer resp.Body.Close()
		tr = Trace{}
		if json.NewDecoder(resp.Body).Decode(&tr) != nil {
			return false
		}
		servers = nil
		for _, s := range tr.Spans {
			if s.Name == "GET /api/v1/page" {
				servers = append(servers, s)
			}
		}
		return len(servers) == 2 && len(tr.Spans) >= 4
	})
	if !ok {
		t.Fatalf("the viewer has, of trace %s: %+v", traceID, tr.Spans)
	}
	for _, s := range servers {
		if s.ParentSpanID != nextSpan || s.Service != "portal-bff" || s.Kind != "server" || s.Attributes["portal.cache.page"] != "miss" {
			t.Errorf("the BFF's request span: %+v", s)
		}
		var cms bool
		for _, c := range tr.Spans {
			cms = cms || (c.Name == "cms node" && c.ParentSpanID == s.SpanID && c.Attributes["portal.upstream.outcome"] == "not_found")
		}
		if !cms {
			t.Errorf("no CMS call under request span %s: %+v", s.SpanID, tr.Spans)
		}
	}

	// The request lines of both replicas' logs (.run/logs/bff*.log) name the trace as Cloud
	// Logging reads it.
	logs, _ := filepath.Glob(filepath.Join(harness.Root(), ".run", "logs", "bff*.log"))
	if len(logs) == 0 {
		t.Fatal("no BFF log under .run/logs")
	}
	found := 0
	ok = poll.Until(5*time.Second, 100*time.Millisecond, func() bool {
		found = 0
		for _, name := range logs {
			b, _ := os.ReadFile(name)
			for _, line := range strings.Split(string(b), "\n") {
				if !strings.Contains(line, traceID) {
					continue
				}
				var l map[string]any
				if json.Unmarshal([]byte(line), &l) != nil {
					continue
				}
				trace, _ := l["logging.googleapis.com/trace"].(string)
				if l["message"] == "request" && l["severity"] == "INFO" && strings.HasSuffix(trace, "/traces/"+traceID) {
					found++
				}
			}
		}
		return found == 2
	})
	if !ok {
		t.Errorf("%d request lines name trace %s in %v, want 2", found, traceID, logs)
	}

	resp, err := http.Get(admin + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	m, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(m), `bff_upstream_request_duration_seconds_count{operation="node",outcome="not_found",upstream="cms"}`) {
		t.Error("/metrics has no CMS call answered not found")
	}
}
