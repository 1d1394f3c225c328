package accounttest

import (
	"context"
	"slices"
	"sync"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Partners is a fake portal.PartnerStore over a fake profile store: partner records, the
// members' partner links (in their profiles, as Firestore keeps them), the token audit log and the
// mail outbox.
type Partners struct {
	mu       sync.Mutex
	profiles *Profiles
	records  map[string]portal.Partner
	Tokens   []portal.PartnerTokenRecord // the audit log, in order
	Mail     []portal.Mail               // the outbox, in order
	// FailRecord makes RecordPartnerToken fail with Unavailable.
	FailRecord bool
}

var _ portal.PartnerStore = (*Partners)(nil)

// NewPartners is a partner store with the three seeded partners of fixtures/firestore, whose
// test partner allows the local frontend's origins.
func NewPartners(profiles *Profiles) *Partners {
	return &Partners{profiles: profiles, records: map[string]portal.Partner{
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
func (p *Partners) Put(r portal.Partner) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.records[r.ID] = r
}

// Partner implements portal.PartnerStore.
func (p *Partners) Partner(_ context.Context, id string) (portal.Partner, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r, ok := p.records[id]
	if !ok {
		return portal.Partner{}, apperr.New(apperr.NotFound, "Partner not found.")
	}
	return r, nil
}

// UpdatePartnerLinks implements portal.PartnerStore.
func (p *Partners) UpdatePartnerLinks(_ context.Context, uid string, fn func([]portal.PartnerLink) []portal.PartnerLink) ([]portal.PartnerLink, error) {
	p.profiles.mu.Lock()
	defer p.profiles.mu.Unlock()
	profile, ok := p.profiles.profiles[uid]
	next := fn(slices.Clone(profile.Partners))
	if next == nil {
		next = []portal.PartnerLink{}
	}
	// Like the real store, a read that changes nothing writes nothing (and creates no profile).
	if ok || len(next) > 0 {
		profile.Partners = next
		p.profiles.profiles[uid] = profile
	}
	return slices.Clone(next), nil
}

// RecordPartnerToken implements portal.PartnerStore.
func (p *Partners) RecordPartnerToken(_ context.Context, r portal.PartnerTokenRecord) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.FailRecord {
		return apperr.New(apperr.Unavailable, "The partner store is unavailable.")
	}
	p.Tokens = append(p.Tokens, r)
	return nil
}

// QueueMail implements portal.PartnerStore.
func (p *Partners) QueueMail(_ context.Context, m portal.Mail) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Mail = append(p.Mail, m)
	return nil
}
