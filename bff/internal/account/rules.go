package account

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// rules are the account forms' rules as contracts/accounts.json states them for both sides.
type rules struct {
	Limits struct {
		PasswordMaxLength int `json:"passwordMaxLength"`
		NameMaxLength     int `json:"nameMaxLength"`
		TextMaxLength     int `json:"textMaxLength"`
		BirthYearMin      int `json:"birthYearMin"`
	} `json:"limits"`
	Patterns      map[string]contracts.Pattern `json:"patterns"`
	PasswordRules []struct {
		ID      string `json:"id"`
		Pattern string `json:"pattern"` // a key of patterns
	} `json:"passwordRules"`
	Options         map[string][]option `json:"options"`
	OtherCarrier    string              `json:"otherCarrier"`
	VehicleOwnerYes string              `json:"vehicleOwnerYes"`

	zip, phone, year contracts.Pattern
	password         []contracts.Pattern
}

type option struct {
	Value  string   `json:"value"`
	Models []option `json:"models"`
}

// theRules is loaded once: the file is compiled into the binary, so a bad file fails every test.
var theRules = func() *rules {
	r := contracts.Load[rules]("accounts.json")
	pattern := func(key string) contracts.Pattern {
		p, ok := r.Patterns[key]
		if !ok {
			panic("contracts/accounts.json: no pattern " + key)
		}
		return p
	}
	r.zip, r.phone, r.year = pattern("zip"), pattern("phone"), pattern("year")
	for _, p := range r.PasswordRules {
		r.password = append(r.password, pattern(p.Pattern))
	}
	return &r
}()

// msg is the catalogue's message (contracts.Message), short for the many calls here.
func msg(key string, pairs ...string) string { return contracts.Message(key, pairs...) }

func validEmail(s string) bool { return portal.ValidEmail(s) }

func validPassword(s string) bool {
	if len(s) > theRules.Limits.PasswordMaxLength {
		return false
	}
	for _, re := range theRules.password {
		if !re.MatchString(s) {
			return false
		}
	}
	return true
}

func validZip(s string) bool { return theRules.zip.MatchString(s) }

// isOption reports whether v is one of a table's values; "" (not chosen) passes when optional.
func isOption(table, v string, optional bool) bool {
	if v == "" {
		return optional
	}
	return slices.ContainsFunc(theRules.Options[table], func(o option) bool { return o.Value == v })
}

// isModel reports whether model is one of brand's models.
func isModel(brand, model string) bool {
	for _, m := range theRules.Options["vehicleMakes"] {
		if m.Value == brand {
			return slices.ContainsFunc(m.Models, func(o option) bool { return o.Value == model })
		}
	}
	return false
}

// fieldErrors collects a form's errors in the order the form shows its fields; the first one is
// the problem's title.
type fieldErrors []apperr.FieldError

func (f *fieldErrors) add(field, message string) {
	*f = append(*f, apperr.FieldError{Field: field, Message: message})
}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return apperr.Fields(f[0].Message, f...)
}

// checkRegistration applies the signup checks in the order spec 3 §5 gives them (union, email,
// the other fields with the password, then the confirmation), in spec 3 §5's words: spec 1 §5
// words a missing union 'Must select a union.', but the form says 'Please select your union.',
// and a member must read the same words from the form and from the BFF (README, notes on the spec).
func checkRegistration(r *RegisterRequest) error {
	var f fieldErrors
	if r.Union == "" {
		f.add("union", msg("signupUnion"))
	}
	if !validEmail(r.Email) {
		f.add("email", msg("emailInvalid"))
	}
	all := msg("signupFields")
	if r.FirstName == "" || len(r.FirstName) > theRules.Limits.NameMaxLength {
		f.add("firstName", all)
	}
	if r.LastName == "" || len(r.LastName) > theRules.Limits.NameMaxLength {
		f.add("lastName", all)
	}
	if !validZip(r.Zip) {
		f.add("zip", all)
	}
	if !validPassword(r.Password) {
		f.add("password", all)
	}
	if r.ConfirmPassword == "" || r.ConfirmPassword != r.Password {
		f.add("confirmPassword", msg("passwordConfirm"))
	}
	return f.err()
}

// phoneDigits is a phone number as stored: its digits only.
func phoneDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// checkProfile applies the profile form's rules (spec 1 §5) to a trimmed update.
func checkProfile(p *ProfileFields, now time.Time) error {
	var f fieldErrors
	required := msg("required")
	maxName := theRules.Limits.NameMaxLength
	text := func(field, v string, most int, req bool) {
		switch {
		case req && v == "":
			f.add(field, required)
		case len(v) > most:
			f.add(field, fmt.Sprintf("Please use at most %d characters.", most))
		}
	}
	text("firstName", p.FirstName, maxName, true)
	text("lastName", p.LastName, maxName, true)
	if p.Email == "" {
		f.add("email", required)
	} else if !validEmail(p.Email) {
		f.add("email", msg("emailInvalid"))
	}
	if p.MobilePhone != "" && !theRules.phone.MatchString(p.MobilePhone) {
		f.add("mobilePhone", msg("phoneInvalid"))
	}
	if p.MobileOpt && p.MobilePhone == "" {
		f.add("mobileOpt", msg("mobileOptNeedsPhone"))
	}
	if !validBirthday(p.BirthDay, p.BirthMonth, p.BirthYear, now) {
		f.add("birthMonth", msg("birthdayInvalid"))
	}
	if p.Union == "" {
		f.add("union", msg("profileEmptyUnion"))
	}
	if p.UnionJoined != "" && (!theRules.year.MatchString(p.UnionJoined) || atoi(p.UnionJoined) > now.Year()) {
		f.add("unionJoined", msg("yearJoinedInvalid"))
	}
	text("unionLocal", p.UnionLocal, theRules.Limits.TextMaxLength, false)
	for _, o := range []struct{ field, table, v string }{
		{"unionRole", "unionRole", p.UnionRole},
		{"unionRelationship", "unionRelationship", p.UnionRelationship},
		{"employmentStatus", "employmentStatus", p.EmploymentStatus},
		{"incomeRange", "incomeRange", p.IncomeRange},
	} {
		if !isOption(o.table, o.v, true) {
			f.add(o.field, msg("optionInvalid"))
		}
	}
	h := &p.Home
	text("home.address1", h.Address1, theRules.Limits.TextMaxLength, false)
	text("home.address2", h.Address2, theRules.Limits.TextMaxLength, false)
	text("home.city", h.City, theRules.Limits.TextMaxLength, false)
	if !isOption("country", h.Country, true) {
		f.add("home.country", msg("optionInvalid"))
	}
	if !isOption("state", h.State, true) {
		f.add("home.state", msg("optionInvalid"))
	}
	if h.Zip == "" {
		f.add("home.zip", required)
	} else if !validZip(h.Zip) {
		f.add("home.zip", msg("zipInvalid"))
	}
	return f.err()
}

// validBirthday accepts no birthday, or a whole one that is a real date in the pickers' range.
func validBirthday(day, month, year string, now time.Time) bool {
	if day == "" && month == "" && year == "" {
		return true
	}
	d, m, y := atoi(day), atoi(month), atoi(year)
	if d < 1 || m < 1 || m > 12 || y < theRules.Limits.BirthYearMin || y > now.Year() {
		return false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t.Day() == d && !t.After(now)
}

// atoi is a decimal number, or -1 when s is not one.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// checkInterests applies the interests form's rules (spec 1 §5).
func checkInterests(in *InterestsUpdate) error {
	var f fieldErrors
	if len(in.Interests) == 0 {
		f.add("interests", msg("interestsMinimum"))
	}
	for _, v := range in.Interests {
		if !isOption("interests", v, false) {
			f.add("interests", msg("optionInvalid"))
			break
		}
	}
	switch {
	case in.WirelessCarrier == "":
		f.add("wirelessCarrier", msg("carrierRequired"))
	case !isOption("wirelessCarrier", in.WirelessCarrier, false):
		f.add("wirelessCarrier", msg("optionInvalid"))
	case in.WirelessCarrier == theRules.OtherCarrier && in.WirelessCarrierOther == "":
		f.add("wirelessCarrierOther", msg("carrierOtherRequired"))
	}
	if len(in.WirelessCarrierOther) > theRules.Limits.TextMaxLength {
		f.add("wirelessCarrierOther", fmt.Sprintf("Please use at most %d characters.", theRules.Limits.TextMaxLength))
	}
	if !isOption("vehicleOwner", in.VehicleOwner, true) {
		f.add("vehicleOwner", msg("optionInvalid"))
	}
	if in.VehicleOwner == theRules.VehicleOwnerYes && !isModel(in.VehicleMake, in.VehicleModel) {
		f.add("vehicleMake", msg("vehicleRequired"))
	}
	for _, o := range []struct{ field, v string }{
		{"spanishSpeakerInHome", in.SpanishSpeakerInHome},
		{"homeowner", in.Homeowner},
		{"recommendUp", in.RecommendUp},
	} {
		if !isOption(o.field, o.v, true) {
			f.add(o.field, msg("optionInvalid"))
		}
	}
	return f.err()
}

// checkNewPassword applies the password rule and the confirmation.
func checkNewPassword(field, password, confirm string) fieldErrors {
	var f fieldErrors
	if !validPassword(password) {
		f.add(field, msg("passwordInvalid"))
	}
	if confirm == "" || confirm != password {
		f.add("confirmPassword", msg("passwordConfirm"))
	}
	return f
}
