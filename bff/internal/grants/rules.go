package grants

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// rules are the grant forms' rules as contracts/grants.json states them for both sides.
type rules struct {
	Limits struct {
		DateWindowMonths           int     `json:"dateWindowMonths"`
		DisabilityMaxIncomeShare   float64 `json:"disabilityMaxIncomeShare"`
		HospitalExpenseCap         int64   `json:"hospitalExpenseCap"`
		HospitalExpenseIncomeShare float64 `json:"hospitalExpenseIncomeShare"`
		WorkReturnMaxYears         int     `json:"workReturnMaxYears"`
		AlreadySubmittedDays       int     `json:"alreadySubmittedDays"`
		TextMaxLength              int     `json:"textMaxLength"`
		ExternalFrameWidth         int     `json:"externalFrameWidth"`
		YearListStart              int     `json:"yearListStart"`
	} `json:"limits"`
	Patterns struct {
		Phone      contracts.Pattern `json:"phone"`
		Zip        contracts.Pattern `json:"zip"`
		FourDigits contracts.Pattern `json:"fourDigits"`
		Digits     contracts.Pattern `json:"digits"`
		Money      contracts.Pattern `json:"money"`
	} `json:"patterns"`
	Forms        []entry `json:"forms"`
	CommonFields []field `json:"commonFields"`
	Kinds        map[string]struct {
		Fields []field `json:"fields"`
	} `json:"kinds"`
	States []state `json:"states"`
}

// entry is a catalogue entry as grants.json writes it; its id may hold {product}.
type entry struct {
	ID                 string `json:"id"`
	Title              string `json:"title"`
	Kind               string `json:"kind"`
	DrupalID           string `json:"drupalId"`
	WufooID            string `json:"wufooId"`
	Height             int    `json:"height"`
	UnionLocalRequired bool   `json:"unionLocalRequired"`
}

// field is one field of a form. Type is text, textarea, email, phone, zip, state, union,
// checkbox, checkboxGroup, select, fourDigits, digits, money, date or fixed.
type field struct {
	Name     string   `json:"name"`
	Label    string   `json:"label"`
	Type     string   `json:"type"`
	Required required `json:"required"`
	Max      int      `json:"max"`
	Window   string   `json:"window"` // a date's rule: a message key of a 24-month window, or workReturn
	Options  []option `json:"options"`
	Value    []string `json:"value"` // a fixed field's value
}

type option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

type state struct {
	Code       string `json:"code"`
	Name       string `json:"name"`
	NetsuiteID string `json:"netsuiteId"`
}

// required is true, false, or the name of the form's flag that decides ("unionLocalRequired").
type required struct {
	always bool
	flag   string
}

func (r *required) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &r.always); err == nil {
		return nil
	}
	return json.Unmarshal(b, &r.flag)
}

// of reports whether the field is required on form f.
func (r required) of(f Form) bool {
	switch r.flag {
	case "":
		return r.always
	case "unionLocalRequired":
		return f.UnionLocalRequired
	}
	panic("contracts/grants.json: unknown required flag " + r.flag)
}

// theRules is loaded once: the file is compiled into the binary, so a bad file fails every test.
var theRules = func() *rules {
	r := contracts.Load[rules]("grants.json")
	for _, e := range r.Forms {
		if _, ok := r.Kinds[e.Kind]; e.Kind != "" && !ok {
			panic("contracts/grants.json: form " + e.ID + " has unknown kind " + e.Kind)
		}
	}
	return &r
}()

// patterned are the field types a pattern checks, with the message of a value that does not match
// and a length cap (0 for none) on one that does.
var patterned = map[string]struct {
	re      contracts.Pattern
	message string
	max     int
}{
	"zip":        {theRules.Patterns.Zip, "zipInvalid", 0},
	"fourDigits": {theRules.Patterns.FourDigits, "fourDigits", 0},
	"digits":     {theRules.Patterns.Digits, "digitsOnly", maxDigits},
	"money":      {theRules.Patterns.Money, "money", maxMoneyLength},
}

// msg is grants.json's message (contracts.GrantMessage), short for the many calls here.
func msg(key string, pairs ...string) string { return contracts.GrantMessage(key, pairs...) }

// fields are the fields of a grant form in the order it shows them: the common ones, with the
// kind's before the terms checkbox.
func fields(f Form) []field {
	common := theRules.CommonFields
	out := make([]field, 0, len(common)+8)
	terms := len(common)
	if i := slices.IndexFunc(common, func(c field) bool { return c.Name == "terms" }); i >= 0 {
		terms = i
	}
	out = append(out, common[:terms]...)
	out = append(out, theRules.Kinds[f.Kind].Fields...)
	return append(out, common[terms:]...)
}

// Limits the rules put on values that grants.json leaves open: digits and money amounts are
// compared as numbers and must fit one.
const (
	maxDigits      = 12
	maxMoneyLength = 15
)

// choice is a union a case may name.
type choice struct {
	NetsuiteID string
	Name       string
}

// checked is a submission that passed every rule, shaped for storage: strings trimmed, phones
// as digits, the state as its netsuite id with the code beside it, the union as its netsuite id
// with its name beside it; confirmEmail dropped; unset optional fields absent.
type checked map[string]any

// fieldErrors collects a form's errors, at most one per field, in the order the form shows them.
type fieldErrors struct {
	order []string
	byKey map[string]string
}

func (f *fieldErrors) add(field, message string) {
	if f.byKey == nil {
		f.byKey = map[string]string{}
	}
	if _, ok := f.byKey[field]; ok {
		return
	}
	f.byKey[field] = message
	f.order = append(f.order, field)
}

func (f *fieldErrors) has(field string) bool { _, ok := f.byKey[field]; return ok }

// err is the problem, its fields in the form's order (fields unknown to the form last).
func (f *fieldErrors) err(form []field) error {
	if len(f.order) == 0 {
		return nil
	}
	rank := func(name string) int {
		if i := slices.IndexFunc(form, func(x field) bool { return x.Name == name }); i >= 0 {
			return i
		}
		return len(form)
	}
	order := slices.Clone(f.order)
	slices.SortStableFunc(order, func(a, b string) int { return rank(a) - rank(b) })
	out := make([]apperr.FieldError, 0, len(order))
	for _, name := range order {
		out = append(out, apperr.FieldError{Field: name, Message: f.byKey[name]})
	}
	return apperr.Fields(out[0].Message, out...)
}

// check applies every rule of spec 2 §5 to a submission of form f, as grants.json words them.
// today is the member's date (a UTC midnight); unions are the form's union choices.
func check(f Form, in map[string]any, unions []choice, today time.Time) (checked, error) {
	form := fields(f)
	var errs fieldErrors
	out := checked{}
	known := map[string]bool{}
	for _, fd := range form {
		known[fd.Name] = true
	}
	for name := range in {
		if !known[name] {
			errs.add(name, msg("unknownField"))
		}
	}
	dates := map[string]time.Time{}
	for _, fd := range form {
		checkField(f, fd, in[fd.Name], today, unions, out, dates, &errs)
	}
	checkCommon(in, out, &errs)
	checkKind(f, out, dates, &errs)
	if err := errs.err(form); err != nil {
		return nil, err
	}
	return out, nil
}

// checkField applies a field's own rules and stores its shaped value in out.
func checkField(f Form, fd field, raw any, today time.Time, unions []choice, out checked, dates map[string]time.Time, errs *fieldErrors) {
	req := fd.Required.of(f)
	switch fd.Type {
	case "fixed":
		// Set by the server whatever is sent.
		out[fd.Name] = slices.Clone(fd.Value)
		return
	case "checkbox":
		var on bool
		switch v := raw.(type) {
		case nil:
		case bool:
			on = v
		default:
			errs.add(fd.Name, msg("valueInvalid"))
			return
		}
		if req && !on {
			errs.add(fd.Name, msg("required"))
		}
		if on {
			out[fd.Name] = true
		}
		return
	case "checkboxGroup":
		values, ok := stringList(raw)
		if !ok {
			errs.add(fd.Name, msg("valueInvalid"))
			return
		}
		for _, v := range values {
			if !slices.ContainsFunc(fd.Options, func(o option) bool { return o.Value == v }) {
				errs.add(fd.Name, msg("optionInvalid"))
				return
			}
		}
		if len(values) == 0 {
			if req {
				errs.add(fd.Name, msg("checkboxGroupRequired", "legend", fd.Label))
			}
			return
		}
		// Stored in the options' order, once each, so the same choice is the same case.
		var chosen []string
		for _, o := range fd.Options {
			if slices.Contains(values, o.Value) {
				chosen = append(chosen, o.Value)
			}
		}
		out[fd.Name] = chosen
		return
	}
	s, ok := raw.(string)
	if raw != nil && !ok {
		errs.add(fd.Name, msg("valueInvalid"))
		return
	}
	s = strings.TrimSpace(s)
	if s == "" {
		if req {
			errs.add(fd.Name, msg("required"))
		}
		return
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r < ' ' && r != '\n' && r != '\r' && r != '\t' }) {
		errs.add(fd.Name, msg("valueInvalid"))
		return
	}
	switch fd.Type {
	case "text", "textarea":
		most := fd.Max
		if most == 0 {
			most = theRules.Limits.TextMaxLength
		}
		if len([]rune(s)) > most {
			errs.add(fd.Name, msg("tooLong", "max", strconv.Itoa(most)))
			return
		}
		out[fd.Name] = s
	case "email":
		if !portal.ValidEmail(s) {
			errs.add(fd.Name, msg("emailInvalid"))
			return
		}
		out[fd.Name] = s
	case "phone":
		if !theRules.Patterns.Phone.MatchString(s) {
			errs.add(fd.Name, msg("phoneInvalid"))
			return
		}
		out[fd.Name] = digitsOf(s)
	case "zip", "fourDigits", "digits", "money":
		p := patterned[fd.Type]
		if !p.re.MatchString(s) {
			errs.add(fd.Name, msg(p.message))
			return
		}
		if p.max > 0 && len(s) > p.max {
			errs.add(fd.Name, msg("tooLong", "max", strconv.Itoa(p.max)))
			return
		}
		out[fd.Name] = s
	case "state":
		st := findState(s)
		if st == nil {
			errs.add(fd.Name, msg("stateInvalid"))
			return
		}
		out[fd.Name], out["stateCode"] = st.NetsuiteID, st.Code
	case "union":
		i := slices.IndexFunc(unions, func(c choice) bool { return c.NetsuiteID == s })
		if i < 0 {
			errs.add(fd.Name, msg("unionUnknown", "id", s))
			return
		}
		out[fd.Name], out["unionName"] = unions[i].NetsuiteID, unions[i].Name
	case "select":
		if !slices.ContainsFunc(fd.Options, func(o option) bool { return o.Value == s }) {
			errs.add(fd.Name, msg("optionInvalid"))
			return
		}
		out[fd.Name] = s
	case "date":
		d, err := time.Parse(time.DateOnly, s)
		if err != nil || d.Year() < theRules.Limits.YearListStart {
			errs.add(fd.Name, msg("dateInvalid"))
			return
		}
		if m := checkDate(fd.Window, d, today); m != "" {
			errs.add(fd.Name, m)
			return
		}
		out[fd.Name] = s
		dates[fd.Name] = d
	default:
		panic("contracts/grants.json: unknown field type " + fd.Type)
	}
}

// checkDate applies a date field's window: "" passes.
func checkDate(window string, d, today time.Time) string {
	switch window {
	case "":
		return ""
	case "workReturn":
		// Between today and workReturnMaxYears ahead, both days included.
		if d.Before(today) || d.After(yearsFrom(today, theRules.Limits.WorkReturnMaxYears)) {
			return msg("workReturnRange")
		}
		return ""
	}
	// Within the last dateWindowMonths: not after today, not before the same day that many
	// months back.
	if d.After(today) {
		return msg("dateFuture")
	}
	if d.Before(windowStart(today)) {
		if contracts.HasGrantMessage(window) {
			return msg(window)
		}
		return msg("dateWithin24Months")
	}
	return ""
}

// windowStart is the first day within the date window: today, dateWindowMonths back. A 29
// February with no 29 February that many months back counts as 28 February (spec 2 §5), where
// Go's AddDate would roll on to 1 March.
func windowStart(today time.Time) time.Time {
	return monthsFrom(today, -theRules.Limits.DateWindowMonths)
}

func yearsFrom(today time.Time, years int) time.Time { return monthsFrom(today, 12*years) }

// monthsFrom is the same day months away, the month's last day when it has no such day.
func monthsFrom(t time.Time, months int) time.Time {
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, months, 0)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(t.Day(), last), 0, 0, 0, 0, time.UTC)
}

// checkCommon applies the rules between common fields.
func checkCommon(in map[string]any, out checked, errs *fieldErrors) {
	email, _ := out["email"].(string)
	confirm, _ := in["confirmEmail"].(string)
	confirm = strings.TrimSpace(confirm)
	// Emails are compared without case: Maria@ and maria@ reach the same member.
	if email != "" && confirm != "" && !errs.has("confirmEmail") && !strings.EqualFold(email, confirm) {
		errs.add("email", msg("emailMismatch", "email", email, "confirmation", confirm))
	}
	delete(out, "confirmEmail") // never stored (spec 2 §3)
	_, phone := out["phone"]
	_, mobile := out["mobilePhone"]
	if !phone && !mobile && !errs.has("phone") && !errs.has("mobilePhone") {
		errs.add("phone", msg("phoneRequired"))
	}
	if out["optInTexts"] == true && !mobile && !errs.has("mobilePhone") {
		errs.add("optInTexts", msg("optInNeedsPhone"))
	}
}

// checkKind applies the rules between a grant kind's fields.
func checkKind(f Form, out checked, dates map[string]time.Time, errs *fieldErrors) {
	switch f.Kind {
	case "disability":
		prev, ok1 := number(out["disabilityPrevIncome"])
		post, ok2 := number(out["disabilityPostIncome"])
		share := int64(math.Round(theRules.Limits.DisabilityMaxIncomeShare * 100))
		if ok1 && ok2 && post*100 > prev*share {
			errs.add("disabilityPostIncome", msg("disabilityIncome"))
		}
	case "hospital":
		for _, stay := range [][2]string{{"hospitalOneStart", "hospitalOneEnd"}, {"hospitalTwoStart", "hospitalTwoEnd"}} {
			start, hasStart := out[stay[0]]
			end, hasEnd := out[stay[1]]
			switch {
			case hasStart && !hasEnd && !errs.has(stay[1]):
				errs.add(stay[1], msg("hospitalTwoIncomplete"))
			case hasEnd && !hasStart && !errs.has(stay[0]):
				errs.add(stay[0], msg("hospitalTwoIncomplete"))
			case start != nil && end != nil && !dates[stay[0]].Before(dates[stay[1]]):
				errs.add(stay[1], msg("hospitalOrder"))
			}
		}
		income, ok1 := number(out["annualIncome"])
		spent, ok2 := cents(out["hospitalUnreimbursed"])
		if ok1 && ok2 {
			share := int64(math.Round(theRules.Limits.HospitalExpenseIncomeShare * 100))
			// The lesser of share of the income and the cap, in cents: income dollars × share
			// × 100 cents is income × (share × 100).
			least := min(income*share, theRules.Limits.HospitalExpenseCap*100)
			if spent < least {
				errs.add("hospitalUnreimbursed", msg("hospitalExpense"))
			}
		}
	}
}

func findState(v string) *state {
	code := strings.ToUpper(strings.TrimPrefix(v, "home_"))
	i := slices.IndexFunc(theRules.States, func(s state) bool { return s.Code == code })
	if i < 0 {
		return nil
	}
	return &theRules.States[i]
}

// stateCode is a profile's state as a form's two-letter code ("home_CA" -> "CA"), "" when none.
func stateCode(v string) string {
	if s := findState(v); s != nil {
		return s.Code
	}
	return ""
}

// stringList reads a JSON list of strings; absent is an empty list.
func stringList(raw any) ([]string, bool) {
	if raw == nil {
		return nil, true
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		out = append(out, strings.TrimSpace(s))
	}
	return out, true
}

func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// number is a checked digits value as a number.
func number(v any) (int64, bool) {
	s, ok := v.(string)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// cents is a checked money value ("12" or "12.34") in cents.
func cents(v any) (int64, bool) {
	s, ok := v.(string)
	if !ok {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseInt(whole+(frac + "00")[:2], 10, 64)
	return n, err == nil
}
