package devstack

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// tailLines is how much of a part's output is kept in memory for error messages.
const tailLines = 40

// partLog takes a part's combined stdout and stderr. Every complete line goes to the part's log
// file, to the in-memory tail shown when something fails, and, in dev mode, to the shared
// terminal with the part's name in front so interleaved output stays attributable.
type partLog struct {
	file   io.Writer // may be nil
	stream *lockedWriter
	prefix string

	mu      sync.Mutex
	partial []byte
	tail    []string
}

func (l *partLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.file != nil {
		_, _ = l.file.Write(b)
	}
	l.partial = append(l.partial, b...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		l.line(string(bytes.TrimRight(l.partial[:i], "\r")))
		l.partial = l.partial[i+1:]
	}
	return len(b), nil
}

func (l *partLog) line(s string) {
	if len(l.tail) == tailLines {
		copy(l.tail, l.tail[1:])
		l.tail = l.tail[:tailLines-1]
	}
	l.tail = append(l.tail, s)
	if l.stream != nil {
		l.stream.printf("%s%s\n", l.prefix, s)
	}
}

// flush emits a last line that had no newline, once the process is gone.
func (l *partLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) > 0 {
		l.line(string(l.partial))
		l.partial = nil
	}
}

// Tail returns up to n of the part's last output lines.
func (l *partLog) Tail(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	start := max(0, len(l.tail)-n)
	return append([]string(nil), l.tail[start:]...)
}

// lockedWriter serialises whole lines from many parts onto one terminal.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) printf(format string, args ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	fmt.Fprintf(w.w, format, args...)
}

var colors = []string{"36", "33", "32", "35", "34", "31", "96", "93"}

// prefixFor pads names to one width so the output lines up, coloured when colour is on.
func prefixFor(name string, i, width int, color bool) string {
	p := name + strings.Repeat(" ", max(0, width-len(name))) + " | "
	if !color {
		return p
	}
	return "\x1b[" + colors[i%len(colors)] + "m" + p + "\x1b[0m"
}

func indent(lines []string) string {
	if len(lines) == 0 {
		return "    (no output)"
	}
	return "    " + strings.Join(lines, "\n    ")
}
