package cache

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// readers is a content.Pages whose Reader counts its calls and answers the union it is given,
// or "fallback".
type readers struct {
	content.Pages
	calls atomic.Int32
	known map[string]bool
}

func (r *readers) Reader(_ context.Context, a portal.Audience, union string) (portal.Reader, error) {
	r.calls.Add(1)
	if r.known[union] {
		return portal.Reader{Audience: a, Union: union, Chosen: true}, nil
	}
	return portal.Reader{Audience: a, Union: "fallback"}, nil
}

// A reader is worked out once per audience and union named, and again once what it is read from
// (the unions, the global variable) is published.
func TestAReaderIsCachedUntilTheUnionsOrTheGlobalVariableChange(t *testing.T) {
	s, _ := newTestStore(t)
	next := &readers{known: map[string]bool{"nurses": true}}
	p := NewPages(next, s)
	ctx := context.Background()
	read := func(a portal.Audience, union string) portal.Reader {
		t.Helper()
		r, err := p.Reader(ctx, a, union)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for range 3 {
		if r := read(portal.Anonymous, "nurses"); r.Union != "nurses" || !r.Chosen {
			t.Fatalf("reader: %+v", r)
		}
	}
	if r := read(portal.Member, "nurses"); r.Audience != portal.Member {
		t.Fatalf("a member's reader: %+v", r)
	}
	if n := next.calls.Load(); n != 2 {
		t.Fatalf("%d readers worked out for two audiences; want 2", n)
	}
	for _, tag := range content.ReaderTags {
		if r := read(portal.Anonymous, "porters"); r.Union != "fallback" {
			t.Fatalf("an unknown union: %+v", r)
		}
		next.known["porters"] = true // published: the tag's purge follows
		s.Purge(tag)
		if r := read(portal.Anonymous, "porters"); r.Union != "porters" {
			t.Fatalf("after %s was purged: %+v", tag, r)
		}
		delete(next.known, "porters")
		s.Purge(tag)
	}
}
