package store

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Checkout's fields (spec 3 §3 'Checkout information' and 'Checkout shipping', §5 'Checkout step
// 1' and 'step 2', §7 'Order submission details'): what each step asks, the rules the BFF holds
// every request to whatever the page checked, and the conversions the order system expects.

// CheckoutField is one field of store.json's checkout steps.
type CheckoutField struct {
	Name      string `json:"name"`
	Label     string `json:"label"`
	Required  bool   `json:"required"`
	MaxLength int    `json:"maxLength"`
	Type      string `json:"type"`
	Hint      string `json:"hint"` // a message key: shown under the field, and its error for a value of the wrong form
}

// Choice is a value of a choice field and the text it stands for.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// checkoutSpec is store.json's checkout.
type checkoutSpec struct {
	Information  []CheckoutField `json:"information"`
	Shipping     []CheckoutField `json:"shipping"`
	MaterialUses []Choice        `json:"materialUses"`
	Countries    []Choice        `json:"countries"`
}

// checkout is store.json's checkout, part of store.go's contract; its limit and patterns are the
// contract's limits.otherMaxLength and patterns.
var checkout = func() checkoutSpec {
	if contract.Checkout == nil {
		panic("contracts/store.json: no checkout")
	}
	c := *contract.Checkout
	for _, field := range append(slices.Clone(c.Information), c.Shipping...) {
		if field.Name == "" || field.Label == "" || field.MaxLength < 1 || (field.Hint != "" && !contracts.HasStoreMessage(field.Hint)) {
			panic("contracts/store.json: checkout field " + field.Name + " needs a name, a label, a maxLength and a known hint")
		}
	}
	if contract.Limits.OtherMaxLength < 1 || len(c.Countries) != 2 || len(c.MaterialUses) == 0 {
		panic("contracts/store.json: checkout needs limits.otherMaxLength, two countries and the material uses")
	}
	return c
}()

// CheckoutRequest is what the checkout page sends: the values as typed.
type CheckoutRequest struct {
	Information map[string]string `json:"information"`
	Shipping    map[string]string `json:"shipping"`
}

// checked is a request's values once every rule passed: each single-line value with its spaces
// folded, and the memo's text.
type checked struct {
	info, ship map[string]string
	memo       string
}

// checkForm holds a request to every rule of both steps and answers the values, or one Invalid
// error naming each field that failed ('You must complete all required fields', spec 3 §5): the
// page can then open the first step with a problem and mark its fields. A field a request does
// not know is ignored; a value is never trusted for having passed the page's own checks.
func checkForm(req CheckoutRequest) (checked, error) {
	var errs []apperr.FieldError
	fail := func(step, name, message string) {
		errs = append(errs, apperr.FieldError{Field: step + "." + name, Message: message})
	}
	out := checked{info: map[string]string{}, ship: map[string]string{}}
	for _, step := range []struct {
		name   string
		fields []CheckoutField
		in     map[string]string
		out    map[string]string
	}{
		{"information", checkout.Information, req.Information, out.info},
		{"shipping", checkout.Shipping, req.Shipping, out.ship},
	} {
		for _, f := range step.fields {
			v := singleLine(step.in[f.Name])
			step.out[f.Name] = v
			if message := checkField(f, v); message != "" {
				fail(step.name, f.Name, message)
			}
		}
	}
	memo, other := singleLine(req.Information["memo"]), strings.TrimSpace(req.Information["other"])
	switch choice, ok := findChoice(checkout.MaterialUses, memo); {
	case memo == "":
	case !ok:
		fail("information", "memo", msg("memoInvalid"))
	case choice.Value == "other" && other == "":
		fail("information", "other", msg("otherRequired"))
	case choice.Value == "other" && len([]rune(other)) > contract.Limits.OtherMaxLength:
		fail("information", "other", msg("tooLong", "label", "Other", "max", strconv.Itoa(contract.Limits.OtherMaxLength)))
	case choice.Value == "other":
		out.memo = other
	default:
		out.memo = choice.Label
	}
	if len(errs) > 0 {
		return checked{}, apperr.Fields(msg("requiredFields"), errs...)
	}
	return out, nil
}

// checkField is the message for a value that breaks a field's rule; "" when it keeps them.
func checkField(f CheckoutField, v string) string {
	if v == "" {
		if f.Required {
			return msg("fieldRequired", "label", f.Label)
		}
		return ""
	}
	if len([]rune(v)) > f.MaxLength && f.Type != "number" {
		return msg("tooLong", "label", f.Label, "max", strconv.Itoa(f.MaxLength))
	}
	hint := func() string { return msg(f.Hint) }
	switch f.Name {
	case "email":
		if !contract.Patterns.Email.MatchString(v) {
			return msg("emailInvalid")
		}
	case "phone":
		if !contract.Patterns.Phone.MatchString(v) {
			return hint()
		}
	case "unionNumber":
		if !contract.Patterns.UnionNumber.MatchString(v) || contract.Patterns.LocalWord.MatchString(v) {
			return hint()
		}
	case "website":
		// http or https, then a domain of at least two labels, then maybe a port and a path (spec
		// 3 §5: 'http or https followed by a domain').
		if !contract.Patterns.Website.MatchString(v) {
			return hint()
		}
	case "zip":
		if !contract.Patterns.Zip.MatchString(v) {
			return hint()
		}
	case "state":
		if _, ok := stateByCode(v); !ok {
			return msg("stateCodeInvalid")
		}
	case "country":
		if _, ok := findChoice(checkout.Countries, v); !ok {
			return msg("countryInvalid")
		}
	}
	if f.Type == "number" && (!contract.Patterns.Number.MatchString(v) || len(v) > f.MaxLength) {
		return msg("numberInvalid", "label", f.Label)
	}
	return ""
}

// singleLine trims a value and folds each run of spaces, tabs, line breaks or other control
// characters into one space: every field is printed on one line of a label or a form.
func singleLine(v string) string {
	return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
}

func findChoice(choices []Choice, value string) (Choice, bool) {
	for _, c := range choices {
		if c.Value == value {
			return c, true
		}
	}
	return Choice{}, false
}

// submission is a checked form converted as the order system expects it (spec 3 §7 'Order
// submission details'): the union upper-cased, members and worksites as numbers, the memo as its
// text, the state code with its name, the country as its name; 'other' is not sent on its own.
func (c checked) submission(uid string) portal.OrderSubmission {
	state, _ := stateByCode(c.ship["state"])
	country, _ := findChoice(checkout.Countries, c.ship["country"])
	number := func(v string) int { n, _ := strconv.Atoi(v); return n } // checked: digits, at most 7
	return portal.OrderSubmission{
		UID: uid,
		Information: portal.OrderInformation{
			FirstName:   c.info["firstName"],
			LastName:    c.info["lastName"],
			Email:       c.info["email"],
			Phone:       c.info["phone"],
			Union:       strings.ToUpper(c.info["union"]),
			UnionNumber: c.info["unionNumber"],
			Members:     number(c.info["members"]),
			Worksites:   number(c.info["worksites"]),
			Website:     c.info["website"],
			Memo:        c.memo,
		},
		Shipping: portal.OrderShipping{
			Address:   c.ship["address"],
			Address2:  c.ship["address2"],
			City:      c.ship["city"],
			StateCode: state.Code,
			State:     state.Title,
			Zip:       c.ship["zip"],
			Country:   country.Label,
		},
	}
}
