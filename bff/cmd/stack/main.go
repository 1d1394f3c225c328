// Command stack runs the whole site offline: Redis, the auth and Firestore emulators, fake-gcs-server,
// Mailpit, the fixture CMS, the order stand-in, the BFF, Next.js and the edge in front (package devstack).
//
//	stack dev  [-skip part,...] [-replicas n]   everything, output streamed; Ctrl-C stops it all
//	stack test [-skip ...] [-replicas n] -- CMD  everything (Next.js production build), run CMD
//	                                            against it, stop, exit with CMD's status
//	stack env                                   print the variables test commands get
//
// Run it from the repository root or below (make dev and make test do).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/devstack"
)

const usage = `usage:
  stack dev  [flags]                 start everything, stream its output; Ctrl-C stops it all
  stack test [flags] -- CMD ARGS...  start everything (Next.js from its production build), run
                                     CMD with the stack's variables, stop, exit with CMD's status
  stack env                          print the variables CMD gets, for a shell: eval "$(stack env)"

flags:
  -skip part,...   parts not to start (%s)
  -replicas n      run n BFF replicas (sharing Redis) behind a round-robin load balancer on the
                   BFF's port; the replicas listen on 8091, 8092, ... (default 1: one BFF)
  -root dir        repository root (default: the nearest directory above holding go.mod and firebase.json)
  -logs dir        per-part log files (default <root>/.run/logs)

parts and their fixed addresses:
  auth       Firebase Auth emulator      http://127.0.0.1:9099  (hub 4400, logging 4500)
  firestore  Firestore emulator (gRPC)   127.0.0.1:8085
  storage    fake-gcs-server             http://127.0.0.1:4443  (bucket demo-union-benefits.appspot.com)
  redis      Redis (limits, purge bus)   redis://127.0.0.1:6379
  mail       Mailpit (mail catcher)      smtp://127.0.0.1:1025  (API http://127.0.0.1:8026)
  inbox      web inbox                   http://127.0.0.1:8025  (the mail the BFF sent, over Mailpit's API)
  cms        fixture CMS                 http://127.0.0.1:8081
  orders     order stand-in (GraphQL)    http://127.0.0.1:8082/graphql
  partner    demo partner site           http://127.0.0.1:3100
  bff        BFF (signed requests only)  http://127.0.0.1:8080  (admin: health, metrics 9090)
  frontend   Next.js                     http://127.0.0.1:3001  (behind the edge)
  edge       Netlify's stand-in          http://127.0.0.1:3000  (the site: /api/v1 to the BFF, signed;
                                                                 the rest to Next.js; netlify.toml)
Firebase project: demo-union-benefits (the demo- prefix keeps the Firebase tools offline).
`

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		printUsage(os.Stdout)
		return 0
	}
	sub := args[0]
	switch sub {
	case "env":
		for _, kv := range devstack.Env() {
			k, v, _ := strings.Cut(kv, "=")
			fmt.Printf("export %s='%s'\n", k, v)
		}
		return 0
	case "dev", "test":
	default:
		fmt.Fprintf(os.Stderr, "stack: unknown command %q\n", sub)
		printUsage(os.Stderr)
		return 2
	}

	fs := flag.NewFlagSet("stack "+sub, flag.ContinueOnError)
	fs.Usage = func() { printUsage(os.Stderr) }
	skip := fs.String("skip", "", "")
	replicas := fs.Int("replicas", 1, "")
	root := fs.String("root", "", "")
	logs := fs.String("logs", "", "")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	testCmd := fs.Args()
	if sub == "test" && len(testCmd) == 0 {
		fmt.Fprintln(os.Stderr, "stack test: no command to run; usage: stack test -- CMD ARGS...")
		return 2
	}
	if sub == "dev" && len(testCmd) > 0 {
		fmt.Fprintf(os.Stderr, "stack dev: unexpected arguments %q\n", testCmd)
		return 2
	}

	dir, err := findRoot(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stack:", err)
		return 1
	}
	mode := devstack.Dev
	if sub == "test" {
		mode = devstack.Test
	}
	parts, err := selectParts(devstack.Replicated(devstack.Parts(dir, mode), *replicas), *skip)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stack:", err)
		return 2
	}
	parts = devstack.Traced(parts)
	logDir := *logs
	if logDir == "" {
		logDir = filepath.Join(dir, ".run", "logs")
	}
	r := &devstack.Runner{Root: dir, LogDir: logDir, Say: os.Stderr}
	if mode == devstack.Dev {
		r.Stream = os.Stdout
		r.Color = colorful(os.Stdout)
	}

	// From here on SIGINT and SIGTERM mean "stop everything", which the runner does itself: the
	// parts are in process groups of their own and do not see the terminal's Ctrl-C.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := devstack.AdoptOrphans(); err != nil {
		fmt.Fprintln(os.Stderr, "stack: cannot adopt orphaned processes, some may outlive the stack:", err)
	}
	defer stopStrays()

	st, err := r.Start(ctx, parts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stack:", err)
		if ctx.Err() != nil {
			return 130
		}
		return 1
	}
	fmt.Fprintln(os.Stderr)
	st.Table(os.Stderr)
	fmt.Fprintln(os.Stderr)

	if mode == devstack.Dev {
		return dev(ctx, st)
	}
	return test(ctx, st, dir, testCmd)
}

// stopStrays stops what the parts or the test command left running outside their process
// groups, which the runner adopted when their parents died.
func stopStrays() {
	for _, s := range devstack.StopStrays(5 * time.Second) {
		fmt.Fprintln(os.Stderr, "stack: stopped a process left behind:", s)
	}
}

func dev(ctx context.Context, st *devstack.Stack) int {
	fmt.Fprintln(os.Stderr, "stack: everything is up; Ctrl-C stops it all")
	code := 0
	select {
	case <-ctx.Done():
		fmt.Fprintln(os.Stderr, "\nstack: stopping")
	case e := <-st.Exited():
		fmt.Fprintf(os.Stderr, "stack: %s — stopping everything\n", e)
		code = 1
	}
	st.Stop()
	fmt.Fprintln(os.Stderr, "stack: stopped")
	return code
}

func test(ctx context.Context, st *devstack.Stack, dir string, argv []string) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), devstack.Env()...)
	// The fixtures the CMS serves in test mode, for tests that publish an edit.
	cmd.Env = append(cmd.Env, "CMS_FIXTURE_DIR="+filepath.Join(dir, devstack.ScratchCMSDir))
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	// Its own process group too, so whatever it spawns (browsers, test binaries) is stopped
	// with it. No stdin: a background group reading the terminal would be suspended.
	devstack.SetProcessGroup(cmd)
	fmt.Fprintf(os.Stderr, "stack: running %s\n", strings.Join(argv, " "))
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "stack: cannot run %s: %v\n", argv[0], err)
		st.Stop()
		return 127
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	var code int
	select {
	case err := <-done:
		code = exitCode(err)
	case <-ctx.Done():
		fmt.Fprintln(os.Stderr, "\nstack: interrupted; stopping the test command and the stack")
		devstack.StopProcessGroup(cmd.Process.Pid, 5*time.Second)
		<-done //nolint:errcheck // we stopped the command: its exit says nothing, the code is set here
		code = 130
	case e := <-st.Exited():
		fmt.Fprintf(os.Stderr, "stack: %s while the tests ran; stopping them\n", e)
		devstack.StopProcessGroup(cmd.Process.Pid, 5*time.Second)
		<-done //nolint:errcheck // we stopped the command: its exit says nothing, the code is set here
		code = 1
	}
	// Whatever the command left running in its group goes too.
	devstack.StopProcessGroup(cmd.Process.Pid, 5*time.Second)

	if code != 0 {
		fmt.Fprintf(os.Stderr, "\nstack: %s failed (exit status %d); the parts' last output follows\n", argv[0], code)
		st.Tails(os.Stderr, 25)
	}
	st.Stop()
	return code
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return 1
}

func selectParts(all []devstack.Part, skip string) ([]devstack.Part, error) {
	if skip == "" {
		return all, nil
	}
	var names []string
	for _, p := range all {
		names = append(names, p.Name)
	}
	skipped := map[string]bool{}
	for _, s := range strings.Split(skip, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !slices.Contains(names, s) {
			return nil, fmt.Errorf("-skip: no part %q (parts: %s)", s, strings.Join(names, ", "))
		}
		skipped[s] = true
	}
	var out []devstack.Part
	for _, p := range all {
		if !skipped[p.Name] {
			out = append(out, p)
		}
	}
	return out, nil
}

// findRoot returns dir, or the nearest directory from the working directory up that holds both
// go.mod and firebase.json.
func findRoot(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if exists(filepath.Join(d, "go.mod")) && exists(filepath.Join(d, "firebase.json")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no repository root (a directory with go.mod and firebase.json) at or above %s; pass -root", wd)
		}
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func colorful(f *os.File) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func printUsage(w io.Writer) {
	var names []string
	for _, p := range devstack.Parts("", devstack.Dev) {
		names = append(names, p.Name)
	}
	fmt.Fprintf(w, usage, strings.Join(names, ", "))
}
