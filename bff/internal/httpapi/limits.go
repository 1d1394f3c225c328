package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Limiter counts attempts per key (ratelimit.Limiter): Allow counts and checks, Check only
// checks, Fail only counts.
type Limiter interface {
	Allow(keys ...string) error
	Check(key string) error
	Fail(key string)
}

// FormBodyLimit is the largest body of a form route (the account's, the mailing list's): the
// profile, the longest form, is a few kilobytes even with every text at its limit.
const FormBodyLimit = 32 << 10

// SmallBody refuses a body over limit bytes on routes whose documents are small forms, so a
// megabyte of JSON (the BFF-wide limit) is never parsed where a few fields are expected.
func SmallBody(limit int) fiber.Handler {
	return func(c fiber.Ctx) error {
		if len(c.Body()) > limit {
			return apperr.New(apperr.TooLarge, "The request body is too large.")
		}
		return c.Next()
	}
}

// AttemptLimits count attempts at an action per client address and per email or member. An
// email is counted only once it is valid, and by its hash: a key is never text a client chose, so
// a flood of junk cannot fill the limiter with large keys (the limiter is bounded besides).
type AttemptLimits struct{ IP, Who Limiter }

// EmailKey is the key an email is counted under, or "" for one that is not valid (the form
// refuses it, and there is nobody to protect).
func EmailKey(email string) string {
	e := strings.ToLower(strings.TrimSpace(email))
	if !portal.ValidEmail(e) {
		return ""
	}
	sum := sha256.Sum256([]byte(e))
	return "email:" + hex.EncodeToString(sum[:16])
}

// MemberKey is the key a signed-in member is counted under.
func MemberKey(uid string) string { return "uid:" + uid }

// Allow counts an attempt at action by this client and, when who is a key, by this email or
// member. Both are counted even when one refuses, so varying one of them buys an attacker nothing.
func (l AttemptLimits) Allow(c fiber.Ctx, action, who string) error {
	errIP := l.IP.Allow(action + "|" + ClientAddr(c))
	var errWho error
	if who != "" {
		errWho = l.Who.Allow(action + "|" + who)
	}
	if errIP != nil {
		return errIP
	}
	return errWho
}

// AllowPassword is Allow for an attempt that checks a password (sign-in, and changes that ask for
// the current one). The client's attempts are counted, but an email's only when they fail
// (FailedPassword): the lockout protects an account from guessing, and never locks out a member
// who signs in rightly and often.
func (l AttemptLimits) AllowPassword(c fiber.Ctx, who string) error {
	if err := l.IP.Allow("signin|" + ClientAddr(c)); err != nil {
		return err
	}
	if who == "" {
		return nil
	}
	return l.Who.Check("signin|" + who)
}

// FailedPassword counts err against who when it says the password was wrong.
func (l AttemptLimits) FailedPassword(who string, err error) {
	if who != "" && wrongPassword(err) {
		l.Who.Fail("signin|" + who)
	}
}

// wrongPassword: a sign-in's refusal, or a change's refusal of the current password.
func wrongPassword(err error) bool {
	if apperr.Is(err, apperr.Unauthenticated) {
		return true
	}
	if e := apperr.From(err); e != nil {
		for _, f := range e.Fields {
			if f.Field == "currentPassword" && f.Message == contracts.Message("currentPasswordInvalid") {
				return true
			}
		}
	}
	return false
}
