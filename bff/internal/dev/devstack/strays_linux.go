package devstack

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Some programs take their children out of the process group the runner kills: Playwright
// starts Chromium in a group of its own, daemons call setsid. Should their parent die first they
// are orphaned, and normally adopted by init, out of the runner's sight. As a child subreaper the
// runner adopts them instead, so StopStrays can find and stop them.

const prSetChildSubreaper = 36

// AdoptOrphans makes this process the one that inherits the orphaned descendants of its children.
func AdoptOrphans() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return errno
	}
	return nil
}

// StopStrays stops every remaining child of this process, which, once all parts and the test
// command have been waited for, can only be adopted orphans: SIGTERM to each and its group, then
// SIGKILL after grace. It reaps them and returns what it found, one "pid command" line each.
func StopStrays(grace time.Duration) []string {
	var found []string
	seen := map[int]int{} // pid → its index in found
	deadline := time.Now().Add(grace)
	killed := false
	for round := 0; round < 200; round++ {
		live, zombies := children()
		for _, pid := range zombies {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		}
		if len(live) == 0 {
			break
		}
		sig := syscall.SIGTERM
		if time.Now().After(deadline) {
			sig, killed = syscall.SIGKILL, true
		}
		for _, pid := range live {
			if i, ok := seen[pid]; !ok {
				seen[pid] = len(found)
				found = append(found, strconv.Itoa(pid)+" "+cmdline(pid))
			} else if strings.HasSuffix(found[i], " ?") {
				// First seen mid-exec, when /proc has no command line: name it now if it can be.
				found[i] = strconv.Itoa(pid) + " " + cmdline(pid)
			}
			if pgid, err := syscall.Getpgid(pid); err == nil && pgid == pid {
				_ = syscall.Kill(-pid, sig)
			}
			_ = syscall.Kill(pid, sig)
		}
		if killed {
			time.Sleep(50 * time.Millisecond)
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	return found
}

// children lists this process's children from /proc, split into live ones and zombies.
func children() (live, zombies []int) {
	self := os.Getpid()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, nil
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		state, ppid, err := procState(pid)
		if err != nil || ppid != self {
			continue
		}
		if state == "Z" {
			zombies = append(zombies, pid)
		} else {
			live = append(live, pid)
		}
	}
	return live, zombies
}

func procState(pid int) (state string, ppid int, err error) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return "", 0, err
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return "", 0, errors.New("malformed stat")
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return "", 0, errors.New("malformed stat")
	}
	ppid, err = strconv.Atoi(f[1])
	return f[0], ppid, err
}

func cmdline(pid int) string {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil || len(b) == 0 {
		return "?"
	}
	s := strings.TrimRight(strings.ReplaceAll(string(b), "\x00", " "), " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
