package authn

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// actionToolkit stands in for Identity Toolkit with one reply per method (the part after
// "accounts:"), and records each call's method and body.
type actionToolkit struct {
	mu      sync.Mutex
	replies map[string]string // method → body; a body starting with {"error" answers 400
	calls   []string
	bodies  []map[string]any
}

func (tk *actionToolkit) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method := r.URL.Path[len("/v1/accounts:"):]
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	tk.mu.Lock()
	tk.calls = append(tk.calls, method)
	tk.bodies = append(tk.bodies, body)
	reply := tk.replies[method]
	tk.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if len(reply) > 8 && reply[:8] == `{"error"` {
		w.WriteHeader(http.StatusBadRequest)
	}
	fmt.Fprint(w, reply)
}

func newActionToolkit(t *testing.T, replies map[string]string) (*actionToolkit, *httptest.Server) {
	tk := &actionToolkit{replies: replies}
	srv := httptest.NewServer(tk)
	t.Cleanup(srv.Close)
	return tk, srv
}

// tokenAdmin is fakeAdmin that also signs custom tokens, for calls made as the user.
type tokenAdmin struct{ fakeAdmin }

func (*tokenAdmin) CustomToken(context.Context, string) (string, error) { return "custom", nil }

// The /reset page's verification and recovery links: the code's kind is read first
// (accounts:resetPassword with the code alone uses nothing), then the code is applied
// (accounts:update with it), and the account after it answered.
func TestApplyActionCode(t *testing.T) {
	ctx := context.Background()
	applied := `{"localId":"u1","email":"a@example.com","emailVerified":true}`
	tk, srv := newActionToolkit(t, map[string]string{
		"resetPassword": `{"requestType":"VERIFY_EMAIL","email":"a@example.com"}`,
		"update":        applied,
	})
	c := restClient(srv.URL, nil)
	id, err := c.ApplyActionCode(ctx, "code-1", portal.ActionVerifyEmail)
	if err != nil || id != (portal.Identity{UID: "u1", Email: "a@example.com", EmailVerified: true}) {
		t.Fatalf("ApplyActionCode = %+v, %v", id, err)
	}
	if !slices.Equal(tk.calls, []string{"resetPassword", "update"}) {
		t.Fatalf("calls %v, want the check, then the update", tk.calls)
	}
	for i, body := range tk.bodies {
		if body["oobCode"] != "code-1" || len(body) != 1 {
			t.Errorf("call %s sent %v, want the code alone", tk.calls[i], body)
		}
	}

	// A code of another kind than the page's is refused before it is used.
	tk, srv = newActionToolkit(t, map[string]string{"resetPassword": `{"requestType":"RECOVER_EMAIL","email":"a@example.com"}`, "update": applied})
	c = restClient(srv.URL, nil)
	_, err = c.ApplyActionCode(ctx, "code-2", portal.ActionVerifyEmail)
	checkErr(t, "a recovery code followed as a verification", err, apperr.Invalid, msgBadActionCode)
	if !slices.Equal(tk.calls, []string{"resetPassword"}) {
		t.Fatalf("calls %v: the code must not be applied", tk.calls)
	}

	for _, tc := range []struct {
		name, check, update string
		code                apperr.Code
		msg                 string
	}{
		{"unknown code", toolkitError("INVALID_OOB_CODE"), applied, apperr.Invalid, msgBadActionCode},
		{"expired code", toolkitError("EXPIRED_OOB_CODE"), applied, apperr.Invalid, msgBadActionCode},
		{"code used meanwhile", `{"requestType":"RECOVER_EMAIL"}`, toolkitError("INVALID_OOB_CODE"), apperr.Invalid, msgBadActionCode},
		{"account gone", `{"requestType":"RECOVER_EMAIL"}`, toolkitError("USER_NOT_FOUND"), apperr.Invalid, msgBadActionCode},
		{"old email taken since", `{"requestType":"RECOVER_EMAIL"}`, toolkitError("EMAIL_EXISTS"), apperr.Conflict, msgEmailExists},
		{"disabled account", `{"requestType":"RECOVER_EMAIL"}`, toolkitError("USER_DISABLED"), apperr.Forbidden, msgDisabled},
		{"garbled reply", `{"requestType":"RECOVER_EMAIL"}`, `not json`, apperr.Unavailable, msgUnavailable},
	} {
		_, srv := newActionToolkit(t, map[string]string{"resetPassword": tc.check, "update": tc.update})
		_, err := restClient(srv.URL, nil).ApplyActionCode(ctx, "code", portal.ActionRecoverEmail)
		checkErr(t, tc.name, err, tc.code, tc.msg)
	}
	_, err = c.ApplyActionCode(ctx, "", portal.ActionVerifyEmail)
	checkErr(t, "no code", err, apperr.Invalid, msgBadActionCode)
}

// Spec 1 §7: sendEmailVerification takes an optional {url}, which Firebase puts in the link as
// its continueUrl; a continue URL Identity Toolkit refuses is an invalid argument (spec 1 §8).
func TestSendEmailVerificationContinueURL(t *testing.T) {
	ctx := context.Background()
	tk, srv := newActionToolkit(t, map[string]string{"signInWithCustomToken": `{"idToken":"id-token"}`, "sendOobCode": `{}`})
	c := restClient(srv.URL, &tokenAdmin{})
	if err := c.SendEmailVerification(ctx, "u1", "https://site.example/login/partner/demo"); err != nil {
		t.Fatal(err)
	}
	sent := tk.bodies[len(tk.bodies)-1]
	if sent["requestType"] != "VERIFY_EMAIL" || sent["idToken"] != "id-token" || sent["continueUrl"] != "https://site.example/login/partner/demo" {
		t.Fatalf("sendOobCode body %v", sent)
	}
	if err := c.SendEmailVerification(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	if _, ok := tk.bodies[len(tk.bodies)-1]["continueUrl"]; ok {
		t.Fatalf("no continue URL asked for, yet one was sent: %v", tk.bodies[len(tk.bodies)-1])
	}

	for _, code := range []string{"INVALID_CONTINUE_URI", "UNAUTHORIZED_DOMAIN : Domain not allowlisted by project"} {
		_, srv := newActionToolkit(t, map[string]string{"signInWithCustomToken": `{"idToken":"id-token"}`, "sendOobCode": toolkitError(code)})
		err := restClient(srv.URL, &tokenAdmin{}).SendEmailVerification(ctx, "u1", "https://elsewhere.example/")
		checkErr(t, code, err, apperr.Invalid, msgVerifyInvalid)
	}
	_, srv = newActionToolkit(t, map[string]string{"signInWithCustomToken": `{"idToken":"id-token"}`, "sendOobCode": toolkitError("TOO_MANY_ATTEMPTS_TRY_LATER")})
	err := restClient(srv.URL, &tokenAdmin{}).SendEmailVerification(ctx, "u1", "")
	checkErr(t, "too many", err, apperr.RateLimited, msgTooMany)
}
