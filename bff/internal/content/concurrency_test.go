package content

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// slowContent is a CMS on a cold cache: every call waits until `want` calls are in flight (or a
// second has passed, so a service that calls one at a time is slow, not stuck), and the largest
// number in flight at once is recorded.
type slowContent struct {
	fakeContent
	want int

	mu       sync.Mutex
	inFlight int
	most     int
	arrived  chan struct{}
}

func newSlowContent(f fakeContent, want int) *slowContent {
	return &slowContent{fakeContent: f, want: want, arrived: make(chan struct{})}
}

func (s *slowContent) call() {
	s.mu.Lock()
	s.inFlight++
	s.most = max(s.most, s.inFlight)
	if s.inFlight == s.want {
		close(s.arrived)
	}
	s.mu.Unlock()
	select {
	case <-s.arrived:
	case <-time.After(time.Second):
	}
	s.mu.Lock()
	s.inFlight--
	s.mu.Unlock()
}

func (s *slowContent) mostInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.most
}

func (s *slowContent) NodeByPath(ctx context.Context, path string) (*portal.Node, error) {
	s.call()
	return s.fakeContent.NodeByPath(ctx, path)
}
func (s *slowContent) Unions(ctx context.Context) (portal.Unions, error) {
	s.call()
	return s.fakeContent.Unions(ctx)
}
func (s *slowContent) Menus(ctx context.Context) ([]portal.MenuLink, error) {
	s.call()
	return s.fakeContent.Menus(ctx)
}
func (s *slowContent) Benefits(ctx context.Context) ([]portal.BenefitTeaser, error) {
	s.call()
	return s.fakeContent.Benefits(ctx)
}
func (s *slowContent) Eligibility(ctx context.Context) ([]portal.EligibilityRecord, error) {
	s.call()
	return s.fakeContent.Eligibility(ctx)
}
func (s *slowContent) Variable(ctx context.Context, name string) (*portal.Variable, error) {
	s.call()
	return s.fakeContent.Variable(ctx, name)
}

// On a cold cache, resolving a visitor who named no union reads the unions and the global
// variable (the fallback union) at once.
func TestTheReaderReadsUnionsAndTheFallbackAtOnce(t *testing.T) {
	c := newSlowContent(fakeContent{vars: map[string]*portal.Variable{
		globalVariable: {Name: globalVariable, Values: map[string]any{"fallback_union": "37"}},
	}}, 2)
	start := time.Now()
	r, err := service(c, nil).Reader(context.Background(), portal.Anonymous, "")
	if err != nil || r.Union != "37" || r.Chosen {
		t.Fatalf("reader %+v, %v", r, err)
	}
	if got := c.mostInFlight(); got != 2 || time.Since(start) > 500*time.Millisecond {
		t.Fatalf("%d CMS calls in flight at most, %s; want the two at once", got, time.Since(start))
	}
}

// A cold page makes its CMS calls in one round: the node, the menus, the global variable and
// the unions, and the benefits the members page lists, all in flight at once.
func TestAColdPageMakesItsCMSCallsInOneRound(t *testing.T) {
	f := fakeContent{
		nodes:    map[string]*portal.Node{"union-member-benefits": {NID: "5", Bundle: "page", Title: "Members"}},
		unions:   []portal.Union{{ID: "37", Name: "Communications Workers of America", ShortName: "CWA"}},
		benefits: []portal.BenefitTeaser{{NID: "9", Title: "Wireless", Path: "/benefits/wireless"}},
	}
	c := newSlowContent(f, 5)
	start := time.Now()
	res, err := service(c, nil).Page(context.Background(), PageRequest{
		Path: membersPath, Reader: portal.Reader{Audience: portal.Anonymous, Union: "37", Chosen: true},
	})
	if err != nil || res.Document == nil || res.Document.Kind != "members" {
		t.Fatalf("page %+v, %v", res, err)
	}
	if got := c.mostInFlight(); got != 5 || time.Since(start) > 500*time.Millisecond {
		t.Fatalf("%d CMS calls in flight at most, %s; want all five at once", got, time.Since(start))
	}
}
