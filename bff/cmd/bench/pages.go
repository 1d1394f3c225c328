package main

// Page weight (issue 38, goals 1 and 2): every page kind's JavaScript and HTML beside the floor
// the framework sets, an empty Next.js app built in the same run with the same next and react.
// The floor moves with Next, so the goal is our own JavaScript above it, not a total.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Goal targets, as issue 38 states them.
const (
	targetOwnJS    = 25 * 1024 // the home page's gzipped JavaScript above the empty app
	targetHomeHTML = 60 * 1024 // the home page's HTML, uncompressed
)

// pageKind is one kind of page the portal serves, reached through the edge as a browser does.
type pageKind struct {
	name, path string
	header     http.Header
}

// pageKinds are the kinds of page a person meets: each CMS page type and each of the app's own.
// The union ones name their union, as a visitor arriving from the union's own site does.
var pageKinds = []pageKind{
	{"home", "/", pageLoad},
	{"benefit", "/benefits/wireless", pageLoad},
	{"blog list", "/blog/all-tips-updates", pageLoad},
	{"blog post", "/blog/money-tips/5512", pageLoad},
	{"store", "/store?union=37", pageLoad},
	{"pre-check", "/job-loss-grant", pageLoad},
	{"eligibility", "/union-member-eligibility?union=41", pageLoad},
	{"search", "/search?q=budget", pageLoad},
	{"members-only (gate)", "/member-toolkit", pageLoad},
	{"partner popup", "/login/partner/test-partner", pageLoad},
}

// runPages prints the empty app's JavaScript, then each page kind's JavaScript and HTML beside it.
func runPages(frontend string) error {
	floor, err := emptyAppJS()
	if err != nil {
		return fmt.Errorf("empty Next.js app: %w", err)
	}
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	fmt.Printf("\n== page weight (through the edge at %s) ==\n", frontend)
	fmt.Printf("empty Next.js app (one server-rendered page, no client component, built now): %.1f KB gzipped JavaScript in %d scripts\n",
		float64(floor.gz)/1024, floor.count)
	var homeJS, homeHTML int
	fmt.Printf("%-24s %10s %8s %12s %10s\n", "page", "JS gzip", "scripts", "above empty", "HTML")
	for _, k := range pageKinds {
		html, err := fetch(client, frontend+k.path, k.header)
		if err != nil { // one page kind gone wrong still leaves the others' figures
			fmt.Printf("%-24s %v\n", k.name, err)
			continue
		}
		sizes, err := scriptSizes(client, frontend, modernScripts(html))
		if err != nil {
			return err
		}
		gz := 0
		for _, s := range sizes {
			gz += s.gz
		}
		fmt.Printf("%-24s %7.1f KB %8d %9.1f KB %7.1f KB\n", k.name, float64(gz)/1024, len(sizes),
			float64(gz-floor.gz)/1024, float64(len(html))/1024)
		if k.path == "/" {
			homeJS, homeHTML = gz, len(html)
		}
	}
	fmt.Printf("home page: our JavaScript %.1f KB above the empty app (target <= %d KB), HTML %.1f KB (target <= %d KB)\n",
		float64(homeJS-floor.gz)/1024, targetOwnJS/1024, float64(homeHTML)/1024, targetHomeHTML/1024)
	return nil
}

// jsTotal is a page's JavaScript: gzipped bytes (level 9) and how many scripts.
type jsTotal struct{ gz, count int }

// emptyApp is the smallest Next.js app (a root layout and one server-rendered page, no client
// component, and a proxy that answers one path itself) with the repository's own next and react,
// built once per run (emptyNextApp): its page's scripts are the JavaScript floor, and its proxy's
// step the floor of the step each page load takes before Netlify's CDN (stack.go). It is built
// under .run, inside the repository, so Node and the bundler find the same node_modules the
// frontend uses.
var emptyApp struct {
	dir  string
	err  error
	done bool
}

func emptyNextApp() (string, error) {
	if emptyApp.done {
		return emptyApp.dir, emptyApp.err
	}
	emptyApp.done = true
	emptyApp.dir, emptyApp.err = buildEmptyApp()
	return emptyApp.dir, emptyApp.err
}

// removeEmptyApp deletes the empty app's build, if there is one.
func removeEmptyApp() {
	if emptyApp.dir != "" {
		_ = os.RemoveAll(emptyApp.dir)
	}
}

func buildEmptyApp() (string, error) {
	if err := os.MkdirAll(".run", 0o755); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(".run", "empty-next-")
	if err != nil {
		return "", err
	}
	files := map[string]string{
		"package.json":  `{"private": true}` + "\n",
		"app/layout.js": "export default function RootLayout({ children }) {\n  return <html lang=\"en\"><body>{children}</body></html>;\n}\n",
		"app/page.js":   "export default function Page() {\n  return <main><h1>Empty</h1></main>;\n}\n",
		// The least a proxy can do: answer the request itself, reading nothing.
		"proxy.js": "export function proxy() {\n  return new Response(null, { status: 204 });\n}\n\nexport const config = { matcher: '" + emptyStepPath + "' };\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return dir, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return dir, err
		}
	}
	cmd := exec.Command(nodeBinary(), nextBin(), "build")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NEXT_TELEMETRY_DISABLED=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return dir, fmt.Errorf("next build: %w\n%s", err, out)
	}
	return dir, nil
}

// emptyStepPath is the one path the empty app's proxy answers.
const emptyStepPath = "/step"

// nextBin is the repository's Next.js command line.
func nextBin() string {
	next, _ := filepath.Abs("node_modules/next/dist/bin/next")
	return next
}

// emptyAppJS sizes the scripts the empty app's page names, as the stack's pages are sized.
func emptyAppJS() (jsTotal, error) {
	dir, err := emptyNextApp()
	if err != nil {
		return jsTotal{}, err
	}
	// The page is static: its HTML is in the build, naming its scripts by their public paths.
	html, err := os.ReadFile(filepath.Join(dir, ".next/server/app/index.html"))
	if err != nil {
		return jsTotal{}, err
	}
	var total jsTotal
	for _, src := range modernScripts(html) {
		rel, ok := strings.CutPrefix(src, "/_next/")
		if !ok {
			return jsTotal{}, fmt.Errorf("unexpected script %s", src)
		}
		body, err := os.ReadFile(filepath.Join(dir, ".next", rel))
		if err != nil {
			return jsTotal{}, err
		}
		total.gz += gzipSize(body)
		total.count++
	}
	if total.count == 0 {
		return jsTotal{}, fmt.Errorf("the empty app's page names no script")
	}
	return total, nil
}

// nodeBinary is the Node the repository pins (.bin/node), else the one on PATH.
func nodeBinary() string {
	if p, err := filepath.Abs(".bin/node/bin/node"); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "node"
}

// gzipSize is the size of b gzipped at level 9, as every script of the bench is counted.
func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// runWeight is the page weight and Lighthouse sections, against the stack's edge.
func runWeight() error {
	env, err := stackFromEnv()
	if err != nil {
		return err
	}
	if err := runPages(env.frontend); err != nil {
		return err
	}
	return runLighthouse(env.frontend)
}
