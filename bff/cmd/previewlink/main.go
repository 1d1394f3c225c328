// Command previewlink prints a signed editor preview link for a page's newest draft in the fixture
// CMS, as the CMS would hand one to an editor (make preview-link PAGE=/benefits/wireless).
//
//	go run ./bff/cmd/previewlink -page /benefits/wireless
//
// The node and revision default to the newest draft under fixtures/cms/revision/ for the page;
// -node and -rev name others (against a real CMS, say). The link is signed with PREVIEW_SECRET,
// or the local stack's development secret when it is unset.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/devstack"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/preview"
)

func main() {
	page := flag.String("page", "/", "the site path of the page to preview")
	node := flag.String("node", "", "the node id (default: the fixtures' newest draft of the page)")
	rev := flag.String("rev", "", "the revision id (default: the fixtures' newest draft of the page)")
	ttl := flag.Duration("ttl", time.Hour, "how long the link stays valid (at most 24h)")
	dir := flag.String("dir", "fixtures/cms", "the fixture CMS's directory")
	home := flag.String("home", "home/1072", "the CMS path of the home node (HOME_PATH)")
	site := flag.String("site", fmt.Sprintf("http://127.0.0.1:%d", devstack.PortFrontend), "the frontend's origin")
	flag.Parse()

	secret := os.Getenv("PREVIEW_SECRET")
	if secret == "" {
		secret = devstack.DevPreviewSecret
	}
	path := portal.CleanPath(*page)
	if *node == "" || *rev == "" {
		cmsPath := strings.TrimPrefix(path, "/")
		if path == "/" {
			cmsPath = *home
		}
		n, r, err := cmsfixture.LatestRevision(*dir, cmsPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "previewlink:", err)
			os.Exit(1)
		}
		if *node == "" {
			*node = n
		}
		if *rev == "" {
			*rev = r
		}
	}
	l := preview.Link{Path: path, Node: *node, Rev: *rev, Expires: time.Now().Add(*ttl).Truncate(time.Second)}
	fmt.Println(strings.TrimRight(*site, "/") + "/api/preview?" + l.Query(secret))
}
