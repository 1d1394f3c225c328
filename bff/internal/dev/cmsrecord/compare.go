package cmsrecord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

// DirDocuments builds, through the same walk as Record, the BFF documents of every page of the
// site the fixture directory dir serves (the fixture CMS in process, no network), so two fixture
// directories can be compared as readers would see them.
func DirDocuments(ctx context.Context, dir string, opts Options) (Documents, error) {
	opts.defaults()
	if opts.PreviewToken == "" {
		opts.PreviewToken = cmsfixture.PreviewToken
	}
	client := cms.New(cms.Options{
		BaseURL:       "http://fixture-cms.invalid",
		PublicURL:     publicURL,
		Timeout:       opts.Timeout,
		HTTP:          &http.Client{Transport: &recordingTransport{next: handlerTransport{cmsfixture.NewHandler(dir)}}},
		MaxConcurrent: 4,
	})
	w := newWalker(client, opts)
	if err := w.walk(ctx); err != nil {
		return nil, err
	}
	return w.docs, nil
}

// handlerTransport answers requests with a handler in process.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rr := httptest.NewRecorder()
	t.h.ServeHTTP(rr, req)
	resp := rr.Result()
	resp.Request = req
	return resp, nil
}

// Summary is what a recording changed against a fixture directory: files added, changed and
// removed, and the pages whose BFF document was added, changed or removed.
type Summary struct {
	Added, Changed, Removed             []string
	PagesAdded, PagesChanged, PagesGone []string
}

// Empty reports whether the recording changed nothing.
func (s Summary) Empty() bool {
	return len(s.Added)+len(s.Changed)+len(s.Removed)+len(s.PagesAdded)+len(s.PagesChanged)+len(s.PagesGone) == 0
}

// notRecorded reports the files of a fixture directory that no recording writes, so they are
// never "removed": its README, and the stand-ins of the external form provider, which the stack
// frames in place of the real one (EXTERNAL_FORM_URL) and which are no CMS content.
func notRecorded(f string) bool {
	return f == "README.md" || strings.HasPrefix(f, "files/external-forms/")
}

// CompareFiles compares the files of a recording (got) with those of a fixture directory (was):
// JSON documents by meaning (indentation aside), other files byte for byte.
func CompareFiles(was, got string) (Summary, error) {
	before, err := listFiles(was)
	if err != nil {
		return Summary{}, err
	}
	after, err := listFiles(got)
	if err != nil {
		return Summary{}, err
	}
	var s Summary
	for _, f := range slices.Sorted(maps.Keys(after)) {
		if !before[f] {
			s.Added = append(s.Added, f)
			continue
		}
		same, err := sameFile(filepath.Join(was, f), filepath.Join(got, f))
		if err != nil {
			return Summary{}, err
		}
		if !same {
			s.Changed = append(s.Changed, f)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(before)) {
		if !after[f] && !notRecorded(f) {
			s.Removed = append(s.Removed, f)
		}
	}
	return s, nil
}

// ComparePages adds to s the pages whose documents differ between was and got.
func (s *Summary) ComparePages(was, got Documents) {
	for _, k := range slices.Sorted(maps.Keys(got)) {
		old, ok := was[k]
		switch {
		case !ok:
			s.PagesAdded = append(s.PagesAdded, k)
		case !bytes.Equal(old, got[k]):
			s.PagesChanged = append(s.PagesChanged, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(was)) {
		if _, ok := got[k]; !ok {
			s.PagesGone = append(s.PagesGone, k)
		}
	}
}

// Write prints the summary for a developer about to commit a recording.
func (s Summary) Write(w io.Writer) {
	if s.Empty() {
		fmt.Fprintln(w, "No change against the committed fixtures.")
		return
	}
	section := func(title string, list []string) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(w, "%s (%d):\n", title, len(list))
		for _, e := range list {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	fmt.Fprintf(w, "Changes against the committed fixtures: %d added, %d changed, %d removed files; %d pages changed, %d new, %d gone.\n",
		len(s.Added), len(s.Changed), len(s.Removed), len(s.PagesChanged), len(s.PagesAdded), len(s.PagesGone))
	section("Added files", s.Added)
	section("Changed files", s.Changed)
	section("Removed files (the CMS no longer answers them)", s.Removed)
	section("Pages whose BFF document changed", s.PagesChanged)
	section("New pages", s.PagesAdded)
	section("Pages gone", s.PagesGone)
}

// listFiles lists the files under dir by slash path; a missing dir has none.
func listFiles(dir string) (map[string]bool, error) {
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && os.IsNotExist(err) {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = true
		return nil
	})
	return out, err
}

func sameFile(a, b string) (bool, error) {
	x, err := os.ReadFile(a)
	if err != nil {
		return false, err
	}
	y, err := os.ReadFile(b)
	if err != nil {
		return false, err
	}
	if bytes.Equal(x, y) {
		return true, nil
	}
	if filepath.Ext(a) != ".json" {
		return false, nil
	}
	var u, v any
	if decodeNumbers(x, &u) != nil || decodeNumbers(y, &v) != nil {
		return false, nil //nolint:nilerr // either is not JSON: the files differ, as their bytes did
	}
	return reflect.DeepEqual(u, v), nil
}

func decodeNumbers(b []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

// Install puts a recording (dir rec) into the fixture directory out, which s compared it with:
// every recorded file is written, and the files s found removed are deleted, so out then holds
// what the CMS answered and nothing it no longer does (README.md stays).
func Install(rec, out string, s Summary) error {
	files, err := listFiles(rec)
	if err != nil {
		return err
	}
	for _, f := range slices.Sorted(maps.Keys(files)) {
		body, err := os.ReadFile(filepath.Join(rec, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		if err := writeAtomic(filepath.Join(out, filepath.FromSlash(f)), body); err != nil {
			return err
		}
	}
	for _, f := range s.Removed {
		if !safeRel(f) {
			return fmt.Errorf("refusing to remove %q", f)
		}
		if err := os.Remove(filepath.Join(out, filepath.FromSlash(f))); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
