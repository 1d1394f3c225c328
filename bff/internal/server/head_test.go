package server_test

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

// The Next.js proxy asks whether an address has a page, and what it is, by a HEAD of the document
// its render would fetch (frontend/lib/missingPage.ts): each such document answers HEAD with its
// GET's status and no body on the wire, and a page document says its kind in Page-Kind.
func TestAHeadOfADocumentAnswersItsStatusAndKindWithoutTheBody(t *testing.T) {
	b := harness.StartOnFixtures(t)
	type answer struct {
		status int
		kind   string // the Page-Kind header; "" for documents other than a page's
	}
	for target, want := range map[string]answer{
		"/api/v1/page?path=/":                           {http.StatusOK, "page"},
		"/api/v1/page?path=/style-guide":                {http.StatusOK, "page"},
		"/api/v1/page?path=/signin":                     {http.StatusOK, "redirect"},
		"/api/v1/page?path=/member-toolkit":             {http.StatusOK, "gated"},
		"/api/v1/page?path=/no/such/page":               {http.StatusNotFound, ""},
		"/api/v1/page?path=home":                        {http.StatusBadRequest, ""},
		"/api/v1/blog/money-tips?topic=211":             {http.StatusOK, ""},
		"/api/v1/blog/no-such-category":                 {http.StatusNotFound, ""},
		"/api/v1/blog/money-tips/5512":                  {http.StatusOK, ""},
		"/api/v1/blog/money-tips/1":                     {http.StatusNotFound, ""},
		"/api/v1/page?path=/benefits/wireless&union=37": {http.StatusOK, "page"},
	} {
		// As the Next.js server sends it: straight to the BFF, signed, for a visitor's address.
		conn, err := net.Dial("tcp", strings.TrimPrefix(b.Direct, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		var req bytes.Buffer
		req.WriteString("HEAD " + target + " HTTP/1.1\r\nHost: bff\r\nConnection: close\r\n")
		_ = harness.ServerHeaders("203.0.113.9").Write(&req)
		req.WriteString("\r\n")
		if _, err := conn.Write(req.Bytes()); err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(conn)
		conn.Close()
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(raw)), &http.Request{Method: http.MethodHead})
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		_, rest, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
		got := answer{resp.StatusCode, resp.Header.Get("Page-Kind")}
		if got != want || len(rest) != 0 {
			t.Errorf("HEAD %s: %+v with %d body bytes; want %+v and none", target, got, len(rest), want)
		}
		if get, _, _ := harness.Get(t, b.URL+target); get != resp.StatusCode {
			t.Errorf("HEAD %s: %d, GET %d; want the same", target, resp.StatusCode, get)
		}
	}
}

// A page document says which union it was read for (Reader-Union), so the page cache in front keys
// a visitor's page by it: a made-up union is the site's fallback, like none at all, and makes no
// page of its own (before, every made-up ?union= or union cookie was a cache entry of its own).
func TestADocumentSaysTheUnionItWasReadFor(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for query, want := range map[string]string{
		"":                     "",
		"&union=37":            "37",
		"&union=no-such-union": "",
		"&union=9999999":       "",
	} {
		status, h, _ := harness.Get(t, b.URL+"/api/v1/page?path=/"+query)
		if status != http.StatusOK || h.Get("Reader-Union") != want || len(h.Values("Reader-Union")) != 1 {
			t.Errorf("union %q: %d, Reader-Union %q; want %q", query, status, h.Values("Reader-Union"), want)
		}
	}
}
