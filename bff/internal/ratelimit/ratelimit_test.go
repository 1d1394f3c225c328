package ratelimit

import (
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
)

func TestAllowRefusesOverTheLimitPerKey(t *testing.T) {
	l := New(2, time.Minute)
	for i := range 2 {
		if err := l.Allow("ip:1", "email:a"); err != nil {
			t.Fatalf("attempt %d refused: %v", i+1, err)
		}
	}
	err := l.Allow("ip:1", "email:a")
	if !apperr.Is(err, apperr.RateLimited) || apperr.From(err).Message != "Too many attempts. Please wait a few minutes and try again." {
		t.Fatalf("third attempt: got %v, want rate_limited with the message", err)
	}
	// Another IP is refused too while it asks for the same email: the email's count is over.
	if err := l.Allow("ip:2", "email:a"); err == nil {
		t.Fatal("another IP for the same email was allowed")
	}
	if err := l.Allow("ip:3", "email:b"); err != nil {
		t.Fatalf("a fresh IP and email refused: %v", err)
	}
}

func TestAllowForgetsAfterTheWindow(t *testing.T) {
	l := New(1, 50*time.Millisecond)
	_ = l.Allow("k")
	if l.Allow("k") == nil {
		t.Fatal("second attempt in the window allowed")
	}
	time.Sleep(80 * time.Millisecond)
	if err := l.Allow("k"); err != nil {
		t.Fatalf("attempt after the window refused: %v", err)
	}
}
