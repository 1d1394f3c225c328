// Package hotelpartner is the hotel partner's location autocomplete (spec 3 §7 'Hotel
// autocomplete': GET /svcs/ac/index/hotels/{location}/6/3/0/0, answering searchItems). Its raw
// answer stays inside: Locations reshapes it into hotels.HotelLocation values.
package hotelpartner

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/hotels"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// maxBody bounds what is read of one answer: a few suggestions are a few kilobytes, so anything
// near this is not an autocomplete answer.
const maxBody = 256 << 10

// maxItems is how many suggestions are kept of one answer: the path asks for 6 cities, 3
// hotels and no more, so a longer list is not trusted to stay short.
const maxItems = 12

// Options configures a Client.
type Options struct {
	BaseURL string        // the partner's API origin; /svcs/ac/index/hotels/... is appended
	Timeout time.Duration // the limit on one call
	Metrics *metrics.Metrics
}

// Client calls the hotel partner's autocomplete. It implements hotels.HotelLocations.
type Client struct {
	base    string
	http    *http.Client
	metrics *metrics.Metrics
}

var _ hotels.HotelLocations = (*Client)(nil)

// New returns a Client of the partner at o.BaseURL.
func New(o Options) *Client {
	if o.Timeout <= 0 {
		o.Timeout = 3 * time.Second
	}
	return &Client{
		base: strings.TrimRight(o.BaseURL, "/"),
		// The partner's answers are never redirected anywhere we would follow.
		http: &http.Client{Timeout: o.Timeout, CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}},
		metrics: o.Metrics,
	}
}

// rawItem is one of the partner's searchItems. Its id is a number in some answers and a string
// in others.
type rawItem struct {
	ID           json.RawMessage `json:"id"`
	ItemName     string          `json:"itemName"`
	ProvinceName string          `json:"provinceName"`
	Type         string          `json:"type"`
}

type rawAnswer struct {
	SearchItems []rawItem `json:"searchItems"`
}

// Path is the partner's autocomplete path for a location: 6 cities, 3 hotels, no airports,
// points of interest or regions (the figures are the partner's, as the spec gives them).
func Path(location string) string {
	return "/svcs/ac/index/hotels/" + url.PathEscape(location) + "/6/3/0/0"
}

// Locations asks the partner for the places matching query. Items without an id, a name or a
// type are dropped; a failure is an apperr.Unavailable error.
func (c *Client) Locations(ctx context.Context, query string) (_ []hotels.HotelLocation, err error) {
	ctx, call := telemetry.StartCall(ctx, c.metrics, telemetry.Hotels, "autocomplete")
	defer func() { call.End(err) }()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+Path(query), nil)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, "The hotel search could not be asked.", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, apperr.Wrap(apperr.Unavailable, "The hotel search is not answering.", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, apperr.Wrap(apperr.Unavailable, "The hotel search is not answering.", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, apperr.Wrap(apperr.Unavailable, "The hotel search is not answering.",
			fmt.Errorf("hotel autocomplete answered %s", resp.Status))
	}
	if len(body) > maxBody {
		return nil, apperr.Wrap(apperr.Unavailable, "The hotel search answered too much.", fmt.Errorf("answer over %d bytes", maxBody))
	}
	var raw rawAnswer
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, apperr.Wrap(apperr.Unavailable, "The hotel search answered nonsense.", err)
	}
	return reshape(raw.SearchItems), nil
}

func reshape(items []rawItem) []hotels.HotelLocation {
	out := make([]hotels.HotelLocation, 0, min(len(items), maxItems))
	for _, it := range items {
		id := rawID(it.ID)
		name := strings.TrimSpace(it.ItemName)
		kind := strings.ToUpper(strings.TrimSpace(it.Type))
		if id == "" || name == "" || kind == "" {
			continue
		}
		out = append(out, hotels.HotelLocation{ID: id, Name: name, State: strings.TrimSpace(it.ProvinceName), Type: kind})
		if len(out) == maxItems {
			break
		}
	}
	return out
}

// rawID reads an id written as a JSON string or number.
func rawID(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if _, err := strconv.ParseFloat(n.String(), 64); err == nil {
			return n.String()
		}
	}
	return ""
}
