package preview_test

// The preview route in the whole BFF, in process, against the fixture CMS: what an editor with a
// link sees, what everyone else keeps seeing, and that the draft is never stored.

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/preview"
)

const (
	publishedHome = "Savings and support for every union family"
	draftHome     = "New for 2027: more savings for every union family"
	draftWireless = "Save 20% on the wireless plan your family already uses"
)

type stack struct {
	cms      *harness.CMS
	bff      *harness.BFF
	contract *harness.Contract
}

func start(t *testing.T) stack {
	t.Helper()
	cms := harness.StartCMS(t)
	return stack{cms: cms, bff: harness.StartBFF(t, harness.Config(cms.URL, nil)), contract: harness.LoadContract(t)}
}

// token is a preview link's query string, signed as the CMS signs it, valid for an hour of the
// BFF's clock.
func token(path, node, rev string) string {
	return preview.Link{Path: path, Node: node, Rev: rev, Expires: harness.Start.Add(time.Hour)}.Query(harness.PreviewSecret)
}

// previewPage asks for the draft a token names and checks the answer against the contract.
func (s stack) previewPage(t *testing.T, tok string) (int, http.Header, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.bff.URL+"/api/v1/preview/page", nil)
	if tok != "" {
		req.Header.Set("X-Preview-Token", tok)
	}
	resp, err := http.DefaultClient.Do(req)
	status, h, body := harness.Read(t, resp, err)
	ptr, err := s.contract.ResponseSchema("/api/v1/preview/page", "GET", status, h.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	s.contract.Validate(t, ptr, body)
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	return status, h, doc
}

func (s stack) publishedHeadline(t *testing.T, path string) string {
	t.Helper()
	status, _, body := harness.Get(t, s.bff.URL+"/api/v1/page?path="+url.QueryEscape(path))
	if status != http.StatusOK {
		t.Fatalf("published %s: %d %s", path, status, body)
	}
	var doc map[string]any
	_ = json.Unmarshal(body, &doc)
	h, _ := harness.Dig(doc, "hero", "headline").(string)
	return h
}

func TestAValidLinkShowsTheDraftAsItsPageWillLook(t *testing.T) {
	s := start(t)
	for _, tc := range []struct{ path, node, rev, headline, kind string }{
		{"/", "1072", "1073", draftHome, "home"},
		{"/benefits/wireless", "1187", "1191", draftWireless, "benefit"},
	} {
		status, h, doc := s.previewPage(t, token(tc.path, tc.node, tc.rev))
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %v", tc.path, status, doc)
		}
		if got := harness.Dig(doc, "hero", "headline"); got != tc.headline {
			t.Errorf("%s: headline %q, want the draft's %q", tc.path, got, tc.headline)
		}
		if doc["kind"] != tc.kind || doc["path"] != tc.path {
			t.Errorf("%s: kind %v path %v", tc.path, doc["kind"], doc["path"])
		}
		if blocks, _ := doc["blocks"].([]any); len(blocks) == 0 {
			t.Errorf("%s: the draft has no blocks: it is not rendered as its page", tc.path)
		}
		if got := harness.Dig(doc, "preview", "revision"); got != tc.rev {
			t.Errorf("%s: preview.revision %v", tc.path, got)
		}
		if got := harness.Dig(doc, "meta", "robots"); got != "noindex, nofollow" {
			t.Errorf("%s: meta.robots %v, want noindex", tc.path, got)
		}
		if cc := h.Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("%s: Cache-Control %q", tc.path, cc)
		}
		if xr := h.Get("X-Robots-Tag"); !strings.Contains(xr, "noindex") {
			t.Errorf("%s: X-Robots-Tag %q", tc.path, xr)
		}
	}
}

// The draft never enters the content cache: previewing adds no entry and reads the draft from
// the CMS every time, and the published page, cached before and after, stays the published one.
func TestADraftNeverEntersTheCache(t *testing.T) {
	s := start(t)
	if got := s.publishedHeadline(t, "/"); got != publishedHome {
		t.Fatalf("published home: %q", got)
	}
	// Warm what a preview shares with every page (menus, unions, variables), so what follows
	// counts only what the draft itself would add.
	if status, _, doc := s.previewPage(t, token("/", "1072", "1073")); status != http.StatusOK {
		t.Fatalf("preview: %d %v", status, doc)
	}
	_, keysBefore := s.bff.Server.Store.IndexSize()
	revision := "/api/v0/node?" + url.Values{"path": {"home/1072"}, "resourceVersion": {"id:1073"}}.Encode()
	readsBefore := s.cms.Count(revision)

	for range 3 {
		if status, _, doc := s.previewPage(t, token("/", "1072", "1073")); status != http.StatusOK || harness.Dig(doc, "hero", "headline") != draftHome {
			t.Fatalf("preview: %d %v", status, doc)
		}
	}
	if _, keys := s.bff.Server.Store.IndexSize(); keys != keysBefore {
		t.Errorf("the cache holds %d keys after three previews, %d before: the draft was stored", keys, keysBefore)
	}
	if got := s.cms.Count(revision) - readsBefore; got != 3 {
		t.Errorf("three previews read the draft from the CMS %d times, want 3 (never from a cache)", got)
	}
	if got := s.publishedHeadline(t, "/"); got != publishedHome {
		t.Errorf("after a preview, readers see %q, want the published %q", got, publishedHome)
	}
}

func TestALinkIsRefusedWithItsReason(t *testing.T) {
	s := start(t)
	expired := preview.Link{Path: "/", Node: "1072", Rev: "1073", Expires: harness.Start.Add(-time.Minute)}.Query(harness.PreviewSecret)
	forged := preview.Link{Path: "/", Node: "1072", Rev: "1073", Expires: harness.Start.Add(time.Hour)}.Query("not-the-secret")
	for _, tc := range []struct{ name, token, field string }{
		{"expired", expired, "exp"},
		{"forged", forged, "sig"},
		{"a path that holds another node", token("/benefits/wireless", "1072", "1191"), "node"},
		{"a revision the CMS does not have", token("/", "1072", "999"), "rev"},
	} {
		status, _, doc := s.previewPage(t, tc.token)
		if status != http.StatusForbidden {
			t.Errorf("%s: status %d, want 403", tc.name, status)
			continue
		}
		errs, _ := doc["errors"].([]any)
		if len(errs) != 1 || harness.Dig(errs[0], "field") != tc.field {
			t.Errorf("%s: errors %v, want one on %s", tc.name, doc["errors"], tc.field)
		}
	}
	if status, _, _ := s.previewPage(t, ""); status != http.StatusBadRequest {
		t.Errorf("no token: status %d, want 400", status)
	}
}

// A link valid when opened stops working at its expiry, on the BFF's clock.
func TestALinkStopsWorkingAtItsExpiry(t *testing.T) {
	s := start(t)
	tok := token("/", "1072", "1073")
	if status, _, _ := s.previewPage(t, tok); status != http.StatusOK {
		t.Fatalf("status %d before expiry", status)
	}
	s.bff.Advance(time.Hour)
	if status, _, _ := s.previewPage(t, tok); status != http.StatusForbidden {
		t.Errorf("status %d at expiry, want 403", status)
	}
}
