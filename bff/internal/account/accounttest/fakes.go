// Package accounttest holds in-memory fakes of portal.Auth and portal.Profiles, for unit tests of
// the account service and the HTTP surface. They keep the rules callers notice (wrong passwords,
// taken emails, revoked sessions, one-write saves); integration tests use the real emulators.
package accounttest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

type user struct {
	portal.Identity
	password   string
	validSince int64 // sessions opened before this sequence number are revoked
}

// Auth is a fake identity provider. Session values are "session|uid|seq"; a sequence number
// stands in for Firebase's auth_time, so revocation needs no sleeping.
type Auth struct {
	mu     sync.Mutex
	seq    int64
	users  map[string]*user  // by uid
	Resets map[string]string // oobCode → email, as SendPasswordReset leaves them
	// Actions are the emailed links' other codes: oobCode → what it does. SendEmailVerification
	// leaves a verification here; a test adds a recovery.
	Actions map[string]Action
	Sent    []string // "verify:email" and "reset:email", in order
	// Continues are the continue URLs SendEmailVerification was given, in order.
	Continues []string
	// Fail makes the named method fail with Unavailable (e.g. "RevokeSessions").
	Fail map[string]bool
	// FailWith makes the named method fail with this error instead.
	FailWith map[string]error
	// NoUID makes CreateUser answer an identity without a uid and no error.
	NoUID bool
}

// Action is an emailed link's code: its kind, whose account, and the email a recovery restores.
type Action struct {
	Kind  portal.ActionKind
	UID   string
	Email string
}

// NewAuth returns an empty fake.
func NewAuth() *Auth {
	return &Auth{
		users: map[string]*user{}, Resets: map[string]string{}, Actions: map[string]Action{},
		Fail: map[string]bool{}, FailWith: map[string]error{},
	}
}

var _ portal.Auth = (*Auth)(nil)

func (a *Auth) fail(method string) error {
	if err := a.FailWith[method]; err != nil {
		return err
	}
	if a.Fail[method] {
		return apperr.New(apperr.Unavailable, "Error contacting authentication server!")
	}
	return nil
}

func (a *Auth) byEmail(email string) *user {
	for _, u := range a.users {
		if strings.EqualFold(u.Email, email) {
			return u
		}
	}
	return nil
}

// Add registers a user directly, for tests that start signed up.
func (a *Auth) Add(uid, email, password string, verified bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.users[uid] = &user{Identity: portal.Identity{UID: uid, Email: email, EmailVerified: verified}, password: password}
}

// SignIn implements portal.Auth.
func (a *Auth) SignIn(_ context.Context, email, password string) (portal.Identity, string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("SignIn"); err != nil {
		return portal.Identity{}, "", err
	}
	u := a.byEmail(email)
	if u == nil || u.password != password {
		return portal.Identity{}, "", apperr.New(apperr.Unauthenticated, "The email or password is incorrect.")
	}
	a.seq++
	return u.Identity, fmt.Sprintf("%s|%d", u.UID, a.seq), nil
}

// NewSession implements portal.Auth.
func (a *Auth) NewSession(_ context.Context, idToken string, _ time.Duration) (string, error) {
	if err := a.fail("NewSession"); err != nil {
		return "", err
	}
	return "session|" + idToken, nil
}

// VerifySession implements portal.Auth.
func (a *Auth) VerifySession(_ context.Context, session string) (portal.Identity, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	dead := apperr.New(apperr.Unauthenticated, "Your session has ended. Please log in again.")
	parts := strings.Split(session, "|")
	if len(parts) != 3 || parts[0] != "session" {
		return portal.Identity{}, dead
	}
	u := a.users[parts[1]]
	var seq int64
	if _, err := fmt.Sscan(parts[2], &seq); err != nil || u == nil || seq < u.validSince {
		return portal.Identity{}, dead
	}
	return u.Identity, nil
}

// User implements portal.Auth.
func (a *Auth) User(_ context.Context, uid string) (portal.Identity, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if u := a.users[uid]; u != nil {
		return u.Identity, nil
	}
	return portal.Identity{}, apperr.New(apperr.NotFound, "Account not found.")
}

// CreateUser implements portal.Auth.
func (a *Auth) CreateUser(_ context.Context, email, password, _ string) (portal.Identity, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("CreateUser"); err != nil {
		return portal.Identity{}, err
	}
	if a.NoUID {
		return portal.Identity{}, nil
	}
	if a.byEmail(email) != nil {
		return portal.Identity{}, apperr.New(apperr.Conflict, "The email address is already in use by another account.")
	}
	a.seq++
	uid := fmt.Sprintf("uid-%d", a.seq)
	a.users[uid] = &user{Identity: portal.Identity{UID: uid, Email: email}, password: password}
	return a.users[uid].Identity, nil
}

// DeleteUser implements portal.Auth.
func (a *Auth) DeleteUser(_ context.Context, uid string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.users, uid)
	return nil
}

// Exists reports whether an email has an account.
func (a *Auth) Exists(email string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.byEmail(email) != nil
}

// UpdatePassword implements portal.Auth.
func (a *Auth) UpdatePassword(_ context.Context, uid, password string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if u := a.users[uid]; u != nil {
		u.password = password
		return nil
	}
	return apperr.New(apperr.NotFound, "Account not found.")
}

// UpdateEmail implements portal.Auth.
func (a *Auth) UpdateEmail(_ context.Context, uid, email string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if other := a.byEmail(email); other != nil && other.UID != uid {
		return apperr.New(apperr.Conflict, "The email address is already in use by another account.")
	}
	if u := a.users[uid]; u != nil {
		u.Email, u.EmailVerified = email, false
		return nil
	}
	return apperr.New(apperr.NotFound, "Account not found.")
}

// RevokeSessions implements portal.Auth.
func (a *Auth) RevokeSessions(_ context.Context, uid string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("RevokeSessions"); err != nil {
		return err
	}
	a.seq++
	if u := a.users[uid]; u != nil {
		u.validSince = a.seq
	}
	return nil
}

// SignInAs implements portal.Auth.
func (a *Auth) SignInAs(_ context.Context, uid string) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("SignInAs"); err != nil {
		return "", err
	}
	if a.users[uid] == nil {
		return "", apperr.New(apperr.Unauthenticated, "Your session has ended. Please log in again.")
	}
	a.seq++
	return fmt.Sprintf("%s|%d", uid, a.seq), nil
}

// SetVerified marks a user's email verified or not, as the member clicking the link would.
func (a *Auth) SetVerified(uid string, verified bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if u := a.users[uid]; u != nil {
		u.EmailVerified = verified
	}
}

// SendEmailVerification implements portal.Auth.
func (a *Auth) SendEmailVerification(_ context.Context, uid, continueURL string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("SendEmailVerification"); err != nil {
		return err
	}
	if u := a.users[uid]; u != nil {
		a.seq++
		a.Actions[fmt.Sprintf("oob-%d", a.seq)] = Action{Kind: portal.ActionVerifyEmail, UID: uid, Email: u.Email}
		a.Sent = append(a.Sent, "verify:"+u.Email)
		a.Continues = append(a.Continues, continueURL)
	}
	return nil
}

// ApplyActionCode implements portal.Auth: a code works once, for its own kind only.
func (a *Auth) ApplyActionCode(_ context.Context, oobCode string, kind portal.ActionKind) (portal.Identity, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.fail("ApplyActionCode"); err != nil {
		return portal.Identity{}, err
	}
	action, ok := a.Actions[oobCode]
	u := a.users[action.UID]
	if !ok || action.Kind != kind || u == nil {
		return portal.Identity{}, apperr.New(apperr.Invalid, "This link is invalid or has expired.")
	}
	delete(a.Actions, oobCode)
	if kind == portal.ActionRecoverEmail {
		u.Email = action.Email
	}
	u.EmailVerified = true
	return u.Identity, nil
}

// Action returns the newest code of a kind for an email, as the member's inbox would hold it.
func (a *Auth) Action(kind portal.ActionKind, email string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	best, bestSeq := "", int64(-1)
	for code, action := range a.Actions {
		var seq int64
		if _, err := fmt.Sscanf(code, "oob-%d", &seq); err == nil && action.Kind == kind && action.Email == email && seq > bestSeq {
			best, bestSeq = code, seq
		}
	}
	return best
}

// SendPasswordReset implements portal.Auth.
func (a *Auth) SendPasswordReset(_ context.Context, email string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if u := a.byEmail(email); u != nil {
		a.seq++
		a.Resets[fmt.Sprintf("oob-%d", a.seq)] = u.Email
		a.Sent = append(a.Sent, "reset:"+u.Email)
	}
	return nil
}

// ResetPassword implements portal.Auth.
func (a *Auth) ResetPassword(_ context.Context, oobCode, password string) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	email, ok := a.Resets[oobCode]
	if !ok {
		return "", apperr.New(apperr.Invalid, "This password reset link is invalid or has expired. Please request a new one.")
	}
	delete(a.Resets, oobCode)
	a.byEmail(email).password = password
	return email, nil
}

// Profiles is a fake profile store.
type Profiles struct {
	mu       sync.Mutex
	profiles map[string]portal.Profile
	settings portal.SiteSettings
	ended    map[string]time.Time
	// Writes counts SaveProfile and SetFavorite calls, to check a save is one write.
	Writes int
	// FailSave makes SaveProfile fail with Unavailable.
	FailSave bool
}

// NewProfiles returns an empty store with login on.
func NewProfiles() *Profiles {
	return &Profiles{
		profiles: map[string]portal.Profile{}, settings: portal.SiteSettings{LoginEnabled: true},
		ended: map[string]time.Time{},
	}
}

var _ portal.Profiles = (*Profiles)(nil)

// Put stores a profile as is.
func (p *Profiles) Put(uid string, profile portal.Profile) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.profiles[uid] = profile
}

// Get returns a stored profile and whether there is one.
func (p *Profiles) Get(uid string) (portal.Profile, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	profile, ok := p.profiles[uid]
	return profile, ok
}

// SetLogin switches login on or off.
func (p *Profiles) SetLogin(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.settings.LoginEnabled = on
}

// Profile implements portal.Profiles.
func (p *Profiles) Profile(_ context.Context, uid string) (portal.Profile, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	profile, ok := p.profiles[uid]
	if !ok {
		return portal.Profile{}, apperr.New(apperr.NotFound, "Profile not found.")
	}
	return profile, nil
}

// SaveProfile implements portal.Profiles.
func (p *Profiles) SaveProfile(_ context.Context, uid string, profile portal.Profile) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.FailSave {
		return apperr.New(apperr.Unavailable, "The profile store is unavailable.")
	}
	p.Writes++
	old := p.profiles[uid]
	profile.Favorites, profile.Partners = old.Favorites, old.Partners
	p.profiles[uid] = profile
	return nil
}

// SetFavorite implements portal.Profiles.
func (p *Profiles) SetFavorite(_ context.Context, uid, id string, on bool) ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Writes++
	profile := p.profiles[uid]
	profile.Favorites = slices.DeleteFunc(slices.Clone(profile.Favorites), func(f string) bool { return f == id })
	if on {
		profile.Favorites = append(profile.Favorites, id)
	}
	p.profiles[uid] = profile
	return slices.Clone(profile.Favorites), nil
}

// UpdatePartnerLinks changes a member's partner links in one step and answers them after
// (partnerstest.Partners keeps them here, as Firestore keeps them in the profile). Like the real
// store, a read that changes nothing writes nothing (and creates no profile).
func (p *Profiles) UpdatePartnerLinks(uid string, fn func([]portal.PartnerLink) []portal.PartnerLink) []portal.PartnerLink {
	p.mu.Lock()
	defer p.mu.Unlock()
	profile, ok := p.profiles[uid]
	next := fn(slices.Clone(profile.Partners))
	if next == nil {
		next = []portal.PartnerLink{}
	}
	if ok || len(next) > 0 {
		profile.Partners = next
		p.profiles[uid] = profile
	}
	return slices.Clone(next)
}

// Settings implements portal.Profiles.
func (p *Profiles) Settings(context.Context) (portal.SiteSettings, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.settings, nil
}

// EndSession implements portal.Profiles.
func (p *Profiles) EndSession(_ context.Context, key string, until time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended[key] = until
	return nil
}

// SessionEnded implements portal.Profiles.
func (p *Profiles) SessionEnded(_ context.Context, key string) (bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.ended[key]
	return ok, nil
}
