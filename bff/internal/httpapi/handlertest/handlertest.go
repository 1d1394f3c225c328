// Package handlertest drives a fiber app as an http.Handler in handler tests, and checks what
// every document route must do with a conditional GET. It does not import httpapi, so httpapi's
// own tests use it as well as the features' (with httpapitest's options).
package handlertest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// Handler serves each request through app.Test.
func Handler(app *fiber.App) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		resp, err := app.Test(r)
		if err != nil {
			panic(err)
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	})
}

// Do serves r, and answers the response with its body decoded as a JSON object (nil if it is not
// one).
func Do(h http.Handler, r *http.Request) (*httptest.ResponseRecorder, map[string]any) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	var body map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	return rec, body
}

// Get serves a GET of target with the headers hdr.
func Get(h http.Handler, target string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// CheckNotModified checks each target's document: a 200 with a strong ETag and Cache-Control
// no-cache, a 304 with neither body nor other validators for a repeat that names the ETag (as
// is, weakened, in a list, or any), and the document again for a repeat that names another.
func CheckNotModified(t *testing.T, h http.Handler, targets []string) {
	t.Helper()
	for _, target := range targets {
		first := Get(h, target, nil)
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("%s: status %d, ETag %q; want 200 and a strong ETag", target, first.Code, tag)
		}
		if cc := first.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q; want no-cache, as before", target, cc)
		}
		for name, inm := range map[string]string{"the ETag": tag, "weakened by a proxy": "W/" + tag,
			"in a list": `"other", ` + tag, "any": "*"} {
			again := Get(h, target, map[string]string{"If-None-Match": inm})
			if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("%s with If-None-Match %s: status %d, %d body bytes; want 304 and none", target, name, again.Code, again.Body.Len())
			}
			if again.Header().Get("ETag") != tag || again.Header().Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: the 304 has ETag %q, Cache-Control %q", target, again.Header().Get("ETag"), again.Header().Get("Cache-Control"))
			}
		}
		if other := Get(h, target, map[string]string{"If-None-Match": `"an older version"`}); other.Code != http.StatusOK ||
			!bytes.Equal(other.Body.Bytes(), first.Body.Bytes()) {
			t.Errorf("%s with another ETag: status %d; want 200 and the document", target, other.Code)
		}
	}
}
