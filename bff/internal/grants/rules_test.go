package grants

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

// today is the rules' fixed clock: every window below counts from it.
var today = time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)

var testChoices = []choice{
	{NetsuiteID: "10237", Name: "Communications Workers of America"},
	{NetsuiteID: "10261", Name: "United Auto Workers"},
}

// formOf is the catalogue's form of a kind.
func formOf(t *testing.T, kind string) Form {
	t.Helper()
	for _, f := range NewCatalogue("Union Benefits").Forms() {
		if f.Kind == kind {
			return f
		}
	}
	t.Fatalf("no form of kind %s", kind)
	return Form{}
}

// valid is a submission of kind that passes every rule on today.
func valid(kind string) map[string]any {
	in := map[string]any{
		"firstName": "Maria", "lastName": "Lopez", "email": "maria@example.com", "confirmEmail": "maria@example.com",
		"street": "1450 Broadway", "street2": "Apt 5", "city": "Oakland", "state": "CA", "zip": "94612",
		"mobilePhone": "(510) 555-0142", "union": "10237", "unionLocal": "9415", "terms": true,
	}
	maps.Copy(in, map[string]map[string]any{
		"debt_management": {"mmiId": "MMI-1234567", "mmiAuthorization": true},
		"disability": {"programParticipation": []any{"7"}, "creditCardNumber": "4821", "disabilityDate": "2026-06-01",
			"disabilityPrevIncome": "4000", "disabilityPostIncome": "3000"},
		"hospital": {"programParticipation": []any{"25", "7"}, "creditCardNumber": "4821", "hospitalOneStart": "2026-09-02",
			"hospitalOneEnd": "2026-09-09", "annualIncome": "52000", "hospitalUnreimbursed": "2400.00"},
		"job_loss_card": {"grantType": "8", "cardOpenThreeMonths": true, "creditCardNumber": "4821", "lastWorkDay": "2026-09-30"},
		"job_loss_loan": {"loanOpenSixMonths": true, "loanNumberUp": "0042", "lastWorkDay": "2026-09-30"},
		"medical_bill":  {"medicalUnreimbursed": "1200.50", "programHowUse": "To lower my hospital bill."},
		"mortgage": {"mortgageEligibility": true, "requestReason": "1", "whyOutOfWork": "Laid off at the plant.",
			"ssnDigits": "6789", "loanNumberChase": "123456789012345", "lastWorkDay": "2026-09-30",
			"workingIncome": "5000", "incomeLessLoss": "2000"},
		"strike_card": {"creditCardNumber": "4821", "strikeStart": "2026-10-01"},
		"strike_loan": {"loanNumberUp": "0042", "strikeStart": "2026-10-01"},
	}[kind])
	return in
}

func TestEveryKindAcceptsAValidSubmission(t *testing.T) {
	for kind := range theRules.Kinds {
		t.Run(kind, func(t *testing.T) {
			out, err := check(formOf(t, kind), valid(kind), testChoices, today)
			if err != nil {
				t.Fatalf("valid submission refused: %v", apperr.From(err).Fields)
			}
			if _, ok := out["confirmEmail"]; ok {
				t.Error("confirmEmail is stored")
			}
			if out["state"] != "5" || out["stateCode"] != "CA" || out["union"] != "10237" || out["unionName"] != "Communications Workers of America" {
				t.Errorf("state and union: %v %v %v %v", out["state"], out["stateCode"], out["union"], out["unionName"])
			}
			if out["mobilePhone"] != "5105550142" {
				t.Errorf("phones are stored as digits: %v", out["mobilePhone"])
			}
			if _, ok := out["phone"]; ok {
				t.Error("an unset optional field is stored")
			}
		})
	}
}

func TestStoredShapes(t *testing.T) {
	in := valid("strike_card")
	in["programParticipation"] = []any{"63"} // fixed fields are the server's, whatever is sent
	out, err := check(formOf(t, "strike_card"), in, testChoices, today)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out["programParticipation"], []string{"7"}) {
		t.Errorf("fixed programParticipation %v", out["programParticipation"])
	}
	loan, _ := check(formOf(t, "job_loss_loan"), valid("job_loss_loan"), testChoices, today)
	if !reflect.DeepEqual(loan["programParticipation"], []string{"63"}) {
		t.Errorf("personal loan programParticipation %v", loan["programParticipation"])
	}
	card, _ := check(formOf(t, "job_loss_card"), valid("job_loss_card"), testChoices, today)
	if card["grantType"] != "8" || card["cardOpenThreeMonths"] != true {
		t.Errorf("job loss card: %v", card)
	}
	hosp, _ := check(formOf(t, "hospital"), valid("hospital"), testChoices, today)
	if !reflect.DeepEqual(hosp["programParticipation"], []string{"7", "25"}) {
		t.Errorf("checkbox groups are stored in the options' order: %v", hosp["programParticipation"])
	}
	in = valid("strike_card")
	in["state"], in["email"], in["confirmEmail"] = "home_ny", "  Maria@Example.com ", "maria@example.com"
	out, err = check(formOf(t, "strike_card"), in, testChoices, today)
	if err != nil {
		t.Fatalf("a home_ state and emails differing in case: %v", apperr.From(err).Fields)
	}
	if out["state"] != "33" || out["stateCode"] != "NY" || out["email"] != "Maria@Example.com" {
		t.Errorf("state %v %v, email %v", out["state"], out["stateCode"], out["email"])
	}
}

// Every rule of spec 2 §5 and its message, broken one at a time.
func TestEveryRuleAndMessage(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	del := struct{}{} // removes the field
	cases := []struct {
		name, kind string
		set        map[string]any
		field, msg string
	}{
		// Common fields.
		{"first name required", "strike_card", map[string]any{"firstName": "  "}, "firstName", "This field is required."},
		{"first name max", "strike_card", map[string]any{"firstName": long(81)}, "firstName", "Please use at most 80 characters."},
		{"last name required", "strike_card", map[string]any{"lastName": del}, "lastName", "This field is required."},
		{"email required", "strike_card", map[string]any{"email": ""}, "email", "This field is required."},
		{"email pattern", "strike_card", map[string]any{"email": "maria@example"}, "email", "Please enter a valid email address."},
		{"confirm email required", "strike_card", map[string]any{"confirmEmail": ""}, "confirmEmail", "This field is required."},
		{"emails differ", "strike_card", map[string]any{"confirmEmail": "mario@example.com"}, "email", `Email "maria@example.com" does not match confirmation value "mario@example.com"`},
		{"street required", "strike_card", map[string]any{"street": ""}, "street", "This field is required."},
		{"street max", "strike_card", map[string]any{"street": long(201)}, "street", "Please use at most 200 characters."},
		{"street2 max", "strike_card", map[string]any{"street2": long(201)}, "street2", "Please use at most 200 characters."},
		{"city required", "strike_card", map[string]any{"city": del}, "city", "This field is required."},
		{"state required", "strike_card", map[string]any{"state": ""}, "state", "This field is required."},
		{"state unknown", "strike_card", map[string]any{"state": "ZZ"}, "state", "Please choose a state."},
		{"state not stripped of other prefixes", "strike_card", map[string]any{"state": "work_CA"}, "state", "Please choose a state."},
		{"zip required", "strike_card", map[string]any{"zip": ""}, "zip", "This field is required."},
		{"zip short", "strike_card", map[string]any{"zip": "9461"}, "zip", "Please enter a 5-10 digit zip."},
		{"zip long", "strike_card", map[string]any{"zip": "94612-12345"}, "zip", "Please enter a 5-10 digit zip."},
		{"zip symbols", "strike_card", map[string]any{"zip": "94612!"}, "zip", "Please enter a 5-10 digit zip."},
		{"no phone", "strike_card", map[string]any{"mobilePhone": ""}, "phone", "Please enter at least one number, in the Phone or Mobile Phone field."},
		{"phone pattern", "strike_card", map[string]any{"phone": "555-0142"}, "phone", "Please enter a 10-digit phone number."},
		{"mobile pattern", "strike_card", map[string]any{"mobilePhone": "510555014"}, "mobilePhone", "Please enter a 10-digit phone number."},
		{"texts need a mobile phone", "strike_card", map[string]any{"mobilePhone": "", "phone": "5105550142", "optInTexts": true}, "optInTexts", "Please enter a mobile phone number to receive text messages."},
		{"union required", "strike_card", map[string]any{"union": ""}, "union", "This field is required."},
		{"union unknown", "strike_card", map[string]any{"union": "37"}, "union", "Unknown union 37"},
		{"union local required", "strike_card", map[string]any{"unionLocal": ""}, "unionLocal", "This field is required."},
		{"union local max", "hospital", map[string]any{"unionLocal": long(81)}, "unionLocal", "Please use at most 80 characters."},
		{"terms required", "strike_card", map[string]any{"terms": false}, "terms", "This field is required."},
		{"terms absent", "strike_card", map[string]any{"terms": del}, "terms", "This field is required."},
		{"unknown field", "strike_card", map[string]any{"nsId": "CASE-1"}, "nsId", "This field is not part of this form."},
		{"uid is not a field", "strike_card", map[string]any{"uid": "someone-else"}, "uid", "This field is not part of this form."},
		{"text of another type", "strike_card", map[string]any{"firstName": 42.0}, "firstName", "Please enter a valid value."},
		{"checkbox of another type", "strike_card", map[string]any{"terms": "yes"}, "terms", "Please enter a valid value."},
		{"control characters", "strike_card", map[string]any{"city": "Oak\x00land"}, "city", "Please enter a valid value."},

		// Debt management.
		{"mmi id required", "debt_management", map[string]any{"mmiId": ""}, "mmiId", "This field is required."},
		{"mmi id max 11", "debt_management", map[string]any{"mmiId": long(12)}, "mmiId", "Please use at most 11 characters."},
		{"mmi authorization", "debt_management", map[string]any{"mmiAuthorization": del}, "mmiAuthorization", "This field is required."},

		// Disability.
		{"programs required", "disability", map[string]any{"programParticipation": []any{}}, "programParticipation", "Programs you participate in: At least one value is required."},
		{"programs absent", "disability", map[string]any{"programParticipation": del}, "programParticipation", "Programs you participate in: At least one value is required."},
		{"program unknown", "disability", map[string]any{"programParticipation": []any{"25"}}, "programParticipation", "Please choose one of the options."},
		{"programs of another type", "disability", map[string]any{"programParticipation": "7"}, "programParticipation", "Please enter a valid value."},
		{"card 3 digits", "disability", map[string]any{"creditCardNumber": "482"}, "creditCardNumber", "Please enter exactly 4 digits."},
		{"card 5 digits", "disability", map[string]any{"creditCardNumber": "48210"}, "creditCardNumber", "Please enter exactly 4 digits."},
		{"card letters", "disability", map[string]any{"creditCardNumber": "48a1"}, "creditCardNumber", "Please enter exactly 4 digits."},
		{"disability date window", "disability", map[string]any{"disabilityDate": "2024-11-20"}, "disabilityDate", "The date of disability must have occurred within the last 24 months."},
		{"disability date future", "disability", map[string]any{"disabilityDate": "2026-11-22"}, "disabilityDate", "This date should not be in the future."},
		{"disability date impossible", "disability", map[string]any{"disabilityDate": "2026-02-29"}, "disabilityDate", "Please choose a valid date."},
		{"disability date format", "disability", map[string]any{"disabilityDate": "06/01/2026"}, "disabilityDate", "Please choose a valid date."},
		{"income digits", "disability", map[string]any{"disabilityPrevIncome": "4,000"}, "disabilityPrevIncome", "Please enter digits only."},
		{"income decimals", "disability", map[string]any{"disabilityPostIncome": "3000.00"}, "disabilityPostIncome", "Please enter digits only."},
		{"income huge", "disability", map[string]any{"disabilityPrevIncome": "1234567890123"}, "disabilityPrevIncome", "Please use at most 12 characters."},
		{"income drop under 25%", "disability", map[string]any{"disabilityPostIncome": "3001"}, "disabilityPostIncome", "Disability income must be at least 25% less than your pre-disability income."},
		{"income rose", "disability", map[string]any{"disabilityPostIncome": "5000"}, "disabilityPostIncome", "Disability income must be at least 25% less than your pre-disability income."},

		// Hospital.
		{"stay reversed", "hospital", map[string]any{"hospitalOneStart": "2026-09-10"}, "hospitalOneEnd", "Hospitalization start date should be before end date."},
		{"stay of no days", "hospital", map[string]any{"hospitalOneStart": "2026-09-09"}, "hospitalOneEnd", "Hospitalization start date should be before end date."},
		{"first stay required", "hospital", map[string]any{"hospitalOneStart": ""}, "hospitalOneStart", "This field is required."},
		{"second stay without end", "hospital", map[string]any{"hospitalTwoStart": "2026-10-01"}, "hospitalTwoEnd", "Please enter both dates of the second hospitalization, or neither."},
		{"second stay without start", "hospital", map[string]any{"hospitalTwoEnd": "2026-10-05"}, "hospitalTwoStart", "Please enter both dates of the second hospitalization, or neither."},
		{"second stay reversed", "hospital", map[string]any{"hospitalTwoStart": "2026-10-05", "hospitalTwoEnd": "2026-10-01"}, "hospitalTwoEnd", "Hospitalization start date should be before end date."},
		{"hospital window", "hospital", map[string]any{"hospitalOneStart": "2024-11-01"}, "hospitalOneStart", "The hospitalization must have occurred within the last 24 months."},
		{"second stay window", "hospital", map[string]any{"hospitalTwoStart": "2024-11-01", "hospitalTwoEnd": "2024-11-30"}, "hospitalTwoStart", "The hospitalization must have occurred within the last 24 months."},
		{"hospital future", "hospital", map[string]any{"hospitalOneEnd": "2026-12-01"}, "hospitalOneEnd", "This date should not be in the future."},
		{"annual income digits", "hospital", map[string]any{"annualIncome": "52000.00"}, "annualIncome", "Please enter digits only."},
		{"expense under the cap", "hospital", map[string]any{"hospitalUnreimbursed": "2399.99"}, "hospitalUnreimbursed", "Out of pocket expenses must at least the lesser of 10% of your annual income or $2,400."},
		{"expense under 10%", "hospital", map[string]any{"annualIncome": "20000", "hospitalUnreimbursed": "1999.99"}, "hospitalUnreimbursed", "Out of pocket expenses must at least the lesser of 10% of your annual income or $2,400."},
		{"expense with comma", "hospital", map[string]any{"hospitalUnreimbursed": "2,400"}, "hospitalUnreimbursed", "Please enter an amount in dollars, with up to two decimals and no commas."},
		{"expense one decimal", "hospital", map[string]any{"hospitalUnreimbursed": "2400.5"}, "hospitalUnreimbursed", "Please enter an amount in dollars, with up to two decimals and no commas."},
		{"expense sign", "hospital", map[string]any{"hospitalUnreimbursed": "$2400"}, "hospitalUnreimbursed", "Please enter an amount in dollars, with up to two decimals and no commas."},

		// Job loss, credit card.
		{"grant type required", "job_loss_card", map[string]any{"grantType": ""}, "grantType", "This field is required."},
		{"grant type unknown", "job_loss_card", map[string]any{"grantType": "2"}, "grantType", "Please choose one of the options."},
		{"card open 3 months", "job_loss_card", map[string]any{"cardOpenThreeMonths": false}, "cardOpenThreeMonths", "This field is required."},
		{"job loss window", "job_loss_card", map[string]any{"lastWorkDay": "2024-11-20"}, "lastWorkDay", "The date of job loss must have occurred within the last 24 months."},
		{"job loss future", "job_loss_card", map[string]any{"lastWorkDay": "2027-01-01"}, "lastWorkDay", "This date should not be in the future."},

		// Job loss, personal loan.
		{"loan open 6 months", "job_loss_loan", map[string]any{"loanOpenSixMonths": del}, "loanOpenSixMonths", "This field is required."},
		{"loan number", "job_loss_loan", map[string]any{"loanNumberUp": "42"}, "loanNumberUp", "Please enter exactly 4 digits."},
		{"loan job loss window", "job_loss_loan", map[string]any{"lastWorkDay": "2020-01-01"}, "lastWorkDay", "The date of job loss must have occurred within the last 24 months."},

		// Medical bill negotiation.
		{"medical amount", "medical_bill", map[string]any{"medicalUnreimbursed": "12.3"}, "medicalUnreimbursed", "Please enter an amount in dollars, with up to two decimals and no commas."},
		{"medical amount required", "medical_bill", map[string]any{"medicalUnreimbursed": ""}, "medicalUnreimbursed", "This field is required."},
		{"how use max", "medical_bill", map[string]any{"programHowUse": long(2001)}, "programHowUse", "Please use at most 2000 characters."},

		// Mortgage assistance.
		{"mortgage eligibility", "mortgage", map[string]any{"mortgageEligibility": false}, "mortgageEligibility", "This field is required."},
		{"request reason unknown", "mortgage", map[string]any{"requestReason": "3"}, "requestReason", "Please choose one of the options."},
		{"why out of work max 300", "mortgage", map[string]any{"whyOutOfWork": long(301)}, "whyOutOfWork", "Please use at most 300 characters."},
		{"ssn digits", "mortgage", map[string]any{"ssnDigits": "12345"}, "ssnDigits", "Please enter exactly 4 digits."},
		{"loan number max 15", "mortgage", map[string]any{"loanNumberChase": long(16)}, "loanNumberChase", "Please use at most 15 characters."},
		{"mortgage job loss window", "mortgage", map[string]any{"lastWorkDay": "2024-11-20"}, "lastWorkDay", "The date of job loss must have occurred within the last 24 months."},
		{"work return in the past", "mortgage", map[string]any{"workReturnExpected": "2026-11-20"}, "workReturnExpected", "The expected return to work must be between today and 10 years from now."},
		{"work return past 10 years", "mortgage", map[string]any{"workReturnExpected": "2036-11-22"}, "workReturnExpected", "The expected return to work must be between today and 10 years from now."},
		{"working income digits", "mortgage", map[string]any{"workingIncome": "5k"}, "workingIncome", "Please enter digits only."},
		{"income less loss required", "mortgage", map[string]any{"incomeLessLoss": del}, "incomeLessLoss", "This field is required."},

		// Strike.
		{"strike window", "strike_card", map[string]any{"strikeStart": "2024-11-20"}, "strikeStart", "The start of the strike must be within the last 24 months."},
		{"strike loan window", "strike_loan", map[string]any{"strikeStart": "2023-05-01"}, "strikeStart", "The start of the strike must be within the last 24 months."},
		{"strike loan number", "strike_loan", map[string]any{"loanNumberUp": ""}, "loanNumberUp", "This field is required."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := valid(tc.kind)
			for k, v := range tc.set {
				if v == del {
					delete(in, k)
				} else {
					in[k] = v
				}
			}
			out, err := check(formOf(t, tc.kind), in, testChoices, today)
			if err == nil {
				t.Fatalf("accepted: %v", out)
			}
			e := apperr.From(err)
			if e.Code != apperr.Invalid {
				t.Fatalf("code %s", e.Code)
			}
			got := ""
			for _, f := range e.Fields {
				if f.Field == tc.field {
					got = f.Message
				}
			}
			if got != tc.msg {
				t.Fatalf("%s: got %q, want %q (all: %v)", tc.field, got, tc.msg, e.Fields)
			}
			if len(e.Fields) != 1 {
				t.Errorf("one rule broken, %d errors: %v", len(e.Fields), e.Fields)
			}
		})
	}
}

// The edges the rules must let through.
func TestBoundariesPass(t *testing.T) {
	for _, tc := range []struct {
		name, kind string
		set        map[string]any
	}{
		{"24 months back to the day", "disability", map[string]any{"disabilityDate": "2024-11-21"}},
		{"today", "strike_card", map[string]any{"strikeStart": "2026-11-21"}},
		{"exactly 75% of the income", "disability", map[string]any{"disabilityPostIncome": "3000", "disabilityPrevIncome": "4000"}},
		{"no income at all", "disability", map[string]any{"disabilityPostIncome": "0"}},
		{"expense at the cap", "hospital", map[string]any{"annualIncome": "1000000", "hospitalUnreimbursed": "2400"}},
		{"expense at 10%", "hospital", map[string]any{"annualIncome": "20000", "hospitalUnreimbursed": "2000.00"}},
		{"both stays", "hospital", map[string]any{"hospitalTwoStart": "2026-10-01", "hospitalTwoEnd": "2026-10-06"}},
		{"work return today", "mortgage", map[string]any{"workReturnExpected": "2026-11-21"}},
		{"work return in 10 years", "mortgage", map[string]any{"workReturnExpected": "2036-11-21"}},
		{"union local exempt", "hospital", map[string]any{"unionLocal": ""}},
		{"phone only", "strike_card", map[string]any{"mobilePhone": "", "phone": "510.555.0199"}},
		{"texts with a mobile phone", "strike_card", map[string]any{"optInTexts": true}},
		{"zip+4 with space", "strike_card", map[string]any{"zip": "94612 1234"}},
		{"null optional", "strike_card", map[string]any{"street2": nil}},
		{"why out of work at 300", "mortgage", map[string]any{"whyOutOfWork": strings.Repeat("é", 300)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := valid(tc.kind)
			maps.Copy(in, tc.set)
			if _, err := check(formOf(t, tc.kind), in, testChoices, today); err != nil {
				t.Fatalf("refused: %v", apperr.From(err).Fields)
			}
		})
	}
}

// 29 February has no twin 24 months back: the window then starts on 28 February (spec 2 §5).
func TestLeapDay(t *testing.T) {
	leap := time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC)
	if got := windowStart(leap); !got.Equal(time.Date(2026, 2, 28, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("window from 29 February starts %s", got.Format(time.DateOnly))
	}
	for date, ok := range map[string]bool{"2026-02-28": true, "2026-02-27": false, "2028-02-29": true} {
		in := valid("strike_card")
		in["strikeStart"] = date
		_, err := check(formOf(t, "strike_card"), in, testChoices, leap)
		if (err == nil) != ok {
			t.Errorf("%s from 29 February 2028: accepted %v, want %v", date, err == nil, ok)
		}
	}
	if got := yearsFrom(leap, 10); !got.Equal(time.Date(2038, 2, 28, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("10 years from 29 February: %s", got.Format(time.DateOnly))
	}
}

// The first error is the problem's title, and errors come in the form's order.
func TestErrorsComeInTheFormsOrder(t *testing.T) {
	_, err := check(formOf(t, "hospital"), map[string]any{"zzz": true}, testChoices, today)
	e := apperr.From(err)
	var names []string
	for _, f := range e.Fields {
		names = append(names, f.Field)
	}
	want := []string{"firstName", "lastName", "email", "confirmEmail", "street", "city", "state", "zip", "phone", "union",
		"programParticipation", "creditCardNumber", "hospitalOneStart", "hospitalOneEnd", "annualIncome", "hospitalUnreimbursed", "terms", "zzz"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("fields %v\nwant   %v", names, want)
	}
	if e.Message != "This field is required." {
		t.Errorf("title %q", e.Message)
	}
}

func TestCatalogue(t *testing.T) {
	c := NewCatalogue("Union Benefits")
	if n := len(c.Forms()); n != 11 {
		t.Fatalf("%d forms, want 11", n)
	}
	f, ok := c.Find("job-loss-grant-form-union-benefits-credit-cardholders")
	if !ok || f.Kind != "job_loss_card" || f.UnionLocalRequired {
		t.Fatalf("the {product} form: %+v %v", f, ok)
	}
	for id, grant := range map[string]bool{"hospital-grant": true, "smartphone-rebate-form": false, "free-material-request-form": false} {
		f, _ := c.Find(id)
		if f.Grant() != grant || f.External() == grant {
			t.Errorf("%s: grant %v external %v", id, f.Grant(), f.External())
		}
	}
	if _, ok := c.Find("job-loss-grant-form-{product}-credit-cardholders"); ok {
		t.Error("the template id is a form")
	}
	for name, slug := range map[string]string{"Union Benefits": "union-benefits", "  Union  Plus! ": "union-plus", "AFL-CIO Plus": "afl-cio-plus", "Beneficios Unión": "beneficios-unión"} {
		if got := Slug(name); got != slug {
			t.Errorf("Slug(%q) = %q, want %q", name, got, slug)
		}
	}
}

func TestCaseIDIsTheSubmission(t *testing.T) {
	f := formOf(t, "strike_card")
	a, _ := check(f, valid("strike_card"), testChoices, today)
	in := valid("strike_card")
	in["firstName"], in["mobilePhone"] = " Maria ", "510-555-0142"
	b, _ := check(f, in, testChoices, today)
	if caseID("u1", f.ID, a) != caseID("u1", f.ID, b) {
		t.Error("the same values, spaced or punctuated differently, are another case")
	}
	if caseID("u1", f.ID, a) == caseID("u2", f.ID, a) {
		t.Error("two members' cases share an id")
	}
	in["strikeStart"] = "2026-10-02"
	c, _ := check(f, in, testChoices, today)
	if caseID("u1", f.ID, a) == caseID("u1", f.ID, c) {
		t.Error("other values, same case")
	}
	if id := caseID("u1", f.ID, a); len(id) != 32 {
		t.Errorf("id %q", id)
	}
}

// The rules take whatever JSON a browser sends: no input may make them panic.
func FuzzCheck(f *testing.F) {
	for kind := range theRules.Kinds {
		b, _ := json.Marshal(valid(kind))
		f.Add(kind, b)
	}
	f.Add("hospital", []byte(`{"hospitalOneStart":"0001-01-01","annualIncome":"999999999999","hospitalUnreimbursed":"99999999999.99"}`))
	f.Add("disability", []byte(`{"programParticipation":[1,null],"disabilityDate":"9999-12-31"}`))
	cat := NewCatalogue("Union Benefits")
	f.Fuzz(func(t *testing.T, kind string, body []byte) {
		var in map[string]any
		if json.Unmarshal(body, &in) != nil {
			return
		}
		for _, form := range cat.Forms() {
			if form.Kind == kind {
				_, _ = check(form, in, testChoices, today)
			}
		}
	})
}
