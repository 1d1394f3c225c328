package livestream

import (
	"context"
	"time"
)

// CommentAccess is a comment-access record (spec 3 §3), kept at livestream/{id}/users: what a
// person entered to join a livestream's chat. Email and Username are HTML-escaped (spec 3 §5).
type CommentAccess struct {
	Email     string    `json:"email"`
	Hash      string    `json:"hash"`
	Timestamp time.Time `json:"timestamp"`
	Updates   bool      `json:"updates"`
	Username  string    `json:"username"`
}

// CommentAccessStore keeps the comment-access records. Enter stores rec for the person key of a
// stream unless one is there already, and answers the stored record (the existing one on a
// repeat, so a person keeps one record and one chat name per stream).
type CommentAccessStore interface {
	Enter(ctx context.Context, stream, person string, rec CommentAccess) (CommentAccess, error)
}
