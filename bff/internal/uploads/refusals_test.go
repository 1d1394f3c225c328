package uploads

import (
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

func TestRefusalReasonsAreASmallSet(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{tooLarge(), "too_large"},
		{apperr.New(apperr.TooLarge, msg("caseFull", "max", "10", "phone", "800")), "case_full"},
		{apperr.New(apperr.RateLimited, msg("dailyLimit", "max", "1 GB", "phone", "800")), "quota"},
		{apperr.Field("name", msg("typeNotAllowed", "ext", ".exe")), "type"},
		{apperr.Field("name", msg("mimeNotAllowed")), "type"},
		{apperr.Field("contentType", msg("mimeNotAllowed")), "type"},
		{apperr.Field("name", msg("nameTooLong", "max", "200")), "name"},
		{apperr.Field("file", msg("empty", "name", "a.pdf")), "content"},
		{exists("a.pdf"), "exists"},
		{apperr.New(apperr.Forbidden, msg("verifyFirst")), "forbidden"},
	} {
		if got, ok := refusalReason(c.err); !ok || got != c.want {
			t.Errorf("%v: %q %v, want %q", c.err, got, ok, c.want)
		}
	}
	for _, err := range []error{apperr.New(apperr.Unavailable, "down"), apperr.New(apperr.NotFound, "gone"), apperr.New(apperr.Unauthenticated, "signed out")} {
		if got, ok := refusalReason(err); ok {
			t.Errorf("%v counted as a refusal: %q", err, got)
		}
	}
}
