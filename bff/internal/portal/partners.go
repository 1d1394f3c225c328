package portal

import (
	"context"
	"time"
)

// Partner is a partner site that may sign members in with their union account (spec 1 §3
// 'Partner'), stored at partners/{id}.
type Partner struct {
	ID             string
	Name           string
	Logo           string
	AllowedOrigins []string // the only origins the popup posts a token or an unload message to
	// ConfirmationTitle and ConfirmationDisclaimer (HTML, sanitised before it is shown) are what
	// the member reads before allowing the partner to sign them in.
	ConfirmationTitle      string
	ConfirmationDisclaimer string
}

// PartnerTokenRecord is one sign-in token handed to a partner: the audit log's entry.
type PartnerTokenRecord struct {
	UID     string
	Partner string
	Origin  string // the origin the popup says opened it ("" when it could not tell)
	Issued  time.Time
}

// Mail is a message for a mail sender to deliver: written to an outbox the sender consumes.
type Mail struct {
	To       string
	Template string // what it is, for the sender's records (e.g. passwordChanged)
	Subject  string
	Text     string
}

// Outbox queues mail for a mail sender to deliver. Implementation: firestore.Partners (the mail
// collection).
type Outbox interface {
	QueueMail(ctx context.Context, m Mail) error
}

// PartnerStore is where partner records, members' partner links, the token audit log and the
// mail outbox live. Implementation: firestore.Partners.
type PartnerStore interface {
	Outbox
	// Partner reads a partner record; an unknown id is apperr.NotFound.
	Partner(ctx context.Context, id string) (Partner, error)
	// UpdatePartnerLinks changes the member's partner links in one transaction and answers them
	// after; fn gets a copy and answers the links to keep (it may run more than once).
	UpdatePartnerLinks(ctx context.Context, uid string, fn func(links []PartnerLink) []PartnerLink) ([]PartnerLink, error)
	// RecordPartnerToken adds an entry to the audit log.
	RecordPartnerToken(ctx context.Context, r PartnerTokenRecord) error
}

// PartnerDocument is what the partner popup shows (spec 1 §2 'Partner login'): the partner, the
// login switch, and, for a signed-in member, what the popup must do next.
type PartnerDocument struct {
	ID                     string         `json:"id"`
	Name                   string         `json:"name"`
	Logo                   string         `json:"logo,omitempty"`
	AllowedOrigins         []string       `json:"allowedOrigins"`
	ConfirmationTitle      string         `json:"confirmationTitle"`
	ConfirmationDisclaimer HTML           `json:"confirmationDisclaimer,omitzero"`
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

// PartnerToken is the sign-in token a partner receives (the spec's getPartnerCustomToken): a
// Firebase custom token for the member, carrying the partner's id as a claim.
type PartnerToken struct {
	Token string `json:"token"`
}
