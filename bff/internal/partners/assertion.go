package partners

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// AssertionTTL is how long what a partner receives can be used: long enough to reach the
// partner's server and be checked there, too short to be worth stealing.
const AssertionTTL = 2 * time.Minute

// Assertions are what a partner receives when a member signs in to it: a statement, signed by the
// portal, of who the member is to that partner (a JWT, EdDSA over Ed25519). It is not a
// credential anywhere: no Firebase project or portal route takes it, so it cannot sign anyone in
// as the member, read their data or change their password or email. The partner checks it with
// the keys the portal publishes (KeySet, at /api/v1/partners/.well-known/jwks.json): the
// signature, iss (the site), aud (its own id), exp (two minutes), and records jti so that each
// is used once. sub is the member's pairwise id for that partner, the same every time and
// different for every partner, so partners cannot join their records on it, and the uid never
// leaves the portal.
type Assertions struct {
	issuer  string
	key     ed25519.PrivateKey
	kid     string
	keys    jose.JSONWebKeySet // the current public key, then the previous one while partners move over
	subject []byte             // the key of the pairwise ids
	now     func() time.Time
}

// AssertionKeys are the secrets behind Assertions: Signing derives the key assertions are signed
// with, Previous (optional) the one before a rotation, still published so that what it signed
// lately checks; Subject keys the pairwise ids and must never change.
type AssertionKeys struct {
	Signing, Previous, Subject string
}

// NewAssertions returns assertions issued by issuer (the site's origin).
func NewAssertions(issuer string, k AssertionKeys, now func() time.Time) (*Assertions, error) {
	if k.Signing == "" || k.Subject == "" {
		return nil, errors.New("partners: the assertion keys are required")
	}
	if now == nil {
		now = time.Now
	}
	a := &Assertions{issuer: issuer, key: signingKey(k.Signing), subject: []byte(k.Subject), now: now}
	a.kid = keyID(a.key)
	a.keys.Keys = append(a.keys.Keys, publicKey(a.key))
	if k.Previous != "" {
		a.keys.Keys = append(a.keys.Keys, publicKey(signingKey(k.Previous)))
	}
	return a, nil
}

// signingKey is the Ed25519 key a secret stands for: its seed is the secret's SHA-256, so any
// long random string will do as the secret.
func signingKey(secret string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("partner-assertions:" + secret))
	return ed25519.NewKeyFromSeed(seed[:])
}

func keyID(k ed25519.PrivateKey) string {
	sum := sha256.Sum256(k.Public().(ed25519.PublicKey))
	return hex.EncodeToString(sum[:8])
}

func publicKey(k ed25519.PrivateKey) jose.JSONWebKey {
	return jose.JSONWebKey{Key: k.Public(), KeyID: keyID(k), Algorithm: string(jose.EdDSA), Use: "sig"}
}

// KeySet is the published keys (a JWKS).
func (a *Assertions) KeySet() jose.JSONWebKeySet { return a.keys }

// MemberClaims are the member's facts a partner learns.
type MemberClaims struct {
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	Union         string `json:"union,omitempty"` // the union's id, as the site's union picker knows it
}

// AssertedClaims is what an assertion says: the registered claims and the member's.
type AssertedClaims struct {
	jwt.Claims
	MemberClaims
}

// Assert signs the statement that the member uid (with these facts) signs in to partner.
func (a *Assertions) Assert(partner, uid string, m MemberClaims) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.EdDSA, Key: a.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", a.kid))
	if err != nil {
		return "", err
	}
	now := a.now()
	jti := make([]byte, 16)
	_, _ = rand.Read(jti) // never fails (crypto/rand)
	return jwt.Signed(signer).Claims(AssertedClaims{
		Claims: jwt.Claims{
			Issuer:   a.issuer,
			Audience: jwt.Audience{partner},
			Subject:  a.Subject(partner, uid),
			IssuedAt: jwt.NewNumericDate(now),
			Expiry:   jwt.NewNumericDate(now.Add(AssertionTTL)),
			ID:       hex.EncodeToString(jti),
		},
		MemberClaims: m,
	}).Serialize()
}

// Subject is the member's pairwise id for partner: an HMAC of the two, so it is stable, and
// tells nothing of the uid or of the member's id at any other partner.
func (a *Assertions) Subject(partner, uid string) string {
	mac := hmac.New(sha256.New, a.subject)
	mac.Write([]byte(partner + "\x00" + uid))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}
