package uploads

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/contracts"
)

// The checks of a case's documents (spec 2 §5 'Uploads', §9), from contracts/uploads.json.

// rules is uploads.json, loaded once: it is compiled into the binary, so a bad file fails every
// test.
var rules = func() contract {
	c := contracts.Load[contract]("uploads.json")
	for i := range c.Types {
		if _, ok := signatures[c.Types[i].Ext]; !ok {
			panic("contracts/uploads.json: no content check for type " + c.Types[i].Ext)
		}
	}
	return c
}()

type contract struct {
	Limits struct {
		MaxBytes          int64 `json:"maxBytes"`
		ConcurrentUploads int   `json:"concurrentUploads"`
		NameMaxLength     int   `json:"nameMaxLength"`
		ChunkBytes        int64 `json:"chunkBytes"`
		FilesPerCase      int   `json:"filesPerCase"`
		BytesPerDay       int64 `json:"bytesPerDay"`
		UploadsInFlight   int   `json:"uploadsInFlight"`
		InFlightMinutes   int   `json:"inFlightMinutes"`
		ResumableHours    int   `json:"resumableHours"`
	} `json:"limits"`
	Types             []fileType `json:"types"`
	DeniedExtensions  []string   `json:"deniedExtensions"`
	RejectedMimeTypes []string   `json:"rejectedMimeTypes"`
}

// fileType is an accepted type: its extensions, the MIME type the stored object gets, and the
// declared types a browser may send for it besides that one.
type fileType struct {
	Ext          string   `json:"ext"`
	Extensions   []string `json:"extensions"`
	MIME         string   `json:"mime"`
	AlsoDeclared []string `json:"alsoDeclared"`
	Label        string   `json:"label"`
}

// MaxBytes is the largest file accepted: 20 MB (20971520 bytes).
func MaxBytes() int64 { return rules.Limits.MaxBytes }

func msg(key string, pairs ...string) string { return contracts.UploadMessage(key, pairs...) }

// checkName refuses a name that could leave the case's folder or hide what it is: path
// separators, '..', control characters (NUL among them), invalid UTF-8, leading or trailing
// spaces, and names longer than the limit. Names are refused, not rewritten: the member then
// knows exactly which name the grants team will see.
func checkName(name string) error {
	if name == "" {
		return apperr.Field("name", msg("nameInvalid", "name", `""`))
	}
	if utf8.RuneCountInString(name) > rules.Limits.NameMaxLength {
		return apperr.Field("name", msg("nameTooLong", "max", strconv.Itoa(rules.Limits.NameMaxLength)))
	}
	bad := !utf8.ValidString(name) || strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") ||
		strings.ContainsFunc(name, func(r rune) bool {
			// Format characters include the right-to-left override (U+202E), which makes
			// 'invoice' + U+202E + 'fdp.exe' read as 'invoiceexe.pdf'.
			return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
		}) ||
		strings.TrimSpace(name) != name || name == "."
	if bad {
		return apperr.Field("name", msg("nameInvalid", "name", strconv.Quote(name)))
	}
	return nil
}

// typeOf is the accepted type of a file named name whose browser declared the MIME type
// declared. The spec's lists come first, so their messages win: a denied extension ('File type
// exe not allowed.'), then a rejected declared type ('File type not allowed.'); then the
// extension must be an accepted one, and a declared type, when there is one, that type's.
func typeOf(name, declared string) (fileType, error) {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	if ext == "" {
		return fileType{}, apperr.Field("name", msg("mimeNotAllowed"))
	}
	if slices.Contains(rules.DeniedExtensions, ext) {
		return fileType{}, apperr.Field("name", msg("typeNotAllowed", "ext", ext))
	}
	declared = mediaType(declared)
	if rejectedMIME(declared) {
		return fileType{}, apperr.Field("contentType", msg("mimeNotAllowed"))
	}
	for _, t := range rules.Types {
		if !slices.Contains(t.Extensions, ext) {
			continue
		}
		if declared != "" && declared != t.MIME && !slices.Contains(t.AlsoDeclared, declared) {
			return fileType{}, apperr.Field("contentType", msg("mimeNotAllowed"))
		}
		return t, nil
	}
	return fileType{}, apperr.Field("name", msg("typeNotAllowed", "ext", ext))
}

// mediaType is a Content-Type without its parameters, in lower case; "" when there is none.
func mediaType(contentType string) string {
	if strings.TrimSpace(contentType) == "" {
		return ""
	}
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return strings.ToLower(strings.TrimSpace(contentType)) // compared as sent: it matches nothing accepted
	}
	return t
}

// rejectedMIME is the spec's list: java, octet-stream, x-javascript, x-sh and text/php, each
// with the names browsers and systems use for it.
func rejectedMIME(t string) bool {
	return slices.Contains(rules.RejectedMimeTypes, t)
}

// The content checks: a file must start with its type's signature and may not carry a second
// format inside it. The checks run on the bytes as they stream to the bucket, and the last of
// them at the end of the stream, before the object is finished (FileStore.Create).

// headLen is how much of a file's start the signature checks read.
const headLen = 512

// zipTailLen is how far from a file's end a ZIP archive's end record can start: its 22 bytes
// plus a comment of up to 65535.
const zipTailLen = 22 + 65535

// signatures are each type's check of a file's first bytes (fewer when the file is shorter).
var signatures = map[string]func(head []byte) bool{
	"pdf": func(h []byte) bool { return bytes.HasPrefix(h, []byte("%PDF-")) },
	"png": func(h []byte) bool { return bytes.HasPrefix(h, []byte("\x89PNG\r\n\x1a\n")) },
	"jpg": func(h []byte) bool { return bytes.HasPrefix(h, []byte("\xff\xd8\xff")) },
	// Word 97-2003 files are OLE2 compound files.
	"doc": func(h []byte) bool { return bytes.HasPrefix(h, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")) },
	// A .docx is a ZIP package whose parts are the Office Open XML ones. Only the first entry
	// can be read without the whole file; every writer of Word documents puts a package part
	// first, where a renamed archive shows whatever it holds.
	"docx": func(h []byte) bool {
		if !bytes.HasPrefix(h, []byte("PK\x03\x04")) || len(h) < 30 {
			return false
		}
		n := int(h[26]) | int(h[27])<<8
		if 30+n > len(h) {
			return false
		}
		first := string(h[30 : 30+n])
		return first == "[Content_Types].xml" || strings.HasPrefix(first, "_rels/") ||
			strings.HasPrefix(first, "docProps/") || strings.HasPrefix(first, "word/") ||
			strings.HasPrefix(first, "customXml/")
	},
}

// zipEnd is a ZIP archive's end record; found near the end of anything but a .docx it means an
// archive (a JAR among them) was appended to a file that opens as a document.
var zipEnd = []byte("PK\x05\x06")

// markers are signs of script inside a document, matched without regard to case anywhere in the
// stream: HTML script that a browser would run were the file ever served as HTML, PHP that a
// misconfigured server would run, and PDF actions that run code when the grants team opens the
// file. Each is long enough that compressed data does not contain it by chance (one in 2^50
// bytes or rarer).
var markers = [][]byte{
	[]byte("<script"),
	[]byte("<?php "), []byte("<?php\n"), []byte("<?php\r"), []byte("<?php\t"),
	[]byte("/javascript"),
	[]byte("/launch"),
}

// markerOverlap is how many bytes of one read a marker may start in and end in the next: a
// marker's length less one, three times over, as a PDF name may write each byte as #xx.
var markerOverlap = 3 * (len(slices.MaxFunc(markers, func(a, b []byte) int { return len(a) - len(b) })) - 1)

// hasMarker says whether lower-cased b holds a marker.
func hasMarker(b []byte) bool {
	for _, m := range markers {
		if bytes.Contains(b, m) {
			return true
		}
	}
	return false
}

// errTooLarge is a stream longer than MaxBytes.
var errTooLarge = errors.New("uploads: over the size limit")

// errTruncated is a stream that ended before its declared length.
var errTruncated = errors.New("uploads: the body ended before its declared length")

// checked reads a file's bytes through every content check. A check that fails, or more bytes
// than the limit, fail the Read with the check's error instead of handing on more bytes, so
// the store abandons the upload; the end of the stream is handed on only when every check has
// passed.
type checked struct {
	r      io.Reader
	t      fileType
	name   string
	length int64 // the declared length; negative when none was declared
	n      int64
	head   []byte
	headOK bool
	carry  []byte // the last markerOverlap bytes read, lower-cased
	tail   []byte // the last zipTailLen bytes read
	pdf    *pdfScan
	err    error
}

func newChecked(r io.Reader, t fileType, name string, length int64) *checked {
	c := &checked{r: r, t: t, name: name, length: length, head: make([]byte, 0, headLen)}
	if t.Ext == "pdf" {
		c.pdf = &pdfScan{}
	}
	return c
}

func (c *checked) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	if n > 0 {
		if ferr := c.take(p[:n]); ferr != nil {
			c.err = ferr
			return 0, ferr
		}
	}
	if errors.Is(err, io.EOF) {
		if ferr := c.finish(); ferr != nil {
			c.err = ferr
			return n, ferr
		}
	}
	return n, err
}

// take checks the next bytes of the stream.
func (c *checked) take(b []byte) error {
	c.n += int64(len(b))
	if c.n > rules.Limits.MaxBytes {
		return errTooLarge
	}
	if !c.headOK {
		room := headLen - len(c.head)
		c.head = append(c.head, b[:min(room, len(b))]...)
		if len(c.head) == headLen {
			if !signatures[c.t.Ext](c.head) {
				return c.notThisType()
			}
			c.headOK = true
		}
	}
	// Markers are searched in the carried bytes plus the new ones, so one split across two
	// reads is found.
	window := asciiLower(append(c.carry, b...))
	if hasMarker(window) || c.pdf != nil && hasMarker(decodeNames(bytes.Clone(window))) {
		return c.notThisType()
	}
	c.carry = append(c.carry[:0], window[max(0, len(window)-markerOverlap):]...)
	if c.pdf != nil {
		if err := c.pdf.take(b); err != nil {
			return c.pdfError(err)
		}
	}
	c.tail = append(c.tail, b...)
	if len(c.tail) > zipTailLen {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-zipTailLen:]...)
	}
	return nil
}

// finish runs the checks that need the whole stream.
func (c *checked) finish() error {
	if c.length >= 0 && c.n != c.length {
		// The connection ended before the declared length: the server reports the end of a
		// broken body of known length as a plain end, and a cut-off file must not be stored.
		return errTruncated
	}
	if c.n == 0 {
		return apperr.Field("file", msg("empty", "name", c.name))
	}
	if !c.headOK && !signatures[c.t.Ext](c.head) {
		return c.notThisType()
	}
	if c.t.Ext != "docx" && bytes.Contains(c.tail, zipEnd) {
		return c.notThisType()
	}
	if c.pdf != nil {
		if err := c.pdf.finish(); err != nil {
			return c.pdfError(err)
		}
	}
	return nil
}

// pdfError is what the member is told of what the PDF checks found: a script is the type's
// mismatch like any other, an object stream that cannot be read its own message.
func (c *checked) pdfError(err error) error {
	if errors.Is(err, errUncheckablePDF) {
		return apperr.Field("file", msg("pdfUnchecked", "name", c.name))
	}
	return c.notThisType()
}

func (c *checked) notThisType() error {
	return apperr.Field("file", msg("contentMismatch", "name", c.name, "type", c.t.Label))
}

// asciiLower lower-cases b's ASCII letters in place; other bytes stay as they are (a file's bytes
// are not text).
func asciiLower(b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// objectPath is where a member's case's file is stored: forms/uploads/{uid}/{caseId}/{name}
// (spec 2 §7). An empty uid or case id is the spec's 'UID is required.' or 'ID is required.';
// callers pass the uid of the session and a checked name.
func objectPath(uid, caseID, name string) (string, error) {
	if uid == "" {
		return "", apperr.New(apperr.Unauthenticated, msg("uidRequired"))
	}
	if caseID == "" {
		return "", apperr.Field("caseId", msg("idRequired"))
	}
	return fmt.Sprintf("forms/uploads/%s/%s/%s", uid, caseID, name), nil
}

// folder is the case's folder, with its trailing slash.
func folder(uid, caseID string) (string, error) {
	p, err := objectPath(uid, caseID, "")
	return p, err
}
