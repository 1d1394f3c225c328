package httpapi

import (
	"context"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Who is asking: each request resolves it once, in middleware, and handlers read it from there.

// SessionCookie is the name of the BFF's session cookie. Next.js forwards /api/v1 to the BFF, so
// the browser holds it first-party; it is HttpOnly and never read by scripts.
const SessionCookie = "session"

// Members tells who a session cookie belongs to and which union their pages are for
// (account.SessionService).
type Members interface {
	// Identify returns the member of a live session; apperr.Unauthenticated otherwise.
	Identify(ctx context.Context, cookie string) (portal.Identity, error)
	// MemberUnion is the union term id of the member's profile; "" when it names none.
	MemberUnion(ctx context.Context, id portal.Identity) (string, error)
}

// Readers resolves the union a reader asked for against the site's unions (content.Service).
type Readers interface {
	Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error)
}

// maxUnionLen bounds the union parameter: term ids and short names are short.
const maxUnionLen = 64

type readerKey struct{}

// ResolveReader finds who a content document is for, once per request: a signed-in member reads
// as a member of their profile's union; a visitor (or a member without one) in the union the
// frontend passes (from ?union= or its cookie). A dead session, or a profile that cannot be
// read, reads as a visitor: the page still renders.
func ResolveReader(members Members, readers Readers) fiber.Handler {
	return func(c fiber.Ctx) error {
		union := c.Query("union")
		if len(union) > maxUnionLen || strings.ContainsFunc(union, unicode.IsControl) {
			return apperr.Field("union", "The union parameter is not a union.")
		}
		audience := portal.Anonymous
		if cookie := c.Cookies(SessionCookie); cookie != "" {
			if id, err := members.Identify(c.Context(), cookie); err == nil {
				if own, err := members.MemberUnion(c.Context(), id); err == nil {
					audience = portal.Member
					if own != "" {
						union = own
					}
				}
			}
		}
		r, err := readers.Reader(c.Context(), audience, union)
		if err != nil {
			return err
		}
		c.Locals(readerKey{}, r)
		// Which union the document is for, so a cache in front keys it by the union the BFF read
		// it for and not by what the request said: a made-up union reads as the site's fallback,
		// and must not make a page of its own.
		c.Set(ReaderUnionHeader, r.ChosenUnion())
		return c.Next()
	}
}

// ReaderUnionHeader says, on a document read for a reader, the union it was read for: a union
// the reader chose that the BFF knows, or empty for the site's fallback.
const ReaderUnionHeader = "Reader-Union"

// Reader is the request's reader, as ResolveReader left it.
func Reader(c fiber.Ctx) portal.Reader {
	r, _ := c.Locals(readerKey{}).(portal.Reader)
	return r
}

type identityKey struct{}

// RequireMember lets a request through only with a live session, and hands its identity on:
// the uid a handler acts for comes from here, never from the request. A dead session's cookie
// is cleared.
func RequireMember(members Members, cookies SessionCookies) fiber.Handler {
	return RequireMemberSaying(members, cookies, "")
}

// RequireMemberSaying is RequireMember telling a visitor message, when not empty, instead of the
// session's own words (a feature whose spec words the missing member its own way).
func RequireMemberSaying(members Members, cookies SessionCookies, message string) fiber.Handler {
	return func(c fiber.Ctx) error {
		id, err := members.Identify(c.Context(), c.Cookies(SessionCookie))
		if err != nil {
			if apperr.Is(err, apperr.Unauthenticated) {
				cookies.Clear(c)
				if message != "" {
					return apperr.New(apperr.Unauthenticated, message)
				}
			}
			return err
		}
		c.Locals(identityKey{}, id)
		return c.Next()
	}
}

// Identity is the member RequireMember let through.
func Identity(c fiber.Ctx) portal.Identity {
	id, _ := c.Locals(identityKey{}).(portal.Identity)
	return id
}

// OptionalMember is the signed-in member a request comes from, or nil for a visitor (a dead
// session's cookie is cleared and reads as a visitor). Any other failure to tell is an error: a
// member must not be taken for a visitor because the session store did not answer.
func OptionalMember(c fiber.Ctx, members Members, cookies SessionCookies) (*portal.Identity, error) {
	cookie := c.Cookies(SessionCookie)
	if cookie == "" {
		return nil, nil
	}
	id, err := members.Identify(c.Context(), cookie)
	if apperr.Is(err, apperr.Unauthenticated) {
		cookies.Clear(c)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &id, nil
}
