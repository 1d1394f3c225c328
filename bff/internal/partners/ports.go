package partners

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
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

// PartnerStore is where partner records, members' partner links, the token audit log and the
// mail outbox live. Implementation: firestore.Partners.
type PartnerStore interface {
	portal.Outbox
	// Partner reads a partner record; an unknown id is apperr.NotFound.
	Partner(ctx context.Context, id string) (Partner, error)
	// UpdatePartnerLinks changes the member's partner links in one transaction and answers them
	// after; fn gets a copy and answers the links to keep (it may run more than once).
	UpdatePartnerLinks(ctx context.Context, uid string, fn func(links []portal.PartnerLink) []portal.PartnerLink) ([]portal.PartnerLink, error)
	// RecordPartnerToken adds an entry to the audit log.
	RecordPartnerToken(ctx context.Context, r PartnerTokenRecord) error
}
