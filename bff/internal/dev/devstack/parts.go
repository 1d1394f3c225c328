package devstack

import (
	"bytes"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

// The fixed addresses of the local stack. Tests, the frontend's configuration and the docs rely
// on them, so they are constants rather than options.
const (
	// ProjectID is the Firebase project of every emulator; the demo- prefix keeps the firebase
	// CLI and SDKs from reaching for real Google services.
	ProjectID = "demo-union-benefits"
	// Bucket is the Cloud Storage bucket for uploads, created from fixtures/storage/.
	Bucket = ProjectID + ".appspot.com"

	// PortFrontend is the site as browsers reach it: the edge (bff/cmd/edge), Netlify's stand-in,
	// in front of Next.js and the BFF's API.
	PortFrontend = 3000
	// PortNext is Next.js behind the edge, as Netlify runs it behind its CDN: frontend/package.json's
	// dev and start scripts listen there. Browsers use the edge's port.
	PortNext = 3001
	// PortEdgeFunction is the site's proxy run on its own, as Netlify runs it in front of its CDN
	// (scripts/edge-function.cjs): the edge asks it about every page load before its cache.
	// Production build only (test mode).
	PortEdgeFunction = 3002
	// PortBFF is the BFF's public listener, which takes only signed requests.
	PortBFF = 8080
	// PortAdmin is the BFF's admin listener (health, readiness, metrics); with several replicas,
	// replica i's is PortAdmin+i-1.
	PortAdmin = 9090
	// PortCMS is the fixture CMS.
	PortCMS = 8081
	// PortOrders is the order stand-in.
	PortOrders = 8082
	// PortPartner is the demo partner site (bff/cmd/partnerdemo), an origin of its own.
	PortPartner = 3100
	// PortFirestore is the Firestore emulator (gRPC).
	PortFirestore = 8085
	// PortAuth is the Firebase Auth emulator.
	PortAuth = 9099
	// PortStorage is fake-gcs-server (plain HTTP).
	PortStorage = 4443
	// PortChat is the livestream chat provider's stand-in (bff/cmd/chatstub), an origin of its own.
	PortChat = 8086
	// PortSMTP is Mailpit's SMTP listener, where every BFF replica sends the mail outbox
	// (SMTP_URL); PortMailpit its HTTP API, which the end-to-end tests read; PortInbox the web
	// inbox over that API (bff/cmd/inbox), as Mailpit's own page is not in its Go module.
	PortSMTP    = 1025
	PortInbox   = 8025
	PortMailpit = 8026
	// PortTraces is the trace viewer (bff/cmd/traces): the OTLP/HTTP receiver both tiers export
	// to (OTLP/HTTP's own port, so OTEL_EXPORTER_OTLP_ENDPOINT has its usual value) and its pages.
	PortTraces = 4318
	// DevMailFrom is the From of the stack's mail (MAIL_FROM), in a domain reserved for tests.
	DevMailFrom = "Union Benefits <no-reply@union-benefits.test>"
	// PortRedis is redis-server, the replicas' shared limits and purge bus.
	PortRedis = 6379
	// PortReplicas is the port before the first BFF replica's when the stack runs several
	// (-replicas): replica i listens on PortReplicas+i, and the BFF's port is their load balancer.
	PortReplicas = 8090
	// PortEmulatorHub is the firebase CLI's emulator hub, fixed in firebase.json; the CLI opens
	// it even when it runs the auth emulator only.
	PortEmulatorHub = 4400
	// PortEmulatorLogging is the firebase CLI's logging port, fixed in firebase.json likewise.
	PortEmulatorLogging = 4500

	// DevCMSWebhookSecret signs CMS webhooks in development only; the real secret comes from the
	// deployment's secret store.
	DevCMSWebhookSecret = "dev-cms-webhook-secret"
	// DevPreviewSecret signs editors' preview links in development only (make preview-link and
	// the end-to-end tests sign with it); the real secret is shared with the CMS alone.
	DevPreviewSecret = "dev-preview-secret"
	// DevHotelsMemberKey is the member key (mk) the hotel search's links carry on the stack; the
	// real one is the partner's.
	DevHotelsMemberKey = "dev-member-key"
	// DevRevalidateSecret authorises the BFF's revalidation calls to Next.js in development only.
	DevRevalidateSecret = "dev-revalidate-secret"
	// DevPurgeToken authorises Next's purges of the edge's cache (NETLIFY_PURGE_API_TOKEN, the name
	// Netlify gives the token of its own purge API).
	DevPurgeToken = "dev-purge-token"
	// DevEdgeSecret is the key the stack's edge signs proxied API requests with, as Netlify signs
	// with EDGE_SIGNING_SECRET; DevServerSecret the key Next.js signs its own calls with. Both in
	// development only.
	DevEdgeSecret   = "dev-edge-signing-secret"
	DevServerSecret = "dev-server-signing-secret"
)

// Mode is how the stack runs.
type Mode int

const (
	// Dev runs Next.js in development mode, output streamed to the terminal.
	Dev Mode = iota
	// Test runs the production build of Next.js (next start), output to log files only.
	Test
)

func local(port int) string { return "127.0.0.1:" + strconv.Itoa(port) }

func httpURL(port int) string { return "http://" + local(port) }

// bffEnv is the BFF's own settings on the stack: both local origins may send forms, external forms
// are the fixture CMS's stand-ins, the login switch is re-read every second so a
// test that turns it off sees the change at once, and the abuse limits are set high enough for
// end-to-end tests that sign in and up many times from one address (unit tests check the limits).
var bffEnv = []string{
	"BFF_ADDR=" + local(PortBFF),
	"ADMIN_ADDR=" + local(PortAdmin),
	// The site answers at both names of this machine; a browser on either may sign in.
	"ALLOWED_ORIGINS=" + httpURL(PortFrontend) + ",http://localhost:" + strconv.Itoa(PortFrontend),
	"SETTINGS_TTL=1s",
	// External-only grant forms frame the fixture CMS's stand-in pages.
	"EXTERNAL_FORM_URL=" + httpURL(PortCMS) + "/sites/default/files/external-forms/{id}.html?embed=1",
	"RATE_LIMIT_PER_IP=1000",
	"RATE_LIMIT_PER_EMAIL=200",
	"MAILS_PER_DAY=100",
	// Every end-to-end test's browser is one visitor at 127.0.0.1 to the edge, and the content its
	// pages load for the first time is charged to that address, as a visitor's is.
	"CONTENT_MISSES_PER_IP=5000",
	// The fixture CMS serves drafts to the holder of its preview token.
	"CMS_PREVIEW_TOKEN=" + cmsfixture.PreviewToken,
	// The fixture CMS also stands in for the hotel partner (bff/internal/dev/hotelstub).
	"HOTELS_API_URL=" + httpURL(PortCMS),
	"HOTELS_LISTINGS_URL=" + httpURL(PortCMS) + "/hotels/listings",
	"HOTELS_MEMBER_KEY=" + DevHotelsMemberKey,
	// The limits and purges every replica shares; one BFF uses them the same way.
	"REDIS_URL=redis://" + local(PortRedis),
	// Every replica sends the mail outbox to Mailpit, looking every second so a test's mail
	// arrives at once.
	"SMTP_URL=smtp://" + local(PortSMTP),
	"MAIL_FROM=" + DevMailFrom,
	"MAIL_POLL_INTERVAL=1s",
}

// RedisArgs are redis-server's arguments for a stand-in on port with dir its working directory:
// loopback only, nothing saved (a restart is an empty Redis, as a new Memorystore instance is).
func RedisArgs(port int, dir string) []string {
	return []string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", dir, "--daemonize", "no"}
}

// Env is the environment the stack's clients use: the BFF, and in test mode the test command.
// These are the variable names the Google and Firebase SDKs read to find their emulators, plus
// the portal's own.
func Env() []string {
	return []string{
		"CMS_URL=" + httpURL(PortCMS),
		"ORDERS_URL=" + httpURL(PortOrders) + "/graphql",
		"BFF_URL=" + httpURL(PortBFF),
		// The BFF's admin listener (metrics, readiness); with replicas, the first replica's.
		"BFF_ADMIN_URL=" + httpURL(PortAdmin),
		"FRONTEND_URL=" + httpURL(PortFrontend),
		// Next.js itself, behind the edge, and the site's proxy as an edge function in front of
		// the edge's cache: the bench times the proxy's step there.
		"NEXT_URL=" + httpURL(PortNext),
		"EDGE_FUNCTION_URL=" + httpURL(PortEdgeFunction),
		"PARTNER_DEMO_URL=" + httpURL(PortPartner),
		// Mailpit's API, where tests read the mail the BFF sent.
		"MAILPIT_URL=" + httpURL(PortMailpit),
		// The trace viewer, where tests read a trace (GET /api/traces/{traceId}).
		"TRACES_URL=" + httpURL(PortTraces),
		"FIRESTORE_EMULATOR_HOST=" + local(PortFirestore),
		"FIREBASE_AUTH_EMULATOR_HOST=" + local(PortAuth),
		"STORAGE_EMULATOR_HOST=" + httpURL(PortStorage),
		"FIREBASE_PROJECT_ID=" + ProjectID,
		"GOOGLE_CLOUD_PROJECT=" + ProjectID,
		"STORAGE_BUCKET=" + Bucket,
		"CMS_WEBHOOK_SECRET=" + DevCMSWebhookSecret,
		"PREVIEW_SECRET=" + DevPreviewSecret,
		"REVALIDATE_SECRET=" + DevRevalidateSecret,
		"EDGE_SIGNING_SECRET=" + DevEdgeSecret,
		"SERVER_SIGNING_SECRET=" + DevServerSecret,
		// No load balancer polls a local BFF: stopping the stack need not wait for one.
		"SHUTDOWN_DRAIN=0s",
	}
}

// ScratchCMSDir is where the fixture CMS serves a copy of fixtures/cms in test mode, relative to
// the root: tests publish by editing it (and sending the signed webhook), never the repository's
// fixtures. The test command finds it in CMS_FIXTURE_DIR. In dev mode the CMS serves fixtures/cms
// itself, so an edit there shows as a publish would.
const ScratchCMSDir = ".run/cms"

func cmsArgs(mode Mode) []string {
	args := []string{"-dir", "fixtures/cms"}
	if mode == Test {
		args = append(args, "-copy-to", ScratchCMSDir)
	}
	return args
}

func build(bin string) Need {
	return Need{Path: ".bin/" + bin, Hint: "build it with make build (go build -o .bin/ ./bff/cmd/...)"}
}

// standIn is one of our stand-ins: .bin/{bin} listening on port with args, ready once its
// /healthz answers.
func standIn(name, title, bin string, port int, args ...string) Part {
	return Part{
		Name:    name,
		Title:   title,
		Command: append([]string{".bin/" + bin, "-addr", local(port)}, args...),
		Ports:   []int{port},
		Ready:   HTTPProbe{URL: httpURL(port) + "/healthz"},
		Timeout: 30 * time.Second,
		URL:     httpURL(port),
		Needs:   []Need{build(bin)},
	}
}

// Parts lists the stack in start order: the stand-ins first, then the BFF that calls them, then
// Next.js that calls the BFF. root is the repository root. To add a part or change one, change
// this list.
func Parts(root string, mode Mode) []Part {
	frontend := Part{
		Name:  "frontend",
		Title: "Next.js",
		Env: []string{
			"BFF_URL=" + httpURL(PortBFF),
			"SERVER_SIGNING_SECRET=" + DevServerSecret,
			// Where browsers fetch the CMS's files, as the BFF has it: the pages' Content-Security-Policy allows it.
			"CMS_PUBLIC_URL=" + httpURL(PortCMS),
			// The livestream chat's provider: the stand-in's script.
			"CHAT_PROVIDER_URL=" + httpURL(PortChat) + "/sdk.js",
			"REVALIDATE_SECRET=" + DevRevalidateSecret,
			// The edge in front asks Next for a page its cache missed (lib/edgePhases.ts) and takes
			// purges (lib/edgePurge.ts).
			"LOCAL_EDGE_ORIGIN=" + httpURL(PortFrontend),
			"NETLIFY_PURGE_API_TOKEN=" + DevPurgeToken,
			"NEXT_TELEMETRY_DISABLED=1",
			"npm_config_update_notifier=false",
		},
		Ports: []int{PortNext},
		// Any answer below 500 means the server is up: / may redirect or ask for a sign-in.
		Ready: HTTPProbe{URL: httpURL(PortNext) + "/", OK: func(s int) bool { return s < 500 }},
		URL:   httpURL(PortNext) + " (behind the edge)",
	}
	edge := Part{
		Name:  "edge",
		Title: "edge (Netlify's stand-in)",
		Command: []string{".bin/edge", "-addr", local(PortFrontend), "-netlify", "netlify.toml",
			"-bff", httpURL(PortBFF), "-function", httpURL(PortNext)},
		Env:     []string{"EDGE_SIGNING_SECRET=" + DevEdgeSecret, "NETLIFY_PURGE_API_TOKEN=" + DevPurgeToken},
		Ports:   []int{PortFrontend},
		Ready:   HTTPProbe{URL: httpURL(PortFrontend) + "/", OK: func(s int) bool { return s < 500 }},
		Timeout: 4 * time.Minute,
		URL:     httpURL(PortFrontend),
		Needs:   []Need{build("edge")},
	}
	if mode == Dev {
		frontend.Command = []string{"npm", "-w", "frontend", "run", "dev"}
		// The first request compiles the page, which takes a while on a small machine.
		frontend.Timeout = 4 * time.Minute
		frontend.Needs = []Need{{Path: "frontend/package.json", Hint: "the frontend workspace is missing"}}
		// Next's dev server compiles a page on its first request, which takes longer than
		// Netlify's 26 s on a small machine; a production build never does.
		edge.Command = append(edge.Command, "-function-timeout", "4m")
	} else {
		frontend.Command = []string{"npm", "-w", "frontend", "run", "start"}
		// The production build in a test environment: the /test route is on (spec 1 §1).
		frontend.Env = append(frontend.Env, "PORTAL_ENV=test")
		frontend.Timeout = 90 * time.Second
		frontend.Needs = []Need{{Path: "frontend/.next/BUILD_ID", Hint: "build the frontend first: npm -w frontend run build"}}
		// The build's assets from the edge, as Netlify's CDN serves them (the dev server keeps its own),
		// and the build's proxy as an edge function in front of the edge's cache. `next dev` builds
		// no proxy bundle: there the proxy runs inside Next, which renders every page anyway.
		edge.Command = append(edge.Command, "-static", filepath.Join(root, "frontend", ".next", "static"),
			"-edge-function", httpURL(PortEdgeFunction))
	}
	edgeFunction := Part{
		Name:    "edgefn",
		Title:   "the site's proxy as an edge function",
		Command: []string{"node", "scripts/edge-function.cjs", "frontend", strconv.Itoa(PortEdgeFunction)},
		// What Next is told: the proxy reads the same configuration.
		Env:   frontend.Env,
		Ports: []int{PortEdgeFunction},
		// Any answer below 500: the proxy's own for /.
		Ready:   HTTPProbe{URL: httpURL(PortEdgeFunction) + "/", OK: func(s int) bool { return s < 500 }},
		Timeout: 30 * time.Second,
		URL:     httpURL(PortEdgeFunction) + " (in front of the edge's cache)",
		Needs:   frontend.Needs,
	}

	orders := standIn("orders", "order stand-in", "orderstub", PortOrders,
		"-schema", "contracts/orders.graphql", "-data", "fixtures/orders")
	orders.URL += "/graphql"

	parts := []Part{
		{
			Name:    "redis",
			Title:   "Redis",
			Command: append([]string{"redis-server"}, RedisArgs(PortRedis, filepath.Join(root, ".run", "redis"))...),
			Ports:   []int{PortRedis},
			Ready:   RedisProbe{Addr: local(PortRedis)},
			Timeout: 30 * time.Second,
			URL:     "redis://" + local(PortRedis),
			Needs:   []Need{{Path: "/usr/bin/redis-server", Hint: "install Debian's redis-server: make deps"}},
			Dirs:    []string{filepath.Join(".run", "redis")},
		},
		{
			Name:  "auth",
			Title: "auth emulator",
			Command: []string{"node_modules/.bin/firebase", "emulators:start", "--only", "auth",
				"--project", ProjectID, "--import", "fixtures/auth"},
			Env: []string{
				// CI=true skips the CLI's message-of-the-day fetch and any prompt;
				// NO_UPDATE_NOTIFIER skips the update check. A private config directory
				// means no stored login and usage statistics off, whatever the developer's own
				// firebase configuration says.
				"CI=true",
				"NO_UPDATE_NOTIFIER=1",
				"XDG_CONFIG_HOME=" + filepath.Join(root, ".run", "firebase-config"),
			},
			Ports:   []int{PortAuth, PortEmulatorHub, PortEmulatorLogging},
			Ready:   HTTPProbe{URL: httpURL(PortAuth) + "/"},
			Timeout: 3 * time.Minute,
			URL:     httpURL(PortAuth),
			Needs: []Need{
				{Path: "node_modules/.bin/firebase", Hint: "install the npm packages: make deps"},
				{Path: "fixtures/auth/firebase-export-metadata.json", Hint: "the auth fixture is missing"},
			},
		},
		{
			Name:    "firestore",
			Title:   "Firestore emulator",
			Command: []string{"node", "scripts/firestore-emulator.mjs"},
			Env: []string{
				"FIRESTORE_PORT=" + strconv.Itoa(PortFirestore),
				"FIREBASE_PROJECT_ID=" + ProjectID,
			},
			Ports: []int{PortFirestore},
			// The script seeds before it listens, so a connection means a seeded database.
			Ready:   TCPProbe{Addr: local(PortFirestore)},
			Timeout: time.Minute,
			URL:     local(PortFirestore) + " (gRPC)",
			Needs:   []Need{{Path: "node_modules/@firestore-emulator/server", Hint: "install the npm packages: make deps"}},
		},
		{
			Name:  "storage",
			Title: "fake-gcs-server",
			Command: []string{".bin/fake-gcs-server", "-scheme", "http", "-host", "127.0.0.1",
				"-port", strconv.Itoa(PortStorage), "-backend", "memory", "-data", "fixtures/storage",
				"-public-host", local(PortStorage), "-external-url", httpURL(PortStorage)},
			Ports: []int{PortStorage},
			Ready: HTTPProbe{URL: httpURL(PortStorage) + "/storage/v1/b", Body: func(b []byte) error {
				if !bytes.Contains(b, []byte(`"`+Bucket+`"`)) {
					return fmt.Errorf("bucket %s is not listed", Bucket)
				}
				return nil
			}},
			Timeout: 30 * time.Second,
			URL:     httpURL(PortStorage),
			Needs:   []Need{build("fake-gcs-server")},
		},
		{
			// A real SMTP server that keeps what it receives: the BFF's mail leaves as it would
			// in production, and lands in an inbox (the API the tests read, and a web page).
			// Offline: no update check, no reverse DNS; its database is a temporary file.
			Name:  "mail",
			Title: "Mailpit (mail catcher)",
			Command: []string{".bin/mailpit", "--smtp", local(PortSMTP), "--listen", local(PortMailpit),
				"--disable-version-check", "--smtp-disable-rdns"},
			Ports:   []int{PortSMTP, PortMailpit},
			Ready:   HTTPProbe{URL: httpURL(PortMailpit) + "/readyz"},
			Timeout: 30 * time.Second,
			URL:     "smtp://" + local(PortSMTP) + ", API " + httpURL(PortMailpit),
			Needs:   []Need{{Path: ".bin/mailpit", Hint: "build it with make build (a go tool of tools/mailpit.mod)"}},
		},
		standIn("inbox", "web inbox (the mail the BFF sent)", "inbox", PortInbox, "-mailpit", httpURL(PortMailpit)),
		standIn("traces", "trace viewer (OTLP/HTTP)", "traces", PortTraces),
		standIn("cms", "fixture CMS", "fixturecms", PortCMS, cmsArgs(mode)...),
		orders,
		standIn("chat", "chat provider stand-in", "chatstub", PortChat),
		standIn("partner", "demo partner site", "partnerdemo", PortPartner, "-site", httpURL(PortFrontend)),
		{
			Name:    "bff",
			Title:   "BFF",
			Command: []string{".bin/bff"},
			Env:     append(Env(), bffEnv...),
			Ports:   []int{PortBFF, PortAdmin},
			Ready:   HTTPProbe{URL: httpURL(PortAdmin) + "/readyz", OK: func(s int) bool { return s == http.StatusOK }},
			Timeout: time.Minute,
			URL:     httpURL(PortBFF),
			Needs:   []Need{build("bff")},
		},
		frontend,
	}
	if mode != Dev {
		parts = append(parts, edgeFunction)
	}
	return append(parts, edge)
}

// Traced points both tiers (every BFF replica and Next.js) at the trace viewer with
// OTEL_EXPORTER_OTLP_ENDPOINT when the viewer is among parts: skipped (-skip traces, as make
// bench does), neither tier exports, as in a deployment without a collector.
func Traced(parts []Part) []Part {
	if !slices.ContainsFunc(parts, func(p Part) bool { return p.Name == "traces" }) {
		return parts
	}
	out := slices.Clone(parts)
	for i, p := range out {
		if p.Name == "frontend" || (len(p.Command) > 0 && p.Command[0] == ".bin/bff") {
			out[i].Env = append(slices.Clone(p.Env), "OTEL_EXPORTER_OTLP_ENDPOINT="+httpURL(PortTraces))
		}
	}
	return out
}

// Replicated turns the stack's one BFF into n replicas, each on a port of its own (PortReplicas+i)
// and all sharing Redis, behind a round-robin load balancer of ours (bff/cmd/replicaproxy) on the
// BFF's port: whatever calls the BFF calls it as before, and consecutive requests reach
// different replicas. n below 2 leaves the parts as they are.
func Replicated(parts []Part, n int) []Part {
	if n < 2 {
		return parts
	}
	var out []Part
	var replicas []string
	for _, p := range parts {
		if p.Name == "edge" {
			// The edge takes the replicas in turn itself: a balancing proxy of ours between it
			// and the replicas would be a hop production does not have.
			p.Command = slices.Clone(p.Command)
			if i := slices.Index(p.Command, "-bff"); i >= 0 && replicas != nil {
				p.Command[i+1] = strings.Join(replicas, ",")
			}
		}
		if p.Name != "bff" {
			out = append(out, p)
			continue
		}
		for i := 1; i <= n; i++ {
			port := PortReplicas + i
			r := p
			r.Name = "bff" + strconv.Itoa(i)
			r.Title = "BFF replica " + strconv.Itoa(i)
			admin := PortAdmin + i - 1 // the first replica's is the one BFF's, BFF_ADMIN_URL
			r.Env = append(append([]string(nil), p.Env...), "BFF_ADDR="+local(port), "ADMIN_ADDR="+local(admin))
			r.Ports = []int{port, admin}
			r.Ready = HTTPProbe{URL: httpURL(admin) + "/readyz", OK: func(s int) bool { return s == http.StatusOK }}
			r.URL = httpURL(port)
			out = append(out, r)
			replicas = append(replicas, httpURL(port))
		}
		out = append(out, Part{
			// For Next's own calls (BFF_URL) and the tests'; the edge spreads the browsers'
			// requests over the replicas itself (below), as Cloud Run does behind Netlify.
			Name:    "bff",
			Title:   "BFF load balancer",
			Command: []string{".bin/replicaproxy", "-addr", local(PortBFF), "-to", strings.Join(replicas, ",")},
			Ports:   []int{PortBFF},
			// Through the balancer to a replica: any answer from the BFF (its 403 to an unsigned
			// request) means both are up.
			Ready:   HTTPProbe{URL: httpURL(PortBFF) + "/api/v1/site", OK: func(s int) bool { return s == http.StatusForbidden }},
			Timeout: 30 * time.Second,
			URL:     httpURL(PortBFF) + " (round robin over " + strconv.Itoa(n) + " replicas)",
			Needs:   []Need{build("replicaproxy")},
		})
	}
	return out
}
