package portal

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// A document worth compressing is kept gzipped only, and a client without gzip still gets its
// exact JSON; a short one is kept as it is. Either way the cache is charged for what it keeps.
func TestEncodedKeepsTheGzipFormAndGivesBackTheJSON(t *testing.T) {
	doc := map[string]string{"body": strings.Repeat("union benefits ", 200)}
	want, _ := json.Marshal(doc)
	e, err := Encode(doc, "page|/|visitor")
	if err != nil {
		t.Fatal(err)
	}
	if e.Gzip == nil || e.json != nil {
		t.Fatalf("a %d-byte document should be kept gzipped only", len(want))
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.Gzip))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, want) {
		t.Fatal("the gzip form is not the document's JSON")
	}
	if got, err := e.Identity(); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("Identity: %v, equal %v", err, bytes.Equal(got, want))
	}
	if e.Size() >= int64(len(want))/2 {
		t.Fatalf("charged %d bytes for a %d-byte document that compresses well", e.Size(), len(want))
	}
	if e.GzipETag == e.ETag || !strings.HasSuffix(e.GzipETag, `-gzip"`) {
		t.Fatalf("validators %s and %s", e.ETag, e.GzipETag)
	}

	short, _ := Encode(map[string]string{"kind": "redirect"}, "page|/x|visitor")
	if short.Gzip != nil || short.GzipETag != "" {
		t.Fatal("a short document should not be compressed")
	}
	if got, _ := short.Identity(); string(got) != `{"kind":"redirect"}` {
		t.Fatalf("Identity of a short document: %s", got)
	}
	// The variant is part of the validator: two readers never share one for equal bytes.
	other, _ := Encode(doc, "page|/|member")
	if other.ETag == e.ETag {
		t.Fatal("a member's and a visitor's document share an ETag")
	}
}
