package blocks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/portal"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var noon = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// golden compares v's JSON with testdata/name.json, or rewrites it with -update.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name+".json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bff/internal/blocks -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the reshape; run with -update if the change is intended\n got: %s", path, got)
	}
}

// styleGuide is the fixture CMS's style guide node (the landing page that places every block type
// at least once), read through the CMS client as the BFF reads it.
func styleGuide(t *testing.T) *portal.Node {
	t.Helper()
	srv := httptest.NewServer(cmsfixture.NewHandler("../../../fixtures/cms"))
	t.Cleanup(srv.Close)
	c := cms.New(cms.Options{BaseURL: srv.URL, PublicURL: "https://cms.example.org", Timeout: 2 * time.Second})
	node, err := c.NodeByPath(context.Background(), "style-guide")
	if err != nil {
		t.Fatal(err)
	}
	return node
}

// Every bundle's blocks on the style guide (the fixture landing page that places every block type
// at least once), as a visitor sees them, against its golden file; the style guide must place
// every bundle that has a golden file, and every paragraph it places must be read into a block.
func TestEveryBundleReshapesAsItsGolden(t *testing.T) {
	node := styleGuide(t)
	visitor := portal.BlockReader{Audience: portal.Anonymous, Now: noon}
	byBundle := map[string][]portal.Block{}
	for _, p := range node.Paragraphs {
		if !p.ActiveAt(noon) {
			continue
		}
		if p.Block == nil {
			t.Errorf("paragraph %s (%s) was read into no block", p.ID, p.Bundle)
			continue
		}
		byBundle[p.Bundle] = append(byBundle[p.Bundle], p.Block.For(visitor))
	}
	goldens, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	bundles := map[string]bool{}
	for _, g := range goldens {
		bundles[strings.TrimSuffix(filepath.Base(g), ".json")] = true
	}
	for bundle := range byBundle {
		bundles[bundle] = true
	}
	for bundle := range bundles {
		t.Run(bundle, func(t *testing.T) {
			blocks := byBundle[bundle]
			if len(blocks) == 0 {
				t.Fatalf("the style guide shows no %s block", bundle)
			}
			for _, blk := range blocks {
				if blk.BlockType() != bundle {
					t.Errorf("%s paragraph became a %s block", bundle, blk.BlockType())
				}
			}
			golden(t, bundle, blocks)
		})
	}
}

// A featured item without an image relationship shows the stored file its image_id names (spec
// 3 §3 'Featured content'): the style guide's third item ("What a hardship grant covers") has one.
func TestFeaturedItemImageIDResolvesToTheStoredFile(t *testing.T) {
	node := styleGuide(t)
	for _, p := range node.Paragraphs {
		if p.Bundle != "featured_content" {
			continue
		}
		got, _ := json.Marshal(p.Block.For(portal.BlockReader{Audience: portal.Anonymous, Now: noon}))
		var block struct {
			Items []struct {
				Headline string        `json:"headline"`
				Image    *portal.Image `json:"image"`
			} `json:"items"`
		}
		if err := json.Unmarshal(got, &block); err != nil {
			t.Fatal(err)
		}
		for _, it := range block.Items {
			if it.Headline == "What a hardship grant covers" {
				if it.Image == nil || !strings.Contains(it.Image.URL, "/style-guide/protection.svg") || it.Image.Alt == "" {
					t.Fatalf("the item's image: %+v; want the stored protection.svg", it.Image)
				}
				return
			}
		}
	}
	t.Fatal("the style guide has no featured item 'What a hardship grant covers'")
}
