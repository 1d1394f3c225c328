package hooks

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/httpapi/httpapitest"
)

type fakePurger struct{ tags []string }

func (f *fakePurger) Purge(_ context.Context, tags ...string) int {
	f.tags = append(f.tags, tags...)
	return len(tags)
}

type noRevalidation struct{}

func (noRevalidation) Revalidate(context.Context, []string) error { return nil }

func testApp(purger *fakePurger) func(*http.Request) int {
	app := httpapi.New(httpapitest.Options(io.Discard),
		Mount(MountDeps{Purger: purger, Revalidator: noRevalidation{}, Secret: "s", Logger: slog.New(slog.DiscardHandler)}))
	return func(r *http.Request) int {
		resp, err := app.Test(r)
		if err != nil {
			panic(err)
		}
		return resp.StatusCode
	}
}

// sign is what the CMS sends as X-CMS-Signature for body now.
func sign(secret string, body []byte) string {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	return "t=" + ts + ",sha256=" + hex.EncodeToString(WebhookMAC(secret, ts, body))
}

// A signed webhook is still a write: one sent from another site's page is refused before it
// purges.
func TestAWebhookFromAnotherSiteIsRejected(t *testing.T) {
	purger := &fakePurger{}
	send := testApp(purger)
	body := []byte(`{"tags":["menu"]}`)
	for name, set := range map[string]func(*http.Request){
		"foreign origin":   func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") },
		"cross-site fetch": func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
	} {
		r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
		r.Header.Set("X-CMS-Signature", sign("s", body))
		set(r)
		if status := send(r); status != 403 {
			t.Errorf("%s: status %d", name, status)
		}
	}
	r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
	r.Header.Set("X-CMS-Signature", sign("s", body))
	r.Header.Set("Origin", "http://127.0.0.1:3000")
	if status := send(r); status != 202 {
		t.Errorf("own origin: status %d", status)
	}
	if len(purger.tags) != 1 {
		t.Errorf("purged %v; only the same-origin request may purge", purger.tags)
	}
}

func TestFrontendTags(t *testing.T) {
	if got := frontendTags([]string{"node:1"}); len(got) != 1 {
		t.Errorf("node only: %v", got)
	}
	got := frontendTags([]string{"node:1", "menu", "variable:x"})
	if got[len(got)-1] != "site" || len(got) != 4 {
		t.Errorf("site-wide: %v", got)
	}
}

// FuzzCMSWebhook: whatever a signed body holds, the webhook answers 202 or a 400 problem, never
// a 500 or a panic.
func FuzzCMSWebhook(f *testing.F) {
	for _, seed := range []string{`{"tags":["node:1072"]}`, `{"tags":[]}`, `{"tags":"x"}`, `[]`, `{"tags":["a:b","menu"]}`, ``, `{"tags":[null]}`} {
		f.Add([]byte(seed))
	}
	send := testApp(&fakePurger{})
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/v1/hooks/cms", bytes.NewReader(body))
		r.Header.Set("X-CMS-Signature", sign("s", body))
		if status := send(r); status != 202 && status != 400 {
			t.Fatalf("status %d for %q", status, body)
		}
	})
}
