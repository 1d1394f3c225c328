// Package mailing is the mailing-list sign-up (spec 3 §2, §5, §8; spec 1 §7 emailSubscribe): the
// hero form of landing pages, the home hero promo, the Plus More pages and the blog sidebar all
// send the same request here. A member's subscription is also their profile's emailOpt; a
// visitor's is remembered by a cookie the HTTP layer sets.
package mailing

import (
	"context"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Sources are the forms a sign-up may come from; the Plus More pages ask for a first name too.
var sources = map[string]struct{ firstName bool }{
	"hero-form":      {},
	"home-promo":     {},
	"blog-sidebar":   {},
	"plusmore":       {firstName: true},
	"plusmore-email": {firstName: true},
}

// Unions finds a union by term id among the site's unions (the cached CMS).
type Unions interface {
	Unions(ctx context.Context) (portal.Unions, error)
}

// Options configure the service.
type Options struct {
	Logger *slog.Logger
	Now    func() time.Time
}

// Service signs people up.
type Service struct {
	list     Subscriptions
	profiles portal.Profiles
	unions   Unions
	o        Options
}

// New builds the service over the mailing list, the profiles (for a member's emailOpt) and the
// site's unions.
func New(list Subscriptions, profiles portal.Profiles, unions Unions, o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{list: list, profiles: profiles, unions: unions, o: o}
}

func msg(key string) string { return contracts.Message(key) }

// nameMaxLength is the account forms' limit on a name, which the Plus More pages' first name
// shares.
var nameMaxLength = contracts.Limit("nameMaxLength")

// Check applies the form's rules whatever the browser sent (spec 3 §5): email and union are
// required ('Union and email address required.'), the email must be one, and the Plus More pages
// require a first name. It trims the fields in place.
func Check(req *SubscribeRequest) error {
	req.Email, req.Union, req.FirstName = strings.TrimSpace(req.Email), strings.TrimSpace(req.Union), strings.TrimSpace(req.FirstName)
	source, ok := sources[req.Source]
	if !ok {
		return apperr.Field("source", msg("mailingSource"))
	}
	if req.Email == "" || req.Union == "" {
		field := "email"
		if req.Email != "" {
			field = "union"
		}
		return apperr.Field(field, msg("mailingRequired"))
	}
	if !portal.ValidEmail(req.Email) {
		return apperr.Field("email", msg("emailInvalid"))
	}
	if source.firstName && req.FirstName == "" {
		return apperr.Field("firstName", msg("required"))
	}
	if utf8.RuneCountInString(req.FirstName) > nameMaxLength {
		return apperr.Field("firstName", msg("mailingNameTooLong"))
	}
	return nil
}

// Subscribe puts the email on the list, once however often it is sent, and for a member (who is
// not nil) turns their profile's emailOpt on with its date. The union must be one the sign-up
// forms offer. An email already on the list changes only when it is the signed-in member's own;
// anyone else is answered alike, so the answer does not tell whether an address is listed.
func (s *Service) Subscribe(ctx context.Context, who *portal.Identity, req SubscribeRequest) (SubscribeResult, error) {
	if err := Check(&req); err != nil {
		return SubscribeResult{}, err
	}
	unions, err := s.unions.Unions(ctx)
	if err != nil {
		return SubscribeResult{}, err
	}
	union := unions.Find(req.Union)
	if union == nil || union.HideForm {
		return SubscribeResult{}, apperr.Field("union", msg("mailingRequired"))
	}
	now := s.o.Now().UTC()
	sub := Subscription{Email: req.Email, FirstName: req.FirstName, Union: union.Name, Source: req.Source, At: now}
	if who != nil {
		sub.UID = who.UID
		sub.Owner = who.EmailVerified && strings.EqualFold(who.Email, req.Email)
	}
	if err := s.list.Subscribe(ctx, sub); err != nil {
		return SubscribeResult{}, apperr.Wrap(apperr.Unavailable, msg("mailingError"), err)
	}
	if who != nil {
		if err := s.optIn(ctx, who.UID, now); err != nil {
			// The email is on the list, which is what the member asked for; the profile's flag
			// only hides the promos, and the profile page can set it.
			s.o.Logger.WarnContext(ctx, "mailing: profile emailOpt not set", slog.String("uid", who.UID), slog.Any("error", err))
		}
	}
	return SubscribeResult{Message: msg("mailingSuccess")}, nil
}

// optIn turns a member's emailOpt on, dated now, unless it already is. A member without a
// profile record reads as subscribed already (account: EmailOpt defaults to true).
func (s *Service) optIn(ctx context.Context, uid string, now time.Time) error {
	p, err := s.profiles.Profile(ctx, uid)
	if apperr.Is(err, apperr.NotFound) {
		return nil
	}
	if err != nil || p.EmailOpt {
		return err
	}
	p.EmailOpt, p.EmailOptDate, p.Updated = true, &now, &now
	return s.profiles.SaveProfile(ctx, uid, p)
}
