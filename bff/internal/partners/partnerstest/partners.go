// Package partnerstest holds an in-memory fake of partners.PartnerStore, for unit tests and the
// whole-BFF harness; integration tests use the Firestore emulator instead (firestore.Partners).
package partnerstest

import (
	"context"
	"sync"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/partners"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Links keeps the members' partner links in their profiles (accounttest.Profiles), as Firestore
// does: fn gets a copy of the member's links and answers the links to keep.
type Links interface {
	UpdatePartnerLinks(uid string, fn func([]portal.PartnerLink) []portal.PartnerLink) []portal.PartnerLink
}

// Partners is a fake partners.PartnerStore over a fake profile store: partner records, the
// members' partner links (in their profiles, as Firestore keeps them), the token audit log and the
// mail outbox.
type Partners struct {
	mu       sync.Mutex
	profiles Links
	records  map[string]partners.Partner
	Tokens   []partners.PartnerTokenRecord // the audit log, in order
	Mail     []portal.Mail                 // the outbox, in order
	// FailRecord makes RecordPartnerToken fail with Unavailable.
	FailRecord bool
}

var _ partners.PartnerStore = (*Partners)(nil)

// NewPartners is a partner store with the three seeded partners of fixtures/firestore, whose
// test partner allows the local frontend's origins.
func NewPartners(profiles Links) *Partners {
	return &Partners{profiles: profiles, records: map[string]partners.Partner{
		"test-partner": {
			ID: "test-partner", Name: "Test Partner", Logo: "http://127.0.0.1:4443/partners/test-partner.svg",
			AllowedOrigins:         []string{"http://127.0.0.1:3000", "http://localhost:3000"},
			ConfirmationTitle:      "Allow Test Partner to sign you in?",
			ConfirmationDisclaimer: `<p onclick="steal()">This partner exists for testing.</p><script>steal()</script>`,
		},
		"travel-deals": {
			ID: "travel-deals", Name: "Member Travel Deals", AllowedOrigins: []string{"https://travel.example.com"},
			ConfirmationTitle: "Connect your union membership to Member Travel Deals",
		},
	}}
}

// Put adds or replaces a partner record.
func (p *Partners) Put(r partners.Partner) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.records[r.ID] = r
}

// Partner implements partners.PartnerStore.
func (p *Partners) Partner(_ context.Context, id string) (partners.Partner, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r, ok := p.records[id]
	if !ok {
		return partners.Partner{}, apperr.New(apperr.NotFound, "Partner not found.")
	}
	return r, nil
}

// UpdatePartnerLinks implements partners.PartnerStore.
func (p *Partners) UpdatePartnerLinks(_ context.Context, uid string, fn func([]portal.PartnerLink) []portal.PartnerLink) ([]portal.PartnerLink, error) {
	return p.profiles.UpdatePartnerLinks(uid, fn), nil
}

// RecordPartnerToken implements partners.PartnerStore.
func (p *Partners) RecordPartnerToken(_ context.Context, r partners.PartnerTokenRecord) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.FailRecord {
		return apperr.New(apperr.Unavailable, "The partner store is unavailable.")
	}
	p.Tokens = append(p.Tokens, r)
	return nil
}

// QueueMail implements partners.PartnerStore.
func (p *Partners) QueueMail(_ context.Context, m portal.Mail) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Mail = append(p.Mail, m)
	return nil
}
