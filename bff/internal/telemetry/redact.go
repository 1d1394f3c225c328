package telemetry

import (
	"encoding/json"
	"errors"
	"log/slog"
	"regexp"
	"strings"
)

// Redacted stands in for a value taken out of a log line or a span.
const Redacted = "[redacted]"

// sensitiveKeys are parts of attribute names whose values are personal or secret whatever they
// hold: the value goes, the key stays (a line still says an email was involved).
var sensitiveKeys = []string{"email", "password", "token", "secret", "cookie", "session", "authorization", "apikey", "oobcode", "phone", "address"}

// Redact is a with its value taken out when its key names something personal or secret
// (sensitiveKeys, or a key ending in "name": a member's name, a file's name), and with every
// email address, bearer token, JWT and secret query parameter in its text replaced (RedactText),
// groups included. Errors are logged by their text, redacted.
func Redact(a slog.Attr) slog.Attr {
	if sensitiveKey(a.Key) {
		return slog.String(a.Key, Redacted)
	}
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, RedactText(v.String()))
	case slog.KindGroup:
		attrs := v.Group()
		out := make([]slog.Attr, len(attrs))
		for i, g := range attrs {
			out[i] = Redact(g)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.String(a.Key, RedactText(x.Error()))
		case []string:
			out := make([]string, len(x))
			for i, s := range x {
				out[i] = RedactText(s)
			}
			return slog.Any(a.Key, out)
		default:
			// A struct (the config at start) the JSON handler would marshal as it is: take it
			// as JSON and redact each string in it. Not the JSON's text: an escape before an
			// address ("Union Benefits \u003cnoreply@…", a "\n") would lose the address's first
			// letters to the pattern and leave "\[email]", an invalid escape, and the whole value
			// became an error. Rare: request lines hold strings and numbers only.
			if b, err := json.Marshal(x); err == nil {
				var tree any
				if json.Unmarshal(b, &tree) == nil {
					if red, changed := redactStrings(tree); changed {
						return slog.Any(a.Key, red)
					}
				}
			}
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// redactStrings is v (JSON as encoding/json decodes it) with every string redacted (RedactText),
// and whether anything changed.
func redactStrings(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		red := RedactText(x)
		return red, red != x
	case map[string]any:
		changed := false
		for k, e := range x {
			if red, c := redactStrings(e); c {
				x[k], changed = red, true
			}
		}
		return x, changed
	case []any:
		changed := false
		for i, e := range x {
			if red, c := redactStrings(e); c {
				x[i], changed = red, true
			}
		}
		return x, changed
	}
	return v, false
}

func sensitiveKey(key string) bool {
	k := strings.ToLower(key)
	if strings.HasSuffix(k, "name") {
		return true
	}
	for _, s := range sensitiveKeys {
		if strings.Contains(k, s) {
			return true
		}
	}
	return false
}

var (
	emailRE  = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)+`)
	jwtRE    = regexp.MustCompile(`eyJ[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*`)
	bearerRE = regexp.MustCompile(`(?i)\b(bearer)\s+[^\s",;]+`)
	// queryRE finds the values of query parameters and form fields that carry a secret or a
	// person: an action link's code, a key, a token, a password, an email.
	queryRE = regexp.MustCompile(`(?i)\b(oobCode|apiKey|key|token|idToken|code|password|email|session|mk)=([^&\s"]+)`)
)

// RedactText replaces what could identify or authenticate a person inside free text. Each
// pattern runs only when a byte it needs is there, so the usual line (a route, a status) costs a
// few byte scans.
func RedactText(s string) string {
	if strings.IndexByte(s, '@') >= 0 {
		s = emailRE.ReplaceAllString(s, "[email]")
	}
	if strings.Contains(s, "eyJ") {
		s = jwtRE.ReplaceAllString(s, "[token]")
	}
	if strings.Contains(s, "earer ") || strings.Contains(s, "EARER ") {
		s = bearerRE.ReplaceAllString(s, "$1 [token]")
	}
	if strings.IndexByte(s, '=') >= 0 {
		s = queryRE.ReplaceAllString(s, "$1="+Redacted)
	}
	return s
}

// RedactedError is err with its text redacted, for a span's recorded error.
func RedactedError(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(RedactText(err.Error()))
}
