package content

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// styleGuide is the fixture landing page that places every block type at least once.
func styleGuide(t *testing.T) *portal.Node {
	t.Helper()
	srv := httptest.NewServer(cmsfixture.NewHandler("../../../fixtures/cms"))
	t.Cleanup(srv.Close)
	c := cms.New(cms.Options{BaseURL: srv.URL, PublicURL: "https://cms.example.org", Timeout: 2 * time.Second})
	n, err := c.NodeByPath(context.Background(), "style-guide")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStyleGuideDropsInactiveAndFutureBlocksAndSplitsAboveHeader(t *testing.T) {
	node := styleGuide(t)
	b := newBlockBuilder(slog.Default(), nil)
	above := b.buildAboveHeader(node.Paragraphs, portal.Anonymous, noon)
	body := b.build(node.Paragraphs, portal.Anonymous, noon)
	if len(above) != 1 || above[0].(blocks.Text).Headline != "Open enrollment ends November 30" {
		t.Fatalf("above the header %+v; want the enrollment notice only", above)
	}
	raw, _ := json.Marshal(body)
	for _, hidden := range []string{"Switched off", "Not yet", "Retired offer", "Summer camp deal", "Open enrollment"} {
		if bytes.Contains(raw, []byte(hidden)) {
			t.Errorf("%q shows in the body; it is inactive, outside its window or above the header", hidden)
		}
	}
}

func TestUnknownBundleIsSkippedInOrderAndLoggedOnce(t *testing.T) {
	var logs bytes.Buffer
	b := newBlockBuilder(slog.New(slog.NewTextHandler(&logs, nil)), nil)
	ps := []portal.Paragraph{
		{ID: "a", Bundle: "text_block", Active: true, Block: blocks.Text{Type: "text_block", ID: "a"}},
		{ID: "x", Bundle: "hologram", Active: true},
		{ID: "g", Bundle: "grid_simple", Active: true, Block: blocks.Grid{Type: "grid_simple", ID: "g"}},
		{ID: "y", Bundle: "hologram", Active: true, DisplayAboveHeader: true},
	}
	for range 2 {
		var ids []string
		for _, blk := range b.build(ps, portal.Member, noon) {
			raw, _ := json.Marshal(blk)
			var v struct{ ID string }
			_ = json.Unmarshal(raw, &v)
			ids = append(ids, v.ID)
		}
		if !slices.Equal(ids, []string{"a", "g"}) || len(b.buildAboveHeader(ps, portal.Member, noon)) != 0 {
			t.Fatalf("blocks %v; want a,g with the unknown bundle skipped", ids)
		}
	}
	if n := strings.Count(logs.String(), "bundle=hologram"); n != 1 {
		t.Fatalf("unknown bundle logged %d times; want once:\n%s", n, logs.String())
	}
}
