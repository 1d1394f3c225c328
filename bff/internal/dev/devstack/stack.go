// Package devstack runs the whole site on one machine with no network: the upstream stand-ins,
// the BFF and Next.js, each as a child process started in dependency order and probed until
// ready. It backs the stack command (make dev, make test). Only the standard library is used, so
// the runner builds even when the code it runs does not.
package devstack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// Part is one process of the stack.
type Part struct {
	// Name is short: the output prefix, the log file name and the value -skip takes.
	Name string
	// Title names the part in messages ("auth emulator").
	Title string
	// Command is the program and its arguments. A program path with a slash is relative to the
	// runner's root; a bare name is looked up in PATH.
	Command []string
	// Env is added to the runner's own environment.
	Env []string
	// Ports are all the ports the part listens on; each must be free before anything starts.
	Ports []int
	// Ready tells when the part serves; Timeout is how long it may take to get there.
	Ready   Probe
	Timeout time.Duration
	// URL is where it answers, for the table printed once everything is up.
	URL string
	// Needs are files that must exist before the part can start (built binaries, a Next.js
	// build), each with the command that makes it.
	Needs []Need
	// Dirs are directories made before it starts, relative to the root (a working directory).
	Dirs []string
}

// Need is a file a part cannot start without, and how to make it.
type Need struct {
	Path string // relative to the root
	Hint string
}

// Runner starts parts.
type Runner struct {
	// Root is the repository root; commands run there and relative paths resolve against it.
	Root string
	// LogDir receives one <name>.log per part, truncated at each start.
	LogDir string
	// Stream, if set, receives every part's output line by line with a name prefix (dev mode).
	Stream io.Writer
	// Color turns on coloured prefixes in Stream.
	Color bool
	// Say receives the runner's own progress messages.
	Say io.Writer
	// Grace is how long a part may take to stop after SIGTERM before it is killed.
	Grace time.Duration
}

// Exit is a part that ended while it should have been running.
type Exit struct {
	Part Part
	Err  error // from the process's wait; nil for exit status 0
	Tail []string
}

// String names the part and how it ended.
func (e Exit) String() string {
	status := "exit status 0"
	if e.Err != nil {
		status = e.Err.Error()
	}
	return fmt.Sprintf("%s exited unexpectedly (%s)", e.Part.Title, status)
}

// Stack is the set of running parts.
type Stack struct {
	r       *Runner
	stream  *lockedWriter // shared by all parts so lines never interleave mid-line
	mu      sync.Mutex
	running []*proc
	exits   chan Exit
	stopped bool
}

type proc struct {
	part     Part
	cmd      *exec.Cmd
	log      *partLog
	file     *os.File
	done     chan struct{}
	waitErr  error
	stopping bool
	ready    bool // a part still starting has nothing to save, so it gets less time to stop
}

// Start checks that every part's ports are free and its files exist, then starts the parts in
// order, each only once the one before is ready. On any failure it stops what it started and
// returns an error naming the part, with the tail of its output. Cancelling ctx aborts the start.
func (r *Runner) Start(ctx context.Context, parts []Part) (*Stack, error) {
	if err := r.preflight(parts); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(r.LogDir, 0o755); err != nil {
		return nil, fmt.Errorf("create log directory: %w", err)
	}
	s := &Stack{r: r, exits: make(chan Exit, len(parts))}
	if r.Stream != nil {
		s.stream = &lockedWriter{w: r.Stream}
	}
	width := 0
	for _, p := range parts {
		width = max(width, len(p.Name))
	}
	for i, p := range parts {
		for _, d := range p.Dirs {
			if err := os.MkdirAll(filepath.Join(r.Root, d), 0o755); err != nil {
				s.Stop()
				return nil, fmt.Errorf("%s: %w", p.Title, err)
			}
		}
		r.say("starting %s: %s", p.Title, strings.Join(p.Command, " "))
		pr, err := s.start(p, prefixFor(p.Name, i, width, r.Color))
		if err == nil {
			err = s.waitReady(ctx, pr)
		}
		if err != nil {
			s.Stop()
			return nil, err
		}
		s.mu.Lock()
		pr.ready = true
		s.mu.Unlock()
		r.say("%s ready (%s)", p.Title, p.URL)
	}
	return s, nil
}

func (r *Runner) preflight(parts []Part) error {
	var missing []string
	for _, p := range parts {
		for _, n := range p.Needs {
			path := n.Path
			if !filepath.IsAbs(path) {
				path = filepath.Join(r.Root, path)
			}
			if _, err := os.Stat(path); err != nil {
				missing = append(missing, fmt.Sprintf("%s needs %s, which is missing — %s", p.Title, n.Path, n.Hint))
			}
		}
	}
	if len(missing) > 0 {
		return errors.New(strings.Join(missing, "\n"))
	}
	return CheckPorts(parts)
}

func (r *Runner) say(format string, args ...any) {
	if r.Say != nil {
		fmt.Fprintf(r.Say, "stack: "+format+"\n", args...)
	}
}

func (s *Stack) start(p Part, prefix string) (*proc, error) {
	argv := append([]string(nil), p.Command...)
	if strings.Contains(argv[0], "/") && !filepath.IsAbs(argv[0]) {
		argv[0] = filepath.Join(s.r.Root, argv[0])
	}
	f, err := os.Create(filepath.Join(s.r.LogDir, p.Name+".log"))
	if err != nil {
		return nil, fmt.Errorf("%s: create log file: %w", p.Title, err)
	}
	pl := &partLog{file: f, prefix: prefix, stream: s.stream}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = s.r.Root
	cmd.Env = append(os.Environ(), p.Env...)
	cmd.Stdout, cmd.Stderr = pl, pl
	// Output copying must not outlive the stop: a straggler holding the pipe would block Wait.
	cmd.WaitDelay = s.r.grace() + 6*time.Second
	SetProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot start %s (%s): %w", p.Title, argv[0], err)
	}
	pr := &proc{part: p, cmd: cmd, log: pl, file: f, done: make(chan struct{})}
	s.mu.Lock()
	s.running = append(s.running, pr)
	s.mu.Unlock()
	go s.wait(pr)
	return pr, nil
}

func (s *Stack) wait(pr *proc) {
	err := pr.cmd.Wait()
	pr.log.flush()
	s.mu.Lock()
	pr.waitErr = err
	expected := pr.stopping
	s.mu.Unlock()
	close(pr.done)
	if !expected {
		s.exits <- Exit{Part: pr.part, Err: err, Tail: pr.log.Tail(tailLines)}
	}
}

func (s *Stack) waitReady(ctx context.Context, pr *proc) error {
	p := pr.part
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	deadline := time.Now().Add(timeout)
	var last error
	for {
		attempt, cancel := context.WithDeadline(ctx, deadline)
		last = p.Ready.Check(attempt)
		cancel()
		if last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("start of %s interrupted: %w", p.Title, ctx.Err())
		case <-pr.done:
			status := "exit status 0"
			if pr.waitErr != nil {
				status = pr.waitErr.Error()
			}
			return fmt.Errorf("%s exited during start-up (%s); last lines of its log (%s):\n%s",
				p.Title, status, s.logPath(p), indent(pr.log.Tail(20)))
		case <-time.After(250 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not become ready within %s (%s: %w); last lines of its log (%s):\n%s",
				p.Title, timeout, p.Ready, last, s.logPath(p), indent(pr.log.Tail(20)))
		}
	}
}

func (s *Stack) logPath(p Part) string {
	path := filepath.Join(s.r.LogDir, p.Name+".log")
	if rel, err := filepath.Rel(s.r.Root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

func (r *Runner) grace() time.Duration {
	if r.Grace > 0 {
		return r.Grace
	}
	return 5 * time.Second
}

// startingGrace is how long a part that is not ready yet may take to stop.
const startingGrace = 2 * time.Second

// Exited delivers each part that ends on its own while the stack runs.
func (s *Stack) Exited() <-chan Exit { return s.exits }

// Stop stops every part, the last started first: SIGTERM to its process group, SIGKILL to what
// is left after the grace period. It returns once every process of every part is gone, and may
// be called more than once.
func (s *Stack) Stop() {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	running := append([]*proc(nil), s.running...)
	graces := make([]time.Duration, len(running))
	for i, pr := range running {
		pr.stopping = true
		graces[i] = s.r.grace()
		if !pr.ready {
			graces[i] = min(graces[i], startingGrace)
		}
	}
	s.mu.Unlock()

	for i := len(running) - 1; i >= 0; i-- {
		pr, grace := running[i], graces[i]
		if StopProcessGroup(pr.cmd.Process.Pid, grace) {
			s.r.say("%s did not stop within %s of SIGTERM and was killed", pr.part.Title, grace)
		}
		select {
		case <-pr.done:
		case <-time.After(s.r.grace() + 10*time.Second):
			s.r.say("%s: gave up waiting for its process to be reaped", pr.part.Title)
		}
		pr.file.Close()
	}
	// A part that died unexpectedly while others were stopping is no news any more.
	for {
		select {
		case <-s.exits:
		default:
			return
		}
	}
}

// Table writes what runs where.
func (s *Stack) Table(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PART\tRUNS\tAT\tLOG")
	s.mu.Lock()
	for _, pr := range s.running {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", pr.part.Name, pr.part.Title, pr.part.URL, s.logPath(pr.part))
	}
	s.mu.Unlock()
	tw.Flush()
}

// Tails writes the last n lines of every part's output, for a failed run.
func (s *Stack) Tails(w io.Writer, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, pr := range s.running {
		fmt.Fprintf(w, "--- last lines of %s (%s):\n%s\n", pr.part.Title, s.logPath(pr.part), indent(pr.log.Tail(n)))
	}
}
