// Package account is the member account's logic, by concern: sessions (who a cookie belongs to,
// the login switch), credentials (sign-in and sign-up, password and email changes, reset), the
// profile and interests forms, and favorites. It is the authority for every rule of the account
// forms (contracts/accounts.json words them), whatever a browser sends; the uid it acts for always
// comes from a verified session, never from a request's body or URL.
package account

import (
	"context"
	"log/slog"
	"time"

	gocache "github.com/patrickmn/go-cache"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Options configures the account services.
type Options struct {
	ProductName  string
	SupportPhone string
	SessionTTL   time.Duration // how long a session cookie lives
	SettingsTTL  time.Duration // how long the login switch is trusted before it is read again
	// MemberUnionTTL is how long a member's union is remembered for personalising their pages:
	// a member's page render asks for it three times (page, site, session). A profile saved on
	// this replica forgets it at once; another replica sees the change within the TTL.
	MemberUnionTTL time.Duration
	// EndedTTL is how long a session found not signed out is trusted before the store is asked
	// again: a copied cookie of a session signed out on another replica works that long at most
	// (the same bound as for revocations). On this replica a sign-out takes effect at once.
	EndedTTL time.Duration
	// SiteURL is the site's address (FRONTEND_URL, no trailing slash): a verification link's
	// continue URL is a path of the site made absolute on it.
	SiteURL string
	// Outbox receives the password-changed mail after a reset (the spec's passwordChangedEmail);
	// nil sends none.
	Outbox portal.Outbox
	Logger *slog.Logger
	Now    func() time.Time // for tests
}

// Services are the account's four services, sharing one view of the upstreams.
type Services struct {
	Sessions    *SessionService
	Credentials *CredentialService
	Profiles    *ProfileService
	Favorites   *FavoriteService
}

// New returns the account services over the identity provider, the profile store, the CMS's
// unions and benefits, and the order system's products.
func New(auth portal.Auth, profiles portal.Profiles, content portal.Content, orders portal.Orders, o Options) Services {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 5 * 24 * time.Hour
	}
	if o.MemberUnionTTL <= 0 {
		o.MemberUnionTTL = 30 * time.Second
	}
	if o.EndedTTL <= 0 {
		o.EndedTTL = 30 * time.Second
	}
	c := &core{
		auth: auth, profiles: profiles, content: content, orders: orders, o: o,
		settings:     gocache.New(o.SettingsTTL, time.Minute),
		memberUnions: gocache.New(o.MemberUnionTTL, time.Minute),
		ended:        gocache.New(o.EndedTTL, time.Minute),
	}
	return Services{
		Sessions:    &SessionService{c},
		Credentials: &CredentialService{c},
		Profiles:    &ProfileService{c},
		Favorites:   &FavoriteService{c},
	}
}

// core is what the four services share: the upstreams, the login switch, and reading and writing
// the member's profile.
type core struct {
	auth     portal.Auth
	profiles portal.Profiles
	content  portal.Content
	orders   portal.Orders
	o        Options
	// settings holds the site settings for SettingsTTL: every session check reads the login
	// switch, and it changes rarely.
	settings *gocache.Cache
	// memberUnions remembers each member's union term id (uid -> id) for MemberUnionTTL.
	memberUnions *gocache.Cache
	// ended remembers sessions by key: signed out (true, until they expire) or not (false, for
	// EndedTTL).
	ended *gocache.Cache
}

// loginEnabled reads the global login switch. When the store cannot be read, the last answer
// stands for another TTL, else login stays on: an outage of the settings must not sign everyone out.
func (s *core) loginEnabled(ctx context.Context) bool {
	if v, ok := s.settings.Get("site"); ok {
		return v.(portal.SiteSettings).LoginEnabled
	}
	settings, err := s.profiles.Settings(ctx)
	if err != nil {
		s.o.Logger.WarnContext(ctx, "site settings unavailable; login stays on", slog.Any("error", err))
		settings = portal.SiteSettings{LoginEnabled: true}
	}
	s.settings.SetDefault("site", settings)
	return settings.LoginEnabled
}

func (s *core) offline() error {
	return apperr.New(apperr.Unavailable, msg("loginOffline", "product", s.o.ProductName))
}

// memberSession is a signed-in member's session: a visitor's (see anonymous) with the member.
func (s *core) memberSession(ctx context.Context, session Session, id portal.Identity) (Session, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return session, err
	}
	if !id.EmailVerified {
		// The cookie says what was true at sign-in; the member may have verified since (spec 1
		// §4: checking again reloads the user). Only the unverified pay for the extra call.
		if fresh, err := s.auth.User(ctx, id.UID); err == nil {
			id.EmailVerified = fresh.EmailVerified
		}
	}
	user := &SessionUser{
		UID: id.UID, Email: id.Email, EmailVerified: id.EmailVerified,
		FirstName: p.FirstName, LastName: p.LastName, IsEmailSubscribed: p.EmailOpt,
		Favorites: nonNil(p.Favorites),
	}
	if u, err := s.union(ctx, p.Union); err == nil {
		user.Union = u.Ref()
	}
	session.SignedIn, session.User, session.EmailSubscribed = true, user, p.EmailOpt
	return session, nil
}

// openSession signs in and turns the ID token into a session cookie.
func (s *core) openSession(ctx context.Context, email, password, message string) (AuthResult, string, error) {
	id, token, err := s.auth.SignIn(ctx, email, password)
	if err != nil {
		return AuthResult{}, "", err
	}
	cookie, err := s.auth.NewSession(ctx, token, s.o.SessionTTL)
	if err != nil {
		return AuthResult{}, "", err
	}
	session, err := s.anonymous(ctx)
	if err == nil {
		session, err = s.memberSession(ctx, session, id)
	}
	if err != nil {
		return AuthResult{}, "", err
	}
	return AuthResult{Session: session, Message: message}, cookie, nil
}

// profile reads the member's profile with the union as a term id; a member without one (signed
// up elsewhere) gets an empty profile with their email.
func (s *core) profile(ctx context.Context, id portal.Identity) (portal.Profile, error) {
	p, err := s.profiles.Profile(ctx, id.UID)
	if apperr.Is(err, apperr.NotFound) {
		return portal.Profile{Email: id.Email, EmailOpt: true, Home: portal.Address{}, Interests: []string{}, Favorites: []string{}, Partners: []portal.PartnerLink{}}, nil
	}
	if err != nil {
		return portal.Profile{}, err
	}
	// Stored by name (older records by id): documents carry the term id; "" for no known union.
	if u, err := s.union(ctx, p.Union); err == nil && u != nil {
		p.Union = u.ID
	} else {
		p.Union = ""
	}
	p.Interests, p.Favorites = nonNil(p.Interests), nonNil(p.Favorites)
	if p.Partners == nil {
		p.Partners = []portal.PartnerLink{}
	}
	return p, nil
}

// union finds the union a value names (see portal.Unions.Find); nil when none.
func (s *core) union(ctx context.Context, v string) (*portal.Union, error) {
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return nil, err
	}
	return unions.Find(v), nil
}

// save writes a profile whose union is a term id, storing the term's name (spec 1 §3). An empty
// union is refused unless the record is new (spec 1 §5).
func (s *core) save(ctx context.Context, uid string, p portal.Profile) error {
	union, err := s.union(ctx, p.Union)
	if err != nil {
		return err
	}
	if union == nil {
		return apperr.Field("union", msg("profileEmptyUnion"))
	}
	p.Union = union.Name
	now := s.o.Now().UTC()
	p.Updated = &now
	if err := s.profiles.SaveProfile(ctx, uid, p); err != nil {
		return apperr.Wrap(apperr.Unavailable, msg("profileError"), err)
	}
	s.memberUnions.Delete(uid) // the member's next page shows the union just saved
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
