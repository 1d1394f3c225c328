package orderstub

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The fixture files, in the shape the order system's own records would have. Image paths that
// start with "/" are served by this stand-in (see images.go) and become absolute URLs on the way
// out, so the same fixtures work on any port, including httptest's.
type fixtureProduct struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Label       string   `json:"label"`
	Image       string   `json:"image"`
	Description string   `json:"description"`
	Stock       int      `json:"stock"`
	States      []string `json:"states"`
	// Unions lists the union term ids a customised product is made for; empty means every union.
	Unions []string `json:"unions"`
}

type fixtureItem struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Title    string `json:"title"`
	Image    string `json:"image"`
	Quantity int    `json:"quantity"`
}

type fixtureOrder struct {
	OrderNumber string        `json:"orderNumber"`
	Created     int64         `json:"created"`
	Items       []fixtureItem `json:"items"`
}

// store holds the fixtures; orders placed through submitOrder are kept in memory only, so every
// start of the stand-in begins from the same recorded state.
type store struct {
	products []fixtureProduct
	byID     map[string]*fixtureProduct

	mu     sync.Mutex
	orders map[string][]fixtureOrder // by member uid
	next   int                       // the next order number
}

func loadStore(dataDir string) (*store, error) {
	var p struct {
		Products []fixtureProduct `json:"products"`
	}
	if err := readJSON(filepath.Join(dataDir, "products.json"), &p); err != nil {
		return nil, err
	}
	var o struct {
		Orders map[string][]fixtureOrder `json:"orders"`
	}
	if err := readJSON(filepath.Join(dataDir, "orders.json"), &o); err != nil {
		return nil, err
	}
	s := &store{products: p.Products, byID: map[string]*fixtureProduct{}, orders: o.Orders, next: 100001}
	if s.orders == nil {
		s.orders = map[string][]fixtureOrder{}
	}
	for i := range s.products {
		pr := &s.products[i]
		if pr.ID == "" {
			return nil, fmt.Errorf("products.json: product %d has no id", i)
		}
		if _, dup := s.byID[pr.ID]; dup {
			return nil, fmt.Errorf("products.json: product id %q appears twice", pr.ID)
		}
		s.byID[pr.ID] = pr
	}
	// New order numbers continue after the recorded ones so they never collide.
	for _, list := range s.orders {
		for _, ord := range list {
			if n, err := strconv.Atoi(strings.TrimPrefix(ord.OrderNumber, "SO-")); err == nil && n >= s.next {
				s.next = n + 1
			}
		}
	}
	return s, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read fixture: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode fixture %s: %w", path, err)
	}
	return nil
}

// productsFor lists a union's customised products first, then the ones offered to every union.
func (s *store) productsFor(union string) []*fixtureProduct {
	var own, all []*fixtureProduct
	for i := range s.products {
		p := &s.products[i]
		switch {
		case len(p.Unions) == 0:
			all = append(all, p)
		case slices.Contains(p.Unions, union):
			own = append(own, p)
		}
	}
	return append(own, all...)
}

// ordersOf returns a copy of a member's orders, newest first.
func (s *store) ordersOf(uid string) []fixtureOrder {
	s.mu.Lock()
	list := slices.Clone(s.orders[uid])
	s.mu.Unlock()
	slices.SortStableFunc(list, func(a, b fixtureOrder) int { return int(b.Created - a.Created) })
	return list
}

func (s *store) add(uid string, o fixtureOrder) fixtureOrder {
	s.mu.Lock()
	defer s.mu.Unlock()
	o.OrderNumber = "SO-" + strconv.Itoa(s.next)
	s.next++
	s.orders[uid] = append(s.orders[uid], o)
	return o
}
