package authn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"firebase.google.com/go/v4/auth"
	"firebase.google.com/go/v4/errorutils"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/contracts"
)

// What users see, in the catalogue's words (contracts/accounts.json): shared with the account
// rules and the frontend, so a message is worded one way everywhere.
var (
	msgCredentials  = contracts.Message("authCredentials")
	msgDisabled     = contracts.Message("authDisabled")
	msgTooMany      = contracts.Message("rateLimited")
	msgEmailExists  = contracts.Message("authEmailExists")
	msgInvalidEmail = contracts.Message("authEmailMalformed")
	msgWeakPassword = contracts.Message("authWeakPassword")
	msgBadResetCode = contracts.Message("resetLinkInvalid")
	// An emailed link's code that is used, expired or of another kind (the account service words
	// it for the link's page).
	msgBadActionCode = contracts.Message("actionLinkInvalid")
	// Identity Toolkit refused to send a verification link as asked (spec 1 §8: invalid-argument).
	msgVerifyInvalid = contracts.Message("verificationInvalidArgument")
	msgNotFound      = contracts.Message("authAccountNotFound")
	msgSessionEnded  = contracts.Message("sessionEnded")
	msgUnavailable   = contracts.Message("authUnavailable")
)

type outcome struct {
	code apperr.Code
	msg  string
}

// outcomes maps Identity Toolkit error codes, which the REST API and the Admin SDK share, to what
// users are told. A code missing here is a failure of ours or Google's, so it reads as Unavailable.
var outcomes = map[string]outcome{
	// Email enumeration protection folds the last two into the first; without it (and in the
	// emulator) they still come separately.
	"INVALID_LOGIN_CREDENTIALS": {apperr.Unauthenticated, msgCredentials},
	"EMAIL_NOT_FOUND":           {apperr.Unauthenticated, msgCredentials},
	"INVALID_PASSWORD":          {apperr.Unauthenticated, msgCredentials},

	"USER_DISABLED":               {apperr.Forbidden, msgDisabled},
	"TOO_MANY_ATTEMPTS_TRY_LATER": {apperr.RateLimited, msgTooMany},

	"EMAIL_EXISTS":    {apperr.Conflict, msgEmailExists},
	"DUPLICATE_EMAIL": {apperr.Conflict, msgEmailExists},

	"INVALID_EMAIL":    {apperr.Invalid, msgInvalidEmail},
	"MISSING_EMAIL":    {apperr.Invalid, msgInvalidEmail},
	"WEAK_PASSWORD":    {apperr.Invalid, msgWeakPassword},
	"MISSING_PASSWORD": {apperr.Invalid, msgWeakPassword},

	"INVALID_OOB_CODE": {apperr.Invalid, msgBadResetCode},
	"EXPIRED_OOB_CODE": {apperr.Invalid, msgBadResetCode},

	"USER_NOT_FOUND": {apperr.NotFound, msgNotFound},

	// An ID token that cannot become a session (NewSession) means signing in again.
	"INVALID_ID_TOKEN":               {apperr.Unauthenticated, msgSessionEnded},
	"TOKEN_EXPIRED":                  {apperr.Unauthenticated, msgSessionEnded},
	"CREDENTIAL_TOO_OLD_LOGIN_AGAIN": {apperr.Unauthenticated, msgSessionEnded},
}

// upstreamError is an Identity Toolkit error reply to a REST call.
type upstreamError struct {
	status int
	code   string // e.g. WEAK_PASSWORD, without the human suffix
	detail string // the suffix, e.g. "Password should be at least 6 characters"
}

func (e *upstreamError) Error() string {
	if e.detail != "" {
		return fmt.Sprintf("identity toolkit: HTTP %d %s: %s", e.status, e.code, e.detail)
	}
	return fmt.Sprintf("identity toolkit: HTTP %d %s", e.status, e.code)
}

// parseUpstreamError reads an error body, {"error":{"code":400,"message":"CODE : detail"}}. A body
// of another shape still yields an error, with no code.
func parseUpstreamError(status int, body io.Reader) *upstreamError {
	var reply struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.NewDecoder(io.LimitReader(body, 64<<10)).Decode(&reply)
	code, detail, _ := strings.Cut(reply.Error.Message, ":")
	return &upstreamError{status: status, code: strings.TrimSpace(code), detail: strings.TrimSpace(detail)}
}

// upstreamCode finds the Identity Toolkit error code behind err, from a REST reply or from the
// reply the Admin SDK kept; "" when err is not such a reply (network, timeout, local checks).
func upstreamCode(err error) string {
	if ue, ok := errors.AsType[*upstreamError](err); ok {
		if ue.status >= 500 {
			return "" // a server failure whatever it says
		}
		return ue.code
	}
	switch {
	case auth.IsEmailAlreadyExists(err):
		return "EMAIL_EXISTS"
	case auth.IsUserNotFound(err):
		return "USER_NOT_FOUND"
	}
	// The SDK names only a few codes; the rest (WEAK_PASSWORD, INVALID_EMAIL, ...) are in the body.
	if resp := errorutils.HTTPResponse(err); resp != nil && resp.StatusCode < 500 && resp.Body != nil {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		_ = resp.Body.Close()
		// Put the body back: the error may be read again when it is logged.
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return parseUpstreamError(resp.StatusCode, bytes.NewReader(body)).code
	}
	return ""
}

// translate turns an upstream failure into the error users see, keeping it as the cause.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if o, ok := outcomes[upstreamCode(err)]; ok {
		return apperr.Wrap(o.code, o.msg, err)
	}
	return unavailable(err)
}

func unavailable(err error) *apperr.Error {
	return apperr.Wrap(apperr.Unavailable, msgUnavailable, err)
}
