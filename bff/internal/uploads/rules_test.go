package uploads

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest/samples"
)

func message(err error) string {
	if err == nil {
		return ""
	}
	e := apperr.From(err)
	if len(e.Fields) > 0 {
		return e.Fields[0].Message
	}
	return e.Message
}

func TestNamesThatCouldLeaveTheFolderOrHideWhatTheyAreAreRefused(t *testing.T) {
	for _, name := range []string{
		"pay-stub.pdf", "Pay Stub (August) 2026.PDF", "résumé.docx", "scan 1.jpeg", "a.b.c.png",
	} {
		if err := checkName(name); err != nil {
			t.Errorf("%q refused: %v", name, err)
		}
	}
	invalid := "The file name %q cannot be used: names may not contain slashes, '..' or control characters. Please rename the file."
	for _, name := range []string{
		"../../other/evil.pdf", "a/b.pdf", `a\b.pdf`, "..pdf", "x..pdf", "evil\x00.pdf", "line\nbreak.pdf",
		"tab\t.pdf", "invoice\u202efdp.exe", " lead.pdf", "trail.pdf ", ".", "bad\xff.pdf",
	} {
		if got, want := message(checkName(name)), fmt.Sprintf(invalid, name); got != want {
			t.Errorf("%q: got %q, want %q", name, got, want)
		}
	}
	long := strings.Repeat("a", 177) + ".pdf"
	if got := message(checkName(long)); got != "File names can be at most 180 characters. Please rename the file." {
		t.Errorf("181 characters: %q", got)
	}
	if err := checkName(strings.Repeat("é", 176) + ".pdf"); err != nil {
		t.Errorf("180 characters (352 bytes) refused: %v", err)
	}
}

func TestTypesByExtensionAndDeclaredType(t *testing.T) {
	for _, c := range []struct{ name, declared, want string }{
		{"a.pdf", "application/pdf", "pdf"},
		{"a.PDF", "", "pdf"},
		{"a.doc", "application/msword", "doc"},
		{"a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"},
		{"a.docx", "", "docx"},
		{"a.jpg", "image/jpeg", "jpg"},
		{"a.jpeg", "image/jpeg; charset=binary", "jpg"},
		{"a.png", "image/png", "png"},
	} {
		got, err := typeOf(c.name, c.declared)
		if err != nil || got.Ext != c.want {
			t.Errorf("%s as %q: %v %v, want %s", c.name, c.declared, got.Ext, err, c.want)
		}
	}
	for _, c := range []struct{ name, declared, want string }{
		// The spec's denied extensions, whatever is declared.
		{"setup.exe", "application/pdf", "File type exe not allowed."},
		{"run.SH", "", "File type sh not allowed."},
		{"a.js", "text/javascript", "File type js not allowed."},
		{"a.php", "application/pdf", "File type php not allowed."},
		{"a.jar", "", "File type jar not allowed."},
		{"x.bat", "", "File type bat not allowed."},
		// Not accepted, not denied: the same words.
		{"notes.txt", "text/plain", "File type txt not allowed."},
		{"page.html", "text/html", "File type html not allowed."},
		// The spec's rejected declared types.
		{"a.pdf", "application/octet-stream", "File type not allowed."},
		{"a.pdf", "application/x-javascript", "File type not allowed."},
		{"a.pdf", "application/x-sh", "File type not allowed."},
		{"a.pdf", "text/php", "File type not allowed."},
		{"a.pdf", "application/java-archive", "File type not allowed."},
		{"a.pdf", "application/java", "File type not allowed."},
		// A declared type that is not the extension's.
		{"a.pdf", "text/html", "File type not allowed."},
		{"a.png", "image/jpeg", "File type not allowed."},
		// No extension.
		{"README", "", "File type not allowed."},
	} {
		_, err := typeOf(c.name, c.declared)
		if got := message(err); got != c.want {
			t.Errorf("%s as %q: %q, want %q", c.name, c.declared, got, c.want)
		}
	}
}

// read streams data through the checks in small pieces, as a network delivers them.
func read(name string, data []byte) ([]byte, error) {
	t, err := typeOf(name, "")
	if err != nil {
		return nil, err
	}
	return io.ReadAll(newChecked(iotest.HalfReader(bytes.NewReader(data)), t, name, int64(len(data))))
}

func TestContentMustBeTheTypeItClaims(t *testing.T) {
	for name, data := range map[string][]byte{
		"a.pdf": samples.PDF(3000), "a.png": samples.PNG(600), "a.jpg": samples.JPEG(100),
		"a.doc": samples.DOC(2000), "a.docx": samples.DOCX(), "tiny.pdf": []byte("%PDF-"),
	} {
		got, err := read(name, data)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %v (read %d of %d bytes)", name, err, len(got), len(data))
		}
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"scan.pdf", samples.ExeAsPDF(), "scan.pdf is not a valid PDF file. File type not allowed."},
		{"photo.png", samples.JPEG(900), "photo.png is not a valid PNG image file. File type not allowed."},
		{"letter.docx", samples.ZipAsDOCX(), "letter.docx is not a valid Word file. File type not allowed."},
		{"letter.doc", samples.PDF(900), "letter.doc is not a valid Word 97-2003 file. File type not allowed."},
		{"short.pdf", []byte("%PD"), "short.pdf is not a valid PDF file. File type not allowed."},
		{"bill.pdf", samples.PolyglotPDFZip(), "bill.pdf is not a valid PDF file. File type not allowed."},
		{"photo.jpg", samples.JPEGWithScript(), "photo.jpg is not a valid JPEG image file. File type not allowed."},
		{"form.pdf", append(samples.PDF(900), "<< /S /JavaScript /JS (app.alert(1)) >>"...), "form.pdf is not a valid PDF file. File type not allowed."},
		{"run.pdf", append(samples.PDF(900), "<< /S /Launch /F (cmd.exe) >>"...), "run.pdf is not a valid PDF file. File type not allowed."},
		{"page.pdf", append(samples.PDF(900), "<?php system($_GET['c']); ?>"...), "page.pdf is not a valid PDF file. File type not allowed."},
		{"empty.pdf", nil, "empty.pdf is empty."},
	} {
		_, err := read(c.name, c.data)
		if got := message(err); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestAMarkerSplitAcrossReadsIsFound(t *testing.T) {
	data := append(samples.JPEG(700), "<scr"...)
	data = append(data, "ipt>"...)
	ft, _ := typeOf("a.jpg", "")
	// OneByteReader hands every byte over on its own.
	if _, err := io.ReadAll(newChecked(iotest.OneByteReader(bytes.NewReader(data)), ft, "a.jpg", -1)); err == nil {
		t.Fatal("a script split across reads passed")
	}
}

func TestTheSizeLimitHoldsWhileStreaming(t *testing.T) {
	ft, _ := typeOf("big.pdf", "")
	exact := io.MultiReader(bytes.NewReader(samples.PDF(1024)), io.LimitReader(zeros{}, MaxBytes()-1024))
	n, err := io.Copy(io.Discard, newChecked(exact, ft, "big.pdf", -1))
	if err != nil || n != MaxBytes() {
		t.Fatalf("exactly 20 MB: %d bytes, %v", n, err)
	}
	over := io.MultiReader(bytes.NewReader(samples.PDF(1024)), io.LimitReader(zeros{}, MaxBytes()))
	n, err = io.Copy(io.Discard, newChecked(over, ft, "big.pdf", -1))
	if !errors.Is(err, errTooLarge) || n > MaxBytes() {
		t.Fatalf("over 20 MB: %d bytes handed on, %v", n, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestABodyShorterThanDeclaredIsRefused(t *testing.T) {
	ft, _ := typeOf("cut.pdf", "")
	data := samples.PDF(4000)
	if _, err := io.ReadAll(newChecked(bytes.NewReader(data[:1000]), ft, "cut.pdf", 4000)); !errors.Is(err, errTruncated) {
		t.Fatalf("cut off: %v", err)
	}
	if _, err := io.ReadAll(newChecked(bytes.NewReader(data), ft, "whole.pdf", 4000)); err != nil {
		t.Fatalf("whole: %v", err)
	}
}

func TestObjectPathNeedsAUserAndACase(t *testing.T) {
	if p, err := objectPath("u1", "c1", "a.pdf"); err != nil || p != "forms/uploads/u1/c1/a.pdf" {
		t.Fatalf("%q %v", p, err)
	}
	if _, err := objectPath("", "c1", "a.pdf"); message(err) != "UID is required." {
		t.Errorf("no uid: %v", err)
	}
	if _, err := objectPath("u1", "", "a.pdf"); message(err) != "ID is required." {
		t.Errorf("no case: %v", err)
	}
}

func TestPDFNamesAreReadAsAReaderReadsThem(t *testing.T) {
	const refused = "form.pdf is not a valid PDF file. File type not allowed."
	for what, data := range map[string][]byte{
		"/J#61vaScript":        samples.EscapedScriptPDF(),
		"/L#61unch":            append(samples.PDF(900), "<< /S /L#61unch /F (cmd.exe) >>"...),
		"every letter escaped": append(samples.PDF(900), "<< /S /#4a#61#76#61#53#63#72#69#70#74 >>"...),
	} {
		if _, err := read("form.pdf", data); message(err) != refused {
			t.Errorf("%s: %q, want %q", what, message(err), refused)
		}
		// Handed over a byte at a time, an escape is split from its digits and a marker across reads.
		ft, _ := typeOf("form.pdf", "")
		if _, err := io.ReadAll(newChecked(iotest.OneByteReader(bytes.NewReader(data)), ft, "form.pdf", -1)); message(err) != refused {
			t.Errorf("%s a byte at a time: %q", what, message(err))
		}
	}
	// A # that escapes nothing a marker needs is a PDF like any other.
	if _, err := read("a.pdf", append(samples.PDF(900), "<< /Title (Bill #42) /Name#20Here 1 >>"...)); err != nil {
		t.Errorf("a plain #: %v", err)
	}
}

func TestObjectStreamsAreInflatedAndSearched(t *testing.T) {
	const script = "7 0 << /S /JavaScript /JS (app.alert(1)) >>"
	const plain = "7 0 << /Type /Page /Parent 2 0 R >>"
	const refused = "a.pdf is not a valid PDF file. File type not allowed."
	const unchecked = "a.pdf could not be checked: parts of it are encrypted or packed in a way we cannot read. Please print it to a new PDF (Print, then Save as PDF) and upload that file."
	for _, c := range []struct {
		what string
		data []byte
		want string // "" for accepted
	}{
		{"an object stream of plain objects", samples.ObjectStreamPDF("/Type /ObjStm /N 1 /First 4", plain), ""},
		{"a script in an object stream", samples.ScriptInObjectStreamPDF(), refused},
		{"an escaped script in an object stream", samples.ObjectStreamPDF("/Type /ObjStm /N 1 /First 4", "7 0 << /S /J#61vaScript >>"), refused},
		// A reader finds an object stream by the cross-reference table and needs only /N and /First.
		{"an object stream without its type", samples.ObjectStreamPDF("/N 1 /First 4", script), refused},
		{"an object stream calling itself an image", samples.ObjectStreamPDF("/Subtype /Image /N 1 /First 4", script), refused},
		{"an object stream whose type is escaped", samples.ObjectStreamPDF("/Type /Obj#53tm /N 1 /First 4", script), refused},
		{"a second filter", samples.ObjectStreamPDF("/Type /ObjStm /N 1 /First 4 /DecodeParms << /Predictor 12 >>", plain), unchecked},
		{"a filter by reference", bytes.Replace(samples.ObjectStreamPDF("/Type /ObjStm /N 1 /First 4", plain), []byte("/Filter /FlateDecode"), []byte("/Filter 9 0 R"), 1), unchecked},
		// Encrypted, the stream does not inflate.
		{"an object stream that does not inflate", objectStreamOf("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", "\x93\x11encrypted bytes"), unchecked},
		{"an object stream cut off", cutInStream(samples.ObjectStreamPDF("/Type /ObjStm /N 1 /First 4", plain)), unchecked},
		// Padding that pushes the object's start out of sight cannot hide its keys.
		{"an object stream with a dictionary longer than any writer's", samples.ObjectStreamPDF("/N 1 /First 4 /Pad ("+strings.Repeat("x", 9000)+")", script), unchecked},
		// The word at the end of a line of text is not a stream.
		{"text ending in stream", append(samples.PDF(900), "(the main\nstream\nof it) Tj\n"...), ""},
		// A page's image is not an object stream, and is not inflated (these bytes would not inflate).
		{"a compressed image", objectStreamOf("/Type /XObject /Subtype /Image /Width 9 /Filter /FlateDecode", "\x93\x11not zlib"), ""},
	} {
		_, err := read("a.pdf", c.data)
		if got := message(err); got != c.want {
			t.Errorf("%s: %q, want %q", c.what, got, c.want)
		}
		// A byte at a time, every keyword and the stream's end are split across reads.
		ft, _ := typeOf("a.pdf", "")
		_, err = io.ReadAll(newChecked(iotest.OneByteReader(bytes.NewReader(c.data)), ft, "a.pdf", -1))
		if got := message(err); got != c.want {
			t.Errorf("%s, a byte at a time: %q, want %q", c.what, got, c.want)
		}
	}
}

func TestAnObjectStreamBombIsRefused(t *testing.T) {
	var packed bytes.Buffer
	z, _ := zlib.NewWriterLevel(&packed, zlib.BestCompression)
	_, _ = z.Write(make([]byte, pdfInflateMaxBytes+1))
	_ = z.Close()
	data := objectStreamOf("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", packed.String())
	if _, err := read("a.pdf", data); !strings.Contains(message(err), "could not be checked") {
		t.Fatalf("%d bytes inflating past the bound: %q", len(data), message(err))
	}
}

// objectStreamOf is a PDF with one stream of the given dictionary entries and stored bytes.
func objectStreamOf(entries, stored string) []byte {
	return fmt.Appendf(nil, "%%PDF-1.5\n5 0 obj\n<< %s /Length %d >>\nstream\n%s\nendstream\nendobj\n%s", entries, len(stored), stored, samples.PDF(600))
}

// cutInStream is data cut off a few bytes into its first stream.
func cutInStream(data []byte) []byte {
	return data[:bytes.Index(data, []byte("stream\n"))+len("stream\n")+4]
}
