package traces

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
)

// maxBody bounds one export: a batch of a few thousand spans.
const maxBody = 32 << 20

// NewHandler serves the viewer over store:
//
//	POST   /v1/traces         OTLP/HTTP export, protobuf or JSON (gzip or not)
//	GET    /                  the newest traces, a page
//	GET    /traces/{traceId}  one trace's waterfall, a page
//	GET    /api/traces        the newest traces as JSON ({"traces": [Summary...]}; ?limit=, default 100)
//	GET    /api/traces/{id}   one trace as JSON (Trace), 404 while none of its spans has arrived
//	DELETE /api/traces        forget every trace
//	GET    /healthz
func NewHandler(store *Store) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/traces", func(w http.ResponseWriter, r *http.Request) { receive(store, w, r) })
	mux.HandleFunc("OPTIONS /v1/traces", func(w http.ResponseWriter, _ *http.Request) {
		// A browser's exporter asks first; the viewer is a development tool on loopback.
		allowBrowsers(w)
		w.Header().Set("Access-Control-Allow-Methods", "POST")
		w.Header().Set("Access-Control-Allow-Headers", "Content-Type, Content-Encoding")
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /api/traces", func(w http.ResponseWriter, r *http.Request) {
		limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
		if err != nil || limit <= 0 {
			limit = 100
		}
		writeJSON(w, http.StatusOK, map[string]any{"traces": store.List(limit)})
	})
	mux.HandleFunc("GET /api/traces/{id}", func(w http.ResponseWriter, r *http.Request) {
		t, ok := store.Get(r.PathValue("id"))
		if !ok {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": "no span of this trace has arrived"})
			return
		}
		writeJSON(w, http.StatusOK, t)
	})
	mux.HandleFunc("DELETE /api/traces", func(w http.ResponseWriter, _ *http.Request) {
		store.Clear()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) { render(w, listPage, store.List(200)) })
	mux.HandleFunc("GET /traces/{id}", func(w http.ResponseWriter, r *http.Request) {
		t, ok := store.Get(r.PathValue("id"))
		if !ok {
			w.WriteHeader(http.StatusNotFound)
		}
		render(w, tracePage, waterfall(t, r.PathValue("id")))
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	return mux
}

// receive takes one OTLP/HTTP export and answers as the protocol says: an empty
// ExportTraceServiceResponse in the request's encoding.
func receive(store *Store, w http.ResponseWriter, r *http.Request) {
	allowBrowsers(w)
	var body io.Reader = http.MaxBytesReader(w, r.Body, maxBody)
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(body)
		if err != nil {
			http.Error(w, "body is not gzip", http.StatusBadRequest)
			return
		}
		defer zr.Close()
		body = io.LimitReader(zr, maxBody)
	}
	data, err := io.ReadAll(body)
	if err != nil {
		http.Error(w, "body unreadable", http.StatusBadRequest)
		return
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var spans []Span
	switch ct {
	case "application/x-protobuf":
		spans, err = decodeProto(data)
	case "application/json":
		spans, err = decodeJSON(data)
	default:
		http.Error(w, "Content-Type must be application/x-protobuf or application/json", http.StatusUnsupportedMediaType)
		return
	}
	if err != nil {
		http.Error(w, "not an ExportTraceServiceRequest: "+err.Error(), http.StatusBadRequest)
		return
	}
	store.Add(spans)
	w.Header().Set("Content-Type", ct)
	if ct == "application/json" {
		_, _ = io.WriteString(w, "{}")
	} // the protobuf encoding of an empty response is no bytes
}

func allowBrowsers(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
