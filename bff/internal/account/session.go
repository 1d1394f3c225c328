package account

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// SessionService answers who a session cookie belongs to and what their session shows.
type SessionService struct{ *core }

// SessionTTL is how long the session cookies the service issues live.
func (s *SessionService) SessionTTL() time.Duration { return s.o.SessionTTL }

// Identify returns the member a session cookie belongs to: Unauthenticated when there is none,
// when it is dead, or when login is switched off (which ends every session).
func (s *SessionService) Identify(ctx context.Context, cookie string) (portal.Identity, error) {
	if cookie == "" {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, msg("signInRequired"))
	}
	if !s.loginEnabled(ctx) {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, msg("sessionEnded"))
	}
	return s.auth.VerifySession(ctx, cookie)
}

// Session returns the reader's session. clear is true when the cookie sent is dead and must be
// cleared: an expired or revoked session, or any session while login is off.
func (s *SessionService) Session(ctx context.Context, cookie string) (session portal.Session, clear bool, err error) {
	session, err = s.anonymous(ctx)
	if err != nil || cookie == "" {
		return session, false, err
	}
	id, err := s.Identify(ctx, cookie)
	if apperr.Is(err, apperr.Unauthenticated) {
		return session, true, nil
	}
	if err != nil {
		return session, false, err
	}
	session, err = s.memberSession(ctx, session, id)
	return session, false, err
}

// anonymous is a visitor's session: the login switch and the unions to choose from.
func (s *core) anonymous(ctx context.Context) (portal.Session, error) {
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return portal.Session{}, err
	}
	visible := []portal.VisibleUnion{}
	for _, u := range unions {
		if !u.HideForm {
			visible = append(visible, portal.VisibleUnion{ID: u.ID, NetsuiteID: u.NetsuiteID, UnionLabel: u.Label()})
		}
	}
	session := portal.Session{LoginEnabled: s.loginEnabled(ctx), VisibleUnions: visible}
	if !session.LoginEnabled {
		session.LoginOfflineMessage = msg("loginOffline", "product", s.o.ProductName)
	}
	return session, nil
}

// MemberUnion is the union term id a signed-in member's pages are personalised for (spec 1 §2:
// a member's union comes from the profile); "" when the profile names none.
func (s *SessionService) MemberUnion(ctx context.Context, id portal.Identity) (string, error) {
	if v, ok := s.memberUnions.Get(id.UID); ok {
		return v.(string), nil
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return "", err
	}
	s.memberUnions.SetDefault(id.UID, p.Union)
	return p.Union, nil
}

// LoginSwitch says whether members may sign in now and, when not, the configured offline message
// (spec 1 §1, §8): what the partner popup shows instead of its form.
func (s *SessionService) LoginSwitch(ctx context.Context) (enabled bool, offlineMessage string) {
	if s.loginEnabled(ctx) {
		return true, ""
	}
	return false, msg("loginOffline", "product", s.o.ProductName)
}
