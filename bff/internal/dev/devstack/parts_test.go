package devstack

import (
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/config"
)

// The BFF refuses to start on a setting its config does not accept, and the stack only finds
// out when the BFF exits during start-up: check the stack's settings here instead.
func TestTheStacksBFFSettingsLoad(t *testing.T) {
	var bff Part
	for _, p := range Parts(t.TempDir(), Test) {
		if p.Name == "bff" {
			bff = p
		}
	}
	vars := map[string]string{}
	for _, kv := range bff.Env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	if _, err := config.Load(func(k string) string { return vars[k] }); err != nil {
		t.Fatalf("the stack's BFF settings: %v", err)
	}
}

// -replicas 2: two BFFs on ports of their own with the BFF's settings and Redis, and the load
// balancer on the BFF's port in front of them, started after them; the other parts unchanged.
func TestReplicatedRunsReplicasBehindTheLoadBalancer(t *testing.T) {
	parts := Parts(t.TempDir(), Test)
	if got := Replicated(parts, 1); len(got) != len(parts) {
		t.Fatalf("one replica changed the parts: %d, want %d", len(got), len(parts))
	}
	got := Replicated(parts, 2)
	var names []string
	byName := map[string]Part{}
	for _, p := range got {
		names = append(names, p.Name)
		byName[p.Name] = p
	}
	want := "redis auth firestore storage mail inbox traces cms orders chat partner bff1 bff2 bff frontend edgefn edge"
	if strings.Join(names, " ") != want {
		t.Fatalf("parts %q, want %q", strings.Join(names, " "), want)
	}
	for i, name := range []string{"bff1", "bff2"} {
		r := byName[name]
		if r.Ports[0] != PortReplicas+i+1 {
			t.Errorf("%s listens on %d", name, r.Ports[0])
		}
		vars := map[string]string{}
		for _, kv := range r.Env {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v // the last value wins, as exec's environment does
		}
		cfg, err := config.Load(func(k string) string { return vars[k] })
		if err != nil {
			t.Fatalf("%s settings: %v", name, err)
		}
		if cfg.Addr != local(PortReplicas+i+1) || cfg.RedisURL.Reveal() != "redis://"+local(PortRedis) {
			t.Errorf("%s: BFF_ADDR %s, REDIS_URL %s", name, cfg.Addr, cfg.RedisURL.Reveal())
		}
		// Every replica sends the outbox to the stack's Mailpit.
		if cfg.Mail.URL.Reveal() != "smtp://"+local(PortSMTP) || cfg.Mail.From != DevMailFrom {
			t.Errorf("%s: SMTP_URL %s, MAIL_FROM %s", name, cfg.Mail.URL.Reveal(), cfg.Mail.From)
		}
	}
	lb := byName["bff"]
	if lb.Ports[0] != PortBFF || !strings.Contains(strings.Join(lb.Command, " "), httpURL(PortReplicas+1)+","+httpURL(PortReplicas+2)) {
		t.Errorf("load balancer: ports %v, command %q", lb.Ports, lb.Command)
	}
	// The edge spreads the browsers' API requests over the replicas itself, as Cloud Run does.
	if edge := strings.Join(byName["edge"].Command, " "); !strings.Contains(edge, "-bff "+httpURL(PortReplicas+1)+","+httpURL(PortReplicas+2)) {
		t.Errorf("edge: %q", edge)
	}
	// The originals are untouched: the replicas' environments and the edge's command are copies.
	for _, p := range parts {
		if p.Name == "bff" && strings.Contains(strings.Join(p.Env, " "), "BFF_ADDR="+local(PortReplicas+1)) {
			t.Fatal("Replicated changed the BFF part's environment")
		}
		if p.Name == "edge" && !strings.Contains(strings.Join(p.Command, " "), "-bff "+httpURL(PortBFF)) {
			t.Fatal("Replicated changed the edge part's command")
		}
	}
}

// With the trace viewer in the stack, every BFF replica and Next.js export to it; without it
// (-skip traces) neither does, and the parts given are left as they were.
func TestBothTiersExportToTheTraceViewerWhenItRuns(t *testing.T) {
	endpoint := "OTEL_EXPORTER_OTLP_ENDPOINT=" + httpURL(PortTraces)
	parts := Replicated(Parts(t.TempDir(), Test), 2)
	traced := Traced(parts)
	for _, p := range traced {
		has := strings.Contains(strings.Join(p.Env, " "), endpoint)
		want := p.Name == "frontend" || p.Name == "bff1" || p.Name == "bff2"
		if has != want {
			t.Errorf("%s: exports %v, want %v", p.Name, has, want)
		}
		if p.Name == "bff1" {
			vars := map[string]string{}
			for _, kv := range p.Env {
				k, v, _ := strings.Cut(kv, "=")
				vars[k] = v
			}
			if cfg, err := config.Load(func(k string) string { return vars[k] }); err != nil || cfg.OTLPEndpoint != httpURL(PortTraces) {
				t.Errorf("bff1: OTLP endpoint %q, %v", cfg.OTLPEndpoint, err)
			}
		}
	}
	for _, p := range parts {
		if strings.Contains(strings.Join(p.Env, " "), endpoint) {
			t.Fatalf("Traced changed %s's environment in place", p.Name)
		}
	}
	var without []Part
	for _, p := range parts {
		if p.Name != "traces" {
			without = append(without, p)
		}
	}
	for _, p := range Traced(without) {
		if strings.Contains(strings.Join(p.Env, " "), "OTEL_EXPORTER_OTLP_ENDPOINT") {
			t.Errorf("%s exports with no viewer to export to", p.Name)
		}
	}
}

// The proxy runs as an edge function in front of the edge's cache from a production build only:
// `next dev` builds no proxy bundle, so in dev mode Next runs the proxy itself.
func TestTheProxyRunsAsAnEdgeFunctionOnlyFromABuild(t *testing.T) {
	for mode, want := range map[Mode]bool{Test: true, Dev: false} {
		var edgeFn bool
		var edgeArgs string
		for _, p := range Parts(t.TempDir(), mode) {
			edgeFn = edgeFn || p.Name == "edgefn"
			if p.Name == "edge" {
				edgeArgs = strings.Join(p.Command, " ")
			}
		}
		asked := strings.Contains(edgeArgs, "-edge-function "+httpURL(PortEdgeFunction))
		if edgeFn != want || asked != want {
			t.Errorf("mode %v: edge function part %v, edge asks it %v; want %v", mode, edgeFn, asked, want)
		}
	}
}
