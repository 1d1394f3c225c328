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

func TestMemoryIsBoundedAndAFloodSharesOneCount(t *testing.T) {
	l := NewBounded(3, time.Minute, 100)
	for i := range 100 {
		if err := l.Allow(fmt.Sprint("ip|", i)); err != nil {
			t.Fatalf("key %d refused: %v", i, err)
		}
	}
	// The table is full: new keys share one count, so the flood is refused after the limit
	// instead of growing the table.
	refused := 0
	for i := range 1000 {
		if l.Allow(fmt.Sprint("flood|", i)) != nil {
			refused++
		}
	}
	if refused != 1000-3 {
		t.Fatalf("refused %d of 1000 new keys, want all but the shared limit of 3", refused)
	}
	if n := l.Len(); n > 101 {
		t.Fatalf("the limiter holds %d keys, want at most 100 and the shared one", n)
	}
	// Keys it already holds keep their own counts.
	if err := l.Allow("ip|1"); err != nil {
		t.Fatalf("a known key refused: %v", err)
	}
}
