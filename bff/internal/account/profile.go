package account

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ProfileService reads and saves the member's profile and interests, and lists their benefits.
type ProfileService struct{ *core }

// Profile is the member's own profile for the account area.
func (s *ProfileService) Profile(ctx context.Context, id portal.Identity) (ProfileDocument, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return ProfileDocument{}, err
	}
	user, err := s.auth.User(ctx, id.UID)
	if err != nil {
		user = id
	}
	return ProfileDocument{Profile: p, EmailVerified: user.EmailVerified, Texts: s.profileTexts(ctx)}, nil
}

// profileVariable holds the editors' texts of the profile and interests tabs.
const profileVariable = "union_structure_profile"

// profileTexts reads the editors' texts (through the content cache, like every site variable).
// The tabs are not worth failing for: without the variable they show their forms alone.
func (s *ProfileService) profileTexts(ctx context.Context) *ProfileTexts {
	v, err := s.content.Variable(ctx, profileVariable)
	if err != nil {
		s.o.Logger.WarnContext(ctx, "profile texts unavailable", slog.String("variable", profileVariable), slog.Any("error", err))
		return nil
	}
	// The CMS writes its fields in snake_case; the spec's camelCase names are read too.
	get := func(keys ...string) portal.HTML {
		for _, k := range keys {
			if t := strings.TrimSpace(v.String(k)); t != "" {
				return portal.RichText(t)
			}
		}
		return portal.HTML{}
	}
	t := ProfileTexts{
		Intro:            get("intro_text", "introText"),
		InterestsIntro:   get("interests_intro_text", "interestsIntroText"),
		UnionInformation: get("union_information_text", "unionInformationText"),
		HomeAddress:      get("home_address_text", "homeAddressText"),
	}
	if t == (ProfileTexts{}) {
		return nil
	}
	return &t
}

// SaveProfile saves the profile form (spec 1 §4): every rule checked first, the opt-in dates set
// when an opt-in turns on and cleared when off, the union stored by name, all in one write.
func (s *ProfileService) SaveProfile(ctx context.Context, id portal.Identity, in ProfileFields) (ProfileDocument, error) {
	trimProfile(&in)
	in.MobilePhone = phoneDigitsIfValid(in.MobilePhone)
	if err := checkProfile(&in, s.o.Now()); err != nil {
		return ProfileDocument{}, err
	}
	if !strings.EqualFold(in.Email, id.Email) {
		return ProfileDocument{}, apperr.Field("email", msg("profileEmailChange"))
	}
	union, err := s.union(ctx, in.Union)
	if err != nil {
		return ProfileDocument{}, err
	}
	if union == nil {
		m := msg("unionUnknown", "union", in.Union)
		return ProfileDocument{}, apperr.Field("union", m)
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("profileError"), err)
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
		return ProfileDocument{}, err
	}
	doc, err := s.Profile(ctx, id)
	doc.Message = msg("profileUpdated")
	return doc, err
}

// SaveInterests saves the interests form; a vehicle-owner answer other than yes clears make
// and model (spec 1 §4).
func (s *ProfileService) SaveInterests(ctx context.Context, id portal.Identity, in InterestsUpdate) (ProfileDocument, error) {
	in.WirelessCarrierOther = strings.TrimSpace(in.WirelessCarrierOther)
	if err := checkInterests(&in); err != nil {
		return ProfileDocument{}, err
	}
	if in.VehicleOwner != theRules.VehicleOwnerYes {
		in.VehicleMake, in.VehicleModel = "", ""
	}
	if in.WirelessCarrier != theRules.OtherCarrier {
		in.WirelessCarrierOther = ""
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("interestsError"), err)
	}
	slices.Sort(in.Interests)
	p.Interests = slices.Compact(in.Interests)
	p.WirelessCarrier, p.WirelessCarrierOther = in.WirelessCarrier, in.WirelessCarrierOther
	p.VehicleOwner, p.VehicleMake, p.VehicleModel = in.VehicleOwner, in.VehicleMake, in.VehicleModel
	p.SpanishSpeakerInHome, p.Homeowner, p.RecommendUp = in.SpanishSpeakerInHome, in.Homeowner, in.RecommendUp
	if err := s.save(ctx, id.UID, p); err != nil {
		return ProfileDocument{}, apperr.Wrap(apperr.Unavailable, msg("interestsError"), err)
	}
	doc, err := s.Profile(ctx, id)
	doc.Message = msg("interestsUpdated")
	return doc, err
}

// MyBenefits is the account's index: every benefit the member's union may see.
func (s *ProfileService) MyBenefits(ctx context.Context, id portal.Identity) (*portal.BenefitGroups, error) {
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

func trimProfile(p *ProfileFields) {
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
