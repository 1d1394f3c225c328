package portal

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
)

// Encoded is a document in the form the BFF sends it, with a strong ETag of each form. Cached
// documents are kept like this, so a request for one costs no encoding: the bytes are written as
// they are. The value is shared between requests and must not be changed.
//
// A document long enough to compress is kept gzipped only: every caller of ours asks for gzip
// (browsers, and Next's server-side fetch), so the JSON is rebuilt from it (Identity) for the
// rare client that does not, and the cache holds about a sixth of the bytes. That is what lets
// ten thousand documents stay cached within the BFF's memory budget.
type Encoded struct {
	json     []byte // the JSON, kept only when too short for gzip to pay
	Gzip     []byte // the gzipped JSON; nil when the JSON is kept instead
	ETag     string // of the JSON, quoted
	GzipETag string // of Gzip, quoted; "" without Gzip
	// PageKind is what the page endpoint's document is (content.PageResult.Kind), sent in its
	// Page-Kind header so a HEAD tells what a status alone cannot; "" for every other document.
	PageKind string
}

// minGzip is the shortest JSON worth compressing: below it, gzip's header and trailer (18
// bytes) and its block overhead eat what it saves.
const minGzip = 512

// Encode encodes v as the BFF answers it (encoding/json, as Fiber's c.JSON does) and compresses
// it. variant names the representation (e.g. the reader the document was shaped for): it goes
// into the ETag, so two readers' documents never share a validator even when their bytes
// happen to agree, and a validator a member's browser holds never revalidates a visitor's copy.
func Encode(v any, variant string) (*Encoded, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	e := &Encoded{ETag: etag(variant, raw)}
	if len(raw) < minGzip {
		e.json = raw
		return e, nil
	}
	var buf bytes.Buffer
	buf.Grow(len(raw) / 4)
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	_, _ = zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	// The gzip form's bytes differ, so it has a validator of its own (RFC 9110 8.8.3): a cache
	// holding both must not take one for the other.
	e.Gzip = bytes.Clone(buf.Bytes())
	e.GzipETag = e.ETag[:len(e.ETag)-1] + `-gzip"`
	return e, nil
}

// Identity is the document's JSON: the kept bytes, or the gzip form inflated (a new slice).
func (e *Encoded) Identity() ([]byte, error) {
	if e.Gzip == nil {
		return e.json, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.Gzip))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// Size is what the encoded document holds in memory: its bytes and tags.
func (e *Encoded) Size() int64 {
	return int64(len(e.json) + len(e.Gzip) + len(e.ETag) + len(e.GzipETag) + len(e.PageKind))
}

// etag is a strong validator of the bytes (and the variant they were shaped for): 128 bits of
// SHA-256, quoted.
func etag(variant string, raw []byte) string {
	h := sha256.New()
	h.Write([]byte(variant))
	h.Write([]byte{0})
	h.Write(raw)
	return `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16]) + `"`
}
