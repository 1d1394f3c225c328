// Package livestream lets a person into a livestream's chat (spec 3 §2 'Livestream page', §3
// 'Comment-access record', §5 'Chat access'): it checks the access form, and writes the
// comment-access record at livestream/{id}/users, once per person and stream. The chat itself is
// the provider's, in the browser; the cookie that ungates it is the browser's too (spec 3 §4).
package livestream

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Contract is contracts/livestream.json as the BFF reads it.
type Contract struct {
	Limits struct {
		NameMaxLength int `json:"nameMaxLength"`
		SuffixDigits  int `json:"suffixDigits"`
	} `json:"limits"`
	Messages map[string]string `json:"messages"`
	ChatHash string            `json:"chatHash"`
}

// contract is loaded once: the file is compiled in, so a bad file fails every test.
var contract = contracts.Load[Contract]("livestream.json")

func message(key string) string {
	m, ok := contract.Messages[key]
	if !ok {
		panic("contracts/livestream.json has no message " + key)
	}
	return m
}

// slugPattern is one path segment of a livestream's address (/livestream/{slug}).
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,127}$`)

// Request is the access form (spec 3 §5 'Chat access'). Updates is the 'sign up for emails'
// box, recorded for the mailing list to read later.
type Request struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Updates bool   `json:"updates"`
	// Member is set by the HTTP layer from the session, never from the body: a members-only
	// livestream's chat lets only members in, as its page does.
	Member bool `json:"-"`
}

// Access is the answer: what the browser logs in to the chat provider with.
type Access struct {
	Stream   string `json:"stream"` // the livestream's id, as in its cookie's name
	Username string `json:"username"`
	Hash     string `json:"hash"`
}

// Streams finds a livestream node (portal.Content).
type Streams interface {
	NodeByPath(ctx context.Context, path string) (*portal.Node, error)
}

// Service implements the chat access.
type Service struct {
	streams Streams
	store   CommentAccessStore
	now     func() time.Time
	suffix  func() string
}

// Options are the parts tests replace.
type Options struct {
	Now    func() time.Time
	Suffix func() string // the random suffix of a chat name
}

// New returns the service over the CMS's livestream nodes and the record store.
func New(streams Streams, store CommentAccessStore, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Suffix == nil {
		o.Suffix = randomSuffix
	}
	return &Service{streams: streams, store: store, now: o.Now, suffix: o.Suffix}
}

// Check applies the access form's rules (spec 3 §5) in the form's order, every failing field
// with its message, and answers the name and email trimmed.
func Check(req Request) (Request, error) {
	req.Name = strings.TrimSpace(req.Name)
	req.Email = strings.TrimSpace(req.Email)
	var fields []apperr.FieldError
	switch {
	case req.Name == "":
		fields = append(fields, apperr.FieldError{Field: "name", Message: message("nameRequired")})
	case utf8.RuneCountInString(req.Name) > contract.Limits.NameMaxLength:
		fields = append(fields, apperr.FieldError{Field: "name", Message: message("nameTooLong")})
	}
	switch {
	case req.Email == "":
		fields = append(fields, apperr.FieldError{Field: "email", Message: message("emailRequired")})
	case !portal.ValidEmail(req.Email):
		fields = append(fields, apperr.FieldError{Field: "email", Message: message("emailInvalid")})
	}
	if len(fields) > 0 {
		return req, apperr.Fields(fields[0].Message, fields...)
	}
	return req, nil
}

// Enter lets a person into the chat of the livestream at /livestream/{slug}: the record is
// written the first time, and a repeat (the same email, in any case) writes no other. A repeat
// under the same display name (the person on another device) answers the first record's chat
// name; under another name it answers a chat name of its own: anyone may type an address, and
// the name its owner chose is not theirs to learn.
func (s *Service) Enter(ctx context.Context, slug string, req Request) (Access, error) {
	req, err := Check(req)
	if err != nil {
		return Access{}, err
	}
	n, err := s.stream(ctx, slug)
	if err != nil {
		return Access{}, err
	}
	if n.DisabledAnonymous && !req.Member {
		return Access{}, apperr.New(apperr.Unauthenticated, contracts.Message("signInRequired"))
	}
	stream := n.NID
	rec := CommentAccess{
		// Escaped before they are stored (spec 3 §5): the chat provider shows them as HTML.
		Email:     html.EscapeString(req.Email),
		Hash:      contract.ChatHash,
		Timestamp: s.now().UTC(),
		Updates:   req.Updates,
		Username:  html.EscapeString(req.Name) + "-" + s.suffix(),
	}
	stored, err := s.store.Enter(ctx, stream, PersonKey(req.Email), rec)
	if err != nil {
		return Access{}, err
	}
	if !sameDisplayName(stored.Username, rec.Username) {
		return Access{Stream: stream, Username: rec.Username, Hash: stored.Hash}, nil
	}
	return Access{Stream: stream, Username: stored.Username, Hash: stored.Hash}, nil
}

// sameDisplayName says whether two chat names differ only in their random suffixes.
func sameDisplayName(a, b string) bool {
	cut := func(name string) string { return name[:max(0, len(name)-contract.Limits.SuffixDigits)] }
	return cut(a) == cut(b)
}

// stream is the livestream node at /livestream/{slug}; anything else is not found.
func (s *Service) stream(ctx context.Context, slug string) (*portal.Node, error) {
	notFound := apperr.New(apperr.NotFound, message("streamNotFound"))
	if !slugPattern.MatchString(slug) {
		return nil, notFound
	}
	n, err := s.streams.NodeByPath(ctx, "livestream/"+slug)
	if apperr.Is(err, apperr.NotFound) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	if n.Bundle != "livestream" || n.NID == "" {
		return nil, notFound
	}
	return n, nil
}

// PersonKey names a person's record among a stream's: their email, case-folded, hashed so the
// document id holds no address and no character Firestore refuses.
func PersonKey(email string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(sum[:])
}

// randomSuffix is the chat name's random suffix (spec 3 §5): digits, so two people of one
// name are told apart.
func randomSuffix() string {
	digits := contract.Limits.SuffixDigits
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	n, err := rand.Int(rand.Reader, limit)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return fmt.Sprintf("%0*d", digits, n)
}
