// Package account is the member account's logic: sessions, sign-in and sign-up, password and
// email changes, the profile, interests and favorites. It is the authority for every rule of the
// account forms (contracts/accounts.json words them), whatever a browser sends; the uid it acts
// for always comes from a verified session, never from a request's body or URL.
package account

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	gocache "github.com/patrickmn/go-cache"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Options configures a Service.
type Options struct {
	ProductName  string
	SupportPhone string
	SessionTTL   time.Duration // how long a session cookie lives
	SettingsTTL  time.Duration // how long the login switch is trusted before it is read again
	Logger       *slog.Logger
	Now          func() time.Time // for tests
}

// Service implements the account calls over the identity provider, the profile store, the CMS's
// unions and benefits, and the order system's products.
type Service struct {
	auth     portal.Auth
	profiles portal.Profiles
	content  portal.Content
	orders   portal.Orders
	o        Options
	// settings holds the site settings for SettingsTTL: every session check reads the login
	// switch, and it changes rarely.
	settings *gocache.Cache
}

// New returns a Service.
func New(auth portal.Auth, profiles portal.Profiles, content portal.Content, orders portal.Orders, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 5 * 24 * time.Hour
	}
	return &Service{
		auth: auth, profiles: profiles, content: content, orders: orders, o: o,
		settings: gocache.New(o.SettingsTTL, time.Minute),
	}
}

// SessionTTL is how long the session cookies the service issues live.
func (s *Service) SessionTTL() time.Duration { return s.o.SessionTTL }

// loginEnabled reads the global login switch. When the store cannot be read, the last answer
// stands for another TTL, else login stays on: an outage of the settings must not sign everyone out.
func (s *Service) loginEnabled(ctx context.Context) bool {
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

func (s *Service) offline() error {
	return apperr.New(apperr.Unavailable, msg("loginOffline", "product", s.o.ProductName))
}

// Identify returns the member a session cookie belongs to: Unauthenticated when there is none,
// when it is dead, or when login is switched off (which ends every session).
func (s *Service) Identify(ctx context.Context, cookie string) (portal.Identity, error) {
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
func (s *Service) Session(ctx context.Context, cookie string) (session portal.Session, clear bool, err error) {
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
	return s.sessionFor(ctx, id)
}

// anonymous is a visitor's session: the login switch and the unions to choose from.
func (s *Service) anonymous(ctx context.Context) (portal.Session, error) {
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

// sessionFor is a signed-in member's session.
func (s *Service) sessionFor(ctx context.Context, id portal.Identity) (portal.Session, bool, error) {
	session, err := s.anonymous(ctx)
	if err != nil {
		return session, false, err
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return session, false, err
	}
	if !id.EmailVerified {
		// The cookie says what was true at sign-in; the member may have verified since (spec 1
		// §4: checking again reloads the user). Only the unverified pay for the extra call.
		if fresh, err := s.auth.User(ctx, id.UID); err == nil {
			id.EmailVerified = fresh.EmailVerified
		}
	}
	user := &portal.SessionUser{
		UID: id.UID, Email: id.Email, EmailVerified: id.EmailVerified,
		FirstName: p.FirstName, LastName: p.LastName, IsEmailSubscribed: p.EmailOpt,
		Favorites: nonNil(p.Favorites),
	}
	if u, err := s.unionByID(ctx, p.Union); err == nil && u != nil {
		user.Union = &portal.UnionRef{ID: u.ID, Name: u.Name, ShortName: u.ShortName, Label: u.Label()}
	}
	session.SignedIn, session.User = true, user
	return session, false, nil
}

// ReaderUnion is the union a signed-in member's pages are personalised for (spec 1 §2: a
// member's union comes from the profile). ok is false for visitors and dead sessions.
func (s *Service) ReaderUnion(ctx context.Context, cookie string) (union string, ok bool) {
	if cookie == "" {
		return "", false
	}
	id, err := s.Identify(ctx, cookie)
	if err != nil {
		return "", false
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return "", false
	}
	return p.Union, true
}

// profile reads the member's profile with the union as a term id; a member without one (signed
// up elsewhere) gets an empty profile with their email.
func (s *Service) profile(ctx context.Context, id portal.Identity) (portal.Profile, error) {
	p, err := s.profiles.Profile(ctx, id.UID)
	if apperr.Is(err, apperr.NotFound) {
		return portal.Profile{Email: id.Email, EmailOpt: true, Home: portal.Address{}, Interests: []string{}, Favorites: []string{}, Partners: []portal.PartnerLink{}}, nil
	}
	if err != nil {
		return portal.Profile{}, err
	}
	p.Union = s.unionIDOf(ctx, p.Union)
	p.Interests, p.Favorites = nonNil(p.Interests), nonNil(p.Favorites)
	if p.Partners == nil {
		p.Partners = []portal.PartnerLink{}
	}
	return p, nil
}

// unionIDOf turns a stored union (the term's name; older records hold the id) into its term id,
// or "" when no union matches.
func (s *Service) unionIDOf(ctx context.Context, stored string) string {
	unions, err := s.content.Unions(ctx)
	if err != nil || stored == "" {
		return ""
	}
	for _, u := range unions {
		if strings.EqualFold(u.Name, stored) || u.ID == stored {
			return u.ID
		}
	}
	return ""
}

// unionByID finds a union term by id; nil when there is none.
func (s *Service) unionByID(ctx context.Context, id string) (*portal.Union, error) {
	if id == "" {
		return nil, nil
	}
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return nil, err
	}
	for i := range unions {
		if unions[i].ID == id {
			return &unions[i], nil
		}
	}
	return nil, nil
}

// SignIn checks an email and password and opens a session.
func (s *Service) SignIn(ctx context.Context, req portal.SignInRequest) (portal.AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return portal.AuthResult{}, "", s.offline()
	}
	email := strings.TrimSpace(req.Email)
	var f fieldErrors
	if !validEmail(email) {
		f.add("email", msg("emailInvalid"))
	}
	if req.Password == "" {
		f.add("password", msg("required"))
	}
	if err := f.err(); err != nil {
		return portal.AuthResult{}, "", err
	}
	return s.openSession(ctx, email, req.Password, msg("loginSuccess"))
}

// openSession signs in and turns the ID token into a session cookie.
func (s *Service) openSession(ctx context.Context, email, password, message string) (portal.AuthResult, string, error) {
	id, token, err := s.auth.SignIn(ctx, email, password)
	if err != nil {
		return portal.AuthResult{}, "", err
	}
	cookie, err := s.auth.NewSession(ctx, token, s.o.SessionTTL)
	if err != nil {
		return portal.AuthResult{}, "", err
	}
	session, _, err := s.sessionFor(ctx, id)
	if err != nil {
		return portal.AuthResult{}, "", err
	}
	return portal.AuthResult{Session: session, Message: message}, cookie, nil
}

// Register creates the account and its profile, then signs in (spec 1 §4). A profile that cannot
// be written takes the new account away again, so no one is left with half an account.
func (s *Service) Register(ctx context.Context, req portal.RegisterRequest) (portal.AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return portal.AuthResult{}, "", s.offline()
	}
	req.Email, req.FirstName, req.LastName = strings.TrimSpace(req.Email), strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	req.Union, req.Zip = strings.TrimSpace(req.Union), strings.TrimSpace(req.Zip)
	if err := checkRegistration(&req); err != nil {
		return portal.AuthResult{}, "", err
	}
	union, err := s.unionByID(ctx, req.Union)
	if err != nil {
		return portal.AuthResult{}, "", err
	}
	if union == nil || union.HideForm {
		m := msg("unionUnknown", "union", req.Union)
		return portal.AuthResult{}, "", apperr.Fields(m, apperr.FieldError{Field: "union", Message: m})
	}
	id, err := s.auth.CreateUser(ctx, req.Email, req.Password, req.FirstName+" "+req.LastName)
	if apperr.Is(err, apperr.Conflict) || apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.RateLimited) {
		return portal.AuthResult{}, "", err
	}
	if err != nil {
		return portal.AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerError", "phone", s.o.SupportPhone), err)
	}
	now := s.o.Now().UTC()
	emailOpt := req.EmailOpt == nil || *req.EmailOpt
	p := portal.Profile{
		FirstName: req.FirstName, LastName: req.LastName, Email: req.Email, Union: union.Name,
		EmailOpt: emailOpt, Home: portal.Address{Zip: req.Zip, Country: "us"}, Updated: &now,
	}
	if emailOpt {
		p.EmailOptDate = &now
	}
	if err := s.profiles.SaveProfile(ctx, id.UID, p); err != nil {
		if derr := s.auth.DeleteUser(context.WithoutCancel(ctx), id.UID); derr != nil {
			s.o.Logger.ErrorContext(ctx, "registration: account left without a profile", slog.String("uid", id.UID), slog.Any("error", derr))
		}
		return portal.AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerError", "phone", s.o.SupportPhone), err)
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "registration: verification email not sent", slog.Any("error", err))
	}
	result, cookie, err := s.openSession(ctx, req.Email, req.Password, msg("registerSuccess"))
	if err != nil {
		return portal.AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerSignInFailed"), err)
	}
	return result, cookie, nil
}

// SendVerification mails the member a link that verifies their email, unless it already is.
func (s *Service) SendVerification(ctx context.Context, id portal.Identity) (string, error) {
	user, err := s.auth.User(ctx, id.UID)
	if err != nil {
		return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
	}
	if user.EmailVerified {
		return msg("emailAlreadyVerified"), nil
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		if apperr.Is(err, apperr.RateLimited) {
			return "", err
		}
		return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
	}
	return msg("verificationSent"), nil
}

// checkCurrentPassword signs in with the current password before a change (spec 1 §4).
func (s *Service) checkCurrentPassword(ctx context.Context, id portal.Identity, password string) error {
	if password == "" {
		return apperr.Fields(msg("currentPasswordRequired"), apperr.FieldError{Field: "currentPassword", Message: msg("currentPasswordRequired")})
	}
	_, _, err := s.auth.SignIn(ctx, id.Email, password)
	if apperr.Is(err, apperr.Unauthenticated) {
		return apperr.Fields(msg("currentPasswordInvalid"), apperr.FieldError{Field: "currentPassword", Message: msg("currentPasswordInvalid")})
	}
	return err
}

// ChangePassword sets a new password after checking the current one, ends every other session
// and opens a new one for this browser.
func (s *Service) ChangePassword(ctx context.Context, id portal.Identity, req portal.ChangePasswordRequest) (portal.AuthResult, string, error) {
	if err := checkNewPassword("newPassword", req.NewPassword, req.ConfirmPassword).err(); err != nil {
		return portal.AuthResult{}, "", err
	}
	if err := s.checkCurrentPassword(ctx, id, req.CurrentPassword); err != nil {
		return portal.AuthResult{}, "", err
	}
	if err := s.auth.UpdatePassword(ctx, id.UID, req.NewPassword); err != nil {
		return portal.AuthResult{}, "", err
	}
	message, partial := msg("passwordUpdated"), false
	if err := s.auth.RevokeSessions(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "password change: sessions not revoked", slog.Any("error", err))
		message, partial = msg("passwordUpdatedPartial"), true
	}
	result, cookie, err := s.openSession(ctx, id.Email, req.NewPassword, message)
	result.Partial = partial
	return result, cookie, err
}

// ChangeEmail sets a new email after checking the current password; the profile follows, other
// sessions end, and a verification email goes to the new address.
func (s *Service) ChangeEmail(ctx context.Context, id portal.Identity, req portal.ChangeEmailRequest) (portal.AuthResult, string, error) {
	email := strings.TrimSpace(req.NewEmail)
	if !validEmail(email) {
		return portal.AuthResult{}, "", apperr.Fields(msg("emailInvalid"), apperr.FieldError{Field: "newEmail", Message: msg("emailInvalid")})
	}
	if err := s.checkCurrentPassword(ctx, id, req.CurrentPassword); err != nil {
		return portal.AuthResult{}, "", err
	}
	if err := s.auth.UpdateEmail(ctx, id.UID, email); err != nil {
		return portal.AuthResult{}, "", err
	}
	p, err := s.profile(ctx, id)
	if err == nil {
		p.Email = email
		err = s.save(ctx, id.UID, p)
	}
	if err != nil {
		s.o.Logger.WarnContext(ctx, "email change: profile email not updated", slog.Any("error", err))
	}
	if err := s.auth.RevokeSessions(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "email change: sessions not revoked", slog.Any("error", err))
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "email change: verification email not sent", slog.Any("error", err))
	}
	return s.openSession(ctx, email, req.CurrentPassword, msg("emailUpdated"))
}

// ForgotPassword mails a reset link. The answer is the same for unknown emails, so the form
// tells no one who has an account.
func (s *Service) ForgotPassword(ctx context.Context, email string) (string, error) {
	if !s.loginEnabled(ctx) {
		return "", s.offline()
	}
	email = strings.TrimSpace(email)
	if !validEmail(email) {
		return "", apperr.Fields(msg("emailInvalid"), apperr.FieldError{Field: "email", Message: msg("emailInvalid")})
	}
	if err := s.auth.SendPasswordReset(ctx, email); err != nil {
		if apperr.Is(err, apperr.Unavailable) {
			return "", err
		}
		// Anything else could hint at the account (a disabled user, say): log it, answer as usual.
		s.o.Logger.WarnContext(ctx, "password reset not sent", slog.Any("error", err))
	}
	return msg("resetSent"), nil
}

// ResetPassword sets the new password from a reset link, ends every older session and signs in.
// Partial is set when the password changed but older sessions could not be ended.
func (s *Service) ResetPassword(ctx context.Context, req portal.ResetPasswordRequest) (portal.AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return portal.AuthResult{}, "", s.offline()
	}
	if req.APIKey == "" || req.Lang == "" || req.OOBCode == "" || req.Mode != "resetPassword" {
		return portal.AuthResult{}, "", apperr.New(apperr.Invalid, msg("resetLinkInvalid"))
	}
	if err := checkNewPassword("password", req.Password, req.ConfirmPassword).err(); err != nil {
		return portal.AuthResult{}, "", err
	}
	email, err := s.auth.ResetPassword(ctx, req.OOBCode, req.Password)
	if apperr.Is(err, apperr.Invalid) {
		return portal.AuthResult{}, "", err
	}
	if err != nil {
		return portal.AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("resetError", "phone", s.o.SupportPhone), err)
	}
	// The password is set: from here on every failure says so rather than asking to start over.
	id, _, err := s.auth.SignIn(ctx, email, req.Password)
	message, partial := msg("resetSuccess"), false
	if err == nil {
		err = s.auth.RevokeSessions(ctx, id.UID)
	}
	if err != nil {
		s.o.Logger.WarnContext(ctx, "password reset: older sessions not revoked", slog.Any("error", err))
		message, partial = msg("resetPartial"), true
	}
	result, cookie, err := s.openSession(ctx, email, req.Password, message)
	if err != nil {
		return portal.AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerSignInFailed"), err)
	}
	result.Partial = partial
	return result, cookie, nil
}

// Profile is the member's own profile for the account area.
func (s *Service) Profile(ctx context.Context, id portal.Identity) (portal.ProfileDocument, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return portal.ProfileDocument{}, err
	}
	user, err := s.auth.User(ctx, id.UID)
	if err != nil {
		user = id
	}
	return portal.ProfileDocument{Profile: p, EmailVerified: user.EmailVerified}, nil
}

// SaveProfile saves the profile form (spec 1 §4): every rule checked first, the opt-in dates set
// when an opt-in turns on and cleared when off, the union stored by name, all in one write.
func (s *Service) SaveProfile(ctx context.Context, id portal.Identity, in portal.ProfileFields) (portal.ProfileDocument, error) {
	trimProfile(&in)
	in.MobilePhone = phoneDigitsIfValid(in.MobilePhone)
	if err := checkProfile(&in, s.o.Now()); err != nil {
		return portal.ProfileDocument{}, err
	}
	if !strings.EqualFold(in.Email, id.Email) {
		return portal.ProfileDocument{}, apperr.Fields(msg("profileEmailChange"), apperr.FieldError{Field: "email", Message: msg("profileEmailChange")})
	}
	union, err := s.unionByID(ctx, in.Union)
	if err != nil {
		return portal.ProfileDocument{}, err
	}
	if union == nil {
		m := msg("unionUnknown", "union", in.Union)
		return portal.ProfileDocument{}, apperr.Fields(m, apperr.FieldError{Field: "union", Message: m})
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return portal.ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("profileError"), err)
	}
	now := s.o.Now().UTC()
	p.MobileOptDate = optDate(p.MobileOpt, p.MobileOptDate, in.MobileOpt, now)
	p.EmailOptDate = optDate(p.EmailOpt, p.EmailOptDate, in.EmailOpt, now)
	p.FirstName, p.LastName, p.Email, p.MobilePhone, p.MobileOpt, p.EmailOpt = in.FirstName, in.LastName, id.Email, in.MobilePhone, in.MobileOpt, in.EmailOpt
	p.Union, p.UnionJoined, p.UnionLocal, p.UnionRole, p.UnionRelationship = union.ID, in.UnionJoined, in.UnionLocal, in.UnionRole, in.UnionRelationship
	p.EmploymentStatus, p.IncomeOpt, p.IncomeRange = in.EmploymentStatus, in.IncomeOpt, in.IncomeRange
	if !p.IncomeOpt {
		p.IncomeRange = ""
	}
	p.BirthDay, p.BirthMonth, p.BirthYear, p.Home = in.BirthDay, in.BirthMonth, in.BirthYear, in.Home
	if err := s.save(ctx, id.UID, p); err != nil {
		return portal.ProfileDocument{}, err
	}
	doc, err := s.Profile(ctx, id)
	doc.Message = msg("profileUpdated")
	return doc, err
}

// SaveInterests saves the interests form; a vehicle-owner answer other than yes clears make
// and model (spec 1 §4).
func (s *Service) SaveInterests(ctx context.Context, id portal.Identity, in portal.InterestsUpdate) (portal.ProfileDocument, error) {
	in.WirelessCarrierOther = strings.TrimSpace(in.WirelessCarrierOther)
	if err := checkInterests(&in); err != nil {
		return portal.ProfileDocument{}, err
	}
	if in.VehicleOwner != theRules.VehicleOwnerYes {
		in.VehicleMake, in.VehicleModel = "", ""
	}
	if in.WirelessCarrier != theRules.OtherCarrier {
		in.WirelessCarrierOther = ""
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return portal.ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("interestsError"), err)
	}
	slices.Sort(in.Interests)
	p.Interests = slices.Compact(in.Interests)
	p.WirelessCarrier, p.WirelessCarrierOther = in.WirelessCarrier, in.WirelessCarrierOther
	p.VehicleOwner, p.VehicleMake, p.VehicleModel = in.VehicleOwner, in.VehicleMake, in.VehicleModel
	p.SpanishSpeakerInHome, p.Homeowner, p.RecommendUp = in.SpanishSpeakerInHome, in.Homeowner, in.RecommendUp
	if err := s.save(ctx, id.UID, p); err != nil {
		return portal.ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("interestsError"), err)
	}
	doc, err := s.Profile(ctx, id)
	doc.Message = msg("interestsUpdated")
	return doc, err
}

// save writes a profile whose union is a term id, storing the term's name (spec 1 §3). An empty
// union is refused unless the record is new (spec 1 §5).
func (s *Service) save(ctx context.Context, uid string, p portal.Profile) error {
	union, err := s.unionByID(ctx, p.Union)
	if err != nil {
		return err
	}
	if union == nil {
		return apperr.Fields(msg("profileEmptyUnion"), apperr.FieldError{Field: "union", Message: msg("profileEmptyUnion")})
	}
	p.Union = union.Name
	now := s.o.Now().UTC()
	p.Updated = &now
	if err := s.profiles.SaveProfile(ctx, uid, p); err != nil {
		return apperr.Wrap(apperr.Unavailable, msg("profileError"), err)
	}
	return nil
}

// optDate is an opt-in's date after a save: now when it turns on (or is on without a date),
// kept while it stays on, cleared when off.
func optDate(was bool, date *time.Time, on bool, now time.Time) *time.Time {
	switch {
	case !on:
		return nil
	case !was || date == nil:
		return &now
	default:
		return date
	}
}

func trimProfile(p *portal.ProfileFields) {
	for _, f := range []*string{
		&p.FirstName, &p.LastName, &p.Email, &p.MobilePhone, &p.Union, &p.UnionJoined, &p.UnionLocal,
		&p.UnionRole, &p.UnionRelationship, &p.EmploymentStatus, &p.IncomeRange, &p.BirthDay, &p.BirthMonth,
		&p.BirthYear, &p.Home.Address1, &p.Home.Address2, &p.Home.City, &p.Home.Country, &p.Home.State, &p.Home.Zip,
	} {
		*f = strings.TrimSpace(*f)
	}
}

// phoneDigitsIfValid stores a valid phone as its digits (spec 1 §9) and leaves an invalid one
// as typed, for the rule to refuse.
func phoneDigitsIfValid(phone string) string {
	if phone == "" || !theRules.phone.MatchString(phone) {
		return phone
	}
	return phoneDigits(phone)
}

// MyBenefits is the account's index: every benefit the member's union may see.
func (s *Service) MyBenefits(ctx context.Context, id portal.Identity) (*portal.BenefitGroups, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return nil, err
	}
	benefits, err := s.content.Benefits(ctx)
	if err != nil {
		return nil, err
	}
	reader := portal.Reader{Audience: portal.Member, Union: p.Union, Chosen: true}
	return portal.GroupBenefits(benefits, reader, func(b portal.BenefitTeaser) bool { return !b.HideInCategoryLists }), nil
}

// Favorites lists the member's favorites with a card for each that still exists.
func (s *Service) Favorites(ctx context.Context, id portal.Identity) (portal.Favorites, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return portal.Favorites{}, err
	}
	return s.favorites(ctx, p.Union, p.Favorites)
}

// SetFavorite adds (on) or removes a favorite. Only a benefit or product that exists for the
// member may be added; any id may be removed, so stale ones can always go.
func (s *Service) SetFavorite(ctx context.Context, id portal.Identity, favorite string, on bool) (portal.Favorites, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return portal.Favorites{}, apperr.Wrap(apperr.Unavailable, msg("favoritesError"), err)
	}
	if on {
		items, err := s.items(ctx, p.Union, []string{favorite})
		if err != nil {
			return portal.Favorites{}, err
		}
		if len(items) == 0 {
			return portal.Favorites{}, apperr.New(apperr.NotFound, "This benefit or product no longer exists.")
		}
	}
	ids, err := s.profiles.SetFavorite(ctx, id.UID, favorite, on)
	if err != nil {
		return portal.Favorites{}, apperr.Wrap(apperr.Unavailable, msg("favoritesError"), err)
	}
	return s.favorites(ctx, p.Union, ids)
}

func (s *Service) favorites(ctx context.Context, union string, ids []string) (portal.Favorites, error) {
	items, err := s.items(ctx, union, ids)
	if err != nil {
		return portal.Favorites{}, err
	}
	return portal.Favorites{IDs: nonNil(ids), Items: items}, nil
}

// items resolves favorite ids to cards, in the order given; ids of things gone are skipped. The
// order system is asked only when a product is among them, and its failure leaves products out
// rather than failing the benefits.
func (s *Service) items(ctx context.Context, union string, ids []string) ([]portal.FavoriteItem, error) {
	reader := portal.Reader{Audience: portal.Member, Union: union, Chosen: true}
	byID := map[string]portal.FavoriteItem{}
	benefits, err := s.content.Benefits(ctx)
	if err != nil {
		return nil, err
	}
	for _, b := range benefits {
		if portal.VisibleTo(reader, b.DisabledAnonymous, b.Unions) {
			id := portal.BenefitFavorite(b.NID)
			byID[id] = portal.FavoriteItem{ID: id, Kind: "benefit", Title: b.Title, URL: b.Path, Teaser: b.Teaser, Image: b.Image}
		}
	}
	if s.orders != nil && slices.ContainsFunc(ids, func(id string) bool { return portal.FavoriteKind(id) == "product" }) {
		products, err := s.orders.Products(ctx, union)
		if err != nil {
			s.o.Logger.WarnContext(ctx, "favorites: products unavailable", slog.Any("error", err))
		}
		for _, pr := range products {
			id := portal.ProductFavorite(pr.ID)
			var image *portal.Image
			if pr.Image != "" {
				image = &portal.Image{URL: pr.Image, Alt: pr.Title}
			}
			byID[id] = portal.FavoriteItem{ID: id, Kind: "product", Title: pr.Title, URL: "/store?product=" + pr.ID, Teaser: pr.Description, Image: image}
		}
	}
	items := []portal.FavoriteItem{}
	for _, id := range ids {
		if item, ok := byID[id]; ok {
			items = append(items, item)
		}
	}
	return items, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
