package main

// No container engine runs where these tests do, so the container image's build is checked by
// replaying it: the build stage of bff/Dockerfile, its COPY lines (through the root .dockerignore,
// as the builder would send the context) and its RUN lines, in a temporary folder laid out like
// the build container. A folder the build needs but the Dockerfile does not copy, or an embedded
// file the .dockerignore leaves out, fails here instead of in a deploy.

import (
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// builtBinary is where the build stage writes the BFF and where the final stage takes it from.
// The test rewrites it to a temporary path, as the build cannot write to /out on this machine.
const builtBinary = "/out/bff"

// TestDockerfileBuildStage runs the build stage of bff/Dockerfile offline, from the machine's
// module and build caches, and checks that it produces a static BFF binary.
func TestDockerfileBuildStage(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the build stage's RUN lines call it")
	}
	root := moduleRoot(t)
	dockerfile, err := os.ReadFile(filepath.Join(root, "bff", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	stages, err := parseDockerfile(string(dockerfile))
	if err != nil {
		t.Fatalf("bff/Dockerfile: %v", err)
	}
	build, err := buildStage(stages)
	if err != nil {
		t.Fatalf("bff/Dockerfile: %v", err)
	}
	ignore, err := os.ReadFile(filepath.Join(root, ".dockerignore"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	matcher, err := parseDockerignore(string(ignore))
	if err != nil {
		t.Fatalf(".dockerignore: %v", err)
	}

	tmp := t.TempDir()
	container := filepath.Join(tmp, "fs") // the build container's /
	out := filepath.Join(tmp, "out", "bff")
	if strings.ContainsAny(out, " '\"$`\\") {
		t.Fatalf("temporary path %q would need shell quoting in the rewritten RUN lines", out)
	}
	// Like the golang image: a clean environment, not this shell's, so settings of the machine
	// (GOFLAGS, a go.work, a go env file under HOME) cannot make the replay pass where the image
	// would fail. The caches are the machine's: the module cache so that go mod download works
	// with GOPROXY=off, the build cache so that a rerun takes seconds.
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(tmp, "home"),
		"GOFLAGS=-mod=readonly",
		"GOPROXY=off",
		"GOTOOLCHAIN=local",
		"GOWORK=off",
		"GOMODCACHE=" + goEnv(t, "GOMODCACHE"),
		"GOCACHE=" + goEnv(t, "GOCACHE"),
	}

	workdir := "/"
	for _, in := range build.instructions {
		switch in.cmd {
		case "WORKDIR":
			workdir = containerPath(workdir, in.args)
			if err := os.MkdirAll(hostPath(container, workdir), 0o755); err != nil {
				t.Fatal(err)
			}
		case "COPY":
			cp, err := parseCopy(in.args)
			if err != nil {
				t.Fatalf("bff/Dockerfile line %d: %v", in.line, err)
			}
			if cp.from != "" {
				continue // from another stage or image, not from the context
			}
			if err := copyFromContext(root, matcher, cp, container, workdir); err != nil {
				t.Fatalf("bff/Dockerfile line %d: COPY %s: %v", in.line, in.args, err)
			}
		case "RUN":
			cmd, err := runCommand(in.args, out)
			if err != nil {
				t.Fatalf("bff/Dockerfile line %d: %v", in.line, err)
			}
			cmd.Dir = hostPath(container, workdir)
			cmd.Env = env
			output, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("bff/Dockerfile line %d: RUN %s: %v\n%s", in.line, in.args, err, output)
			}
			t.Logf("RUN %s: ok", in.args)
		default:
			// ENV, ARG, ADD and the rest change what RUN sees: replaying them needs code here,
			// and skipping them silently would test a different build.
			t.Fatalf("bff/Dockerfile line %d: the build stage's %s is not replayed by this test; teach it", in.line, in.cmd)
		}
	}

	info, err := os.Stat(out)
	if err != nil {
		t.Fatalf("the build stage wrote no %s: %v", builtBinary, err)
	}
	if !info.Mode().IsRegular() || info.Mode().Perm()&0o111 == 0 || info.Size() == 0 {
		t.Fatalf("%s is not an executable file: %v, %d bytes", builtBinary, info.Mode(), info.Size())
	}
	if runtime.GOOS == "linux" {
		// The final stage is scratch: there is no dynamic loader to run a binary that asks for one.
		f, err := elf.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Fatalf("%s is dynamically linked, and scratch has no loader for it", builtBinary)
			}
		}
	}
}

// TestDockerfileIgnoreMatcher checks the .dockerignore matcher against Docker's documented rules,
// as the build test is only as faithful as the matcher.
func TestDockerfileIgnoreMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		patterns []string
		path     string
		want     bool
	}{
		// Patterns are relative to the context root, not matched at any depth like .gitignore's.
		{[]string{"node_modules"}, "node_modules", true},
		{[]string{"node_modules"}, "frontend/node_modules", false},
		{[]string{"**/node_modules"}, "node_modules", true},
		{[]string{"**/node_modules"}, "frontend/node_modules/react/index.js", true},
		{[]string{"**/node_modules"}, "bff/node_modules_old", false},
		// A matched folder excludes everything under it.
		{[]string{"frontend"}, "frontend/app/page.tsx", true},
		{[]string{"frontend"}, "bff/frontend", false},
		{[]string{"/fixtures/"}, "fixtures/auth/users.json", true},
		{[]string{"./fixtures"}, "fixtures", true},
		// * and ? stop at a slash; ** spans any number of folders, none included.
		{[]string{"*.go"}, "main.go", true},
		{[]string{"*.go"}, "contracts/contracts.go", false},
		{[]string{"**/*_test.go"}, "bff/cmd/bff/dockerfile_test.go", true},
		{[]string{"**/*_test.go"}, "root_test.go", true},
		{[]string{"**/*_test.go"}, "bff/cmd/bff/main.go", false},
		{[]string{"a/**/b"}, "a/b", true},
		{[]string{"a/**/b"}, "a/x/y/b", true},
		{[]string{"a/**/b"}, "a/xb", false},
		{[]string{"docs/**"}, "docs", false},
		{[]string{"docs/**"}, "docs/x/y.md", true},
		{[]string{"?.txt"}, "a.txt", true},
		{[]string{"?.txt"}, "ab.txt", false},
		{[]string{"[ab].txt"}, "b.txt", true},
		{[]string{"[!ab].txt"}, "b.txt", false},
		{[]string{"[!ab].txt"}, "c.txt", true},
		{[]string{"a.json"}, "axjson", false}, // the dot is literal
		// ! re-includes; the last matching line wins.
		{[]string{"docs", "!docs/keep.md"}, "docs/keep.md", false},
		{[]string{"docs", "!docs/keep.md"}, "docs/other.md", true},
		{[]string{"!docs/keep.md", "docs"}, "docs/keep.md", true},
		{[]string{"**/testdata", "!bff/x/testdata/embed.json"}, "bff/x/testdata/embed.json", false},
		// Comments and blank lines match nothing.
		{[]string{"# frontend", "", "   "}, "# frontend", false},
	}
	for _, tt := range tests {
		m, err := parseDockerignore(strings.Join(tt.patterns, "\n"))
		if err != nil {
			t.Fatalf("%q: %v", tt.patterns, err)
		}
		if got := m.excluded(tt.path); got != tt.want {
			t.Errorf("patterns %q, path %q: excluded %v, want %v", tt.patterns, tt.path, got, tt.want)
		}
	}
}

// moduleRoot walks up from the test's folder to the one holding go.mod, the build context.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's working directory")
		}
		dir = parent
	}
}

// goEnv asks go for one setting, so the replay shares the caches of the go running the tests.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	value := strings.TrimSpace(string(out))
	if value == "" || value == "off" {
		t.Fatalf("go env %s is %q: the offline build needs the machine's cache", name, value)
	}
	return value
}

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	cmd  string // upper case: COPY, RUN, ...
	args string
	line int // where it starts, for messages
}

// stage is one FROM and the instructions up to the next.
type stage struct {
	name         string // the AS name, lower case as Docker compares them; empty if none
	instructions []instruction
}

// parseDockerfile splits a Dockerfile into stages. It knows what this repository's Dockerfiles
// use: comments, backslash continuations, FROM ... AS name.
func parseDockerfile(text string) ([]stage, error) {
	var stages []stage
	var cur strings.Builder
	start := 0
	flush := func() error {
		logical := strings.TrimSpace(cur.String())
		cur.Reset()
		if logical == "" {
			return nil
		}
		cmd, args, _ := strings.Cut(logical, " ")
		in := instruction{cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args), line: start}
		if in.cmd == "FROM" {
			fields := strings.Fields(in.args)
			st := stage{}
			if len(fields) == 3 && strings.EqualFold(fields[1], "AS") {
				st.name = strings.ToLower(fields[2])
			}
			stages = append(stages, st)
			return nil
		}
		if len(stages) == 0 {
			if in.cmd == "ARG" {
				return nil // an ARG before FROM only parameterises FROM lines
			}
			return fmt.Errorf("line %d: %s before the first FROM", in.line, in.cmd)
		}
		last := &stages[len(stages)-1]
		last.instructions = append(last.instructions, in)
		return nil
	}
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue // comments, also between continuation lines
		}
		if cur.Len() == 0 {
			if trimmed == "" {
				continue
			}
			start = i + 1
		}
		if body, ok := strings.CutSuffix(strings.TrimRight(line, " \t\r"), `\`); ok {
			cur.WriteString(body)
			cur.WriteString(" ")
			continue
		}
		cur.WriteString(line)
		if err := flush(); err != nil {
			return nil, err
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(stages) == 0 {
		return nil, errors.New("no FROM")
	}
	return stages, nil
}

// buildStage finds the stage the final stage takes the binary from, so the test replays the
// stage that really produces the image's /bff, whatever its position or name.
func buildStage(stages []stage) (stage, error) {
	final := stages[len(stages)-1]
	for _, in := range final.instructions {
		if in.cmd != "COPY" {
			continue
		}
		cp, err := parseCopy(in.args)
		if err != nil {
			return stage{}, fmt.Errorf("line %d: %w", in.line, err)
		}
		if cp.from == "" || len(cp.sources) != 1 || cp.sources[0] != builtBinary {
			continue
		}
		for i, st := range stages[:len(stages)-1] {
			if st.name == strings.ToLower(cp.from) || fmt.Sprint(i) == cp.from {
				return st, nil
			}
		}
		return stage{}, fmt.Errorf("line %d: no stage %q to copy %s from", in.line, cp.from, builtBinary)
	}
	return stage{}, fmt.Errorf("the final stage does not COPY --from=<stage> %s", builtBinary)
}

// copyInstruction is a parsed COPY: its --from, sources and destination.
type copyInstruction struct {
	from    string
	sources []string
	dest    string
}

// parseCopy reads COPY's shell form (COPY [--flag...] src... dest) and its JSON form.
func parseCopy(args string) (copyInstruction, error) {
	var cp copyInstruction
	rest := strings.TrimSpace(args)
	for strings.HasPrefix(rest, "--") {
		flag, after, _ := strings.Cut(rest, " ")
		if v, ok := strings.CutPrefix(flag, "--from="); ok {
			cp.from = v
		}
		// --chown, --chmod and --link change ownership and layering, not which files arrive.
		rest = strings.TrimSpace(after)
	}
	var paths []string
	if strings.HasPrefix(rest, "[") {
		if err := json.Unmarshal([]byte(rest), &paths); err != nil {
			return cp, fmt.Errorf("COPY %s: %w", args, err)
		}
	} else {
		paths = strings.Fields(rest)
	}
	if len(paths) < 2 {
		return cp, fmt.Errorf("COPY %s: want sources and a destination", args)
	}
	cp.sources, cp.dest = paths[:len(paths)-1], paths[len(paths)-1]
	return cp, nil
}

// containerPath resolves p (absolute, or relative to workdir) to an absolute container path,
// keeping a trailing slash, which tells COPY the destination is a folder.
func containerPath(workdir, p string) string {
	abs := p
	if !path.IsAbs(p) {
		abs = path.Join(workdir, p)
	}
	abs = path.Clean(abs)
	if strings.HasSuffix(p, "/") && abs != "/" {
		abs += "/"
	}
	return abs
}

// hostPath maps a container path into the temporary folder standing for the container's /.
func hostPath(container, p string) string {
	return filepath.Join(container, filepath.FromSlash(p))
}

// copyFromContext does what the builder does for a COPY from the context: each source (a file,
// a folder whose contents are copied, or a glob) lands in dest, leaving out what the
// .dockerignore excludes, as those files never reach the builder.
func copyFromContext(root string, m *ignoreMatcher, cp copyInstruction, container, workdir string) error {
	dest := containerPath(workdir, cp.dest)
	var matches []string
	for _, src := range cp.sources {
		rel := path.Clean(strings.TrimPrefix(src, "/"))
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return fmt.Errorf("%s is outside the context", src)
		}
		found, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		kept := 0
		for _, f := range found {
			r, err := filepath.Rel(root, f)
			if err != nil {
				return err
			}
			if r = filepath.ToSlash(r); r == "." || !m.excluded(r) {
				matches = append(matches, f)
				kept++
			}
		}
		if kept == 0 {
			return fmt.Errorf("%s: not found in the context (missing, or excluded by .dockerignore)", src)
		}
	}
	intoFolder := strings.HasSuffix(dest, "/") || len(matches) > 1
	for _, src := range matches {
		info, err := os.Lstat(src)
		if err != nil {
			return err
		}
		target := hostPath(container, dest)
		if info.IsDir() {
			err = copyTree(root, m, src, target)
		} else {
			if intoFolder {
				target = filepath.Join(target, filepath.Base(src))
			}
			err = copyEntry(src, target, info)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// copyTree copies the contents of the folder src into dst, skipping excluded paths.
func copyTree(root string, m *ignoreMatcher, src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if p != src && m.excluded(filepath.ToSlash(rel)) {
			if d.IsDir() && !m.hasExceptions {
				return filepath.SkipDir // nothing below can be re-included
			}
			return nil
		}
		inner, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return copyEntry(p, filepath.Join(dst, inner), info)
	})
}

// copyEntry copies one folder (created empty), regular file or symbolic link.
func copyEntry(src, dst string, info fs.FileInfo) error {
	switch {
	case info.IsDir():
		return os.MkdirAll(dst, 0o755)
	case info.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.Symlink(link, dst)
	case info.Mode().IsRegular():
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, info.Mode().Perm())
	}
	return nil // sockets and devices do not belong in a build context
}

// runCommand turns a RUN's arguments into a command, the output path rewritten to out: shell form
// through sh -c as the golang image runs it, JSON form without a shell.
func runCommand(args, out string) (*exec.Cmd, error) {
	if strings.HasPrefix(args, "--") {
		return nil, fmt.Errorf("RUN %s: flags (--mount, --network) are not replayed by this test", args)
	}
	if strings.HasPrefix(args, "[") {
		var argv []string
		if err := json.Unmarshal([]byte(args), &argv); err != nil || len(argv) == 0 {
			return nil, fmt.Errorf("RUN %s: not a JSON array of strings", args)
		}
		for i := range argv {
			argv[i] = strings.ReplaceAll(argv[i], builtBinary, out)
		}
		return exec.Command(argv[0], argv[1:]...), nil
	}
	return exec.Command("sh", "-c", strings.ReplaceAll(args, builtBinary, out)), nil
}

// ignorePattern is one pattern line of a .dockerignore.
type ignorePattern struct {
	re        *regexp.Regexp
	exception bool // the line started with !: it re-includes what earlier lines excluded
}

// ignoreMatcher decides, as Docker does, whether a context path is left out of the build.
type ignoreMatcher struct {
	patterns      []ignorePattern
	hasExceptions bool // whether an excluded folder may still hold included files
}

// parseDockerignore reads a .dockerignore: one pattern a line, # comments, blank lines ignored,
// a leading ! for exceptions, each pattern cleaned and taken relative to the context root.
func parseDockerignore(text string) (*ignoreMatcher, error) {
	m := &ignoreMatcher{}
	for _, line := range strings.Split(text, "\n") {
		p := strings.TrimSpace(line)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		exception := false
		if rest, ok := strings.CutPrefix(p, "!"); ok {
			exception, p = true, strings.TrimSpace(rest)
		}
		p = path.Clean(p)
		if len(p) > 1 {
			p = strings.TrimPrefix(p, "/")
		}
		re, err := compileIgnorePattern(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %w", line, err)
		}
		m.patterns = append(m.patterns, ignorePattern{re: re, exception: exception})
		m.hasExceptions = m.hasExceptions || exception
	}
	return m, nil
}

// compileIgnorePattern turns a pattern into a regular expression the way Docker's
// patternmatcher does: * and ? never cross a slash, ** crosses any number of folders (**/ also
// none), [...] is a character class, \ escapes the next character.
func compileIgnorePattern(p string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '*':
			if i+1 < len(p) && p[i+1] == '*' {
				i++
				if i+1 < len(p) && p[i+1] == '/' {
					i++
				}
				if i+1 == len(p) {
					b.WriteString(".*")
				} else {
					b.WriteString("(.*/)?")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		case '[':
			end := strings.IndexByte(p[i+1:], ']')
			if end < 0 {
				return nil, errors.New("unterminated [")
			}
			class := p[i+1 : i+1+end]
			if rest, ok := strings.CutPrefix(class, "!"); ok {
				class = "^" + rest
			}
			b.WriteString("[" + class + "]")
			i += end + 1
		case '\\':
			if i+1 < len(p) {
				i++
				b.WriteString(regexp.QuoteMeta(p[i : i+1]))
			}
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// excluded reports whether rel (slash-separated, relative to the context root) is left out: the
// last pattern matching it or one of its parent folders decides.
func (m *ignoreMatcher) excluded(rel string) bool {
	rel = path.Clean(rel)
	out := false
	for _, p := range m.patterns {
		if p.matchesOrParent(rel) {
			out = !p.exception
		}
	}
	return out
}

// matchesOrParent reports whether the pattern matches rel or a folder above it, since excluding
// a folder excludes what it holds.
func (p ignorePattern) matchesOrParent(rel string) bool {
	for dir := rel; dir != "." && dir != "/"; dir = path.Dir(dir) {
		if p.re.MatchString(dir) {
			return true
		}
	}
	return false
}
