// Package authn is the BFF's client of Firebase Auth: the Admin SDK for user management and
// session cookies, the Identity Toolkit REST API for what only a client may do (signing in with a
// password, mailing links). It is the one package that imports the Firebase SDK; callers see
// portal.Identity and *apperr.Error only.
package authn

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	firebase "firebase.google.com/go/v4"
	"firebase.google.com/go/v4/auth"
	gocache "github.com/patrickmn/go-cache"
	"google.golang.org/api/option"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// emulatorEnv is the variable through which the Admin SDK learns about the Auth emulator; it has
// no option for it.
const emulatorEnv = "FIREBASE_AUTH_EMULATOR_HOST"

// Options configures the client; main fills it from config.
type Options struct {
	ProjectID     string        // Firebase project, e.g. demo-union-benefits
	APIKey        string        // the web API key for the Identity Toolkit REST calls ("fake-api-key" against the emulator)
	EmulatorHost  string        // host:port of the Auth emulator; empty in production
	Timeout       time.Duration // limit on each upstream call (default 5s)
	RevocationTTL time.Duration // how long a user's revocation time is trusted before it is read again (default 30s)
	HTTPClient    *http.Client  // optional; used for the REST calls (the Admin SDK builds its own authenticated one)
	Metrics       *metrics.Metrics
}

// admin is the part of the Admin SDK's auth.Client in use, so tests can stand in for it.
type admin interface {
	GetUser(ctx context.Context, uid string) (*auth.UserRecord, error)
	CreateUser(ctx context.Context, user *auth.UserToCreate) (*auth.UserRecord, error)
	UpdateUser(ctx context.Context, uid string, user *auth.UserToUpdate) (*auth.UserRecord, error)
	DeleteUser(ctx context.Context, uid string) error
	RevokeRefreshTokens(ctx context.Context, uid string) error
	SessionCookie(ctx context.Context, idToken string, expiresIn time.Duration) (string, error)
	VerifySessionCookie(ctx context.Context, sessionCookie string) (*auth.Token, error)
	CustomToken(ctx context.Context, uid string) (string, error)
}

// Client is portal.Auth on Firebase Auth. It is safe for concurrent use.
type Client struct {
	admin   admin
	rest    rest
	timeout time.Duration
	metrics *metrics.Metrics
	// validAfter caches, per uid, the userState that decides whether a session is revoked.
	validAfter *gocache.Cache
}

var _ portal.Auth = (*Client)(nil)

// New builds a client. Against the emulator (o.EmulatorHost set) it needs no credentials; in
// production the Admin SDK uses Application Default Credentials, and SendEmailVerification needs
// them to be able to sign custom tokens (a service account key, or iam.serviceAccounts.signBlob).
func New(ctx context.Context, o Options) (*Client, error) {
	if o.ProjectID == "" || o.APIKey == "" {
		return nil, apperr.InternalError(fmt.Errorf("authn: ProjectID and APIKey are required"))
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.RevocationTTL <= 0 {
		o.RevocationTTL = 30 * time.Second
	}
	if o.HTTPClient == nil {
		// No client-wide timeout: each call carries its own deadline in its context.
		o.HTTPClient = &http.Client{}
	}

	var opts []option.ClientOption
	base := "https://identitytoolkit.googleapis.com/v1"
	if o.EmulatorHost != "" {
		// The SDK reads the emulator's address only from the environment, when the auth client is
		// made; setting it here keeps Options the one source of configuration.
		if err := os.Setenv(emulatorEnv, o.EmulatorHost); err != nil {
			return nil, apperr.InternalError(fmt.Errorf("authn: %w", err))
		}
		opts = append(opts, option.WithoutAuthentication())
		base = "http://" + o.EmulatorHost + "/identitytoolkit.googleapis.com/v1"
	} else if h := os.Getenv(emulatorEnv); h != "" {
		// The SDK would quietly talk to that emulator, and accept unsigned session cookies, while
		// the REST calls go to production.
		return nil, apperr.InternalError(
			fmt.Errorf("authn: %s=%s is set but Options.EmulatorHost is empty", emulatorEnv, h))
	}

	// The SDK keeps ctx for refreshing credentials; the client must outlive a cancelled start-up.
	sdkCtx := context.WithoutCancel(ctx)
	app, err := firebase.NewApp(sdkCtx, &firebase.Config{ProjectID: o.ProjectID}, opts...)
	if err != nil {
		return nil, apperr.InternalError(fmt.Errorf("authn: firebase app: %w", err))
	}
	ac, err := app.Auth(sdkCtx)
	if err != nil {
		return nil, apperr.InternalError(fmt.Errorf("authn: firebase auth: %w", err))
	}
	return &Client{
		admin:      ac,
		rest:       rest{base: base, apiKey: o.APIKey, hc: o.HTTPClient},
		timeout:    o.Timeout,
		metrics:    o.Metrics,
		validAfter: gocache.New(o.RevocationTTL, 10*time.Minute),
	}, nil
}

// call runs one upstream call, operation (the Identity Toolkit method or Admin SDK call, a name
// from code), under the client's timeout, with its span and metric.
func (c *Client) call(ctx context.Context, operation string, f func(ctx context.Context) error) error {
	_, err := callFor(ctx, c, operation, func(ctx context.Context) (struct{}, error) { return struct{}{}, f(ctx) })
	return err
}

// callFor is call for an upstream call that answers a value.
func callFor[T any](ctx context.Context, c *Client, operation string, f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Auth, operation)
	v, err := f(ctx)
	// Translated, so a wrong password reads as the answer it is, not as Auth failing.
	call.End(translate(err))
	return v, err
}

// User reads the user's record afresh, as emailVerified changes outside the portal.
func (c *Client) User(ctx context.Context, uid string) (portal.Identity, error) {
	u, err := callFor(ctx, c, "getUser", func(ctx context.Context) (*auth.UserRecord, error) {
		return c.admin.GetUser(ctx, uid)
	})
	if err != nil {
		return portal.Identity{}, translate(err)
	}
	return identity(u), nil
}

// CreateUser registers an email and password; the display name is optional.
func (c *Client) CreateUser(ctx context.Context, email, password, displayName string) (portal.Identity, error) {
	if err := checkEmail(email); err != nil {
		return portal.Identity{}, err
	}
	if err := checkPassword(password); err != nil {
		return portal.Identity{}, err
	}
	params := (&auth.UserToCreate{}).Email(email).Password(password)
	if displayName != "" { // the SDK refuses an empty one
		params = params.DisplayName(displayName)
	}
	u, err := callFor(ctx, c, "createUser", func(ctx context.Context) (*auth.UserRecord, error) {
		return c.admin.CreateUser(ctx, params)
	})
	if err != nil {
		return portal.Identity{}, translate(err)
	}
	return identity(u), nil
}

// DeleteUser removes a user. A user already gone is not an error: the point is that it is gone.
func (c *Client) DeleteUser(ctx context.Context, uid string) error {
	err := c.call(ctx, "deleteUser", func(ctx context.Context) error { return c.admin.DeleteUser(ctx, uid) })
	if err != nil && !auth.IsUserNotFound(err) {
		return translate(err)
	}
	c.validAfter.Delete(uid)
	return nil
}

// UpdatePassword sets a new password. Firebase revokes the user's sessions when it changes, so
// the cached revocation time goes too.
func (c *Client) UpdatePassword(ctx context.Context, uid, password string) error {
	if err := checkPassword(password); err != nil {
		return err
	}
	return c.update(ctx, uid, (&auth.UserToUpdate{}).Password(password))
}

// UpdateEmail sets a new email, unverified until the user proves they own it. Like a new
// password, it ends the user's sessions (the emulator, at least, moves their revocation time).
func (c *Client) UpdateEmail(ctx context.Context, uid, email string) error {
	if err := checkEmail(email); err != nil {
		return err
	}
	return c.update(ctx, uid, (&auth.UserToUpdate{}).Email(email).EmailVerified(false))
}

func (c *Client) update(ctx context.Context, uid string, params *auth.UserToUpdate) error {
	err := c.call(ctx, "updateUser", func(ctx context.Context) error {
		_, err := c.admin.UpdateUser(ctx, uid, params)
		return err
	})
	c.validAfter.Delete(uid)
	return translate(err)
}

// RevokeSessions ends every session and refresh token of the user. This process stops accepting
// the user's older sessions at once; other instances within their RevocationTTL.
func (c *Client) RevokeSessions(ctx context.Context, uid string) error {
	err := c.call(ctx, "revokeRefreshTokens", func(ctx context.Context) error { return c.admin.RevokeRefreshTokens(ctx, uid) })
	c.validAfter.Delete(uid)
	return translate(err)
}

func identity(u *auth.UserRecord) portal.Identity {
	id := portal.Identity{EmailVerified: u.EmailVerified}
	if u.UserInfo != nil {
		id.UID, id.Email = u.UID, u.Email
	}
	return id
}

// checkEmail repeats the Admin SDK's own check, whose plain error would otherwise read as a
// failure of the server.
func checkEmail(email string) error {
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || domain == "" || strings.Contains(domain, "@") {
		return apperr.New(apperr.Invalid, msgInvalidEmail)
	}
	return nil
}

// checkPassword repeats the Admin SDK's own check, for the same reason as checkEmail.
func checkPassword(password string) error {
	if len(password) < 6 {
		return apperr.New(apperr.Invalid, msgWeakPassword)
	}
	return nil
}
