package hotelpartner

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/hotels"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

func serve(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return New(Options{BaseURL: srv.URL + "/"})
}

func TestLocationsAsksThePartnersPathAndReshapes(t *testing.T) {
	var asked string
	c := serve(t, func(w http.ResponseWriter, r *http.Request) {
		asked = r.URL.EscapedPath()
		_, _ = w.Write([]byte(`{"searchItems":[
			{"id":"3000016152","itemName":"New York","provinceName":"NY","type":"CITY","lat":40.7},
			{"id":700123,"itemName":"The New Yorker Hotel","provinceName":"NY","type":"hotel"},
			{"id":"","itemName":"no id","type":"CITY"},
			{"id":"5","itemName":"  ","type":"CITY"},
			{"id":"6","itemName":"no type","type":""},
			{"id":{"x":1},"itemName":"odd id","type":"CITY"}
		]}`))
	})
	got, err := c.Locations(context.Background(), "new york")
	if err != nil {
		t.Fatal(err)
	}
	if asked != "/svcs/ac/index/hotels/new%20york/6/3/0/0" {
		t.Errorf("asked %q", asked)
	}
	want := []hotels.HotelLocation{
		{ID: "3000016152", Name: "New York", State: "NY", Type: "CITY"},
		{ID: "700123", Name: "The New Yorker Hotel", State: "NY", Type: "HOTEL"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestLocationsEscapesEveryPathCharacter(t *testing.T) {
	if p := Path("a/b?c#d"); p != "/svcs/ac/index/hotels/a%2Fb%3Fc%23d/6/3/0/0" {
		t.Errorf("Path = %q", p)
	}
}

func TestLocationsKeepsAtMostTwelve(t *testing.T) {
	c := serve(t, func(w http.ResponseWriter, _ *http.Request) {
		items := make([]string, 30)
		for i := range items {
			items[i] = `{"id":"1","itemName":"x","type":"CITY"}`
		}
		_, _ = w.Write([]byte(`{"searchItems":[` + strings.Join(items, ",") + `]}`))
	})
	got, err := c.Locations(context.Background(), "xx")
	if err != nil || len(got) != maxItems {
		t.Fatalf("got %d, %v", len(got), err)
	}
}

func TestLocationsFailuresAreUnavailable(t *testing.T) {
	for name, h := range map[string]http.HandlerFunc{
		"status":   func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusBadGateway) },
		"nonsense": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("<html>")) },
		"too much": func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`{"searchItems":[],"pad":"` + strings.Repeat("x", maxBody) + `"}`))
		},
		"redirect": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "https://elsewhere.invalid/", http.StatusFound)
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := serve(t, h).Locations(context.Background(), "xx")
			if !apperr.Is(err, apperr.Unavailable) {
				t.Fatalf("err = %v", err)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close()
		_, err := New(Options{BaseURL: srv.URL}).Locations(context.Background(), "xx")
		if !apperr.Is(err, apperr.Unavailable) {
			t.Fatalf("err = %v", err)
		}
	})
}

// Each autocomplete is a client span and a latency in the upstream histogram.
func TestEachAutocompleteIsASpanAndAMetric(t *testing.T) {
	rec := telemetrytest.Record(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"searchItems":[]}`))
	}))
	t.Cleanup(srv.Close)
	m := metrics.New()
	if _, err := New(Options{BaseURL: srv.URL, Metrics: m}).Locations(context.Background(), "boston"); err != nil {
		t.Fatal(err)
	}
	if len(telemetrytest.Named(rec, "hotels autocomplete")) != 1 {
		t.Fatalf("spans: %v", rec.Ended())
	}
	rr := httptest.NewRecorder()
	m.Handler().ServeHTTP(rr, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(rr.Body.String(), `bff_upstream_request_duration_seconds_count{operation="autocomplete",outcome="ok",upstream="hotels"} 1`) {
		t.Error("no autocomplete in the upstream histogram")
	}
}
