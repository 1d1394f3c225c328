//go:build unix

package devstack

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Every part runs in a process group of its own, for two reasons: a terminal's Ctrl-C reaches
// only the runner, which then stops the parts in order instead of all of them dying at once; and
// stopping a part signals its whole group, so the processes a part spawns (npm → sh → next, the
// firebase CLI's workers) go with it instead of being left behind.

// SetProcessGroup makes cmd start in a new process group of its own, led by its process.
func SetProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// StopProcessGroup asks process group pgid to end (SIGTERM), waits up to grace for every member
// to be gone, then kills what is left (SIGKILL). It returns whether SIGKILL was needed. The
// group's leader must be waited for by its parent meanwhile, or it lingers as a zombie.
func StopProcessGroup(pgid int, grace time.Duration) (killed bool) {
	if pgid <= 0 {
		return false
	}
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	if waitGroupGone(pgid, grace) {
		return false
	}
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	waitGroupGone(pgid, 5*time.Second)
	return true
}

func waitGroupGone(pgid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if !groupAlive(pgid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// groupAlive reports whether any live process is in group pgid. Zombies do not count: an
// orphaned member that has exited waits for init to reap it, and signalling it is pointless.
func groupAlive(pgid int) bool {
	if members, err := groupMembers(pgid); err == nil {
		return len(members) > 0
	}
	// No /proc (not Linux): the kernel's answer, which counts zombies too.
	err := syscall.Kill(-pgid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// groupMembers lists the live (non-zombie) processes of group pgid from /proc.
func groupMembers(pgid int) ([]int, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // exited meanwhile
		}
		// "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if g, err := strconv.Atoi(f[2]); err == nil && g == pgid {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}
