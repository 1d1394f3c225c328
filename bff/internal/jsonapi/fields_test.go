package jsonapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestRichTextIsSanitised(t *testing.T) {
	got := RawText{Processed: `<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><strong>ok</strong></p>`}.HTML().String()
	for _, bad := range []string{"onclick", "<script", "javascript:"} {
		if strings.Contains(got, bad) {
			t.Errorf("sanitised HTML keeps %q: %s", bad, got)
		}
	}
	if !strings.Contains(got, "<strong>ok</strong>") {
		t.Errorf("sanitised HTML lost formatting: %s", got)
	}
}

func TestLinkURLs(t *testing.T) {
	for in, want := range map[string]string{
		"internal:/benefits/x":    "/benefits/x",
		"internal:benefits/x":     "/benefits/x",
		"route:<nolink>":          "",
		"https://example.org/a":   "https://example.org/a",
		"entity:node/12":          "/node/12",
		"mailto:help@example.org": "mailto:help@example.org",
		"tel:800-472-2005":        "tel:800-472-2005",
		"/benefits?x=1#top":       "/benefits?x=1#top",
		// Anything that would run script or leave the site unannounced is dropped.
		"javascript:alert(1)":     "",
		" JavaScript:alert(1)":    "",
		"java\tscript:alert(1)":   "",
		"data:text/html,<script>": "",
		"vbscript:x":              "",
		"//evil.example/a":        "",
		"/\\evil.example/a":       "",
		"https:///no-host":        "",
		// The CMS's path rewriting (spec 1 §7): /internals/ becomes /, /nodes becomes /node.
		"internal:/internals/about-us":    "/about-us",
		"/internals/benefits/x?a=1#top":   "/benefits/x?a=1#top",
		"internal:/nodes/12":              "/node/12",
		"/nodes/12":                       "/node/12",
		"/internals/nodes/12":             "/node/12",
		"/benefits/internals/x":           "/benefits/x",
		"/internals/":                     "/",
		"/nodes-of-note":                  "/nodes-of-note",
		"/internals-guide":                "/internals-guide",
		"/benefits?next=/internals/x":     "/benefits?next=/internals/x",
		"https://example.org/internals/a": "https://example.org/internals/a",
		// Rewriting never turns a path into one that names another site.
		"/internals//evil.example":   "",
		"internal:/internals//evil":  "",
		"/internals/\\evil.example":  "",
		"/internals/\t/evil.example": "",
	} {
		if got := LinkURL(in); got != want {
			t.Errorf("LinkURL(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestAFieldThatBecomesHTMLEscapesABareString(t *testing.T) {
	var m Markup
	if err := json.Unmarshal([]byte(`"<img src=x onerror=alert(1)> & more"`), &m); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "&lt;img src=x onerror=alert(1)&gt; &amp; more" {
		t.Fatalf("a bare string became %q, want it escaped", got)
	}
	if err := json.Unmarshal([]byte(`{"value":"x","processed":"<p onclick=\"x()\">Hi</p>"}`), &m); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "<p>Hi</p>" {
		t.Fatalf("rich text became %q, want it sanitised", got)
	}
	if err := json.Unmarshal([]byte(`42`), &m); err != nil || !m.IsZero() {
		t.Fatalf("a number became %q (%v), want nothing", m.String(), err)
	}
}

// Spec 3 §8: a link field without href is no link, and leaves a debug message.
func TestALinkFieldWithoutHrefIsNoneAndLogsADebugMessage(t *testing.T) {
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })

	var l Link
	if err := json.Unmarshal([]byte(`{"uri":"route:<nolink>","title":"Apply now"}`), &l); err != nil || l.CMSLink != nil {
		t.Fatalf("link %+v, %v; want none", l.CMSLink, err)
	}
	if !strings.Contains(logs.String(), "level=DEBUG") || !strings.Contains(logs.String(), "link field without href") || !strings.Contains(logs.String(), "Apply now") {
		t.Fatalf("logs %q; want a debug message naming the link", logs.String())
	}
}
