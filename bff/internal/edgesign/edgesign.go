// Package edgesign is the proof that a request reached the BFF through our own edge. In production
// the BFF faces the internet (Netlify publishes no egress addresses to allow), so an address can
// vouch for nothing: instead Netlify's CDN signs every request its proxy rewrite forwards to
// /api/v1 (netlify.toml, `signed = "EDGE_SIGNING_SECRET"`), and the Next.js server signs its own
// calls the same way with a secret of its own. The proof is a JWS in the X-Nf-Sign header,
// HS256, with an issuer and an expiry, as Netlify makes it:
// https://docs.netlify.com/routing/redirects/rewrites-proxies/#signed-proxy-redirects.
//
// Only a request whose proof verifies may name its client: the address the CDN puts in
// X-Nf-Client-Connection-Ip (Next.js passes it on for the visitor it renders for). Whatever a
// client writes into X-Forwarded-For is never read.
package edgesign

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"
)

// Header carries the signed token; ClientIPHeader the client's address, believed only beside a
// token that verifies.
const (
	Header         = "X-Nf-Sign"
	ClientIPHeader = "X-Nf-Client-Connection-Ip"
)

// The issuers: Netlify's CDN (a browser's request through the proxy rewrite) and the Next.js
// server (its own server-side calls).
const (
	IssuerEdge   = "netlify"
	IssuerServer = "portal-frontend"
)

// TTL is how long a token lives: Netlify's tokens expire 5 minutes after they are made, and the
// Next.js server's do too.
const TTL = 5 * time.Minute

// leeway absorbs clock drift between the signer and this BFF.
const leeway = 30 * time.Second

// header is the protected header this package signs with, as Netlify's signer writes it.
var header = base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))

// joseHeader is what Verify reads of a token's protected header: its algorithm, which must be
// HS256, so a token can never choose its own ("none", or a public-key one keyed with our secret).
type joseHeader struct {
	Alg string `json:"alg"`
}

// Claims are the parts of a token the BFF reads; Netlify adds deploy_context, netlify_id and
// site_url, which it does not need.
type Claims struct {
	Issuer    string `json:"iss"`
	IssuedAt  int64  `json:"iat,omitempty"`
	ExpiresAt int64  `json:"exp"`
}

// Errors a token can fail with; each is a 403 to the caller, never more detail than that.
var (
	ErrMissing   = errors.New("no edge signature")
	ErrMalformed = errors.New("malformed edge signature")
	ErrIssuer    = errors.New("edge signature from an unknown issuer")
	ErrSignature = errors.New("edge signature does not verify")
	ErrExpired   = errors.New("edge signature expired")
)

// Sign makes a token of issuer, valid for TTL from now, keyed with secret: what the Next.js
// server sends, and what the local edge and tests send in Netlify's place.
func Sign(secret, issuer string, now time.Time) string {
	payload, _ := json.Marshal(Claims{Issuer: issuer, IssuedAt: now.Unix(), ExpiresAt: now.Add(TTL).Unix()})
	signing := header + "." + base64.RawURLEncoding.EncodeToString(payload)
	return signing + "." + base64.RawURLEncoding.EncodeToString(mac(secret, signing))
}

// Verifier checks tokens against each issuer's secret.
type Verifier struct {
	keys map[string][]byte

	// verified remembers the claims of tokens that verified. A signer's token is the same for
	// every request it signs within a second (its times are whole seconds), and decoding and
	// MACing one was a fifth of the BFF's cost of a cached page document; a token found here is
	// still checked for its times. It is emptied when full, so it never holds more than a
	// second or two of a busy signer's tokens.
	mu       sync.Mutex
	verified map[string]Claims
}

// maxVerified bounds Verifier.verified: a few signers (Netlify's edge nodes, each Next.js
// instance) each make one token a second.
const maxVerified = 256

// NewVerifier accepts tokens of IssuerEdge keyed with edgeSecret and of IssuerServer keyed with
// serverSecret. An empty secret accepts nothing for its issuer (config refuses to start without
// both, so this only guards a test's mistake).
func NewVerifier(edgeSecret, serverSecret string) *Verifier {
	v := &Verifier{keys: map[string][]byte{}, verified: map[string]Claims{}}
	if edgeSecret != "" {
		v.keys[IssuerEdge] = []byte(edgeSecret)
	}
	if serverSecret != "" {
		v.keys[IssuerServer] = []byte(serverSecret)
	}
	return v
}

// Verify checks token at now: the one header, a known issuer whose key makes the same MAC
// (compared in constant time), and an expiry not passed. It answers the token's claims.
func (v *Verifier) Verify(token string, now time.Time) (Claims, error) {
	if token == "" {
		return Claims{}, ErrMissing
	}
	v.mu.Lock()
	c, seen := v.verified[token]
	v.mu.Unlock()
	if seen {
		if err := checkTimes(c, now); err != nil {
			return Claims{}, err
		}
		return c, nil
	}
	c, err := v.verify(token)
	if err != nil {
		return Claims{}, err
	}
	if err := checkTimes(c, now); err != nil {
		return Claims{}, err
	}
	v.mu.Lock()
	if len(v.verified) >= maxVerified {
		clear(v.verified)
	}
	v.verified[token] = c
	v.mu.Unlock()
	return c, nil
}

// verify checks token's form and MAC, and answers its claims.
func (v *Verifier) verify(token string) (Claims, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return Claims{}, ErrMalformed
	}
	var h joseHeader
	if raw, err := base64.RawURLEncoding.DecodeString(parts[0]); err != nil || json.Unmarshal(raw, &h) != nil || h.Alg != "HS256" {
		return Claims{}, ErrMalformed
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return Claims{}, ErrMalformed
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return Claims{}, ErrMalformed
	}
	var c Claims
	if err := json.Unmarshal(payload, &c); err != nil {
		return Claims{}, ErrMalformed
	}
	// The issuer picks the key before the MAC is checked; an unknown one has no key to check with.
	key, ok := v.keys[c.Issuer]
	if !ok {
		return Claims{}, ErrIssuer
	}
	if !hmac.Equal(sig, macKey(key, parts[0]+"."+parts[1])) {
		return Claims{}, ErrSignature
	}
	return c, nil
}

// checkTimes checks a verified token's times at now: not expired, not made in the future, and
// not made to outlive TTL.
func checkTimes(c Claims, now time.Time) error {
	if c.ExpiresAt == 0 || now.After(time.Unix(c.ExpiresAt, 0).Add(leeway)) {
		return ErrExpired
	}
	// A token made far in the future would outlive TTL; Netlify's and ours never are.
	if c.IssuedAt != 0 && time.Unix(c.IssuedAt, 0).After(now.Add(leeway)) {
		return ErrExpired
	}
	if time.Unix(c.ExpiresAt, 0).After(now.Add(TTL + leeway)) {
		return ErrExpired
	}
	return nil
}

func mac(secret, signing string) []byte { return macKey([]byte(secret), signing) }

func macKey(key []byte, signing string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(signing))
	return h.Sum(nil)
}
