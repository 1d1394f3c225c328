package preview

import (
	"net/url"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

const secret = "test-secret"

var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func link() Link {
	return Link{Path: "/benefits/wireless", Node: "1187", Rev: "1191", Expires: now.Add(time.Hour)}
}

// refusedOn is the field a refusal names (exp, sig, node, rev), "" when err is no refusal.
func refusedOn(t *testing.T, err error) string {
	t.Helper()
	e := apperr.From(err)
	if e.Code != apperr.Forbidden || len(e.Fields) != 1 {
		t.Fatalf("want a 403 naming one field, got %v", err)
	}
	return e.Fields[0].Field
}

func TestAValidLinkIsAccepted(t *testing.T) {
	l, err := Verify(secret, link().Query(secret), now)
	if err != nil {
		t.Fatal(err)
	}
	if l.Path != "/benefits/wireless" || l.Node != "1187" || l.Rev != "1191" || !l.Expires.Equal(now.Add(time.Hour)) {
		t.Errorf("read %+v", l)
	}
}

func TestAnExpiredLinkIsRefused(t *testing.T) {
	token := link().Query(secret)
	if got := refusedOn(t, mustFail(Verify(secret, token, now.Add(time.Hour)))); got != "exp" {
		t.Errorf("at its expiry: refused on %q, want exp", got)
	}
	if got := refusedOn(t, mustFail(Verify(secret, token, now.Add(2*time.Hour)))); got != "exp" {
		t.Errorf("after its expiry: refused on %q, want exp", got)
	}
	// A signer may not hand out a link that lives longer than MaxLifetime.
	long := link()
	long.Expires = now.Add(MaxLifetime + time.Minute)
	if got := refusedOn(t, mustFail(Verify(secret, long.Query(secret), now))); got != "exp" {
		t.Errorf("a link for more than a day: refused on %q, want exp", got)
	}
}

func TestAForgedLinkIsRefused(t *testing.T) {
	valid, _ := url.ParseQuery(link().Query(secret))
	with := func(k, v string) string {
		q := url.Values{}
		for key, vs := range valid {
			q[key] = append([]string(nil), vs...)
		}
		if v == "" {
			q.Del(k)
		} else {
			q.Set(k, v)
		}
		return q.Encode()
	}
	cases := map[string]string{
		"signed with another secret": link().Query("another-secret"),
		"another page":               with("path", "/benefits/car-buying"),
		"another node":               with("node", "1072"),
		"another revision":           with("rev", "1190"),
		"a later expiry":             with("exp", "1795000000"),
		"no signature":               with("sig", ""),
		"a signature not in hex":     with("sig", "zz"),
		"no expiry":                  with("exp", ""),
		"not a query string":         "%zz",
		"empty":                      "",
	}
	for name, token := range cases {
		t.Run(name, func(t *testing.T) {
			if got := refusedOn(t, mustFail(Verify(secret, token, now))); got != "sig" {
				t.Errorf("refused on %q, want sig", got)
			}
		})
	}
}

func TestWithoutASecretEveryLinkIsRefused(t *testing.T) {
	if got := refusedOn(t, mustFail(Verify("", link().Query(""), now))); got != "sig" {
		t.Errorf("refused on %q, want sig", got)
	}
}

// A signed link must still name a clean same-site path and numeric ids: the frontend redirects
// to its path.
func TestASignedLinkToAnOddPathIsRefused(t *testing.T) {
	for _, p := range []string{"//evil.example", "/\\evil.example", "benefits", "/a/", "/a\x00b"} {
		l := link()
		l.Path = p
		if got := refusedOn(t, mustFail(Verify(secret, l.Query(secret), now))); got != "sig" {
			t.Errorf("%q: refused on %q, want sig", p, got)
		}
	}
	l := link()
	l.Node = "1187 OR 1=1"
	if got := refusedOn(t, mustFail(Verify(secret, l.Query(secret), now))); got != "sig" {
		t.Errorf("odd node: refused on %q, want sig", got)
	}
}

func mustFail(_ Link, err error) error { return err }
