package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/httpapi/handlertest"
)

func TestARepeatRequestWithTheETagIsNotModified(t *testing.T) {
	h := testApp(&docs{}, io.Discard)
	handlertest.CheckNotModified(t, h, []string{"/api/v1/doc?path=/", "/api/v1/doc?path=/long", "/api/v1/doc?path=/&union=37"})
}

func TestGzipIsSentToGzipClientsAndIdentityToTheOthers(t *testing.T) {
	h := testApp(&docs{}, io.Discard)
	const target = "/api/v1/doc?path=/long"
	plain := handlertest.Get(h, target, nil)
	if plain.Code != http.StatusOK || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("no Accept-Encoding: status %d, Content-Encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
	}
	if !strings.Contains(plain.Header().Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q; want Accept-Encoding", plain.Header().Get("Vary"))
	}
	if ct := plain.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	for _, ae := range []string{"gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8", "*", "GZIP"} {
		gz := handlertest.Get(h, target, map[string]string{"Accept-Encoding": ae})
		if gz.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q; want gzip", ae, gz.Header().Get("Content-Encoding"))
			continue
		}
		zr, err := gzip.NewReader(gz.Body)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(raw, plain.Body.Bytes()) {
			t.Errorf("Accept-Encoding %q: the gzip form is not the document (%v)", ae, err)
		}
		if gz.Body.Len() >= plain.Body.Len() {
			t.Errorf("gzip %d bytes, identity %d", gz.Body.Len(), plain.Body.Len())
		}
		if tag := gz.Header().Get("ETag"); tag == plain.Header().Get("ETag") || !strings.HasPrefix(tag, `"`) {
			t.Errorf("the gzip form's ETag %q; want a strong one of its own", tag)
		}
		if !strings.Contains(gz.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("gzip: Vary %q", gz.Header().Get("Vary"))
		}
	}
	for _, ae := range []string{"identity", "br", "gzip;q=0", "*;q=0", "br, *;q=0", "gzip;q=0, *"} {
		if got := handlertest.Get(h, target, map[string]string{"Accept-Encoding": ae}); got.Header().Get("Content-Encoding") != "" ||
			!bytes.Equal(got.Body.Bytes(), plain.Body.Bytes()) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q; want the JSON as is", ae, got.Header().Get("Content-Encoding"))
		}
	}
	// Either validator revalidates: both are this version of the document.
	gzTag := handlertest.Get(h, target, map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	if got := handlertest.Get(h, target, map[string]string{"If-None-Match": gzTag}); got.Code != http.StatusNotModified {
		t.Errorf("identity request with the gzip form's ETag: %d; want 304", got.Code)
	}
	// A document too short for gzip to pay is sent as it is, whatever the client accepts.
	if got := handlertest.Get(h, "/api/v1/doc?path=/", map[string]string{"Accept-Encoding": "gzip"}); got.Header().Get("Content-Encoding") != "" {
		t.Errorf("short document: Content-Encoding %q", got.Header().Get("Content-Encoding"))
	}
}
