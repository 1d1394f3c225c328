package hotels

import (
	"net/url"
	"path"
	"strconv"
	"strings"
)

// Campaign is the fixed campaign parameters a partner redirect's listing link carries (spec 1
// §7, spec 3 §7), so the partner counts the visits the portal sends back. The spec does not name
// them; these are ours until the partner gives its own.
var Campaign = [][2]string{
	{"utm_source", "union-benefits"},
	{"utm_medium", "partner-redirect"},
	{"utm_campaign", "hotels"},
}

// maxRedirectLength bounds a redirect_url: no path of ours or partner link is longer.
const maxRedirectLength = 2048

// redirectParams maps a partner URL's names to the listing link's (spec 1 §7).
var redirectParams = map[string]string{
	"in":     "destinationId",
	"from":   "checkIn",
	"to":     "checkOut",
	"rooms":  "numRooms",
	"adults": "numAdults",
}

// Target is where a redirect_url leads.
type Target struct {
	// URL is the store path or the rebuilt listing link.
	URL string
	// ForMembers is true for the listing link: it carries the site's member key, so only a
	// signed-in member may be sent there (spec 1 §4: on login the user goes to a requested
	// partner redirect).
	ForMembers bool
}

// Redirect is where a redirect_url may send the reader (spec 1 §7 'External partner redirect'),
// and false when it may send them nowhere (the caller sends them home). Only two kinds of target
// exist, so the site is never an open redirect:
//   - a path of the store, /store or below it, with its query: a same-site path only, with no
//     dot segment, backslash, control character or second leading slash that a browser would
//     read as another host;
//   - a URL on the hotel partner's host (the listings page's scheme, host and port exactly, no
//     user info), which is not followed but rebuilt: the configured listings page with the fixed
//     campaign parameters, the member key, destinationType CITY, and the partner URL's in, from,
//     to, rooms and adults as destinationId, checkIn, checkOut, numRooms and numAdults, read from
//     its query or its path (/in/{id}/from/{date}/...). A value that fails its rule is left out.
//     It is for members only (Target.ForMembers).
func (l Links) Redirect(raw string) (Target, bool) {
	if raw == "" || len(raw) > maxRedirectLength || strings.ContainsAny(raw, "\\") || hasControl(raw) {
		return Target{}, false
	}
	if strings.HasPrefix(raw, "/") {
		p, ok := storePath(raw)
		return Target{URL: p}, ok
	}
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || !strings.EqualFold(u.Scheme, l.listings.Scheme) ||
		!strings.EqualFold(u.Hostname(), l.listings.Hostname()) || u.Port() != l.listings.Port() {
		return Target{}, false
	}
	return Target{URL: l.rebuild(u), ForMembers: true}, true
}

// RedirectRoute is the BFF's partner redirect route as the browser addresses it (Mount).
const RedirectRoute = "/api/v1/hotels/redirect"

// SignInFirst is where a visitor asking for a members' target goes instead: the site's login
// modal over home (?modal=login, as a gated page sends a visitor), with this route and the same
// redirect_url as the destination the sign-in goes on to (spec 1 §4).
func SignInFirst(raw string) string {
	again := RedirectRoute + "?" + url.Values{"redirect_url": {raw}}.Encode()
	return "/?modal=login&destination=" + url.QueryEscape(again)
}

// storePath is a redirect_url naming a page of the store, as it is sent on.
func storePath(raw string) (string, bool) {
	if strings.HasPrefix(raw, "//") {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return "", false
	}
	p := u.Path
	// Dot segments, doubled slashes and encoded slashes are refused, not resolved: /store/../x
	// is not a store page, and nothing of ours is written that way.
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	if clean != p || strings.Contains(strings.ToLower(u.RawPath), "%2f") {
		return "", false
	}
	if p != "/store" && !strings.HasPrefix(p, "/store/") {
		return "", false
	}
	out := u.EscapedPath()
	if q := u.Query().Encode(); q != "" {
		out += "?" + q
	}
	return out, true
}

// rebuild is the listing link for a partner URL.
func (l Links) rebuild(u *url.URL) string {
	found := map[string]string{}
	segments := strings.Split(strings.Trim(u.Path, "/"), "/")
	for i := 0; i+1 < len(segments); i++ {
		if _, ok := redirectParams[segments[i]]; ok {
			if v, err := url.PathUnescape(segments[i+1]); err == nil {
				found[segments[i]] = v
			}
			i++
		}
	}
	q := u.Query()
	for name := range redirectParams {
		if v := q.Get(name); v != "" {
			found[name] = v
		}
	}

	p := append([][2]string{}, Campaign...)
	p = append(p, [2]string{"mk", l.memberKey}, [2]string{"destinationType", "CITY"})
	if id := found["in"]; destinationID.MatchString(id) {
		p = append(p, [2]string{"destinationId", id})
	}
	in, out := toYMD(found["from"]), toYMD(found["to"])
	if in != "" && out != "" && out > in {
		p = append(p, [2]string{"checkIn", in}, [2]string{"checkOut", out})
	}
	if n, err := strconv.Atoi(found["rooms"]); err == nil && limits.Rooms.holds(n) {
		p = append(p, [2]string{"numRooms", strconv.Itoa(n)})
	}
	if n, err := strconv.Atoi(found["adults"]); err == nil && limits.Adults.holds(n) {
		p = append(p, [2]string{"numAdults", strconv.Itoa(n)})
	}
	return l.link(p)
}

// hasControl reports a control character, which a browser drops from a URL ('/\t/host' would
// become '//host') and which has no place in a header.
func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return true
		}
	}
	return false
}
