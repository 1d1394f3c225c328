// Package redistest runs a real redis-server (Debian's redis-server package) for tests: on a
// port of its own, without persistence, in the test's temporary directory, stopped when the
// test ends. A test can stop it and start it again on the same port, as an outage would.
package redistest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/devstack"
)

// Binary is the server the tests run; make deps installs it.
const Binary = "redis-server"

// Server is a redis-server of one test.
type Server struct {
	t    testing.TB
	port int
	dir  string
	cmd  *exec.Cmd
	done chan struct{}
}

// Start starts a redis-server for a unit test, which is skipped when the binary is missing.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath(Binary); err != nil {
		t.Skip("redis-server is not installed (make deps installs it)")
	}
	return Require(t)
}

// Require starts a redis-server for an integration test, which fails when the binary is missing.
func Require(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath(Binary); err != nil {
		t.Fatal("redis-server is not installed: run make deps (Debian's redis-server package)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := &Server{t: t, port: port, dir: t.TempDir()}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// URL is the REDIS_URL of the server.
func (s *Server) URL() string { return "redis://" + s.Addr() }

// Addr is the server's host:port.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// Stop stops the server (its data goes with it); stopping a stopped server does nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	<-s.done
	s.cmd = nil
}

// Restart starts the server on its port, empty, and waits until it answers.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.cmd = exec.Command(Binary, devstack.RedisArgs(s.port, s.dir)...)
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) { _ = cmd.Wait(); close(done) }(s.cmd, s.done)
	probe := devstack.RedisProbe{Addr: s.Addr()}
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := probe.Check(context.Background())
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("redis-server on %s not ready: %v", s.Addr(), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// PTTL is key's time to live on s as Redis reports it (negative: no expiry, or no key).
func PTTL(t testing.TB, s *Server, key string) time.Duration {
	t.Helper()
	conn, err := net.DialTimeout("tcp", s.Addr(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := fmt.Fprintf(conn, "PTTL %s\r\n", key); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, ":") {
		t.Fatalf("PTTL %s: %q %v", key, line, err)
	}
	ms, err := strconv.ParseInt(strings.TrimSpace(line[1:]), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return time.Duration(ms) * time.Millisecond
}

// Logs is a log destination the code under test writes to from its goroutines (a limiter, a
// purge subscription) while the test reads what it said about an outage: safe for both at once.
type Logs struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *Logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
