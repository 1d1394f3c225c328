package firestore

import (
	"context"
	"errors"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/livestream"
)

const (
	// livestreamCollection holds one document per livestream (its nid), whose users
	// subcollection is the comment-access records (spec 3 §3), one per person.
	livestreamCollection = "livestream"
	livestreamUsers      = "users"

	msgLivestreamUnavailable = "The chat is unavailable. Please refresh and try again."
)

// CommentAccess implements livestream.CommentAccessStore over livestream/{id}/users.
type CommentAccess struct{ conn }

var _ livestream.CommentAccessStore = (*CommentAccess)(nil)

// CommentAccess is the comment-access store on the profile store's connection (Close closes both).
func (p *Profiles) CommentAccess() *CommentAccess {
	return &CommentAccess{p.conn}
}

// Enter implements livestream.CommentAccessStore: the record is created with a precondition that it
// does not exist (one record per person and stream, even when two entries race), and a repeat
// reads the stored one back.
func (s *CommentAccess) Enter(ctx context.Context, stream, person string, rec livestream.CommentAccess) (livestream.CommentAccess, error) {
	if !validDocID(stream) || !validDocID(person) {
		return livestream.CommentAccess{}, invalidID(errors.New("firestore: invalid livestream record " + strconv.Quote(stream+"/"+person)))
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ref := s.client.Collection(livestreamCollection).Doc(stream).Collection(livestreamUsers).Doc(person)
	_, err := ref.Create(ctx, map[string]any{
		"email": rec.Email, "hash": rec.Hash, "timestamp": rec.Timestamp.UTC(),
		"updates": rec.Updates, "username": rec.Username,
	})
	if err == nil {
		return rec, nil
	}
	if status.Code(err) != codes.AlreadyExists {
		return livestream.CommentAccess{}, apperr.Wrap(apperr.Unavailable, msgLivestreamUnavailable, err)
	}
	snap, err := ref.Get(ctx)
	if err != nil {
		return livestream.CommentAccess{}, apperr.Wrap(apperr.Unavailable, msgLivestreamUnavailable, err)
	}
	m := snap.Data()
	out := livestream.CommentAccess{Email: str(m["email"]), Hash: str(m["hash"]), Username: str(m["username"])}
	out.Updates, _ = m["updates"].(bool)
	out.Timestamp, _ = m["timestamp"].(time.Time)
	return out, nil
}
