package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func getWith(h http.Handler, target string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestARepeatRequestWithTheETagIsNotModified(t *testing.T) {
	h := testApp(&docs{}, io.Discard)
	for _, target := range []string{"/api/v1/doc?path=/", "/api/v1/doc?path=/long", "/api/v1/doc?path=/&union=37"} {
		first := getWith(h, target, nil)
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("%s: status %d, ETag %q; want 200 and a strong ETag", target, first.Code, tag)
		}
		if cc := first.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q; want no-cache, as before", target, cc)
		}
		for name, inm := range map[string]string{"the ETag": tag, "weakened by a proxy": "W/" + tag,
			"in a list": `"other", ` + tag, "any": "*"} {
			again := getWith(h, target, map[string]string{"If-None-Match": inm})
			if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("%s with If-None-Match %s: status %d, %d body bytes; want 304 and none", target, name, again.Code, again.Body.Len())
			}
			if again.Header().Get("ETag") != tag || again.Header().Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: the 304 has ETag %q, Cache-Control %q", target, again.Header().Get("ETag"), again.Header().Get("Cache-Control"))
			}
		}
		if other := getWith(h, target, map[string]string{"If-None-Match": `"an older version"`}); other.Code != http.StatusOK ||
			!bytes.Equal(other.Body.Bytes(), first.Body.Bytes()) {
			t.Errorf("%s with another ETag: status %d; want 200 and the document", target, other.Code)
		}
	}
}

func TestGzipIsSentToGzipClientsAndIdentityToTheOthers(t *testing.T) {
	h := testApp(&docs{}, io.Discard)
	const target = "/api/v1/doc?path=/long"
	plain := getWith(h, target, nil)
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
		gz := getWith(h, target, map[string]string{"Accept-Encoding": ae})
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
		if got := getWith(h, target, map[string]string{"Accept-Encoding": ae}); got.Header().Get("Content-Encoding") != "" ||
			!bytes.Equal(got.Body.Bytes(), plain.Body.Bytes()) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q; want the JSON as is", ae, got.Header().Get("Content-Encoding"))
		}
	}
	// Either validator revalidates: both are this version of the document.
	gzTag := getWith(h, target, map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	if got := getWith(h, target, map[string]string{"If-None-Match": gzTag}); got.Code != http.StatusNotModified {
		t.Errorf("identity request with the gzip form's ETag: %d; want 304", got.Code)
	}
	// A document too short for gzip to pay is sent as it is, whatever the client accepts.
	if got := getWith(h, "/api/v1/doc?path=/", map[string]string{"Accept-Encoding": "gzip"}); got.Header().Get("Content-Encoding") != "" {
		t.Errorf("short document: Content-Encoding %q", got.Header().Get("Content-Encoding"))
	}
}
