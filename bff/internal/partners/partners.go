// Package partners is partner sign-in (spec 1 §2 'Partner login', §4 'Partner connect', §6, §7
// getPartnerCustomToken, §8): partner sites open the popup /login/partner/{id}, the member signs
// in and allows the partner once, and the partner receives a signed statement of who they are
// (Assertions): never a credential, so a partner cannot act as the member. It is the one place
// the portal vouches for a member to another origin, so every rule is here, whatever the popup
// checked: a known partner, a live session, a verified email (read afresh), the member's consent;
// and every statement is written to an audit log. Members see and end their
// connections in the account's Connected sites tab. The words are contracts/partners.json's.
package partners

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/go-jose/go-jose/v4"
	gocache "github.com/patrickmn/go-cache"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

func msg(key string, pairs ...string) string { return contracts.PartnerMessage(key, pairs...) }

// Site is what the rest of the site tells partner sign-in (account.SessionService): the login
// switch, and the member's union, which a partner learns.
type Site interface {
	LoginSwitch(ctx context.Context) (enabled bool, offlineMessage string)
	MemberUnion(ctx context.Context, id portal.Identity) (string, error)
}

// Options configures the service.
type Options struct {
	// PartnerTTL is how long a partner record is trusted before it is read again; 0 means a minute.
	PartnerTTL time.Duration
	Logger     *slog.Logger
	Now        func() time.Time
}

// Service is partner sign-in.
type Service struct {
	auth       portal.Auth
	store      PartnerStore
	login      Site
	assertions *Assertions
	partners   *gocache.Cache // partner records by id, and not-found answers, briefly
	o          Options
}

// New returns the service over the identity provider, the partner store, the site and the
// signer of what partners receive.
func New(auth portal.Auth, store PartnerStore, login Site, assertions *Assertions, o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.PartnerTTL <= 0 {
		o.PartnerTTL = time.Minute
	}
	return &Service{auth: auth, store: store, login: login, assertions: assertions, partners: gocache.New(o.PartnerTTL, time.Minute), o: o}
}

// partner is a partner record, cached: the popup, the token and the tab all read it. An unknown
// id is the spec's 'Partner {id} not found.'.
func (s *Service) partner(ctx context.Context, id string) (Partner, error) {
	if v, ok := s.partners.Get(id); ok {
		if p, ok := v.(Partner); ok {
			return p, nil
		}
		return Partner{}, apperr.New(apperr.NotFound, msg("partnerNotFound", "id", id))
	}
	p, err := s.store.Partner(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		if len(id) <= 128 { // keeps what a prober can make the cache hold small
			s.partners.SetDefault(id, false)
		}
		return Partner{}, apperr.Wrap(apperr.NotFound, msg("partnerNotFound", "id", id), err)
	}
	if err != nil {
		return Partner{}, err
	}
	s.partners.SetDefault(id, p)
	return p, nil
}

// Document is what the popup shows for a partner and the reader (id is the zero Identity for a
// visitor): the partner, the login switch, and a member's verified email and consent.
func (s *Service) Document(ctx context.Context, partnerID string, id portal.Identity) (PartnerDocument, error) {
	p, err := s.partner(ctx, partnerID)
	if err != nil {
		return PartnerDocument{}, err
	}
	doc := PartnerDocument{
		ID:                     p.ID,
		Name:                   p.Name,
		Logo:                   p.Logo,
		AllowedOrigins:         nonNil(p.AllowedOrigins),
		ConfirmationTitle:      p.ConfirmationTitle,
		ConfirmationDisclaimer: portal.RichText(p.ConfirmationDisclaimer),
	}
	doc.LoginEnabled, doc.LoginOfflineMessage = s.login.LoginSwitch(ctx)
	if id.UID == "" || !doc.LoginEnabled {
		return doc, nil
	}
	fresh, err := s.auth.User(ctx, id.UID)
	if err != nil {
		return PartnerDocument{}, err
	}
	links, err := s.store.UpdatePartnerLinks(ctx, id.UID, func(l []portal.PartnerLink) []portal.PartnerLink { return l })
	if err != nil {
		return PartnerDocument{}, err
	}
	doc.Member = &PartnerMember{Email: fresh.Email, EmailVerified: fresh.EmailVerified, Confirmed: allowed(links, p.ID)}
	return doc, nil
}

// allowed reports whether the member allowed partner to sign them in.
func allowed(links []portal.PartnerLink, partner string) bool {
	return slices.ContainsFunc(links, func(l portal.PartnerLink) bool { return l.ID == partner && l.LoginEnabled })
}

// Connect records the member's consent to partner (spec 1 §4: confirming sets loginEnabled);
// connecting again keeps the first time.
func (s *Service) Connect(ctx context.Context, id portal.Identity, partnerID string) (ConnectedSite, error) {
	p, err := s.partner(ctx, partnerID)
	if err != nil {
		return ConnectedSite{}, err
	}
	now := s.o.Now().UTC()
	links, err := s.store.UpdatePartnerLinks(ctx, id.UID, func(links []portal.PartnerLink) []portal.PartnerLink {
		i := slices.IndexFunc(links, func(l portal.PartnerLink) bool { return l.ID == p.ID })
		if i < 0 {
			return append(links, portal.PartnerLink{ID: p.ID, LoginEnabled: true, Connected: &now})
		}
		if !links[i].LoginEnabled || links[i].Connected == nil {
			links[i].LoginEnabled, links[i].Connected = true, &now
		}
		return links
	})
	if err != nil {
		return ConnectedSite{}, err
	}
	i := slices.IndexFunc(links, func(l portal.PartnerLink) bool { return l.ID == p.ID })
	return site(p, links[i]), nil
}

// Token is what partner receives when the member signs in to it (the spec's
// getPartnerCustomToken, which the popup posts as upCustomToken): an assertion of who the member
// is to that partner, released only for a known partner, a verified email (read afresh, so a
// member who just clicked the link need not sign in again) and the member's consent. origin is where the popup says it was opened from; it
// is recorded, not trusted: the popup posts the token only to the partner's allowed origins.
func (s *Service) Token(ctx context.Context, id portal.Identity, partnerID, origin string) (PartnerToken, error) {
	p, err := s.partner(ctx, partnerID)
	if err != nil {
		return PartnerToken{}, err
	}
	fresh, err := s.auth.User(ctx, id.UID)
	if err != nil {
		return PartnerToken{}, err
	}
	if !fresh.EmailVerified {
		return PartnerToken{}, apperr.New(apperr.Forbidden, msg("unverified"))
	}
	now := s.o.Now().UTC()
	var consented bool
	// Consent is checked and the sign-in stamped in one transaction, so a disconnect that lands
	// first is never followed by a token.
	_, err = s.store.UpdatePartnerLinks(ctx, id.UID, func(links []portal.PartnerLink) []portal.PartnerLink {
		i := slices.IndexFunc(links, func(l portal.PartnerLink) bool { return l.ID == p.ID && l.LoginEnabled })
		consented = i >= 0
		if consented {
			links[i].LastSignIn = &now
		}
		return links
	})
	if err != nil {
		return PartnerToken{}, err
	}
	if !consented {
		return PartnerToken{}, apperr.New(apperr.Conflict, msg("confirmationRequired", "partner", p.Name))
	}
	if !slices.Contains(p.AllowedOrigins, origin) {
		origin = ""
	}
	// The audit entry is written before the token exists: a token nobody can account for is
	// worse than a refused sign-in.
	if err := s.store.RecordPartnerToken(ctx, PartnerTokenRecord{UID: id.UID, Partner: p.ID, Origin: origin, Issued: now}); err != nil {
		return PartnerToken{}, tokenError(err)
	}
	union, err := s.login.MemberUnion(ctx, id)
	if err != nil {
		return PartnerToken{}, tokenError(err)
	}
	token, err := s.assertions.Assert(p.ID, id.UID, MemberClaims{Email: fresh.Email, EmailVerified: fresh.EmailVerified, Union: union})
	if err != nil {
		return PartnerToken{}, tokenError(err)
	}
	s.o.Logger.InfoContext(ctx, "partner token issued", slog.String("uid", id.UID), slog.String("partner", p.ID), slog.String("origin", origin))
	return PartnerToken{Token: token}, nil
}

// tokenError is the spec's 'Error contacting authentication server!' for any failure of its own
// (spec 1 §8: other token errors).
func tokenError(err error) error {
	return apperr.Wrap(apperr.Unavailable, msg("authServerError"), err)
}

// Sites lists the partners the member allowed, for the Connected sites tab; a partner record
// since removed is left out.
func (s *Service) Sites(ctx context.Context, id portal.Identity) (ConnectedSites, error) {
	links, err := s.store.UpdatePartnerLinks(ctx, id.UID, func(l []portal.PartnerLink) []portal.PartnerLink { return l })
	if err != nil {
		return ConnectedSites{}, err
	}
	out := ConnectedSites{Sites: []ConnectedSite{}}
	for _, l := range links {
		if !l.LoginEnabled {
			continue
		}
		p, err := s.partner(ctx, l.ID)
		if apperr.Is(err, apperr.NotFound) {
			continue
		}
		if err != nil {
			return ConnectedSites{}, err
		}
		out.Sites = append(out.Sites, site(p, l))
	}
	return out, nil
}

// Disconnect removes the member's consent to partner: its popup asks again before the partner
// learns anything more. There is nothing to revoke: what a partner received was never a sign-in
// to the portal, and the member's own sessions go on.
func (s *Service) Disconnect(ctx context.Context, id portal.Identity, partnerID string) (ConnectedSites, error) {
	if _, err := s.store.UpdatePartnerLinks(ctx, id.UID, func(links []portal.PartnerLink) []portal.PartnerLink {
		return slices.DeleteFunc(links, func(l portal.PartnerLink) bool { return l.ID == partnerID })
	}); err != nil {
		return ConnectedSites{}, err
	}
	return s.Sites(ctx, id)
}

func site(p Partner, l portal.PartnerLink) ConnectedSite {
	return ConnectedSite{ID: p.ID, Name: p.Name, Logo: p.Logo, Connected: l.Connected, LastSignIn: l.LastSignIn}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// KeySet is the keys partners check what they receive with (Assertions.KeySet).
func (s *Service) KeySet() jose.JSONWebKeySet { return s.assertions.KeySet() }
