package ratelimit

import (
	"fmt"
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

func TestCheckCountsNothingAndFailCountsFailures(t *testing.T) {
	l := New(2, time.Minute)
	for range 5 {
		if err := l.Check("signin|a"); err != nil {
			t.Fatalf("checks alone refused: %v", err)
		}
	}
	l.Fail("signin|a")
	if err := l.Check("signin|a"); err != nil {
		t.Fatalf("one failure of two refused: %v", err)
	}
	l.Fail("signin|a")
	if err := l.Check("signin|a"); !apperr.Is(err, apperr.RateLimited) {
		t.Fatalf("after two failures: got %v, want rate_limited", err)
	}
	if err := l.Check("signin|b"); err != nil {
		t.Fatalf("another key refused: %v", err)
	}
}

// A full table forgets the key used least recently and gives every new key a count of its own.
// It used to count every new key in one shared bucket once full, so one client filling the table
// locked every member out of signing in (a security review's finding); this test asserted that.
func TestAFullMemoryStaysFairAndBounded(t *testing.T) {
	l := NewBounded(3, time.Minute, 100)
	// A key under attack: used up, and used again and again while the flood runs.
	for range 3 {
		_ = l.Allow("email|target")
	}
	refused := 0
	for i := range 1000 {
		if l.Allow(fmt.Sprint("flood|", i)) != nil {
			refused++
		}
		if i%50 == 0 && l.Check("email|target") == nil {
			t.Fatalf("the attacked key lost its count after %d new keys", i)
		}
	}
	// Each new key is its own client with its own count: none is refused for another's attempts.
	if refused != 0 {
		t.Fatalf("refused %d of 1000 new keys, each on its first attempt", refused)
	}
	if n := l.Len(); n > 100 {
		t.Fatalf("the limiter holds %d keys, want at most 100", n)
	}
	// A member arriving now is counted on their own, not refused with the flood.
	if err := l.Allow("ip|member"); err != nil {
		t.Fatalf("a new member refused: %v", err)
	}
	if err := l.Allow("email|target"); err == nil {
		t.Fatal("the attacked key was allowed again")
	}
}
