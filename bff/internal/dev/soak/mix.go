// Package soak loads a running BFF for a long time with a mix of real traffic, and says whether
// it held up: no errors, honest latency, and goroutines, memory and the cache's tag index that
// come back down afterwards. bff/cmd/soak is its command; `make soak` runs it on a fresh stack.
package soak

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/hooks"
)

// Route is one kind of request in the mix: how often it is sent, how to build one, and which
// answers are the BFF doing its job.
type Route struct {
	Name   string
	Weight int   // share of the mix, relative to the other routes' weights
	Expect []int // statuses that are answers; anything else, and any 5xx, is an error
	// Build makes one request; rng makes it differ from the last, now signs it.
	Build func(rng *rand.Rand, now time.Time) (*http.Request, error)
}

// Failed says whether an answer is an error: no answer at all (a transport error, status 0), a
// server error, or a status this route should never answer.
func (r Route) Failed(status int) bool {
	if status == 0 || status >= 500 {
		return true
	}
	return !slices.Contains(r.Expect, status)
}

// Target is the BFF under load and what its requests need.
type Target struct {
	BFF    string // base URL, e.g. http://127.0.0.1:8080
	Origin string // sent with sign-ins as Next.js's server would; "" sends none, as a server may
	Secret string // CMS_WEBHOOK_SECRET, to sign purges
}

// searchWords are words the fixture content has, so some searches find something; a random
// word mixed in makes many searches unique, as real readers' are.
var searchWords = []string{"budget", "travel", "insurance", "money", "tips", "discount", "health",
	"savings", "college", "grant", "union", "mortgage", "car", "wireless", "credit", "scholarship",
	"home", "auto", "member", "hardship", "vacation", "legal", "pet", "loan"}

var searchTypes = []string{"all", "benefits", "blogpost"}

// Mix is the soak's traffic: what anonymous readers mostly ask for (the cached home page and
// chrome), what defeats the cache (unique paths and searches: each one a miss, a CMS call and a
// cache entry), what attackers send (wrong passwords, until the limits answer 429), and an
// editor's publishes (signed purges).
func Mix(t Target) []Route {
	get := func(path string) (*http.Request, error) { return http.NewRequest(http.MethodGet, t.BFF+path, nil) }
	return []Route{
		{Name: "home", Weight: 30, Expect: []int{http.StatusOK},
			Build: func(*rand.Rand, time.Time) (*http.Request, error) { return get("/api/v1/page?path=/") }},
		{Name: "chrome", Weight: 15, Expect: []int{http.StatusOK},
			Build: func(*rand.Rand, time.Time) (*http.Request, error) { return get("/api/v1/site") }},
		{Name: "busting", Weight: 25, Expect: []int{http.StatusNotFound},
			Build: func(rng *rand.Rand, _ time.Time) (*http.Request, error) {
				return get("/api/v1/page?path=" + url.QueryEscape("/benefits/soak-"+token(rng, 12)))
			}},
		{Name: "search", Weight: 20, Expect: []int{http.StatusOK},
			Build: func(rng *rand.Rand, _ time.Time) (*http.Request, error) {
				q := url.Values{"q": {searchTerm(rng)}, "type": {searchTypes[rng.IntN(len(searchTypes))]},
					"page": {strconv.Itoa(rng.IntN(3))}}
				return get("/api/v1/search?" + q.Encode())
			}},
		// A thousand addresses: each is refused often enough for its own limit to count, and
		// together they fill the limiter with keys, as credential stuffing does.
		{Name: "signin", Weight: 8, Expect: []int{http.StatusUnauthorized, http.StatusTooManyRequests},
			Build: func(rng *rand.Rand, _ time.Time) (*http.Request, error) {
				body := fmt.Sprintf(`{"email":"soak-%d@example.org","password":"wrong-%s"}`, rng.IntN(1000), token(rng, 10))
				req, err := http.NewRequest(http.MethodPost, t.BFF+"/api/v1/session", strings.NewReader(body))
				if err != nil {
					return nil, err
				}
				req.Header.Set("Content-Type", "application/json")
				if t.Origin != "" {
					req.Header.Set("Origin", t.Origin)
				}
				return req, nil
			}},
		// Mostly nodes that do not exist (nothing to purge), sometimes a real one (the home page,
		// a post): the purge's lock and the reloads after it are part of the load.
		{Name: "purge", Weight: 2, Expect: []int{http.StatusAccepted},
			Build: func(rng *rand.Rand, now time.Time) (*http.Request, error) {
				body := []byte(fmt.Sprintf(`{"tags":["node:%d"]}`, 1000+rng.IntN(5000)))
				req, err := http.NewRequest(http.MethodPost, t.BFF+"/api/v1/hooks/cms", bytes.NewReader(body))
				if err != nil {
					return nil, err
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-CMS-Signature", Sign(t.Secret, body, now))
				return req, nil
			}},
	}
}

// Sign is the X-CMS-Signature the CMS sends with body at now (see httpapi's webhook).
func Sign(secret string, body []byte, now time.Time) string {
	ts := strconv.FormatInt(now.Unix(), 10)
	return "t=" + ts + ",sha256=" + hex.EncodeToString(hooks.WebhookMAC(secret, ts, body))
}

// Pick chooses a route with probability proportional to its weight.
func Pick(routes []Route, rng *rand.Rand) *Route {
	total := 0
	for _, r := range routes {
		total += r.Weight
	}
	n := rng.IntN(total)
	for i := range routes {
		if n < routes[i].Weight {
			return &routes[i]
		}
		n -= routes[i].Weight
	}
	panic("unreachable: n is below the total weight")
}

// searchTerm is one or two known words, half of the time with a made-up one: a search nobody
// asked before.
func searchTerm(rng *rand.Rand) string {
	words := []string{searchWords[rng.IntN(len(searchWords))]}
	if rng.IntN(2) == 0 {
		words = append(words, searchWords[rng.IntN(len(searchWords))])
	}
	if rng.IntN(2) == 0 {
		words = append(words, token(rng, 6))
	}
	return strings.Join(words, " ")
}

// token is n random lower-case letters and digits.
func token(rng *rand.Rand, n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}
