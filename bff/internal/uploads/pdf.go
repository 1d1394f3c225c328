package uploads

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"strings"
)

// What a PDF can hide from a plain search of its bytes, and how the checks see through it.
//
// A name may spell its letters as #xx hex escapes: /J#61vaScript is /JavaScript to a reader.
// Names are decoded before the markers are searched for (decodeNames).
//
// Since PDF 1.5 objects may sit compressed inside an object stream, where an action's
// /S /JavaScript is not in the file's bytes at all. A reader finds an object stream through the
// cross-reference table and needs only its /N and /First, so a stream is taken for one when its
// dictionary says /Type /ObjStm or has both keys, whatever else it claims to be. Each one is
// inflated, up to a bound, and searched like the rest of the file. One that cannot be inflated
// (another filter, a predictor, encryption, over the bound, cut off) is refused with a message of
// its own: a file whose objects cannot be read cannot be shown to be free of scripts, and
// printing it to a new PDF gives one that can. Every other stream (page content, images, fonts)
// is left as it is: an action is a dictionary, and a dictionary is either in the file's bytes or
// in an object stream.

const (
	// objStmMaxBytes bounds one object stream as stored; writers keep them well under this
	// (a few hundred objects each).
	objStmMaxBytes = 4 << 20
	// pdfInflateMaxBytes bounds what all of a file's object streams inflate to, so a small file
	// cannot make the BFF inflate a bomb.
	pdfInflateMaxBytes = 64 << 20
	// dictLookback is how far before a stream keyword its dictionary is looked for; a writer's
	// stream dictionaries are a few hundred bytes.
	dictLookback = 8 << 10
)

// errUncheckablePDF is an object stream the checks cannot read.
var errUncheckablePDF = errors.New("uploads: a PDF object stream that cannot be inflated")

// pdfScan follows a PDF's bytes as they stream past; a keyword or a stream split across two
// reads is seen whole.
type pdfScan struct {
	recent   []byte // the last dictLookback bytes outside an object stream, for a stream's dictionary
	stream   []byte // the object stream being collected
	inStream bool
	inflated int64
}

var streamEnd = []byte("endstream")

// take follows the next bytes of the file.
func (s *pdfScan) take(b []byte) error {
	for len(b) > 0 {
		if s.inStream {
			// The end may have begun in the bytes collected before these.
			from := max(0, len(s.stream)-len(streamEnd)+1)
			s.stream = append(s.stream, b...)
			i := bytes.Index(s.stream[from:], streamEnd)
			if i < 0 {
				if len(s.stream) > objStmMaxBytes {
					return errUncheckablePDF
				}
				return nil
			}
			end := from + i
			after := len(s.stream) - end - len(streamEnd)
			if err := s.inflate(s.stream[:end]); err != nil {
				return err
			}
			s.stream, s.inStream = nil, false
			s.recent = append(s.recent[:0], streamEnd...)
			b = b[len(b)-after:]
			continue
		}
		from := max(0, len(s.recent)-len("stream\r\n")+1)
		s.recent = append(s.recent, b...)
		b = nil
		for {
			keyword, data, found := streamKeyword(s.recent, from)
			if !found {
				break
			}
			compressed, err := objectStream(s.recent[max(0, keyword-dictLookback):keyword])
			if err != nil {
				return err
			}
			if compressed {
				// What follows the keyword is the stream's: go on with it as such.
				s.inStream, s.stream = true, nil
				b = bytes.Clone(s.recent[data:])
				s.recent = s.recent[:0]
				break
			}
			from = data
		}
		if len(s.recent) > dictLookback {
			s.recent = append(s.recent[:0], s.recent[len(s.recent)-dictLookback:]...)
		}
	}
	return nil
}

// streamKeyword finds, from b[from:], a stream keyword and its end of line ("stream\r\n" or
// "stream\n", not "endstream"): where the keyword starts and where the stream's data does.
func streamKeyword(b []byte, from int) (keyword, data int, found bool) {
	for {
		i := bytes.Index(b[from:], []byte("stream"))
		if i < 0 {
			return 0, 0, false
		}
		keyword, data = from+i, from+i+len("stream")
		from = data
		if bytes.HasSuffix(b[:keyword], []byte("end")) {
			continue
		}
		switch {
		case bytes.HasPrefix(b[data:], []byte("\r\n")):
			return keyword, data + 2, true
		case bytes.HasPrefix(b[data:], []byte("\n")):
			return keyword, data + 1, true
		}
	}
}

// finish is the end of the file: an object stream still open was cut off.
func (s *pdfScan) finish() error {
	if s.inStream {
		return errUncheckablePDF
	}
	return nil
}

// objectStream says whether the dictionary at the end of before opens an object stream, and
// refuses one that cannot be inflated. An object stream without a filter needs nothing more: its
// objects are in the file's bytes, which the markers are searched in anyway.
func objectStream(before []byte) (bool, error) {
	if !bytes.HasSuffix(bytes.TrimRight(before, " \t\r\n\f\x00"), []byte(">>")) {
		// Not a stream's dictionary: the word at the end of a line of text.
		return false, nil
	}
	start := lastObj(before)
	if start < 0 {
		// A stream whose object starts further back than any writer's dictionary is long.
		return false, errUncheckablePDF
	}
	names := map[string]bool{}
	for _, name := range nameTokens(before[start:]) {
		names[name] = true
	}
	objStm := names["ObjStm"] || names["N"] && names["First"]
	if !objStm || !names["Filter"] {
		return false, nil
	}
	for name := range names {
		if name == "DecodeParms" || strings.HasSuffix(name, "Decode") && name != "FlateDecode" {
			return false, errUncheckablePDF
		}
	}
	if !names["FlateDecode"] {
		// The filter is given by reference, or is one no reader knows.
		return false, errUncheckablePDF
	}
	return true, nil
}

// lastObj is where the last object header in b ends ("12 0 obj"), or -1.
func lastObj(b []byte) int {
	for end := len(b); ; {
		i := bytes.LastIndex(b[:end], []byte("obj"))
		if i < 0 {
			return -1
		}
		if !bytes.HasSuffix(b[:i], []byte("end")) {
			return i + len("obj")
		}
		end = i
	}
}

// nameTokens are the names written in b (/Type, /ObjStm, ...), without their slash and with
// their #xx escapes decoded. Names are case-sensitive, as a reader takes them.
func nameTokens(b []byte) []string {
	var names []string
	for i := 0; i < len(b); i++ {
		if b[i] != '/' {
			continue
		}
		j := i + 1
		for j < len(b) && !pdfDelimiter(b[j]) {
			j++
		}
		names = append(names, string(unescapeName(b[i+1:j])))
		i = j - 1
	}
	return names
}

// pdfDelimiter is a byte that ends a name: white space or a delimiter of PDF's syntax.
func pdfDelimiter(c byte) bool {
	return bytes.IndexByte([]byte(" \t\r\n\f\x00()<>[]{}/%"), c) >= 0
}

// inflate searches an object stream's objects for the markers.
func (s *pdfScan) inflate(compressed []byte) error {
	z, err := zlib.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return errUncheckablePDF
	}
	defer z.Close()
	room := pdfInflateMaxBytes - s.inflated
	objects, err := io.ReadAll(io.LimitReader(z, room+1))
	s.inflated += int64(len(objects))
	if err != nil || int64(len(objects)) > room {
		return errUncheckablePDF
	}
	if hasMarker(decodeNames(asciiLower(objects))) {
		return errScript
	}
	return nil
}

// errScript is a script marker inside an object stream.
var errScript = errors.New("uploads: a script marker inside a PDF object stream")

// decodeNames replaces each #xx hex escape in b, as a PDF name writes a byte, by the byte it
// stands for, lower-cased like the rest of b (which the marker search lower-cases); an escape
// cut off at the end of b stays as it is, to be read whole with the next bytes.
func decodeNames(b []byte) []byte {
	return asciiLower(unescapeName(b))
}

// unescapeName replaces each #xx hex escape in b by the byte it stands for, in place.
func unescapeName(b []byte) []byte {
	if bytes.IndexByte(b, '#') < 0 {
		return b
	}
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]) {
			out = append(out, unhex(b[i+1])<<4|unhex(b[i+2]))
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return out
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	default:
		return c - 'a' + 10
	}
}
