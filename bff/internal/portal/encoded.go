package portal

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
)

// Encoded is a document in the form the BFF sends it: its JSON, the gzip of that JSON, and a
// strong ETag of each. Cached documents are kept like this, so a request for one costs no
// encoding: the bytes are written as they are. The value is shared between requests and must
// not be changed.
type Encoded struct {
	JSON     []byte
	Gzip     []byte // nil when the JSON is too short for gzip to pay
	ETag     string // of JSON, quoted
	GzipETag string // of Gzip, quoted; "" without Gzip
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
	e := &Encoded{JSON: raw, ETag: etag(variant, raw)}
	if len(raw) >= minGzip {
		var buf bytes.Buffer
		buf.Grow(len(raw) / 4)
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		_, _ = zw.Write(raw)
		if err := zw.Close(); err != nil {
			return nil, err
		}
		// The gzip form's bytes differ, so it has a validator of its own (RFC 9110 8.8.3):
		// a cache holding both must not take one for the other.
		e.Gzip = bytes.Clone(buf.Bytes())
		e.GzipETag = e.ETag[:len(e.ETag)-1] + `-gzip"`
	}
	return e, nil
}

// Size is what the encoded document holds in memory: its bytes and tags.
func (e *Encoded) Size() int64 {
	return int64(len(e.JSON) + len(e.Gzip) + len(e.ETag) + len(e.GzipETag))
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
