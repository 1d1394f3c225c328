package firestore

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	gfs "cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/partners"
	"github.com/union-benefits/portal/bff/internal/portal"
)

const (
	// partnersCollection holds the partner records (partners/{id}), written by operators.
	partnersCollection = "partners"
	// partnerTokensCollection is the audit log of sign-in tokens handed to partners, one
	// document per token: uid, partner, origin, issued.
	partnerTokensCollection = "partnerTokens"
	// mailCollection is the outbox the mail sender consumes (the shape of Firebase's Trigger Email
	// extension: to, message {subject, text}, delivery, plus template and created for the records;
	// see MailOutbox).
	mailCollection = "mail"

	msgPartnerNotFound     = "Partner not found."
	msgPartnersUnavailable = "The partner store is unavailable."
)

// Partners implements partners.PartnerStore over the partners, profiles, partnerTokens and mail
// collections.
type Partners struct{ conn }

var _ partners.PartnerStore = (*Partners)(nil)

// Partners is the partner store on the profile store's connection (Close closes both).
func (p *Profiles) Partners() *Partners { return &Partners{p.conn} }

// Partner implements partners.PartnerStore.
func (s *Partners) Partner(ctx context.Context, id string) (partners.Partner, error) {
	if !validDocID(id) {
		return partners.Partner{}, apperr.New(apperr.NotFound, msgPartnerNotFound)
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	snap, err := s.client.Collection(partnersCollection).Doc(id).Get(ctx)
	if status.Code(err) == codes.NotFound {
		return partners.Partner{}, apperr.Wrap(apperr.NotFound, msgPartnerNotFound, err)
	}
	if err != nil {
		return partners.Partner{}, apperr.Wrap(apperr.Unavailable, msgPartnersUnavailable, err)
	}
	m := snap.Data()
	return partners.Partner{
		ID:                     id,
		Name:                   str(m["name"]),
		Logo:                   str(m["logo"]),
		AllowedOrigins:         strs(m["allowedOrigins"]),
		ConfirmationTitle:      str(m["confirmation_title"]),
		ConfirmationDisclaimer: str(m["confirmation_disclaimer"]),
	}, nil
}

// UpdatePartnerLinks implements partners.PartnerStore in a transaction over the profile's
// partners field, written (merged) only when it changes, as SetFavorite does for favorites.
func (s *Partners) UpdatePartnerLinks(ctx context.Context, uid string, fn func([]portal.PartnerLink) []portal.PartnerLink) ([]portal.PartnerLink, error) {
	if uid == "" || !validDocID(uid) {
		return nil, invalidID(errors.New("firestore: invalid uid " + strconv.Quote(uid)))
	}
	ref := s.client.Collection(profilesCollection).Doc(uid)
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	var out []portal.PartnerLink
	err := s.client.RunTransaction(ctx, func(_ context.Context, tx *gfs.Transaction) error {
		out = nil
		var current []portal.PartnerLink
		snap, err := tx.Get(ref)
		switch {
		case status.Code(err) == codes.NotFound:
			current = []portal.PartnerLink{}
		case err != nil:
			return err
		default:
			current = fromPartnerDocs(decodeProfile(snap.Data()).Partners)
		}
		next := fn(slices.Clone(current))
		out = next
		if slices.EqualFunc(toPartnerDocs(next), toPartnerDocs(current), samePartnerDoc) {
			return nil
		}
		return tx.Set(ref, map[string]any{"partners": toPartnerDocs(next)}, gfs.Merge([]string{"partners"}))
	})
	if err != nil {
		return nil, unavailable(err)
	}
	return out, nil
}

func samePartnerDoc(a, b partnerDoc) bool {
	same := func(x, y *time.Time) bool { return (x == nil) == (y == nil) && (x == nil || x.Equal(*y)) }
	return a.ID == b.ID && a.LoginEnabled == b.LoginEnabled && same(a.Connected, b.Connected) && same(a.LastSignIn, b.LastSignIn)
}

// RecordPartnerToken implements partners.PartnerStore.
func (s *Partners) RecordPartnerToken(ctx context.Context, r partners.PartnerTokenRecord) error {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	_, _, err := s.client.Collection(partnerTokensCollection).Add(ctx, map[string]any{
		"uid": r.UID, "partner": r.Partner, "origin": r.Origin, "issued": r.Issued.UTC(),
	})
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgPartnersUnavailable, err)
	}
	return nil
}

// QueueMail implements partners.PartnerStore: the mail collection's outbox, which the mail
// sender (bff/internal/mail) consumes.
func (s *Partners) QueueMail(ctx context.Context, m portal.Mail) error {
	return (&MailOutbox{conn: s.conn, collection: mailCollection}).QueueMail(ctx, m)
}
