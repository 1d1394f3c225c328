// Package httpapitest has what a feature's handler tests need to run its mount in the real app
// (httpapi.New) without the whole BFF: options whose edge lets every request through and whose
// cache is always ready.
package httpapitest

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/union-benefits/portal/bff/internal/edgesign"
	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// Options are the app's options for a handler test: its logs go to logs as JSON lines.
func Options(logs io.Writer) httpapi.Options {
	ready := new(atomic.Bool)
	ready.Store(true)
	return httpapi.Options{
		Logger:         slog.New(slog.NewJSONHandler(logs, nil)),
		AllowedOrigins: []string{"http://127.0.0.1:3000"},
		RequestTimeout: 5 * time.Second,
		Ready:          ready,
		Cache:          workingCache{},
		Edge:           anyRequest{},
	}
}

// anyRequest takes every request for one the edge signed.
type anyRequest struct{}

func (anyRequest) Verify(string, time.Time) (edgesign.Claims, error) {
	return edgesign.Claims{Issuer: edgesign.IssuerEdge}, nil
}

// workingCache is a content cache that can always store.
type workingCache struct{}

func (workingCache) Check(context.Context) error { return nil }
