// Package cmsfixture replays recorded CMS responses (fixtures/cms, see its README) over HTTP, so the
// BFF, its tests and local development can run against the CMS's wire format without a live CMS.
//
// Files are read from disk on every request: tests copy the fixtures into a temporary directory and
// change them while a server is running, and a hand edit shows up without a restart.
package cmsfixture

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// ContentType is the media type of every JSON:API document the CMS answers, errors included.
const ContentType = "application/vnd.api+json"

// PreviewToken is the bearer token the fixture CMS asks of a request for an unpublished revision
// (the BFF's CMS_PREVIEW_TOKEN on the local stack and in tests). A real CMS issues its own.
const PreviewToken = "fixture-cms-preview-token"

const (
	apiPrefix   = "/api/v0/"
	filesPrefix = "/sites/default/files/"
)

// segmentRE matches one path segment of a fixture file, nameRE a term bundle or variable state.
// Anything else (dot segments, separators, NUL) can never name a recorded response, so it is
// refused before touching the disk.
var (
	segmentRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)
	nameRE    = regexp.MustCompile(`^[a-z0-9_]+$`)
	// revisionRE is JSON:API's resourceVersion for one revision: "id:{revision id}".
	revisionRE = regexp.MustCompile(`^id:([0-9]{1,12})$`)
)

// imageTypes pins the content types of the files the CMS serves; mime.TypeByExtension alone
// depends on the host's mime tables, and a wrong type breaks <img> for SVG.
var imageTypes = map[string]string{
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".gif":  "image/gif",
	".webp": "image/webp",
	".avif": "image/avif",
	".ico":  "image/x-icon",
	".pdf":  "application/pdf",
}

type handler struct {
	dir string
	// log says, for each blog, archive and search request, whether a recorded answer was
	// replayed or the answer was computed from the posts because none was recorded.
	log *slog.Logger
}

// Option tunes a handler.
type Option func(*handler)

// WithLogger logs which blog, archive and search answers are replayed and which are computed.
func WithLogger(log *slog.Logger) Option { return func(h *handler) { h.log = log } }

// NewHandler returns a handler that answers the CMS's requests from the fixture directory dir
// (the layout of fixtures/cms/README.md).
func NewHandler(dir string, opts ...Option) http.Handler {
	h := handler{dir: dir, log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(&h)
	}
	return h
}

func (h handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, http.StatusMethodNotAllowed, "Method Not Allowed", r.Method+" is not supported; the CMS is read-only.")
		return
	}
	p := r.URL.Path
	switch {
	case p == "/healthz":
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		writeBody(w, r, http.StatusOK, []byte(`{"status":"ok"}`+"\n"))
	case strings.HasPrefix(p, filesPrefix):
		h.serveFile(w, r, strings.TrimPrefix(p, filesPrefix))
	case strings.HasPrefix(p, apiPrefix):
		h.serveAPI(w, r, strings.TrimPrefix(p, apiPrefix))
	default:
		notFound(w, r, "No route for "+p+".")
	}
}

// serveAPI maps the request shapes of the README to their fixture files.
func (h handler) serveAPI(w http.ResponseWriter, r *http.Request, resource string) {
	q := r.URL.Query()
	var file string
	switch resource {
	case "menu":
		file = "menu.json"
	case "benefits":
		file = "benefits.json"
	case "eligibility":
		file = "eligibility.json"
	case "truecar-make":
		file = "truecar-make.json"
	case "term":
		bundle := q.Get("bundle")
		if !nameRE.MatchString(bundle) {
			notFound(w, r, "The term bundle "+strconv.Quote(bundle)+" does not exist.")
			return
		}
		file = path.Join("term", bundle+".json")
	case "variable":
		state := q.Get("state")
		if !nameRE.MatchString(state) {
			notFound(w, r, "The variable "+strconv.Quote(state)+" does not exist.")
			return
		}
		file = path.Join("variable", state+".json")
	case "node":
		nodePath, ok := cleanNodePath(q.Get("path"))
		if !ok {
			notFound(w, r, "No node has the path "+strconv.Quote(q.Get("path"))+".")
			return
		}
		file = path.Join("node", nodePath+".json")
		if v := q.Get("resourceVersion"); v != "" {
			// An unpublished revision: only for the holder of the preview token, from
			// revision/{path}/{id}.json.
			if r.Header.Get("Authorization") != "Bearer "+PreviewToken {
				writeError(w, r, http.StatusForbidden, "Forbidden", "Unpublished revisions need the preview token.")
				return
			}
			m := revisionRE.FindStringSubmatch(v)
			if m == nil {
				notFound(w, r, "No revision "+strconv.Quote(v)+".")
				return
			}
			file = path.Join("revision", nodePath, m[1]+".json")
		}
	default:
		if h.serveBlog(w, r, resource) {
			return
		}
		notFound(w, r, "No API resource "+strconv.Quote(resource)+".")
		return
	}
	body, err := h.read(file)
	if errors.Is(err, fs.ErrNotExist) {
		notFound(w, r, "No recorded response for "+r.URL.RequestURI()+".")
		return
	}
	if err != nil {
		writeError(w, r, http.StatusInternalServerError, "Internal Server Error", "The recorded response could not be read.")
		return
	}
	w.Header().Set("Content-Type", ContentType)
	writeBody(w, r, http.StatusOK, body)
}

// cleanNodePath turns the path parameter into the node file's name under node/. Clients send the
// alias with or without its slashes, so both forms find the same file.
func cleanNodePath(p string) (string, bool) {
	p = strings.Trim(p, "/")
	if p == "" {
		return "", false
	}
	for _, s := range strings.Split(p, "/") {
		if !segmentRE.MatchString(s) {
			return "", false
		}
	}
	return p, true
}

// serveFile serves one file under files/. os.Root keeps symlinks and ".." inside the directory;
// the segment check before it turns such requests into plain 404s.
func (h handler) serveFile(w http.ResponseWriter, r *http.Request, rel string) {
	segs := strings.Split(rel, "/")
	for _, s := range segs {
		if !segmentRE.MatchString(s) {
			notFound(w, r, "No file "+strconv.Quote(rel)+".")
			return
		}
	}
	root, err := os.OpenRoot(path.Join(h.dir, "files"))
	if err != nil {
		notFound(w, r, "No file "+strconv.Quote(rel)+".")
		return
	}
	defer root.Close()
	f, err := root.Open(path.Join(segs...))
	if err != nil {
		notFound(w, r, "No file "+strconv.Quote(rel)+".")
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		notFound(w, r, "No file "+strconv.Quote(rel)+".")
		return
	}
	ext := strings.ToLower(path.Ext(rel))
	ctype, ok := imageTypes[ext]
	if !ok {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// An SVG opened directly is a document that could run script; keep it inert, as Drupal's
	// public files directory is usually configured to.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	http.ServeContent(w, r, info.Name(), info.ModTime(), f)
}

// LatestRevision finds the newest draft revision the fixtures hold for a CMS path (the highest id
// under revision/{path}/) and the node id it is a revision of, for the preview-link command.
func LatestRevision(dir, cmsPath string) (nid, rev string, err error) {
	p, ok := cleanNodePath(cmsPath)
	if !ok {
		return "", "", fmt.Errorf("%q is no CMS path", cmsPath)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "revision", filepath.FromSlash(p)))
	if err != nil {
		return "", "", fmt.Errorf("no draft of %s in the fixtures: %w", p, err)
	}
	best := -1
	for _, e := range entries {
		n, err := strconv.Atoi(strings.TrimSuffix(e.Name(), ".json"))
		if err == nil && strings.HasSuffix(e.Name(), ".json") && n > best {
			best = n
		}
	}
	if best < 0 {
		return "", "", fmt.Errorf("no draft of %s in the fixtures", p)
	}
	rev = strconv.Itoa(best)
	body, err := handler{dir: dir}.read(path.Join("revision", p, rev+".json"))
	if err != nil {
		return "", "", err
	}
	var doc struct {
		Data struct {
			Attributes struct {
				NID json.Number `json:"nid"`
			} `json:"attributes"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &doc); err != nil || doc.Data.Attributes.NID == "" {
		return "", "", fmt.Errorf("revision %s of %s names no node", rev, p)
	}
	return doc.Data.Attributes.NID.String(), rev, nil
}

func (h handler) read(file string) ([]byte, error) {
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.ReadFile(file)
}

func notFound(w http.ResponseWriter, r *http.Request, detail string) {
	writeError(w, r, http.StatusNotFound, "Not Found", detail)
}

// writeError answers with a JSON:API error document, the shape the CMS uses for every failure.
func writeError(w http.ResponseWriter, r *http.Request, status int, title, detail string) {
	type apiError struct {
		Status string `json:"status"`
		Title  string `json:"title"`
		Detail string `json:"detail"`
	}
	body, _ := json.Marshal(struct {
		Errors []apiError `json:"errors"`
	}{[]apiError{{strconv.Itoa(status), title, detail}}})
	w.Header().Set("Content-Type", ContentType)
	writeBody(w, r, status, append(body, '\n'))
}

// writeBody writes a complete body, or only its headers for HEAD: a ResponseRecorder in tests
// would otherwise keep the body that a real server drops.
func writeBody(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
