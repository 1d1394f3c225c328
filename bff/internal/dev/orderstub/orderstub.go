// Package orderstub is the offline stand-in of the store's order system: it serves the GraphQL
// schema of contracts/orders.graphql over the recorded products and orders in fixtures/orders/,
// so the BFF's real genqlient client can be run and tested without the production service.
// Orders placed through it live in memory until the process ends.
package orderstub

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	graphql "github.com/graph-gophers/graphql-go"

	"github.com/union-benefits/portal/bff/internal/config"
)

// SchemaFile is where the schema lives, relative to the repository root.
const SchemaFile = "contracts/orders.graphql"

// maxBody bounds a GraphQL request; real operations are a few hundred bytes.
const maxBody = 1 << 20

// DevToken is the credential the stand-in takes unless told another (WithToken): the one the
// stack and the test harness give the BFF as ORDERS_TOKEN. Like the production order system, the
// stand-in answers no operation without it, so a BFF that stops sending it fails here first.
const DevToken = config.DevOrdersToken

// Option adjusts NewHandler.
type Option func(*options)

type options struct {
	schemaPath string
	token      string
	now        func() time.Time
}

// WithSchemaFile reads the schema from path instead of looking for SchemaFile above the data
// directory.
func WithSchemaFile(path string) Option { return func(o *options) { o.schemaPath = path } }

// WithToken is the bearer token every GraphQL request must carry, instead of DevToken.
func WithToken(token string) Option { return func(o *options) { o.token = token } }

// WithClock fixes the time new orders are stamped with, for tests.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// NewHandler returns the stand-in's HTTP handler over the fixtures in dataDir (products.json and
// orders.json): POST /graphql executes operations, GET /healthz answers 200, and
// GET /images/{id}.svg draws a placeholder product image. Unless WithSchemaFile is given, the
// schema is found by walking up from dataDir to the directory holding SchemaFile, which is the
// repository root for the usual dataDir fixtures/orders.
func NewHandler(dataDir string, opts ...Option) (http.Handler, error) {
	o := options{now: time.Now, token: DevToken}
	for _, opt := range opts {
		opt(&o)
	}
	if o.schemaPath == "" {
		p, err := findSchema(dataDir)
		if err != nil {
			return nil, err
		}
		o.schemaPath = p
	}
	sdl, err := os.ReadFile(o.schemaPath)
	if err != nil {
		return nil, fmt.Errorf("read order schema: %w", err)
	}
	st, err := loadStore(dataDir)
	if err != nil {
		return nil, err
	}
	schema, err := graphql.ParseSchema(string(sdl), &rootResolver{store: st, now: o.now},
		graphql.UseStringDescriptions(), graphql.MaxDepth(10))
	if err != nil {
		return nil, fmt.Errorf("order schema %s does not match the stand-in's resolvers: %w", o.schemaPath, err)
	}

	mux := http.NewServeMux()
	mux.Handle("POST /graphql", requireToken(o.token, &graphqlHandler{schema: schema}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /images/{file}", st.serveImage)
	return mux, nil
}

func findSchema(dataDir string) (string, error) {
	dir, err := filepath.Abs(dataDir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, SchemaFile)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s in %s or any directory above it; pass the schema with WithSchemaFile", SchemaFile, dataDir)
		}
		dir = parent
	}
}

type graphqlHandler struct{ schema *graphql.Schema }

func (h *graphqlHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		http.Error(w, "request body must be a GraphQL request in JSON: "+err.Error(), http.StatusBadRequest)
		return
	}
	ctx := context.WithValue(r.Context(), baseKey{}, requestBase(r))
	resp := h.schema.Exec(ctx, req.Query, req.OperationName, req.Variables)
	b, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "encode response: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}

type baseKey struct{}

// requestBase is the stand-in's own origin as the caller reached it, which image paths are made
// absolute against.
func requestBase(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func baseURL(ctx context.Context) string {
	s, _ := ctx.Value(baseKey{}).(string)
	return s
}

// errNoImage is the answer for an image of an unknown product.
var errNoImage = errors.New("no such image")

// requireToken answers 401 to a request without the bearer token, before it is read.
func requireToken(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="orders"`)
			http.Error(w, "this order system answers only its clients", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
