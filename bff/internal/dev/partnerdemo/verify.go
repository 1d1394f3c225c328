package partnerdemo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// KeysPath is where the portal publishes the keys partners check what they receive with.
const KeysPath = "/api/v1/partners/.well-known/jwks.json"

// Member is who an assertion says signed in to the partner.
type Member struct {
	Subject       string `json:"subject"` // the member's id at this partner: stable, and this partner's only
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	Union         string `json:"union,omitempty"`
}

// Verifier checks what the portal's popup posts to a partner (upCustomToken), as a partner's
// server must before it believes it: the signature, by a key the portal publishes at KeysURL;
// the issuer (the portal's site); the audience (this partner, and no other); the expiry, two
// minutes after it was signed; and that its id (jti) was not used before. What passes says who
// the member is to this partner, and nothing else: it signs nobody in anywhere.
type Verifier struct {
	Issuer  string // the portal's origin, e.g. https://benefits.example.org
	KeysURL string // Issuer + KeysPath
	Partner string // this partner's id
	Client  *http.Client
	Now     func() time.Time

	mu      sync.Mutex
	keys    *jose.JSONWebKeySet
	fetched time.Time
	used    map[string]time.Time // jti → when it stops mattering (its expiry)
}

// keysTTL is how long the published keys are kept before they are fetched again; a key id not
// among them is fetched at once (the portal rotated its key).
const keysTTL = time.Hour

// Verify checks token and answers the member it names. A token is good once.
func (v *Verifier) Verify(ctx context.Context, token string) (Member, error) {
	parsed, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA})
	if err != nil {
		return Member{}, fmt.Errorf("not a signed token: %w", err)
	}
	if len(parsed.Headers) != 1 {
		return Member{}, errors.New("not one signature")
	}
	key, err := v.key(ctx, parsed.Headers[0].KeyID)
	if err != nil {
		return Member{}, err
	}
	var claims jwt.Claims
	var facts struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Union         string `json:"union"`
	}
	if err := parsed.Claims(key, &claims, &facts); err != nil {
		return Member{}, fmt.Errorf("the signature does not check: %w", err)
	}
	now := v.now()
	if err := claims.ValidateWithLeeway(jwt.Expected{Issuer: v.Issuer, AnyAudience: jwt.Audience{v.Partner}, Time: now}, 5*time.Second); err != nil {
		return Member{}, fmt.Errorf("not for us, or not now: %w", err)
	}
	if claims.Expiry == nil || claims.ID == "" || claims.Subject == "" {
		return Member{}, errors.New("no expiry, id or subject")
	}
	if err := v.useOnce(claims.ID, claims.Expiry.Time(), now); err != nil {
		return Member{}, err
	}
	return Member{Subject: claims.Subject, Email: facts.Email, EmailVerified: facts.EmailVerified, Union: facts.Union}, nil
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// useOnce records jti until its expiry, refusing one already recorded.
func (v *Verifier) useOnce(jti string, expires, now time.Time) error {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.used == nil {
		v.used = map[string]time.Time{}
	}
	for id, until := range v.used {
		if now.After(until.Add(time.Minute)) {
			delete(v.used, id)
		}
	}
	if _, ok := v.used[jti]; ok {
		return errors.New("already used")
	}
	v.used[jti] = expires
	return nil
}

// key is the published key kid, fetching the keys when they are old or lack it (the portal
// rotated its key).
func (v *Verifier) key(ctx context.Context, kid string) (*jose.JSONWebKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	find := func() *jose.JSONWebKey {
		if v.keys == nil {
			return nil
		}
		if i := slices.IndexFunc(v.keys.Keys, func(k jose.JSONWebKey) bool { return k.KeyID == kid }); i >= 0 {
			return &v.keys.Keys[i]
		}
		return nil
	}
	if k := find(); k != nil && v.now().Sub(v.fetched) < keysTTL {
		return k, nil
	}
	if err := v.fetch(ctx); err != nil {
		return nil, err
	}
	if k := find(); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("no published key %q", kid)
}

func (v *Verifier) fetch(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.KeysURL, nil)
	if err != nil {
		return err
	}
	client := v.Client
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("the portal's keys: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the portal's keys: %s", resp.Status)
	}
	var keys jose.JSONWebKeySet
	if err := json.NewDecoder(resp.Body).Decode(&keys); err != nil {
		return fmt.Errorf("the portal's keys: %w", err)
	}
	v.keys, v.fetched = &keys, v.now()
	return nil
}
