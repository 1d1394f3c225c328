package devstack

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// dialTimeout bounds one TCP connection attempt to a local port.
const dialTimeout = time.Second

// Probe tells whether a part is ready to serve.
type Probe interface {
	// Check returns nil once the part is ready, or why it is not yet.
	Check(ctx context.Context) error
	// String says what is probed, for messages.
	String() string
}

// HTTPProbe is ready when a GET of URL answers a status OK accepts; a nil OK means 200. Body, if
// set, must also accept the response body.
type HTTPProbe struct {
	URL  string
	OK   func(status int) bool
	Body func(body []byte) error
}

// Check makes one request.
func (p HTTPProbe) Check(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.URL, nil)
	if err != nil {
		return err
	}
	resp, err := probeClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	ok := p.OK
	if ok == nil {
		ok = func(s int) bool { return s == http.StatusOK }
	}
	if !ok(resp.StatusCode) {
		return fmt.Errorf("answered %s", resp.Status)
	}
	if p.Body != nil {
		return p.Body(body)
	}
	return nil
}

// String names the request.
func (p HTTPProbe) String() string { return "GET " + p.URL }

// probeClient never follows redirects (a redirect is an answer) and uses no proxy: every part
// is on this machine.
var probeClient = &http.Client{
	Transport:     &http.Transport{Proxy: nil, DisableKeepAlives: true},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// TCPProbe is ready when a TCP connection to Addr succeeds.
type TCPProbe struct{ Addr string }

// Check makes one connection.
func (p TCPProbe) Check(ctx context.Context) error {
	conn, err := dial(ctx, p.Addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

// String names the address.
func (p TCPProbe) String() string { return "TCP connect to " + p.Addr }

// dial connects to addr over TCP, giving up after dialTimeout.
func dial(ctx context.Context, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: dialTimeout}
	return d.DialContext(ctx, "tcp", addr)
}

// RedisProbe is ready when Redis at Addr answers PING with PONG: a Redis still loading refuses
// commands though it accepts connections.
type RedisProbe struct{ Addr string }

// Check sends one PING.
func (p RedisProbe) Check(ctx context.Context) error {
	conn, err := dial(ctx, p.Addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(dialTimeout))
	if _, err := conn.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	buf := make([]byte, 64)
	n, err := conn.Read(buf)
	if err != nil {
		return err
	}
	if string(buf[:n]) != "+PONG\r\n" {
		return fmt.Errorf("answered %q", buf[:n])
	}
	return nil
}

// String names the address.
func (p RedisProbe) String() string { return "Redis PING to " + p.Addr }
