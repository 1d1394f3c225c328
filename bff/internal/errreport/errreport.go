// Package errreport sends the BFF's internal errors to the error-reporting endpoint of the
// configuration (spec 1 §9, "an error-reporting endpoint is configured"; ERROR_REPORTING_URL).
//
// Each report is a ReportedErrorEvent, the shape Google Cloud Error Reporting's events:report
// takes (the URL carries the project and its key), so a production endpoint needs no adapter;
// any collector that takes JSON can stand in. Reports leave from a queue on a goroutine of their
// own: a request that failed never waits on the endpoint, and a slow or broken endpoint costs
// dropped reports, counted, never memory or latency.
package errreport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"sync"
	"sync/atomic"
	"time"
)

// Event is one internal error as the error handler knows it. It holds no request body, header or
// query: only the route's path, which names no member (uids never appear in paths).
type Event struct {
	Method    string
	Path      string
	Status    int
	RequestID string
	Err       error
}

// Reporter takes events; the error handler calls it for every internal error.
type Reporter interface {
	Report(Event)
}

// Off is the Reporter with no endpoint: nothing is sent, nothing costs.
type Off struct{}

// Report does nothing.
func (Off) Report(Event) {}

// Options configures a Client.
type Options struct {
	URL     string // ERROR_REPORTING_URL
	Service string // the serviceContext's service, e.g. "portal-bff"
	Version string // the serviceContext's version (the build's)
	// Queue is how many reports may wait to be sent (default 64); past it they are dropped.
	Queue      int
	Timeout    time.Duration // the limit on one send (default 5 s)
	HTTPClient *http.Client
	Logger     *slog.Logger
	Now        func() time.Time
}

// Client sends events to the endpoint, one at a time, from its own goroutine.
type Client struct {
	o       Options
	queue   chan Event
	done    chan struct{}
	close   sync.Once
	dropped atomic.Int64
	failed  atomic.Int64
}

// New starts a client; Close stops it.
func New(o Options) *Client {
	if o.Queue <= 0 {
		o.Queue = 64
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	c := &Client{o: o, queue: make(chan Event, o.Queue), done: make(chan struct{})}
	go c.run()
	return c
}

// Report queues an event, or drops it when the queue is full (the endpoint is slow or down, and
// errors are coming faster than it takes them).
func (c *Client) Report(e Event) {
	select {
	case c.queue <- e:
	default:
		c.dropped.Add(1)
	}
}

// Dropped and Failed count the reports that were not delivered: dropped while the queue was
// full, or refused by (or not reaching) the endpoint.
func (c *Client) Dropped() int64 { return c.dropped.Load() }
func (c *Client) Failed() int64  { return c.failed.Load() }

// Close sends what is queued, within ctx, and stops.
func (c *Client) Close(ctx context.Context) error {
	c.close.Do(func() { close(c.queue) })
	select {
	case <-c.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Client) run() {
	defer close(c.done)
	for e := range c.queue {
		if err := c.send(e); err != nil {
			c.failed.Add(1)
			// The endpoint's own trouble is a warning of ours; the error it was about is in the
			// log already (the error handler logged it).
			c.o.Logger.Warn("error report not sent", slog.String("request_id", e.RequestID), slog.String("err", err.Error()))
		}
	}
}

// reportedErrorEvent is Cloud Error Reporting's ReportedErrorEvent, with the fields we fill.
type reportedErrorEvent struct {
	EventTime      string         `json:"eventTime"`
	ServiceContext serviceContext `json:"serviceContext"`
	Message        string         `json:"message"`
	Context        errorContext   `json:"context"`
}

type serviceContext struct {
	Service string `json:"service"`
	Version string `json:"version,omitempty"`
}

type errorContext struct {
	HTTPRequest    httpRequestContext `json:"httpRequest"`
	ReportLocation reportLocation     `json:"reportLocation"`
}

type httpRequestContext struct {
	Method             string `json:"method"`
	URL                string `json:"url"`
	ResponseStatusCode int    `json:"responseStatusCode"`
}

// reportLocation is required when the message holds no stack trace: Go errors carry none.
type reportLocation struct {
	FilePath     string `json:"filePath"`
	LineNumber   int    `json:"lineNumber"`
	FunctionName string `json:"functionName"`
}

func (c *Client) send(e Event) error {
	msg := "internal error"
	if e.Err != nil {
		msg = Redact(e.Err.Error())
	}
	if e.RequestID != "" {
		msg += " (request " + e.RequestID + ")"
	}
	body, err := json.Marshal(reportedErrorEvent{
		EventTime:      c.o.Now().UTC().Format(time.RFC3339Nano),
		ServiceContext: serviceContext{Service: c.o.Service, Version: c.o.Version},
		Message:        msg,
		Context: errorContext{
			HTTPRequest:    httpRequestContext{Method: e.Method, URL: e.Path, ResponseStatusCode: e.Status},
			ReportLocation: reportLocation{FilePath: "bff", FunctionName: e.Method + " " + e.Path},
		},
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.o.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.o.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("endpoint answered %d", resp.StatusCode)
	}
	return nil
}

// emailLike matches anything shaped like an email address.
var emailLike = regexp.MustCompile(`[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}`)

// Redact takes email addresses out of an error's text before it leaves the BFF: an upstream's
// error may quote what it was sent, and a report is read by more people than the member's data
// may be.
func Redact(s string) string {
	return emailLike.ReplaceAllString(s, "[email]")
}
