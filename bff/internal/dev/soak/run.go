package soak

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/edge"
)

// Config is one soak run.
type Config struct {
	Target
	Duration     time.Duration // the open-loop phase: the soak itself
	PeakDuration time.Duration // the closed-loop measurement of the peak before it
	Load         float64       // the soak's rate as a share of the measured peak
	// Admin is the BFF's admin listener, whose /metrics the soak scrapes; SigningSecret the key
	// the soak signs its requests with, as the Next.js server does (SERVER_SIGNING_SECRET): the
	// BFF's public listener takes nothing unsigned.
	Admin         string
	SigningSecret string
	Workers       int           // closed-loop clients measuring the peak
	InFlight      int           // the most soak requests at once (the open loop's clients)
	Every         time.Duration // how often progress and the BFF's health are printed
	Settle        time.Duration // the longest wait for the BFF to come back down after traffic
	Timeout       time.Duration // one request's limit
	Out           io.Writer
}

// Run measures the mix's peak throughput, soaks the BFF at Load of it for Duration, and
// reports. It fails when any request failed or the BFF's goroutines or memory did not come back
// down; the report says which.
func Run(ctx context.Context, cfg Config) error {
	routes := Mix(cfg.Target)
	conns := cfg.Workers + cfg.InFlight
	transport := &http.Transport{Proxy: nil, MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: edge.Signer{Base: transport, Secret: cfg.SigningSecret}, Timeout: cfg.Timeout,
		// The BFF answers documents, not redirects: a redirect is an answer to count, not follow.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	// Scrapes use connections of their own, closed after each, so they leave nothing behind in
	// the goroutine count they read.
	scraper := &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}, Timeout: cfg.Timeout}
	w := cfg.Out

	fresh, err := Scrape(ctx, scraper, cfg.Admin)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "soak of %s: %s at %.0f%% of the peak, measured first for %s\n", cfg.BFF, cfg.Duration, cfg.Load*100, cfg.PeakDuration)
	fmt.Fprintf(w, "fresh BFF:  %s%s\n\n", fresh, machineLoad())

	// The peak: a closed loop, each worker sending its next request when the last is answered,
	// is what the BFF can do flat out with this many clients.
	peakRec := closedLoop(ctx, client, routes, cfg.Workers, cfg.PeakDuration)
	peakN, peakErrs := peakRec.Total()
	peak := float64(peakN) / cfg.PeakDuration.Seconds()
	fmt.Fprintf(w, "peak (closed loop, %d clients, %s): %.0f req/s, %d errors; latency from each send\n", cfg.Workers, cfg.PeakDuration, peak, peakErrs)
	printTable(w, peakRec, cfg.PeakDuration)
	printExamples(w, peakRec)
	if peak == 0 || ctx.Err() != nil {
		return errors.New("no peak measured: nothing was answered")
	}

	// The baseline is the warmed BFF, settled: the cache holds the mix's steady pages and the
	// peak's connections are closed. A fresh BFF's numbers would count warming up as growth.
	base, err := settle(ctx, transport, scraper, cfg.Admin, cfg.Settle, steady)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nbaseline (after the peak, settled): %s\n", base)

	rate := cfg.Load * peak
	fmt.Fprintf(w, "\nsoak: open loop at %.0f req/s (%.2f x %.0f) for %s, at most %d in flight; latency from each request's scheduled send\n",
		rate, cfg.Load, peak, cfg.Duration, cfg.InFlight)
	progress := func(at time.Duration, interval *Recorder) {
		n, errs := interval.Total()
		sums := interval.Summaries()
		_, waitP99, _ := interval.Waits()
		line := fmt.Sprintf("  %6s  %7d requests %6.0f/s  %d errors  p99 %s (waiting %s)", at.Round(time.Second), n,
			float64(n)/cfg.Every.Seconds(), errs, fmtDur(sums[len(sums)-1].P99), fmtDur(waitP99))
		if h, err := Scrape(ctx, scraper, cfg.Admin); err == nil {
			line += "  | " + h.String()
		} else {
			line += "  | " + err.Error()
		}
		fmt.Fprintln(w, line+machineLoad())
	}
	soakRec, elapsed := openLoop(ctx, client, routes, rate, cfg.Duration, cfg.InFlight, cfg.Every, progress)

	// After traffic stops, goroutines the load started (connections, loads, timers) must end.
	goLimit := GoroutineLimit(base.Goroutines)
	rssLimit := RSSLimit(base.RSS)
	end, err := settle(context.WithoutCancel(ctx), transport, scraper, cfg.Admin, cfg.Settle, func(hs []Health) bool {
		h := hs[len(hs)-1]
		return h.Goroutines <= goLimit && h.RSS <= rssLimit
	})
	if err != nil {
		return err
	}

	soakN, soakErrs := soakRec.Total()
	fmt.Fprintf(w, "\nsoak results (%s):\n", elapsed.Round(time.Millisecond))
	printTable(w, soakRec, elapsed)
	printExamples(w, soakRec)
	waitP50, waitP99, waitMax := soakRec.Waits()
	fmt.Fprintf(w, "of which waiting for a free client after the send was due: p50 %s, p99 %s, max %s\n",
		fmtDur(waitP50), fmtDur(waitP99), fmtDur(waitMax))
	achieved := float64(soakN) / elapsed.Seconds()
	fmt.Fprintf(w, "\nthroughput: %.0f req/s of %.0f targeted (%.3f)\n", achieved, rate, achieved/rate)
	fmt.Fprintf(w, "goroutines: %.0f -> %.0f (limit %.0f): %s\n", base.Goroutines, end.Goroutines, goLimit, Verdict(end.Goroutines, goLimit))
	fmt.Fprintf(w, "RSS:        %.1f MB -> %.1f MB (limit %.1f MB): %s\n", base.RSS/(1<<20), end.RSS/(1<<20), rssLimit/(1<<20), Verdict(end.RSS, rssLimit))
	fmt.Fprintf(w, "machine:    %s\n", strings.TrimPrefix(machineLoad(), ", "))
	fmt.Fprintf(w, "tag index:  %.0f tags / %.0f keys -> %.0f tags / %.0f keys\n", base.IndexTags, base.IndexKeys, end.IndexTags, end.IndexKeys)
	fmt.Fprintf(w, "errors:     %d in the soak, %d at the peak (404 for busting paths, 401/429 for sign-ins are answers, not errors)\n", soakErrs, peakErrs)

	var problems []string
	if soakErrs+peakErrs > 0 {
		problems = append(problems, fmt.Sprintf("%d failed requests", soakErrs+peakErrs))
	}
	if Verdict(end.Goroutines, goLimit) != "flat" {
		problems = append(problems, "goroutines grew")
	}
	if Verdict(end.RSS, rssLimit) != "flat" {
		problems = append(problems, "memory grew")
	}
	if ctx.Err() != nil {
		problems = append(problems, "interrupted")
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, ", "))
	}
	return nil
}

// closedLoop runs workers clients, each sending its next request as soon as the last is
// answered, for dur.
func closedLoop(ctx context.Context, client *http.Client, routes []Route, workers int, dur time.Duration) *Recorder {
	rec := NewRecorder()
	deadline := time.Now().Add(dur)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			rng := newRNG()
			for time.Now().Before(deadline) && ctx.Err() == nil {
				r := Pick(routes, rng)
				start := time.Now()
				status, detail := send(ctx, client, r, rng)
				rec.Record(r.Name, status, r.Failed(status), time.Since(start), detail)
			}
		})
	}
	wg.Wait()
	return rec
}

// openLoop sends rate requests a second for dur, paced by a Pacer, from at most inFlight
// clients; a request waiting for a free client is late, and its latency says so. Every every, it
// calls progress with what the interval got. It answers the whole run's recorder and how long
// the run took until its last answer.
func openLoop(ctx context.Context, client *http.Client, routes []Route, rate float64, dur time.Duration,
	inFlight int, every time.Duration, progress func(time.Duration, *Recorder)) (*Recorder, time.Duration) {
	total := NewRecorder()
	var interval atomic.Pointer[Recorder]
	interval.Store(NewRecorder())

	// Room for a second of sends: when every client is busy the pacer keeps scheduling, and the
	// queue (then the pacer's catch-up) holds the sends that are late.
	queue := make(chan time.Time, max(inFlight, int(rate)))
	var wg sync.WaitGroup
	for range inFlight {
		wg.Go(func() {
			rng := newRNG()
			for due := range queue {
				r := Pick(routes, rng)
				wait := time.Since(due)
				status, detail := send(ctx, client, r, rng)
				latency := time.Since(due) // from when it was due, not from when a client was free
				failed := r.Failed(status)
				for _, rec := range []*Recorder{total, interval.Load()} {
					rec.Record(r.Name, status, failed, latency, detail)
					rec.RecordWait(wait)
				}
			}
		})
	}

	start := time.Now()
	stopProgress := make(chan struct{})
	progressDone := make(chan struct{})
	go func() {
		defer close(progressDone)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-stopProgress:
				return
			case now := <-tick.C:
				progress(now.Sub(start), interval.Swap(NewRecorder()))
			}
		}
	}()

	end := start.Add(dur)
	pacer := NewPacer(start, rate)
	for ctx.Err() == nil {
		next := pacer.Next()
		if !next.Before(end) {
			break
		}
		time.Sleep(time.Until(next))
		for _, due := range pacer.Due(time.Now()) {
			if due.Before(end) {
				queue <- due
			}
		}
	}
	close(queue)
	wg.Wait()
	elapsed := time.Since(start)
	close(stopProgress)
	<-progressDone
	return total, elapsed
}

// send sends one request of r and answers its status, 0 when there was no answer, and on an
// error a few words of what came back.
func send(ctx context.Context, client *http.Client, r *Route, rng *rand.Rand) (int, string) {
	req, err := r.Build(rng, time.Now())
	if err != nil {
		return 0, err.Error()
	}
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	if r.Failed(resp.StatusCode) {
		head, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, fmt.Sprintf("%d %s", resp.StatusCode, head)
	}
	// Read to the end, so the connection is reused as a browser's or a server's would be.
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, "reading the body: " + err.Error()
	}
	return resp.StatusCode, ""
}

// steady is settle's condition for a baseline: the goroutine count has not fallen for the last
// three seconds.
func steady(hs []Health) bool {
	if len(hs) < 4 {
		return false
	}
	last := hs[len(hs)-4:]
	for i := 1; i < len(last); i++ {
		if last[i].Goroutines < last[i-1].Goroutines {
			return false
		}
	}
	return true
}

// settle closes the load's idle connections (each holds a goroutine in the BFF) and scrapes the
// BFF once a second until done says so or limit has passed, answering the last scrape.
func settle(ctx context.Context, transport *http.Transport, scraper *http.Client, bff string, limit time.Duration,
	done func([]Health) bool) (Health, error) {
	transport.CloseIdleConnections()
	deadline := time.Now().Add(limit)
	var seen []Health
	for {
		h, err := Scrape(ctx, scraper, bff)
		if err != nil {
			return Health{}, err
		}
		seen = append(seen, h)
		if done(seen) || time.Now().After(deadline) {
			return h, nil
		}
		time.Sleep(time.Second)
	}
}

func printTable(w io.Writer, rec *Recorder, elapsed time.Duration) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "route\trequests\treq/s\terrors\tp50\tp99\tmax\t  statuses")
	for _, s := range rec.Summaries() {
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%d\t%s\t%s\t%s\t  %s\n", s.Route, s.Requests, float64(s.Requests)/elapsed.Seconds(),
			s.Errors, fmtDur(s.P50), fmtDur(s.P99), fmtDur(s.Max), StatusText(s.Statuses))
	}
	_ = tw.Flush()
}

func printExamples(w io.Writer, rec *Recorder) {
	for _, e := range rec.Examples() {
		fmt.Fprintln(w, "  failed:", e)
	}
}

// fmtDur rounds a latency for reading: 0.1 ms steps below a second.
func fmtDur(d time.Duration) string {
	if d >= time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Microsecond).String()
}

// machineLoad is ", load <1-minute load average> on <n> CPUs" where Linux tells it: the stack
// and the soak share the machine with whatever else runs there, and a busy machine explains a
// slow minute that the BFF did not cause.
func machineLoad() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	avg, _, _ := strings.Cut(string(b), " ")
	return fmt.Sprintf(", load %s on %d CPUs", avg, runtime.NumCPU())
}

func newRNG() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }
