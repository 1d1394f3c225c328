package hotelstub

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/hotelpartner"
)

func start(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := NewHandler(filepath.Join("..", "..", "..", "..", "fixtures", "hotels", "autocomplete"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// The adapter reads the stand-in as it reads the partner: the two agree on the answer's shape.
func TestTheAdapterReadsTheStandIn(t *testing.T) {
	c := hotelpartner.New(hotelpartner.Options{BaseURL: start(t).URL})
	for q, want := range map[string][]string{
		"ne":        {"New York", "New Orleans", "Newark", "Newport", "New Haven", "New Braunfels", "The New Yorker, A Wyndham Hotel", "New Orleans Marriott", "Newark Liberty Airport Marriott"},
		"new y":     {"New York", "The New Yorker, A Wyndham Hotel"},
		"chicago":   {"Chicago", "Chicago Heights", "Palmer House Hilton"}, // no airports: the path asks for none
		"montr":     {"Montréal"},
		"zzz":       {},
		"new york ": {"New York", "The New Yorker, A Wyndham Hotel"},
	} {
		got, err := c.Locations(context.Background(), q)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		var names []string
		for _, l := range got {
			names = append(names, l.Name)
		}
		if strings.Join(names, "|") != strings.Join(want, "|") {
			t.Errorf("%q: got %v, want %v", q, names, want)
		}
	}
	if _, err := c.Locations(context.Background(), FailQuery); !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("the failing query: %v", err)
	}
}

func TestListingsShowsTheQuery(t *testing.T) {
	resp, err := http.Get(start(t).URL + ListingsPath + "?wl_source=searchbox&destinationId=1&childrenAges=0%2C5&x=%3Cb%3E")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	for _, want := range []string{"<th scope=\"row\">wl_source</th><td>searchbox</td>", "<td>0,5</td>", "&lt;b&gt;"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("page lacks %s:\n%s", want, b.String())
		}
	}
}
