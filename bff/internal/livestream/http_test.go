package livestream_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/livestream"
)

// The chat access through the whole BFF (harness: the fixture CMS's member-town-hall, the
// in-memory comment-access records), as the browser sends it.
func TestChatAccessThroughTheBFF(t *testing.T) {
	cms := harness.StartCMS(t)
	cfg := harness.Config(cms.URL, map[string]string{"RATE_LIMIT_PER_IP": "5"})
	b := harness.NewBFF(t, cfg)
	origin := cfg.Frontend.AllowedOrigins[0]
	post := func(slug, body string) (int, string, map[string]any) {
		t.Helper()
		req := httptest.NewRequest("POST", "/api/v1/livestreams/"+slug+"/access", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		resp, err := b.Server.App.Test(harness.SignAsEdge(req))
		status, h, raw := harness.Read(t, resp, err)
		var v map[string]any
		_ = json.Unmarshal(raw, &v)
		return status, h.Get("Cache-Control"), v
	}

	status, cc, got := post("member-town-hall", `{"name":"Pat <3","email":"Pat@Example.org","updates":true}`)
	if status != 200 || cc != "private, no-store" {
		t.Fatalf("enter: %d %q %v", status, cc, got)
	}
	name, _ := got["username"].(string)
	if got["stream"] != "1501" || got["hash"] != "up-livestream-chat" || !strings.HasPrefix(name, "Pat &lt;3-") || len(name) != len("Pat &lt;3-0000") {
		t.Errorf("access %v", got)
	}
	recs := b.Chat.Records()
	rec, ok := recs["1501/"+livestream.PersonKey("pat@example.org")]
	if len(recs) != 1 || !ok || rec.Email != "Pat@Example.org" || !rec.Updates || rec.Username != name || rec.Timestamp.IsZero() {
		t.Errorf("records %+v", recs)
	}

	// A repeat, as the same person in other case: the first record's name, no second record.
	if status, _, again := post("member-town-hall", `{"name":"Pat <3","email":"pat@example.ORG"}`); status != 200 || again["username"] != name {
		t.Errorf("repeat: %d %v; want %q", status, again, name)
	}
	// Another name at the same address learns nothing of the first: a chat name of its own.
	if status, _, other := post("member-town-hall", `{"name":"Patricia","email":"pat@example.ORG"}`); status != 200 ||
		!strings.HasPrefix(fmt.Sprint(other["username"]), "Patricia-") {
		t.Errorf("another name: %d %v; want a Patricia- chat name", status, other)
	}
	if n := len(b.Chat.Records()); n != 1 {
		t.Errorf("%d records after the repeats; want 1", n)
	}

	status, _, problem := post("member-town-hall", `{"name":" ","email":""}`)
	if status != 400 {
		t.Fatalf("empty form: %d %v", status, problem)
	}
	fields, _ := problem["errors"].([]any)
	if len(fields) != 2 || !strings.Contains(toJSON(fields), "Please enter a display name.") || !strings.Contains(toJSON(fields), "Please enter your email address.") {
		t.Errorf("field errors %v", problem)
	}
	if status, _, p := post("no-such-stream", `{"name":"Pat","email":"pat@example.org"}`); status != 404 || p["detail"] != "This livestream does not exist." {
		t.Errorf("unknown stream: %d %v", status, p)
	}
	if status, _, _ := post("member-town-hall", `not json`); status != 400 {
		t.Errorf("a body that is no JSON: %d", status)
	}
	// Entries from one address are limited (here 5 a window: 4 above), the form's mistakes not counted.
	if status, _, p := post("member-town-hall", `{"name":"Sam","email":"sam@example.org"}`); status != 200 {
		t.Errorf("fifth entry: %d %v; want 200", status, p)
	}
	if status, _, p := post("member-town-hall", `{"name":"Lee","email":"lee@example.org"}`); status != 429 {
		t.Errorf("sixth entry: %d %v; want 429", status, p)
	}
}

func toJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// A members-only livestream (disabled_anonymous) lets only members into its chat, as its page
// shows its body only to them: a visitor calling the BFF directly is refused and nothing is
// written; a signed-in member gets in.
func TestAMembersOnlyChatIsForMembers(t *testing.T) {
	cms := harness.StartCMS(t)
	cms.Edit(t, "node/livestream/member-town-hall.json", `"disabled_anonymous": false`, `"disabled_anonymous": true`)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	c := harness.LoadContract(t)
	route := "/api/v1/livestreams/{slug}/access"
	target := "/api/v1/livestreams/member-town-hall/access"
	form := map[string]any{"name": "Pat", "email": "pat@example.org"}

	visitor := harness.NewBrowser(t, b.URL, c)
	if a := visitor.Want(visitor.Call("POST", route, target, form), 401); a.Title() != "Please log in to continue." {
		t.Errorf("visitor: %q", a.Title())
	}
	if n := len(b.Chat.Records()); n != 0 {
		t.Fatalf("a refused visitor wrote %d records", n)
	}

	member := harness.NewBrowser(t, b.URL, c)
	reg := map[string]any{
		"email": "pat@example.org", "password": "Password1", "confirmPassword": "Password1",
		"firstName": "Pat", "lastName": "Member", "union": "37", "zip": "94612",
	}
	member.Want(member.Call("POST", "/api/v1/accounts", "/api/v1/accounts", reg), 201)
	member.Want(member.Call("POST", route, target, form), 200)
	if n := len(b.Chat.Records()); n != 1 {
		t.Errorf("%d records after the member entered; want 1", n)
	}
	// The body cannot claim membership: the flag is the session's alone.
	visitor.Want(visitor.Call("POST", route, target, map[string]any{"name": "Sam", "email": "sam@example.org", "Member": true, "member": true}), 401)
}
