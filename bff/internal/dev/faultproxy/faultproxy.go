// Package faultproxy stands between the BFF and one upstream in fault tests: it passes
// connections through, or takes the upstream down (connections are cut as soon as they open),
// holds them without a word (a hung upstream), or answers every connection with HTTP garbage. A
// switch takes effect at once, cutting the connections already open, so a test can break an
// upstream and bring it back and watch the BFF recover by itself.
package faultproxy

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Mode is what the proxy does with connections.
type Mode int32

const (
	Pass    Mode = iota // forward to the upstream
	Down                // accept and close at once: the upstream is gone
	Stall               // accept and never answer: the upstream hangs
	Garbage             // answer 200 with a body that is no document at all
)

// garbage is an HTTP answer any client reads as a successful reply that makes no sense.
const garbage = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 18\r\nConnection: close\r\n\r\n<html>oops</html>\n"

// Proxy is one upstream's stand-in address.
type Proxy struct {
	ln     net.Listener
	target string
	mode   atomic.Int32
	mu     sync.Mutex
	conns  map[net.Conn]struct{}
	wg     sync.WaitGroup
}

// Start listens on loopback and forwards to target (host:port) until the test ends.
func Start(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	t.Cleanup(p.close)
	return p
}

// Addr is the host:port to point the BFF at.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Set switches the mode and cuts every connection open now, as an upstream that dies or restarts
// does: no pooled connection carries on as if nothing happened, and none held by Stall outlives
// it.
func (p *Proxy) Set(m Mode) {
	p.mode.Store(int32(m))
	p.cutAll()
}

func (p *Proxy) serve() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			p.handle(c)
		}()
	}
}

func (p *Proxy) handle(c net.Conn) {
	if !p.track(c) {
		c.Close()
		return
	}
	defer p.untrack(c)
	switch Mode(p.mode.Load()) {
	case Down:
		return
	case Stall:
		_, _ = io.Copy(io.Discard, c) // until the client gives up or Set cuts it
		return
	case Garbage:
		_, _ = io.WriteString(c, garbage)
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	if !p.track(up) {
		up.Close()
		return
	}
	defer p.untrack(up)
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done // either side ending ends both
}

// track remembers an open connection; false once the proxy is closing.
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

func (p *Proxy) cutAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
}

func (p *Proxy) close() {
	p.ln.Close()
	p.cutAll()
	p.mu.Lock()
	p.conns = nil
	p.mu.Unlock()
	p.wg.Wait()
}
