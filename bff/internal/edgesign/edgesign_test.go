package edgesign

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

const (
	edgeSecret   = "edge-secret-of-at-least-32-characters"
	serverSecret = "server-secret-of-at-least-32-chars"
)

var now = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// forge builds a token from raw header and payload JSON, signed with secret.
func forge(secret, headerJSON, payloadJSON string) string {
	signing := b64(headerJSON) + "." + b64(payloadJSON)
	return signing + "." + base64.RawURLEncoding.EncodeToString(mac(secret, signing))
}

func TestVerify(t *testing.T) {
	v := NewVerifier(edgeSecret, serverSecret)
	exp := now.Add(TTL).Unix()
	// A token as netlify-cli's signer makes it (jsonwebtoken: its claims, then iat, exp, iss).
	netlify := forge(edgeSecret, `{"alg":"HS256","typ":"JWT"}`,
		`{"deploy_context":"production","netlify_id":"site-id","site_url":"https://benefits.example.org","iat":`+
			itoa(now.Unix())+`,"exp":`+itoa(exp)+`,"iss":"netlify"}`)
	cases := []struct {
		name  string
		token string
		at    time.Time
		want  error
	}{
		{"Netlify's token", netlify, now, nil},
		{"the edge's own signer", Sign(edgeSecret, IssuerEdge, now), now, nil},
		{"the Next.js server's", Sign(serverSecret, IssuerServer, now), now.Add(4 * time.Minute), nil},
		{"none", "", now, ErrMissing},
		{"not a JWS", "abc", now, ErrMalformed},
		{"alg none", b64(`{"alg":"none"}`) + "." + b64(`{"iss":"netlify","exp":`+itoa(exp)+`}`) + ".", now, ErrMalformed},
		{"another algorithm", forge(edgeSecret, `{"alg":"HS512"}`, `{"iss":"netlify","exp":`+itoa(exp)+`}`), now, ErrMalformed},
		{"forged: a key of its own", Sign("guessed", IssuerEdge, now), now, ErrSignature},
		{"forged: the server's key for the edge's issuer", Sign(serverSecret, IssuerEdge, now), now, ErrSignature},
		{"forged: the edge's key for the server's issuer", Sign(edgeSecret, IssuerServer, now), now, ErrSignature},
		{"wrong issuer", Sign(edgeSecret, "someone", now), now, ErrIssuer},
		{"no issuer", forge(edgeSecret, `{"alg":"HS256"}`, `{"exp":`+itoa(exp)+`}`), now, ErrIssuer},
		{"expired", Sign(edgeSecret, IssuerEdge, now), now.Add(TTL + time.Minute), ErrExpired},
		{"no expiry", forge(edgeSecret, `{"alg":"HS256"}`, `{"iss":"netlify"}`), now, ErrExpired},
		{"made to outlive its five minutes", forge(edgeSecret, `{"alg":"HS256"}`,
			`{"iss":"netlify","exp":`+itoa(now.Add(time.Hour).Unix())+`}`), now, ErrExpired},
		{"issued in the future", Sign(edgeSecret, IssuerEdge, now.Add(time.Hour)), now, ErrExpired},
		{"payload altered after signing", tamper(Sign(edgeSecret, IssuerEdge, now)), now, ErrSignature},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := v.Verify(tc.token, tc.at)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestAVerifierWithoutAnIssuersSecretAcceptsNoneOfItsTokens(t *testing.T) {
	v := NewVerifier(edgeSecret, "")
	if _, err := v.Verify(Sign("", IssuerServer, now), now); !errors.Is(err, ErrIssuer) {
		t.Fatalf("Verify = %v, want %v", err, ErrIssuer)
	}
}

// tamper swaps the token's payload for one naming a later expiry, keeping the signature.
func tamper(token string) string {
	parts := strings.Split(token, ".")
	parts[1] = b64(`{"iss":"netlify","exp":` + itoa(now.Add(TTL).Unix()+1) + `}`)
	return strings.Join(parts, ".")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A token that verified once is remembered, not trusted forever: it still expires, a token
// altered from it is checked whole, and the verifier remembers a bounded number of them.
func TestARememberedTokenIsStillCheckedForItsTimes(t *testing.T) {
	v := NewVerifier(edgeSecret, serverSecret)
	token := Sign(serverSecret, IssuerServer, now)
	for _, at := range []time.Time{now, now.Add(time.Minute)} {
		if c, err := v.Verify(token, at); err != nil || c.Issuer != IssuerServer {
			t.Fatalf("at %v: %+v %v", at, c, err)
		}
	}
	if _, err := v.Verify(token, now.Add(TTL+time.Minute)); !errors.Is(err, ErrExpired) {
		t.Fatalf("a remembered token past its expiry: %v", err)
	}
	if _, err := v.Verify(tamper(token), now); !errors.Is(err, ErrSignature) {
		t.Fatalf("a token altered from a remembered one: %v", err)
	}
	for i := range 3 * maxVerified { // as many edge nodes, each with a token of its own
		node := forge(edgeSecret, `{"alg":"HS256","typ":"JWT"}`,
			`{"netlify_id":"node-`+itoa(int64(i))+`","exp":`+itoa(now.Add(TTL).Unix())+`,"iss":"netlify"}`)
		if _, err := v.Verify(node, now); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(v.verified); n > maxVerified {
		t.Fatalf("remembers %d tokens, at most %d", n, maxVerified)
	}
}
