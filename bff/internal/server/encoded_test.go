package server_test

import (
	"net/http"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// getDoc sends a GET as a client that takes the bytes as sent (no transparent gzip), with the
// session cookie when not empty and If-None-Match when not empty.
func getDoc(t *testing.T, url, session, ifNoneMatch string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if session != "" {
		req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: session})
	}
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	return harness.Read(t, resp, err)
}

func TestAPurgeChangesTheCachedDocumentsETagAndBody(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	home := b.URL + "/api/v1/page?path=/"

	status, h, body := getDoc(t, home, "", "")
	tag := h.Get("ETag")
	if status != http.StatusOK || tag == "" || headline(t, body) != homeHeadline {
		t.Fatalf("first answer: %d, ETag %q, headline %q", status, tag, headline(t, body))
	}
	cms.Edit(t, homeFixture, homeHeadline, "Edited headline")
	// Still fresh: the cached bytes are this version.
	if status, _, body := getDoc(t, home, "", tag); status != http.StatusNotModified || len(body) != 0 {
		t.Fatalf("before the purge: %d with %d bytes; want 304 and no body", status, len(body))
	}

	purge := []byte(`{"tags":["node:1072"]}`)
	if resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", purge, harness.Sign(harness.WebhookSecret, purge)); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook status %d", resp.StatusCode)
	}

	status, h, body = getDoc(t, home, "", tag)
	if status != http.StatusOK || headline(t, body) != "Edited headline" {
		t.Fatalf("after the purge, with the old ETag: %d, headline %q; want 200 and the edit", status, headline(t, body))
	}
	if h.Get("ETag") == tag || h.Get("ETag") == "" {
		t.Fatalf("after the purge the ETag is %q; want a new one", h.Get("ETag"))
	}
	if status, _, _ := getDoc(t, home, "", h.Get("ETag")); status != http.StatusNotModified {
		t.Fatalf("the new ETag answers %d; want 304", status)
	}
}

func TestMemberAndVisitorOfOneUnionGetRepresentationsOfTheirOwn(t *testing.T) {
	b := harness.StartOnFixtures(t)
	const cwa = "Communications Workers of America"
	for uid, email := range map[string]string{"m1": "one@example.com", "m2": "two@example.com"} {
		b.Auth.Add(uid, email, "Password1", true)
		b.Profiles.Put(uid, portal.Profile{FirstName: "Maria", LastName: "Lopez", Email: email, Union: cwa})
	}
	one := signIn(t, b.Server.App, "one@example.com", "Password1")
	two := signIn(t, b.Server.App, "two@example.com", "Password1")

	for _, doc := range []string{"/api/v1/page?path=/", "/api/v1/site"} {
		visitorURL := b.URL + doc + "&union=CWA"
		if doc == "/api/v1/site" {
			visitorURL = b.URL + doc + "?union=CWA"
		}
		_, vh, _ := getDoc(t, visitorURL, "", "")
		_, mh, _ := getDoc(t, b.URL+doc, one, "")
		visitorTag, memberTag := vh.Get("ETag"), mh.Get("ETag")
		if visitorTag == "" || memberTag == "" || visitorTag == memberTag {
			t.Fatalf("%s: visitor's ETag %q, member's %q; want two of their own", doc, visitorTag, memberTag)
		}
		// Neither validates the other's copy: each gets its own document.
		if status, _, _ := getDoc(t, visitorURL, "", memberTag); status != http.StatusOK {
			t.Errorf("%s: the visitor revalidating the member's ETag got %d; want 200", doc, status)
		}
		if status, _, _ := getDoc(t, b.URL+doc, one, visitorTag); status != http.StatusOK {
			t.Errorf("%s: the member revalidating the visitor's ETag got %d; want 200", doc, status)
		}
		// Nothing in a member's document is personal (content.Service shapes it by audience
		// and union only), so the union's members share one.
		if _, h, _ := getDoc(t, b.URL+doc, two, ""); h.Get("ETag") != memberTag {
			t.Errorf("%s: another member of the union got ETag %q; want the union's members' %q", doc, h.Get("ETag"), memberTag)
		}
	}
}
