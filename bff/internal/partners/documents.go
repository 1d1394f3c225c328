package partners

import (
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// PartnerDocument is what the partner popup shows (spec 1 §2 'Partner login'): the partner, the
// login switch, and, for a signed-in member, what the popup must do next.
type PartnerDocument struct {
	ID                     string         `json:"id"`
	Name                   string         `json:"name"`
	Logo                   string         `json:"logo,omitempty"`
	AllowedOrigins         []string       `json:"allowedOrigins"`
	ConfirmationTitle      string         `json:"confirmationTitle"`
	ConfirmationDisclaimer portal.HTML    `json:"confirmationDisclaimer,omitzero"`
	LoginEnabled           bool           `json:"loginEnabled"`
	LoginOfflineMessage    string         `json:"loginOfflineMessage,omitempty"`
	Member                 *PartnerMember `json:"member,omitempty"`
}

// PartnerMember is the signed-in member as the popup needs them: whether their email is verified
// and whether they already allowed this partner.
type PartnerMember struct {
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	Confirmed     bool   `json:"confirmed"`
}

// ConnectedSite is a partner the member allowed, as the account's Connected sites tab lists it.
type ConnectedSite struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Logo       string     `json:"logo,omitempty"`
	Connected  *time.Time `json:"connected,omitempty"`
	LastSignIn *time.Time `json:"lastSignIn,omitempty"`
}

// ConnectedSites is the Connected sites document.
type ConnectedSites struct {
	Sites []ConnectedSite `json:"sites"`
}

// PartnerToken is what a partner receives (the spec's getPartnerCustomToken): an assertion of who
// the member is to it (Assertions), which the popup posts as upCustomToken.
type PartnerToken struct {
	Token string `json:"token"`
}
