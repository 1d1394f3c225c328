// Package samples holds sample documents for upload tests: each accepted type with a real
// signature, and the attacks the upload checks refuse. Sizes are at least the given size (padding
// in a comment or stream, so the files stay well-formed). It imports nothing of the BFF, so the
// uploads package's own tests can use it.
package samples

import (
	"archive/zip"
	"bytes"
	"compress/zlib"
	"fmt"
)

// PDF is a PDF of at least size bytes.
func PDF(size int) []byte {
	return pad([]byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% "), []byte("\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"), size)
}

// PNG is a PNG signature and header followed by padding, at least size bytes.
func PNG(size int) []byte {
	return pad([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"), nil, size)
}

// JPEG is a JPEG start of image and JFIF header followed by padding, at least size bytes.
func JPEG(size int) []byte {
	return pad([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"), []byte("\xff\xd9"), size)
}

// DOC is an OLE2 compound file header followed by padding, at least size bytes.
func DOC(size int) []byte {
	return pad([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00\x00\x00\x00\x00\x00\x00"), nil, size)
}

// DOCX is a Word package: [Content_Types].xml first, then the document.
func DOCX() []byte {
	return zipOf("[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml", `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`)
}

// ExeAsPDF is a Windows executable's start, to be named .pdf.
func ExeAsPDF() []byte {
	return pad([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.\r\n"), nil, 4096)
}

// PolyglotPDFZip is a PDF with a ZIP archive (a JAR's shape) appended: it opens as a PDF and as
// an archive.
func PolyglotPDFZip() []byte {
	return append(PDF(2048), zipOf("META-INF/MANIFEST.MF", "Main-Class: Evil\n", "Evil.class", "\xca\xfe\xba\xbe")...)
}

// JPEGWithScript is a JPEG whose comment segment holds an HTML script.
func JPEGWithScript() []byte {
	return append(JPEG(1024), []byte("\xff\xfe\x00\x2a<SCRIPT>alert(document.cookie)</SCRIPT>")...)
}

// ZipAsDOCX is an archive of an executable, to be named .docx.
func ZipAsDOCX() []byte { return zipOf("setup.exe", "MZ\x90\x00") }

func pad(head, tail []byte, size int) []byte {
	out := bytes.Clone(head)
	for len(out)+len(tail) < size {
		out = append(out, 'a'+byte(len(out)%26))
	}
	return append(out, tail...)
}

func zipOf(nameAndContent ...string) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := 0; i+1 < len(nameAndContent); i += 2 {
		f, err := w.Create(nameAndContent[i])
		if err != nil {
			panic(err)
		}
		if _, err := f.Write([]byte(nameAndContent[i+1])); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// EscapedScriptPDF is a PDF whose open action runs a script, its names spelled with #xx escapes
// as a reader accepts them: /J#61vaScript is /JavaScript.
func EscapedScriptPDF() []byte {
	return append(PDF(900), "<< /S /J#61vaScript /JS (app.alert(1)) >>"...)
}

// ObjectStreamPDF is a PDF 1.5 whose objects sit compressed in an object stream with the given
// dictionary entries besides its filter (for example "/Type /ObjStm /N 1 /First 4"), so none of
// them are in the file's bytes.
func ObjectStreamPDF(entries, objects string) []byte {
	var packed bytes.Buffer
	z := zlib.NewWriter(&packed)
	_, _ = z.Write([]byte(objects))
	_ = z.Close()
	return fmt.Appendf(nil, "%%PDF-1.5\n5 0 obj\n<< %s /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\n%s",
		entries, packed.Len(), packed.Bytes(), PDF(600)[len("%PDF-1.4\n"):])
}

// ScriptInObjectStreamPDF is a PDF whose script action is compressed inside an object stream.
func ScriptInObjectStreamPDF() []byte {
	return ObjectStreamPDF("/Type /ObjStm /N 1 /First 4", "7 0 << /S /JavaScript /JS (app.alert(1)) >>")
}
