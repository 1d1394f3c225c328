package authn

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"firebase.google.com/go/v4/auth"
	gocache "github.com/patrickmn/go-cache"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// toolkit is a stand-in for Identity Toolkit (and, as an "emulator", for the Admin SDK's
// backend): it answers every request with one status and body, and records the paths asked for.
type toolkit struct {
	mu     sync.Mutex
	status int
	body   string
	paths  []string
	uris   []string // the whole request URIs, query included
	keys   []string // the API key headers
}

func (tk *toolkit) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	tk.mu.Lock()
	tk.paths = append(tk.paths, r.URL.Path)
	tk.uris = append(tk.uris, r.URL.RequestURI())
	tk.keys = append(tk.keys, r.Header.Get("X-Goog-Api-Key"))
	status, body := tk.status, tk.body
	tk.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprint(w, body)
}

func (tk *toolkit) reply(status int, body string) {
	tk.mu.Lock()
	defer tk.mu.Unlock()
	tk.status, tk.body = status, body
}

func toolkitError(message string) string {
	return fmt.Sprintf(`{"error":{"code":400,"message":%q,"errors":[{"message":%q,"reason":"invalid"}]}}`, message, message)
}

// restClient is a Client whose REST calls go to url, with a fake Admin SDK.
func restClient(url string, a admin) *Client {
	return &Client{
		admin:      a,
		rest:       rest{base: url + "/v1", apiKey: "test-key", hc: http.DefaultClient},
		timeout:    time.Second,
		validAfter: gocache.New(time.Minute, time.Minute),
	}
}

func checkErr(t *testing.T, what string, err error, code apperr.Code, msg string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: got %T %v, want *apperr.Error %s", what, err, err, code)
	}
	if e.Code != code || e.Message != msg {
		t.Fatalf("%s: got %s %q, want %s %q", what, e.Code, e.Message, code, msg)
	}
}

func TestRESTErrorMapping(t *testing.T) {
	tk := &toolkit{}
	srv := httptest.NewServer(tk)
	defer srv.Close()
	c := restClient(srv.URL, nil)
	ctx := context.Background()

	signIn := func() error { _, _, err := c.SignIn(ctx, "a@example.com", "secret1"); return err }
	reset := func() error { _, err := c.ResetPassword(ctx, "code", "secret1"); return err }
	sendReset := func() error { return c.SendPasswordReset(ctx, "a@example.com") }

	for _, tc := range []struct {
		call    func() error
		status  int
		message string
		code    apperr.Code
		msg     string
	}{
		{signIn, 400, "INVALID_LOGIN_CREDENTIALS", apperr.Unauthenticated, msgCredentials},
		{signIn, 400, "EMAIL_NOT_FOUND", apperr.Unauthenticated, msgCredentials},
		{signIn, 400, "INVALID_PASSWORD", apperr.Unauthenticated, msgCredentials},
		{signIn, 400, "MISSING_PASSWORD", apperr.Unauthenticated, msgCredentials},
		{signIn, 400, "USER_DISABLED", apperr.Forbidden, msgDisabled},
		{signIn, 400, "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", apperr.RateLimited, msgTooMany},
		{signIn, 400, "INVALID_EMAIL", apperr.Invalid, msgInvalidEmail},
		{signIn, 400, "SOMETHING_NEW", apperr.Unavailable, msgUnavailable},
		{signIn, 500, "INTERNAL_ERROR", apperr.Unavailable, msgUnavailable},
		{signIn, 503, "USER_DISABLED", apperr.Unavailable, msgUnavailable}, // a 5xx is a failure whatever it says
		{reset, 400, "WEAK_PASSWORD : Password should be at least 6 characters", apperr.Invalid, msgWeakPassword},
		{reset, 400, "INVALID_OOB_CODE", apperr.Invalid, msgBadResetCode},
		{reset, 400, "EXPIRED_OOB_CODE", apperr.Invalid, msgBadResetCode},
		{reset, 400, "EMAIL_NOT_FOUND", apperr.Invalid, msgBadResetCode},
		{sendReset, 400, "TOO_MANY_ATTEMPTS_TRY_LATER", apperr.RateLimited, msgTooMany},
		{sendReset, 400, "INVALID_EMAIL", apperr.Invalid, msgInvalidEmail},
	} {
		tk.reply(tc.status, toolkitError(tc.message))
		err := tc.call()
		checkErr(t, fmt.Sprintf("%d %s", tc.status, tc.message), err, tc.code, tc.msg)
		if _, ok := errors.AsType[*upstreamError](err); !ok {
			t.Errorf("%s: the cause is lost: %v", tc.message, err)
		}
	}

	// Not an Identity Toolkit reply at all.
	tk.reply(502, "<html>Bad Gateway</html>")
	checkErr(t, "HTML 502", signIn(), apperr.Unavailable, msgUnavailable)
	tk.reply(200, "not json")
	checkErr(t, "garbled 200", signIn(), apperr.Unavailable, msgUnavailable)
}

func TestTheAPIKeyTravelsInAHeaderNeverInTheURL(t *testing.T) {
	tk := &toolkit{status: 200, body: `{"localId":"u1","email":"a@example.com","idToken":"x.eyJ9.x"}`}
	srv := httptest.NewServer(tk)
	defer srv.Close()
	c := restClient(srv.URL, nil)
	_, _, _ = c.SignIn(context.Background(), "a@example.com", "Password1")
	if len(tk.uris) != 1 || strings.Contains(tk.uris[0], "test-key") || strings.Contains(tk.uris[0], "key=") {
		t.Fatalf("request URIs %q carry the key", tk.uris)
	}
	if tk.keys[0] != "test-key" {
		t.Fatalf("X-Goog-Api-Key %q, want the key", tk.keys[0])
	}
}

func TestSendPasswordResetHidesUnknownEmail(t *testing.T) {
	tk := &toolkit{}
	srv := httptest.NewServer(tk)
	defer srv.Close()
	c := restClient(srv.URL, nil)

	tk.reply(400, toolkitError("EMAIL_NOT_FOUND"))
	if err := c.SendPasswordReset(context.Background(), "nobody@example.com"); err != nil {
		t.Fatalf("unknown email: %v, want nil", err)
	}
	tk.reply(200, `{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"a@example.com"}`)
	if err := c.SendPasswordReset(context.Background(), "a@example.com"); err != nil {
		t.Fatalf("known email: %v", err)
	}
	if want := "/v1/accounts:sendOobCode"; tk.paths[len(tk.paths)-1] != want {
		t.Fatalf("path %s, want %s", tk.paths[len(tk.paths)-1], want)
	}
}

func TestSignInReadsEmailVerifiedFromToken(t *testing.T) {
	tk := &toolkit{}
	srv := httptest.NewServer(tk)
	defer srv.Close()
	c := restClient(srv.URL, nil)

	// An unsigned token, as the emulator issues: eyJhbGciOiJub25lIn0 is {"alg":"none"}, the
	// payload {"email_verified":true}.
	tok := "eyJhbGciOiJub25lIn0.eyJlbWFpbF92ZXJpZmllZCI6dHJ1ZX0."
	tk.reply(200, `{"localId":"u1","email":"a@example.com","idToken":"`+tok+`"}`)
	id, got, err := c.SignIn(context.Background(), "a@example.com", "secret1")
	if err != nil {
		t.Fatal(err)
	}
	if id.UID != "u1" || id.Email != "a@example.com" || !id.EmailVerified || got != tok {
		t.Fatalf("SignIn = %+v, %q", id, got)
	}
}

// hang is a server that never answers until the request is given up or the test ends.
func hang(t *testing.T) *httptest.Server {
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Only once the body is read does the server notice the client hanging up.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stop) }) // runs first
	return srv
}

func TestRESTTimeout(t *testing.T) {
	c := restClient(hang(t).URL, nil)
	c.timeout = 200 * time.Millisecond

	start := time.Now()
	_, _, err := c.SignIn(context.Background(), "a@example.com", "secret1")
	checkErr(t, "hanging SignIn", err, apperr.Unavailable, msgUnavailable)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cause %v, want a deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("SignIn took %v with a 200ms timeout", d)
	}
}

// fakeEmulator points a real Client (Admin SDK included) at srv as if it were the Auth emulator.
func fakeEmulator(t *testing.T, srv *httptest.Server, timeout time.Duration) *Client {
	t.Helper()
	// New sets the variable; t.Setenv puts the old value back afterwards.
	t.Setenv(emulatorEnv, "")
	c, err := New(context.Background(), Options{
		ProjectID:    "demo-test",
		APIKey:       "fake-api-key",
		EmulatorHost: strings.TrimPrefix(srv.URL, "http://"),
		Timeout:      timeout,
	})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func TestAdminTimeout(t *testing.T) {
	c := fakeEmulator(t, hang(t), 200*time.Millisecond)

	start := time.Now()
	_, err := c.User(context.Background(), "u1")
	checkErr(t, "hanging User", err, apperr.Unavailable, msgUnavailable)
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("User took %v with a 200ms timeout", d)
	}
}

func TestAdminErrorMapping(t *testing.T) {
	tk := &toolkit{}
	srv := httptest.NewServer(tk)
	defer srv.Close()
	c := fakeEmulator(t, srv, time.Second)
	ctx := context.Background()

	create := func() error { _, err := c.CreateUser(ctx, "a@example.com", "secret1", "A"); return err }
	user := func() error { _, err := c.User(ctx, "u1"); return err }
	email := func() error { return c.UpdateEmail(ctx, "u1", "b@example.com") }
	password := func() error { return c.UpdatePassword(ctx, "u1", "secret2") }
	session := func() error { _, err := c.NewSession(ctx, "id-token", time.Hour); return err }

	for _, tc := range []struct {
		name    string
		call    func() error
		status  int
		message string
		code    apperr.Code
		msg     string
	}{
		{"create duplicate", create, 400, "EMAIL_EXISTS", apperr.Conflict, msgEmailExists},
		{"create bad email", create, 400, "INVALID_EMAIL", apperr.Invalid, msgInvalidEmail},
		{"create weak", create, 400, "WEAK_PASSWORD : Password should be at least 6 characters", apperr.Invalid, msgWeakPassword},
		{"user missing", user, 400, "USER_NOT_FOUND", apperr.NotFound, msgNotFound},
		{"user 500", user, 500, "INTERNAL_ERROR", apperr.Unavailable, msgUnavailable},
		{"email taken", email, 400, "EMAIL_EXISTS", apperr.Conflict, msgEmailExists},
		{"email user missing", email, 400, "USER_NOT_FOUND", apperr.NotFound, msgNotFound},
		{"password weak", password, 400, "WEAK_PASSWORD", apperr.Invalid, msgWeakPassword},
		{"password user missing", password, 400, "USER_NOT_FOUND", apperr.NotFound, msgNotFound},
		{"session bad token", session, 400, "INVALID_ID_TOKEN", apperr.Unauthenticated, msgSessionEnded},
		{"session old token", session, 400, "TOKEN_EXPIRED", apperr.Unauthenticated, msgSessionEnded},
	} {
		tk.reply(tc.status, toolkitError(tc.message))
		checkErr(t, tc.name, tc.call(), tc.code, tc.msg)
	}

	// What the SDK refuses before asking the server reads as the user's mistake too.
	_, err := c.CreateUser(ctx, "not-an-email", "secret1", "")
	checkErr(t, "local email check", err, apperr.Invalid, msgInvalidEmail)
	err = c.UpdatePassword(ctx, "u1", "short")
	checkErr(t, "local password check", err, apperr.Invalid, msgWeakPassword)

	// A cookie that is no JWT fails before any call.
	_, err = c.VerifySession(ctx, "garbage")
	checkErr(t, "garbage cookie", err, apperr.Unauthenticated, msgSessionEnded)
}

// fakeAdmin stands in for the Admin SDK in the revocation tests.
type fakeAdmin struct {
	admin       // nil: calling anything else fails the test with a panic
	mu          sync.Mutex
	token       *auth.Token
	validAfter  int64 // the user's TokensValidAfterMillis
	disabled    bool
	getUserErr  error
	getUsers    int
	revocations int
}

func (f *fakeAdmin) VerifySessionCookie(ctx context.Context, cookie string) (*auth.Token, error) {
	return f.token, nil
}

func (f *fakeAdmin) GetUser(ctx context.Context, uid string) (*auth.UserRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.getUsers++
	if f.getUserErr != nil {
		return nil, f.getUserErr
	}
	return &auth.UserRecord{
		UserInfo:               &auth.UserInfo{UID: uid},
		Disabled:               f.disabled,
		TokensValidAfterMillis: f.validAfter,
	}, nil
}

func (f *fakeAdmin) RevokeRefreshTokens(ctx context.Context, uid string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.revocations++
	f.validAfter = time.Now().Unix() * 1000
	return nil
}

func (f *fakeAdmin) set(validAfter int64, disabled bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.validAfter, f.disabled = validAfter, disabled
}

func TestRevokedRule(t *testing.T) {
	for _, tc := range []struct {
		authTime, validAfter int64
		want                 bool
	}{
		{1000, 0, false},          // never revoked
		{1000, 999_000, false},    // revoked before the sign-in
		{1000, 1_000_000, false},  // revoked in the second of the sign-in: Firebase lets it live
		{1000, 1_001_000, true},   // revoked the second after
		{1000, 5_000_000, true},   // long after
		{1000, -1_000_000, false}, // nonsense stays harmless
	} {
		if got := revoked(tc.authTime, tc.validAfter); got != tc.want {
			t.Errorf("revoked(%d, %d) = %v, want %v", tc.authTime, tc.validAfter, got, tc.want)
		}
	}
}

func TestVerifySessionRevocation(t *testing.T) {
	signedIn := time.Now().Add(-time.Hour).Unix()
	fa := &fakeAdmin{token: &auth.Token{
		UID:      "u1",
		AuthTime: signedIn,
		IssuedAt: signedIn,
		Claims:   map[string]any{"email": "a@example.com", "email_verified": true},
	}}
	c := restClient("http://unused.invalid", fa)
	ctx := context.Background()

	id, err := c.VerifySession(ctx, "cookie")
	if err != nil || id.UID != "u1" || id.Email != "a@example.com" || !id.EmailVerified {
		t.Fatalf("VerifySession = %+v, %v", id, err)
	}
	for range 5 {
		if _, err := c.VerifySession(ctx, "cookie"); err != nil {
			t.Fatal(err)
		}
	}
	if fa.getUsers != 1 {
		t.Fatalf("%d GetUser calls for 6 verifications, want 1 (cached)", fa.getUsers)
	}

	// A revocation made by another instance is not seen while the cached time is trusted...
	fa.set((signedIn+1)*1000, false)
	if _, err := c.VerifySession(ctx, "cookie"); err != nil {
		t.Fatalf("within the TTL: %v", err)
	}
	// ...but one made here is, at once.
	if err := c.RevokeSessions(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	_, err = c.VerifySession(ctx, "cookie")
	checkErr(t, "after RevokeSessions", err, apperr.Unauthenticated, msgSessionEnded)
	if fa.getUsers != 2 {
		t.Fatalf("%d GetUser calls, want 2", fa.getUsers)
	}

	// A session signed in during the second of the revocation survives it.
	fa.set(signedIn*1000, false)
	c.validAfter.Flush()
	if _, err := c.VerifySession(ctx, "cookie"); err != nil {
		t.Fatalf("revoked in the sign-in second: %v", err)
	}

	// A disabled user's sessions end too.
	fa.set(0, true)
	c.validAfter.Flush()
	_, err = c.VerifySession(ctx, "cookie")
	checkErr(t, "disabled user", err, apperr.Unauthenticated, msgSessionEnded)

	// Failing to read the user is not the user's fault.
	fa.set(0, false)
	fa.getUserErr = errors.New("connection refused")
	c.validAfter.Flush()
	_, err = c.VerifySession(ctx, "cookie")
	checkErr(t, "GetUser failing", err, apperr.Unavailable, msgUnavailable)
}

func TestRevocationTTL(t *testing.T) {
	signedIn := time.Now().Add(-time.Hour).Unix()
	fa := &fakeAdmin{token: &auth.Token{UID: "u1", AuthTime: signedIn}}
	c := restClient("http://unused.invalid", fa)
	c.validAfter = gocache.New(50*time.Millisecond, time.Minute)
	ctx := context.Background()

	if _, err := c.VerifySession(ctx, "cookie"); err != nil {
		t.Fatal(err)
	}
	fa.set((signedIn+60)*1000, false) // revoked by another instance
	time.Sleep(100 * time.Millisecond)
	_, err := c.VerifySession(ctx, "cookie")
	checkErr(t, "after the TTL", err, apperr.Unauthenticated, msgSessionEnded)
	if fa.getUsers != 2 {
		t.Fatalf("%d GetUser calls, want 2", fa.getUsers)
	}
}

func TestNewRefusesStrayEmulator(t *testing.T) {
	t.Setenv(emulatorEnv, "127.0.0.1:1")
	_, err := New(context.Background(), Options{ProjectID: "p", APIKey: "k"})
	if !apperr.Is(err, apperr.Internal) {
		t.Fatalf("New with %s set but no EmulatorHost: %v, want an error", emulatorEnv, err)
	}
}
