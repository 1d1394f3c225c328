//go:build unix

package devstack

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/poll"
)

// The test binary doubles as the parts under test: with DEVSTACK_HELPER set it becomes a small
// server (or a crash, or a process that ignores SIGTERM) instead of running the tests.
func TestMain(m *testing.M) {
	switch os.Getenv("DEVSTACK_HELPER") {
	case "":
		os.Exit(m.Run())
	case "serve":
		ln, err := net.Listen("tcp", os.Getenv("HELPER_ADDR"))
		if err != nil {
			fmt.Println("helper:", err)
			os.Exit(1)
		}
		fmt.Println("helper listening")
		go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM)
		<-sig
		fmt.Println("helper stopping")
		os.Exit(0)
	case "crash":
		fmt.Println("helper: config is broken")
		os.Exit(3)
	case "stubborn":
		signal.Ignore(syscall.SIGTERM)
		fmt.Printf("helper ignoring SIGTERM, pid %d\n", os.Getpid())
		time.Sleep(time.Hour)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func helperPart(t *testing.T, name, kind string, port int) Part {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	return Part{
		Name:    name,
		Title:   name + " helper",
		Command: []string{exe},
		Env:     []string{"DEVSTACK_HELPER=" + kind, "HELPER_ADDR=" + addr},
		Ports:   []int{port},
		Ready:   HTTPProbe{URL: "http://" + addr + "/"},
		Timeout: 10 * time.Second,
		URL:     "http://" + addr,
	}
}

func newRunner(t *testing.T) *Runner {
	dir := t.TempDir()
	return &Runner{Root: dir, LogDir: dir + "/logs", Grace: 500 * time.Millisecond}
}

func TestCheckPortsNamesTheTakenPortAndItsPart(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	taken := ln.Addr().(*net.TCPAddr).Port
	free := freePort(t)

	if PortFree(taken) {
		t.Errorf("PortFree(%d) = true while a listener holds it", taken)
	}
	if !PortFree(free) {
		t.Errorf("PortFree(%d) = false for a free port", free)
	}

	err = CheckPorts([]Part{
		{Title: "order stand-in", Ports: []int{free}},
		{Title: "BFF", Ports: []int{taken}},
	})
	var pe *PortInUseError
	if !errors.As(err, &pe) || len(pe.Taken) != 1 || pe.Taken[0].Port != taken {
		t.Fatalf("CheckPorts = %v, want exactly port %d reported", err, taken)
	}
	want := fmt.Sprintf("port %d (BFF) is already in use — stop whatever holds it (ss -ltnp 'sport = :%d') and run again", taken, taken)
	if err.Error() != want {
		t.Errorf("message = %q\nwant      %q", err, want)
	}
	if err := CheckPorts([]Part{{Title: "x", Ports: []int{free}}}); err != nil {
		t.Errorf("CheckPorts(free) = %v", err)
	}
}

func TestStopProcessGroupTakesTheWholeGroup(t *testing.T) {
	// A shell with two grandchildren: stopping the shell alone would orphan them.
	cmd := exec.Command("sh", "-c", "sleep 300 & sleep 300 & wait")
	SetProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	pgid := cmd.Process.Pid
	waitFor(t, func() bool { m, _ := groupMembers(pgid); return len(m) == 3 }, "shell and both sleeps running")

	if killed := StopProcessGroup(pgid, 2*time.Second); killed {
		t.Error("needed SIGKILL for processes that obey SIGTERM")
	}
	if groupAlive(pgid) {
		m, _ := groupMembers(pgid)
		t.Fatalf("group %d still has %v", pgid, m)
	}
	<-done
}

func TestStopProcessGroupKillsWhatIgnoresSIGTERM(t *testing.T) {
	cmd := exec.Command("sh", "-c", "trap '' TERM; sleep 300 & wait")
	SetProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go cmd.Wait()
	pgid := cmd.Process.Pid
	waitFor(t, func() bool { m, _ := groupMembers(pgid); return len(m) == 2 }, "shell and sleep running")

	start := time.Now()
	if killed := StopProcessGroup(pgid, 300*time.Millisecond); !killed {
		t.Error("reported a clean stop for a group that ignores SIGTERM")
	}
	if elapsed := time.Since(start); elapsed < 300*time.Millisecond {
		t.Errorf("killed after %s, before the grace period", elapsed)
	}
	if groupAlive(pgid) {
		t.Fatal("group survived SIGKILL")
	}
}

func TestStartStop(t *testing.T) {
	r := newRunner(t)
	a := helperPart(t, "a", "serve", freePort(t))
	b := helperPart(t, "b", "serve", freePort(t))
	st, err := r.Start(context.Background(), []Part{a, b})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	var pids []int
	for _, pr := range st.running {
		pids = append(pids, pr.cmd.Process.Pid)
	}
	var table strings.Builder
	st.Table(&table)
	if !strings.Contains(table.String(), "a helper") || !strings.Contains(table.String(), b.URL) {
		t.Errorf("table lacks the parts:\n%s", table.String())
	}

	st.Stop()
	st.Stop() // a second stop is harmless
	for i, pid := range pids {
		if groupAlive(pid) {
			t.Errorf("part %d (pid %d) still running after Stop", i, pid)
		}
	}
	for _, p := range []Part{a, b} {
		if !PortFree(p.Ports[0]) {
			t.Errorf("%s's port %d still taken after Stop", p.Name, p.Ports[0])
		}
	}
	log, err := os.ReadFile(r.LogDir + "/a.log")
	if err != nil || !strings.Contains(string(log), "helper listening") || !strings.Contains(string(log), "helper stopping") {
		t.Errorf("a.log = %q, %v; want the helper's output", log, err)
	}
	select {
	case e := <-st.Exited():
		t.Errorf("a stopped part was reported as an unexpected exit: %s", e)
	default:
	}
}

func TestStartFailsWhenAPartDiesAndStopsTheOthers(t *testing.T) {
	r := newRunner(t)
	a := helperPart(t, "a", "serve", freePort(t))
	bad := helperPart(t, "broken", "crash", freePort(t))
	_, err := r.Start(context.Background(), []Part{a, bad})
	if err == nil {
		t.Fatal("Start succeeded with a part that exits")
	}
	for _, want := range []string{"broken helper exited during start-up", "exit status 3", "helper: config is broken", "logs/broken.log"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if !PortFree(a.Ports[0]) {
		t.Error("the part started before the broken one was left running")
	}
}

func TestStartGivesUpAfterTheTimeout(t *testing.T) {
	r := newRunner(t)
	p := helperPart(t, "slow", "serve", freePort(t))
	p.Ready = HTTPProbe{URL: p.URL + "/", OK: func(int) bool { return false }}
	p.Timeout = 700 * time.Millisecond
	_, err := r.Start(context.Background(), []Part{p})
	if err == nil || !strings.Contains(err.Error(), "slow helper did not become ready within 700ms") ||
		!strings.Contains(err.Error(), "helper listening") {
		t.Fatalf("err = %v; want a timeout naming the part, with its log", err)
	}
	if !PortFree(p.Ports[0]) {
		t.Error("the part that never became ready was left running")
	}
}

func TestStartRefusesTakenPortsAndMissingFiles(t *testing.T) {
	r := newRunner(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	p := helperPart(t, "a", "serve", ln.Addr().(*net.TCPAddr).Port)
	if _, err := r.Start(context.Background(), []Part{p}); !errors.As(err, new(*PortInUseError)) {
		t.Errorf("Start on a taken port: %v", err)
	}

	q := helperPart(t, "b", "serve", freePort(t))
	q.Needs = []Need{{Path: ".bin/nothing", Hint: "build it with make build"}}
	_, err = r.Start(context.Background(), []Part{q})
	if err == nil || !strings.Contains(err.Error(), "b helper needs .bin/nothing, which is missing — build it with make build") {
		t.Errorf("Start without a needed file: %v", err)
	}
}

func TestUnexpectedExitIsReported(t *testing.T) {
	r := newRunner(t)
	p := helperPart(t, "a", "serve", freePort(t))
	st, err := r.Start(context.Background(), []Part{p})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Stop()
	_ = syscall.Kill(st.running[0].cmd.Process.Pid, syscall.SIGKILL)
	select {
	case e := <-st.Exited():
		if e.Part.Name != "a" || !strings.Contains(e.String(), "a helper exited unexpectedly (signal: killed)") {
			t.Errorf("exit = %s", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no exit reported for a killed part")
	}
}

func TestStopKillsAPartThatIgnoresSIGTERM(t *testing.T) {
	r := newRunner(t)
	p := helperPart(t, "stubborn", "stubborn", freePort(t))
	p.Ready = TCPProbe{Addr: "127.0.0.1:1"} // never ready: just get it running
	p.Ports = nil
	p.Timeout = 300 * time.Millisecond
	_, err := r.Start(context.Background(), []Part{p})
	if err == nil {
		t.Fatal("expected a readiness timeout")
	}
	log, _ := os.ReadFile(r.LogDir + "/stubborn.log")
	_, after, ok := strings.Cut(string(log), "pid ")
	pid, perr := strconv.Atoi(strings.TrimSpace(after))
	if !ok || perr != nil {
		t.Fatalf("no pid in the helper's log %q", log)
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("stubborn helper (pid %d) left running: kill -0 = %v", pid, err)
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	if !poll.Until(5*time.Second, 20*time.Millisecond, cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}

func TestStopStraysStopsAdoptedOrphans(t *testing.T) {
	if err := AdoptOrphans(); err != nil {
		t.Skipf("cannot become a child subreaper here: %v", err)
	}
	// The shell leaves its background sleep behind in a session of its own, as a browser or a
	// daemon would; when the shell exits, the sleep becomes this process's child.
	out, err := exec.Command("sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!").Output()
	if err != nil {
		t.Skipf("no setsid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("pid %q: %v", out, err)
	}
	waitFor(t, func() bool { _, ppid, err := procState(pid); return err == nil && ppid == os.Getpid() }, "the orphan to be adopted")
	// On a busy machine the orphan can be adopted while setsid is still becoming sleep: its
	// command line is setsid's ("setsid sleep 300"), then empty during the exec. StopStrays names
	// what it stops by its command line, so wait for sleep's own.
	waitFor(t, func() bool {
		cmd, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		return err == nil && strings.HasPrefix(string(cmd), "sleep\x00300")
	}, "the orphan to be sleep 300")

	found := StopStrays(time.Second)
	if len(found) != 1 || !strings.Contains(found[0], "sleep 300") {
		t.Errorf("StopStrays = %q, want the orphaned sleep", found)
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("orphan %d still exists: %v", pid, err)
	}
}
