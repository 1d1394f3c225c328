package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
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
	id, err := s.auth.VerifySession(ctx, cookie)
	if err != nil {
		return portal.Identity{}, err
	}
	if s.signedOut(ctx, sessionKey(cookie)) {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, msg("sessionEnded"))
	}
	return id, nil
}

// SignOut ends the session of a cookie on the server, so a copy of the cookie stops working too
// (Firebase can only revoke all of a member's sessions at once; this ends one). A cookie that is
// no live session needs nothing, and is not recorded: only a valid session costs a write.
func (s *SessionService) SignOut(ctx context.Context, cookie string) error {
	if cookie == "" {
		return nil
	}
	if _, err := s.auth.VerifySession(ctx, cookie); err != nil {
		if apperr.Is(err, apperr.Unauthenticated) {
			return nil
		}
		return err
	}
	key := sessionKey(cookie)
	if err := s.profiles.EndSession(ctx, key, s.o.Now().Add(s.o.SessionTTL)); err != nil {
		return err
	}
	s.ended.Set(key, true, s.o.SessionTTL)
	return nil
}

// signedOut reports whether the session named key was signed out. When the store cannot say, the
// session holds and the answer is not remembered: an outage must not sign everyone out.
func (s *SessionService) signedOut(ctx context.Context, key string) bool {
	if v, ok := s.ended.Get(key); ok {
		return v.(bool)
	}
	ended, err := s.profiles.SessionEnded(ctx, key)
	if err != nil {
		s.o.Logger.WarnContext(ctx, "signed-out sessions unavailable; the session holds", slog.Any("error", err))
		return false
	}
	if ended {
		s.ended.Set(key, true, s.o.SessionTTL)
	} else {
		s.ended.SetDefault(key, false)
	}
	return ended
}

// sessionKey names a session in the store of signed-out sessions: a hash, so the store never
// holds a usable cookie.
func sessionKey(cookie string) string {
	sum := sha256.Sum256([]byte(cookie))
	return hex.EncodeToString(sum[:])
}

// Session returns the reader's session. clearCookie is true when the cookie sent is dead and must be
// cleared: an expired or revoked session, or any session while login is off.
func (s *SessionService) Session(ctx context.Context, cookie string) (session Session, clearCookie bool, err error) {
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
func (s *core) anonymous(ctx context.Context) (Session, error) {
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return Session{}, err
	}
	visible := []VisibleUnion{}
	for _, u := range unions {
		if !u.HideForm {
			visible = append(visible, VisibleUnion{ID: u.ID, NetsuiteID: u.NetsuiteID, UnionLabel: u.Label()})
		}
	}
	session := Session{LoginEnabled: s.loginEnabled(ctx), VisibleUnions: visible}
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
