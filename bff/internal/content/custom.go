package content

import (
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Site-wide touches the editors set in union_structure_global (spec 3 §3): how the login and
// signup modals are dressed, and which benefit shows the reader's union's own credit card.

// modalPositions are where the signup modal may sit over its background; anything else is the
// centre, the modal's ordinary place.
var modalPositions = map[string]string{"left": "left"}

// authModals reads custom_login_modal and custom_signup_modal, of the global variable or of a
// benefit node (portal.Node.Modals). A modal the editors left empty is absent, so the frontend
// shows the plain one (or, on a benefit, the site's).
func authModals(v portal.Variable) AuthModals {
	var out AuthModals
	login := v.Object("custom_login_modal")
	if l := (LoginModalStyle{
		Headline:   login.String("headline"),
		SubHeading: login.String("sub_heading"),
		Image:      login.Image("image"),
	}); l != (LoginModalStyle{}) {
		out.Login = &l
	}
	signup := v.Object("custom_signup_modal")
	sm := SignupModalStyle{
		Headline:   signup.String("headline"),
		Background: signup.Image("background_image"),
		Position:   modalPositions[signup.String("modal_position")],
	}
	// The icon is the svg field's original file; the spec fixes its size at 70x70.
	if u := portal.SafeLinkURL(signup.Object("svg").String("original")); u != "" {
		sm.Icon = &portal.Image{URL: u, Width: 70, Height: 70}
	}
	if sm.Position == "" {
		sm.Position = "center"
	}
	if sm.Headline != "" || sm.Icon != nil || sm.Background != nil {
		out.Signup = &sm
	}
	return out
}

// benefitModals is a benefit's own dressing of the modals, or nil when it has none.
func benefitModals(n *portal.Node) *AuthModals {
	m := authModals(n.Modals)
	if m.Login == nil && m.Signup == nil {
		return nil
	}
	return &m
}

// creditCard is the reader's union's card when the page is the credit-card benefit. Only a
// reader who chose a union (or a member, whose union is known) sees one: the site's fallback
// union is nobody's own, and its card would be the wrong one for most readers.
func creditCard(src *source, r portal.Reader) *CreditCardOffer {
	if !r.Chosen || src.node.NID == "" || src.node.NID != src.global.String("credit_card_benefit") {
		return nil
	}
	u := src.unions.Find(r.Union)
	if u == nil || u.CreditCard == nil {
		return nil
	}
	l := link(&u.CreditCard.Link, r.Audience)
	if l == nil {
		return nil
	}
	return &CreditCardOffer{Union: *u.Ref(), Image: u.CreditCard.Image, Link: *l}
}
