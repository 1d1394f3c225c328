package cms

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/jsonapi"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const fixtures = "../../../fixtures/cms"

func fixtureClient(t *testing.T) *Client {
	t.Helper()
	srv := httptest.NewServer(cmsfixture.NewHandler(fixtures))
	t.Cleanup(srv.Close)
	return New(Options{BaseURL: srv.URL, PublicURL: "https://cms.example.org", Timeout: 2 * time.Second})
}

// golden compares v's JSON with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bff/internal/cms -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the reshape; run with -update if the change is intended\n got: %s", path, got)
	}
}

func TestHomeNodeReshape(t *testing.T) {
	n, err := fixtureClient(t).NodeByPath(context.Background(), "/home/1072/")
	if err != nil {
		t.Fatal(err)
	}
	if n.NID != "1072" || n.Bundle != "home" || n.HeroHeadline != "Savings and support for every union family" {
		t.Fatalf("node %s %s %q", n.NID, n.Bundle, n.HeroHeadline)
	}
	if n.HeroLink == nil || n.HeroLink.URL != "/union-member-benefits" || n.HeroLink.TitleAnonymous == "" {
		t.Fatalf("hero link %+v: internal: uri must become a site path, keeping title_anonymous", n.HeroLink)
	}
	if n.HeroImage == nil || !strings.HasPrefix(n.HeroImage.URL, "https://cms.example.org/sites/default/files/") {
		t.Fatalf("hero image %+v: file URLs must be absolute on the public CMS host", n.HeroImage)
	}
	golden(t, "home-node.json", n)
}

func TestSiteCollectionsReshape(t *testing.T) {
	c := fixtureClient(t)
	ctx := context.Background()
	unions, err := c.Unions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(unions) < 6 {
		t.Fatalf("%d unions", len(unions))
	}
	for i, u := range unions {
		if u.ID == "" || u.Name == "" || u.NetsuiteID == "" {
			t.Errorf("union %d incomplete: %+v", i, u)
		}
		if i > 0 && unions[i-1].Weight > u.Weight {
			t.Errorf("unions not ordered by weight at %d", i)
		}
	}
	menus, err := c.Menus(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range menus {
		seen[m.Menu] = true
		if strings.HasPrefix(m.Link.URL, "internal:") {
			t.Errorf("menu link %s kept its internal: scheme", m.ID)
		}
	}
	for _, name := range []string{"main", "top-footer", "footer"} {
		if !seen[name] {
			t.Errorf("no %s menu", name)
		}
	}
	v, err := c.Variable(ctx, "union_structure_global")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(v.String("copyright"), "%YEAR%") {
		t.Errorf("copyright %q lacks %%YEAR%%", v.String("copyright"))
	}
	// A file inside a variable is fetched by browsers from the CMS's public host, as node images
	// are; a link (a "uri") is left as the CMS wrote it.
	if img := v.Object("custom_login_modal").Image("image"); img == nil ||
		img.URL != "https://cms.example.org/sites/default/files/global/login-modal.svg" || img.Width != 515 || img.Height != 595 {
		t.Errorf("login modal image %+v", img)
	}
	if got := v.Object("custom_signup_modal").Object("svg").String("original"); got != "https://cms.example.org/sites/default/files/global/signup-icon.svg" {
		t.Errorf("signup icon %q", got)
	}
	if got := v.Object("store_promo_one").Object("link").String("uri"); got != "internal:/store" {
		t.Errorf("a link in a variable was rewritten: %q", got)
	}
	cards := map[string]string{}
	for _, u := range unions {
		if u.CreditCard != nil {
			cards[u.ShortName] = u.CreditCard.Image.URL + " " + u.CreditCard.Link.URL
		}
	}
	if got := cards["CWA"]; got != "https://cms.example.org/sites/default/files/unions/cards/cwa-card.svg https://apply.example.org/union-card?union=cwa" {
		t.Errorf("CWA's card: %q", got)
	}
	if _, ok := cards["IAFF"]; ok {
		t.Error("IAFF has no card in the fixtures, yet one was reshaped")
	}
	golden(t, "unions.json", unions)
	golden(t, "menus.json", menus)
}

func TestUpstreamFailuresBecomeAppErrors(t *testing.T) {
	cases := map[string]struct {
		handler http.HandlerFunc
		want    apperr.Code
	}{
		"404": {func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(404)
			w.Write([]byte(`{"errors":[{"status":"404","title":"Not Found"}]}`))
		}, apperr.NotFound},
		// Whatever the CMS answers that is not a document is the CMS failing: a 503 the reader may
		// retry (the cause is logged), never a 500 that blames the request.
		"500":      {func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }, apperr.Unavailable},
		"403":      {func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(403) }, apperr.Unavailable},
		"not JSON": {func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>")) }, apperr.Unavailable},
		"no type or id": {func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"data":{"attributes":{"title":"x"}}}`))
		}, apperr.NotFound},
		"errors with 200": {func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"errors":[{"status":"500","title":"Boom"}]}`))
		}, apperr.Unavailable},
		"slow": {func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(2 * time.Second):
			case <-r.Context().Done():
			}
		}, apperr.Unavailable},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(tc.handler)
			defer srv.Close()
			c := New(Options{BaseURL: srv.URL, Timeout: 200 * time.Millisecond})
			_, err := c.NodeByPath(context.Background(), "x")
			if !apperr.Is(err, tc.want) {
				t.Fatalf("err %v; want code %s", err, tc.want)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close()
		_, err := New(Options{BaseURL: srv.URL, Timeout: time.Second}).Menus(context.Background())
		if !apperr.Is(err, apperr.Unavailable) {
			t.Fatalf("err %v", err)
		}
	})
}

func TestCallsInFlightAreCapped(t *testing.T) {
	var inFlight, most atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() { //nolint:revive // the loop is the CAS retry
		}
		<-release
		w.WriteHeader(http.StatusNotFound)
	}))
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, Timeout: 5 * time.Second, MaxConcurrent: 3})

	// Ten different paths at once, as a flood of unique URLs would ask.
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = c.NodeByPath(context.Background(), fmt.Sprint("flood-", i))
		}()
	}
	for inFlight.Load() < 3 {
		runtime.Gosched()
	}
	// One waiting for a slot gives up with its own deadline, as Unavailable.
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := c.NodeByPath(short, "waits"); !apperr.Is(err, apperr.Unavailable) {
		t.Fatalf("a call without a slot: %v, want unavailable", err)
	}
	close(release)
	wg.Wait()
	if got := most.Load(); got != 3 {
		t.Fatalf("%d calls reached the CMS at once, want the cap of 3", got)
	}
}

func FuzzDecodeDocument(f *testing.F) {
	for _, name := range []string{"node/home/1072.json", "menu.json", "term/union.json", "variable/union_structure_global.json"} {
		b, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"data":null}`))
	f.Add([]byte(`{"data":{"type":"node--page","id":"1","relationships":{"paragraphs":{"data":[{"type":"paragraph--x","id":"1"}]}}},"included":[{"type":"paragraph--x","id":"1","relationships":{"items":{"data":[{"type":"paragraph--x","id":"1"}]}}}]}`))
	c := New(Options{BaseURL: "http://cms.invalid"})
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, err := jsonapi.Decode(body)
		if err != nil {
			return
		}
		if r, err := doc.One(); err == nil {
			_, _ = c.reshapeNode(doc, r) // must neither panic nor recurse forever
			_, _ = c.reshapeVariable(r)
		}
		if rs, err := doc.Many(); err == nil {
			for i := range rs {
				_, _ = reshapeMenuLink(&rs[i])
				_, _ = c.reshapeUnion(doc, &rs[i])
			}
		}
	})
}

// A benefit's vendor embed and Viral Sweep campaigns reach the node as the vendor wrote them
// (they are shown only in sandboxed frames); a campaign with no lightbox code is left out.
func TestBenefitEmbedAndCampaigns(t *testing.T) {
	n, err := fixtureClient(t).NodeByPath(context.Background(), "benefits/car-buying")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(n.Embed, "<script>") || !strings.Contains(n.Embed, "Estimate your monthly payment") {
		t.Errorf("embed %q: want the vendor's markup, scripts and all", n.Embed)
	}
	if len(n.Campaigns) != 1 || n.Campaigns[0].ID != "1401" || n.Campaigns[0].Title != "Win a year of car payments" ||
		!strings.Contains(n.Campaigns[0].LightboxHTML, "<form") || n.Campaigns[0].WidgetHTML == "" {
		t.Errorf("campaigns %+v", n.Campaigns)
	}

	doc, err := jsonapi.Decode([]byte(`{"data":{"type":"node--benefit","id":"b","attributes":{"nid":1,"title":"B","embed":"  "},
		"relationships":{"viral_sweep_lightboxes":{"data":[{"type":"node--viral_sweep_campaign","id":"c1"},{"type":"node--viral_sweep_campaign","id":"c2"}]}}},
		"included":[{"type":"node--viral_sweep_campaign","id":"c1","attributes":{"nid":7,"title":"Empty","lightbox_html":" ","widget_html":"<p>w</p>"}},
		{"type":"node--viral_sweep_campaign","id":"c2","attributes":{"nid":8,"title":"Full","lightbox_html":"<p>l</p>"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := doc.One()
	if err != nil {
		t.Fatal(err)
	}
	n, err = New(Options{BaseURL: "http://cms.invalid"}).reshapeNode(doc, r)
	if err != nil {
		t.Fatal(err)
	}
	if n.Embed != "" || len(n.Campaigns) != 1 || n.Campaigns[0].ID != "8" {
		t.Errorf("a blank embed and a campaign without lightbox must be dropped: embed %q, campaigns %+v", n.Embed, n.Campaigns)
	}
}

func TestABenefitsOwnModalsAreReadWithTheirFiles(t *testing.T) {
	ctx := context.Background()
	c := fixtureClient(t)
	n, err := c.NodeByPath(ctx, "benefits/smartphone-rebate")
	if err != nil {
		t.Fatal(err)
	}
	// In the global variable's shape, with the files on the CMS's public host as there.
	login := n.Modals.Object("custom_login_modal")
	if login.String("headline") != "Your rebate is waiting" {
		t.Errorf("login headline %q", login.String("headline"))
	}
	if img := login.Image("image"); img == nil ||
		img.URL != "https://cms.example.org/sites/default/files/benefits/smartphone-rebate-login.svg" || img.Width != 515 {
		t.Errorf("login image %+v", img)
	}
	if got := n.Modals.Object("custom_signup_modal").Object("svg").String("original"); got != "https://cms.example.org/sites/default/files/benefits/smartphone-rebate-icon.svg" {
		t.Errorf("signup icon %q", got)
	}

	// A benefit that dresses neither has none.
	plain, err := c.NodeByPath(ctx, "benefits/personal-loans")
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Modals.Values) != 0 {
		t.Errorf("a plain benefit's modals: %v", plain.Modals.Values)
	}
}
