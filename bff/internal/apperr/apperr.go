// Package apperr is the BFF's one error type. Upstream packages translate their failures into an
// *Error where the reply comes in; the HTTP error handler turns it into an RFC 9457 problem using
// the Status table, so every layer in between just returns errors.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
)

// Code classifies an error; it decides the HTTP status and is sent to clients as "code".
type Code string

// The codes. Keep contracts/openapi.yaml (Problem.code) in step.
const (
	Invalid         Code = "invalid"
	Unauthenticated Code = "unauthenticated"
	Forbidden       Code = "forbidden"
	NotFound        Code = "not_found"
	Conflict        Code = "conflict"
	// OffsetMismatch: a chunk of a resumable upload was not sent from where the server is (it
	// has more, or another request of the upload took over); the caller asks the offset again.
	OffsetMismatch Code = "offset_mismatch"
	TooLarge       Code = "too_large"
	RateLimited    Code = "rate_limited"
	Unavailable    Code = "unavailable"
	Internal       Code = "internal"
)

var statuses = map[Code]int{
	Invalid:         http.StatusBadRequest,
	Unauthenticated: http.StatusUnauthorized,
	Forbidden:       http.StatusForbidden,
	NotFound:        http.StatusNotFound,
	Conflict:        http.StatusConflict,
	OffsetMismatch:  http.StatusConflict,
	TooLarge:        http.StatusRequestEntityTooLarge,
	RateLimited:     http.StatusTooManyRequests,
	Unavailable:     http.StatusServiceUnavailable,
	Internal:        http.StatusInternalServerError,
}

// Status is the HTTP status for a code; unknown codes are internal errors.
func Status(c Code) int {
	if s, ok := statuses[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// FieldError is a form field's error, with the spec's exact message.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is an error with a code and a message safe to show a client. Err, the cause, is logged
// for internal errors and never sent.
type Error struct {
	Code    Code
	Message string
	Fields  []FieldError
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an error with a code and a client-safe message.
func New(c Code, msg string) *Error { return &Error{Code: c, Message: msg} }

// Wrap returns an error with a code and client-safe message that keeps its cause for the logs.
func Wrap(c Code, msg string, cause error) *Error { return &Error{Code: c, Message: msg, Err: cause} }

// The spec's words for the two errors every feature answers (spec 1 §2, the error pages).
const (
	notFoundMessage = "404 not found."
	internalMessage = "500 Internal Server Error"
)

// PageNotFound is the answer for anything that is not there: a path, a post, a node. cause,
// when not nil, is kept for the logs.
func PageNotFound(cause error) *Error {
	return &Error{Code: NotFound, Message: notFoundMessage, Err: cause}
}

// InternalError is the answer for our own failure or an upstream's malformed answer; clients
// see only the spec's words, the logs see cause.
func InternalError(cause error) *Error {
	return &Error{Code: Internal, Message: internalMessage, Err: cause}
}

// Fields returns an Invalid error carrying form field errors.
func Fields(msg string, fields ...FieldError) *Error {
	return &Error{Code: Invalid, Message: msg, Fields: fields}
}

// Field returns an Invalid error about one field, whose message is also the error's.
func Field(field, msg string) *Error {
	return Fields(msg, FieldError{Field: field, Message: msg})
}

// From finds the *Error in err's chain; any other error is an internal one.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return InternalError(err)
}

// Is reports whether err carries the code c.
func Is(err error, c Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == c
}
