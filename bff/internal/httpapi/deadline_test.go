package httpapi

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A request's context says its deadline at once, and ends at it for whoever waits: itself and a
// context made from it.
func TestARequestContextEndsAtItsDeadlineForWhoeverWaits(t *testing.T) {
	at := time.Now().Add(50 * time.Millisecond)
	ctx := &lazyDeadline{Context: context.Background(), at: at}
	defer ctx.end()
	if got, ok := ctx.Deadline(); !ok || !got.Equal(at) {
		t.Fatalf("Deadline() = %v, %v; want %v", got, ok, at)
	}
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	select {
	case <-child.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("a context made from the request's did not end at its deadline")
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) || !errors.Is(child.Err(), context.DeadlineExceeded) {
		t.Fatalf("errors %v and %v; want the deadline's", ctx.Err(), child.Err())
	}
}

// A request's context ends with the request, whether anything waited on it or not.
func TestARequestContextEndsWithTheRequest(t *testing.T) {
	for _, waited := range []bool{false, true} {
		ctx := &lazyDeadline{Context: context.Background(), at: time.Now().Add(time.Hour)}
		if waited && ctx.Err() != nil {
			t.Fatalf("ended before its request: %v", ctx.Err())
		}
		ctx.end()
		select {
		case <-ctx.Done():
		default:
			t.Fatalf("waited %v: still open after its request", waited)
		}
		if !errors.Is(ctx.Err(), context.Canceled) {
			t.Fatalf("waited %v: error %v; want cancelled", waited, ctx.Err())
		}
	}
}
