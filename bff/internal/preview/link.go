// Package preview shows an editor a node's unpublished draft, rendered as the page will look,
// before they publish it.
//
// The CMS hands the editor a signed, expiring link naming a site path, a node and its latest
// revision (Link). The BFF holds the signing secret and the CMS token for unpublished revisions,
// so it is the one that checks the link, on every request that reads the draft: the frontend only
// carries the link's fields in an HttpOnly cookie. The draft is read from the CMS on each request
// and the page built from it is never stored, neither in the content cache nor anywhere else:
// whoever does not hold a valid link sees only published content.
package preview

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// MaxLifetime is the longest a link may be valid for: a link forwarded or left in a browser's
// history stops working within a day, whatever expiry its signer chose.
const MaxLifetime = 24 * time.Hour

// Link is what a preview link names: the draft of Node at revision Rev, shown at the site path
// Path, until Expires.
type Link struct {
	Path    string
	Node    string
	Rev     string
	Expires time.Time
}

// idPattern is a CMS numeric id (nid, revision id).
var idPattern = regexp.MustCompile(`^[0-9]{1,12}$`)

// maxPathLen is the page endpoint's bound on paths: no page of ours is longer.
const maxPathLen = 512

// Signature is the link's signature: the hex HMAC-SHA256, keyed with the preview secret, of
// "preview\n{path}\n{node}\n{rev}\n{expires as unix seconds}". Every field is signed, so a link
// cannot be moved to another page, node, revision or time.
func Signature(secret string, l Link) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte("preview\n" + l.Path + "\n" + l.Node + "\n" + l.Rev + "\n" + strconv.FormatInt(l.Expires.Unix(), 10)))
	return hex.EncodeToString(mac.Sum(nil))
}

// Query is the link's query string, signed with secret: path, node, rev, exp and sig. A preview
// link is the frontend's /api/preview followed by it; the frontend keeps it as the preview
// token.
func (l Link) Query(secret string) string {
	return url.Values{
		"path": {l.Path},
		"node": {l.Node},
		"rev":  {l.Rev},
		"exp":  {strconv.FormatInt(l.Expires.Unix(), 10)},
		"sig":  {Signature(secret, l)},
	}.Encode()
}

// The reasons a link is refused. Each is a 403 whose one field error names the part of the link
// at fault, so the frontend can say why without parsing words: exp (expired), sig (forged or
// malformed), node (the path holds another node), rev (no such revision).
var (
	errExpired   = refused("exp", "This preview link has expired. Open a new one from the CMS.")
	errForged    = refused("sig", "This preview link is not valid. Open a new one from the CMS.")
	errWrongNode = refused("node", "This preview link names a different page. Open a new one from the CMS.")
	errNoDraft   = refused("rev", "This draft no longer exists. Open a new preview from the CMS.")
)

func refused(field, msg string) *apperr.Error {
	return &apperr.Error{Code: apperr.Forbidden, Message: msg, Fields: []apperr.FieldError{{Field: field, Message: msg}}}
}

// Verify reads a link from its query string (the token) and checks it against secret at now: the
// signature first, in constant time, so nothing about a forged link is believed, then its
// expiry. An empty secret refuses every link: preview is off.
func Verify(secret, token string, now time.Time) (Link, error) {
	q, err := url.ParseQuery(token)
	if err != nil || secret == "" {
		return Link{}, errForged
	}
	exp, err := strconv.ParseInt(q.Get("exp"), 10, 64)
	if err != nil {
		return Link{}, errForged
	}
	l := Link{Path: q.Get("path"), Node: q.Get("node"), Rev: q.Get("rev"), Expires: time.Unix(exp, 0)}
	got, err := hex.DecodeString(q.Get("sig"))
	if err != nil || !hmac.Equal(got, mustHex(Signature(secret, l))) {
		return Link{}, errForged
	}
	// A signed link is still checked for shape: the secret may be shared with a CMS that signs
	// whatever an editor's page holds.
	if !idPattern.MatchString(l.Node) || !idPattern.MatchString(l.Rev) || len(l.Path) > maxPathLen ||
		portal.CleanPath(l.Path) != l.Path || strings.ContainsFunc(l.Path, unicode.IsControl) {
		return Link{}, errForged
	}
	if !now.Before(l.Expires) || l.Expires.Sub(now) > MaxLifetime {
		return Link{}, errExpired
	}
	return l, nil
}

func mustHex(s string) []byte {
	b, _ := hex.DecodeString(s)
	return b
}
