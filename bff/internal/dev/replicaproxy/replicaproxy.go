// Package replicaproxy is the local stack's load balancer in front of several BFF replicas: each
// request goes to the next replica in turn, so consecutive requests of one test land on
// different replicas, as they may behind a production load balancer. Development only.
package replicaproxy

import (
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
)

// Handler sends each request to the next backend, round robin.
type Handler struct {
	backends []*httputil.ReverseProxy
	next     atomic.Uint64
}

// New returns a Handler over the backends' base URLs (http://host:port).
func New(backends []string) (*Handler, error) {
	if len(backends) == 0 {
		return nil, fmt.Errorf("replicaproxy: no backends")
	}
	h := &Handler{}
	for _, b := range backends {
		u, err := url.Parse(b)
		if err != nil || u.Scheme != "http" || u.Host == "" {
			return nil, fmt.Errorf("replicaproxy: backend %q is not an http URL", b)
		}
		// The single-host proxy passes every header on, the edge's signature and the client's
		// address (X-Nf-Client-Connection-Ip) among them: client addresses (and the limits
		// counted by them) are what they would be without this proxy.
		p := httputil.NewSingleHostReverseProxy(u)
		// Answers stream through as the replica writes them.
		p.FlushInterval = -1
		h.backends = append(h.backends, p)
	}
	return h, nil
}

// ServeHTTP hands the request to the next backend.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := (h.next.Add(1) - 1) % uint64(len(h.backends))
	h.backends[i].ServeHTTP(w, r)
}
