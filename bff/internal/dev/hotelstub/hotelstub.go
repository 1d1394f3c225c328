// Package hotelstub stands in for the hotel partner offline (make dev, make test): its location
// autocomplete, GET /svcs/ac/index/hotels/{location}/{cities}/{hotels}/{airports}/{pois}, from
// the recorded answers in fixtures/hotels/autocomplete/, and a listings page at /hotels/listings
// that shows the query the results link carried. The fixture CMS serves it beside the CMS's
// files (bff/cmd/fixturecms).
package hotelstub

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// FailQuery is a location the stand-in answers with 500, as a failing partner would, so the
// search box's failure path can be tried by hand and in tests.
const FailQuery = "error"

// Prefix is where the autocomplete lives.
const Prefix = "/svcs/ac/index/hotels/"

// ListingsPath is the stand-in's listings page.
const ListingsPath = "/hotels/listings"

// recording is one recorded answer: the query it was recorded for and its items, kept raw so
// the stand-in answers exactly what was recorded.
type recording struct {
	query string
	items []map[string]any
}

// Handler serves the stand-in from the recordings in dir.
type Handler struct{ recordings []recording }

// NewHandler reads every recording in dir ({query}.json, the partner's whole answer).
func NewHandler(dir string) (*Handler, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	h := &Handler{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var doc struct {
			SearchItems []map[string]any `json:"searchItems"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		h.recordings = append(h.recordings, recording{strings.TrimSuffix(filepath.Base(f), ".json"), doc.SearchItems})
	}
	if len(h.recordings) == 0 {
		return nil, fmt.Errorf("hotelstub: no recordings in %s", dir)
	}
	return h, nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method != http.MethodGet:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	case strings.HasPrefix(r.URL.Path, Prefix):
		h.autocomplete(w, r)
	case r.URL.Path == ListingsPath:
		listings(w, r)
	default:
		http.NotFound(w, r)
	}
}

// autocomplete answers the recorded items matching the location, at most as many of each kind as
// the path asks for (cities, hotels, airports, points of interest), in recorded order.
func (h *Handler) autocomplete(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.EscapedPath(), Prefix), "/")
	if len(parts) != 5 {
		http.NotFound(w, r)
		return
	}
	q, err := url.PathUnescape(parts[0])
	if err != nil {
		http.Error(w, "bad location", http.StatusBadRequest)
		return
	}
	q = strings.ToLower(strings.TrimSpace(q))
	if strings.HasPrefix(q, FailQuery) {
		http.Error(w, `{"resultCode":500,"resultMessage":"Internal error"}`, http.StatusInternalServerError)
		return
	}
	caps := map[string]int{}
	for i, kind := range []string{"CITY", "HOTEL", "AIRPORT", "POI"} {
		n, err := strconv.Atoi(parts[i+1])
		if err != nil || n < 0 {
			http.Error(w, "bad count", http.StatusBadRequest)
			return
		}
		caps[kind] = n
	}
	items := []map[string]any{}
	for _, rec := range h.recordings {
		if !strings.HasPrefix(q, rec.query) && !strings.HasPrefix(rec.query, q) {
			continue
		}
		for _, it := range rec.items {
			kind, _ := it["type"].(string)
			if caps[kind] > 0 && matches(q, it) {
				caps[kind]--
				items = append(items, it)
			}
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"resultCode": 200, "resultMessage": "Success", "searchItems": items, "searchQuery": q, "numOfResults": len(items),
	})
}

// matches is whether every word of q begins a word of the item's name or city, as a partner's
// autocomplete finds "new y" in "New York".
func matches(q string, it map[string]any) bool {
	name, _ := it["itemName"].(string)
	city, _ := it["cityName"].(string)
	words := strings.FieldsFunc(strings.ToLower(name+" "+city), func(r rune) bool { return r == ' ' || r == ',' || r == '-' })
	for _, w := range strings.Fields(q) {
		found := false
		for _, have := range words {
			found = found || strings.HasPrefix(have, w)
		}
		if !found {
			return false
		}
	}
	return true
}

var page = template.Must(template.New("listings").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hotel listings (stand-in)</title></head>
<body><h1>Hotel listings (stand-in)</h1>
<p>The hotel partner's listings page would show hotels for this search.</p>
<table><tbody>{{range .}}<tr><th scope="row">{{.Name}}</th><td>{{.Value}}</td></tr>{{end}}</tbody></table>
</body></html>`))

// listings shows the results link's query, one row per parameter in the order it came.
func listings(w http.ResponseWriter, r *http.Request) {
	type row struct{ Name, Value string }
	var rows []row
	for _, pair := range strings.Split(r.URL.RawQuery, "&") {
		name, value, _ := strings.Cut(pair, "=")
		n, _ := url.QueryUnescape(name)
		v, _ := url.QueryUnescape(value)
		if n != "" {
			rows = append(rows, row{n, v})
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = page.Execute(w, rows)
}
