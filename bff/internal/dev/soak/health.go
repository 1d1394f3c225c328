package soak

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// Health is what the BFF's /metrics says about its own resources at one moment.
type Health struct {
	Goroutines float64 // go_goroutines
	RSS        float64 // process_resident_memory_bytes
	IndexTags  float64 // bff_cache_index_tags
	IndexKeys  float64 // bff_cache_index_keys
}

func (h Health) String() string {
	return fmt.Sprintf("%.0f goroutines, RSS %.1f MB, tag index %.0f tags / %.0f keys",
		h.Goroutines, h.RSS/(1<<20), h.IndexTags, h.IndexKeys)
}

// ParseMetrics reads the unlabelled samples of a Prometheus text exposition ("name value"), the
// only kind Health needs; comments and labelled samples are skipped.
func ParseMetrics(r io.Reader) (map[string]float64, error) {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || strings.Contains(line, "{") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", f[0], err)
		}
		out[f[0]] = v
	}
	return out, sc.Err()
}

// HealthFrom picks Health out of parsed metrics; a missing one is an error, so that a renamed
// metric cannot pass as a flat zero.
func HealthFrom(m map[string]float64) (Health, error) {
	var h Health
	for name, dst := range map[string]*float64{
		"go_goroutines":                 &h.Goroutines,
		"process_resident_memory_bytes": &h.RSS,
		"bff_cache_index_tags":          &h.IndexTags,
		"bff_cache_index_keys":          &h.IndexKeys,
	} {
		v, ok := m[name]
		if !ok {
			return Health{}, fmt.Errorf("/metrics has no %s", name)
		}
		*dst = v
	}
	return h, nil
}

// Scrape reads the BFF's Health from bff's /metrics.
func Scrape(ctx context.Context, client *http.Client, bff string) (Health, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, bff+"/metrics", nil)
	if err != nil {
		return Health{}, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return Health{}, fmt.Errorf("scraping /metrics: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Health{}, fmt.Errorf("scraping /metrics: status %d", resp.StatusCode)
	}
	m, err := ParseMetrics(resp.Body)
	if err != nil {
		return Health{}, err
	}
	return HealthFrom(m)
}

// Tolerances of a flat run: after traffic stops and the BFF settles, goroutines are back within
// 10% or 20 of where they were (whichever allows more: a small count may vary by a few idle
// workers), and the resident memory within half again (the Go heap and the cache's budget are
// allowed to fill; a leak keeps growing past that).
const (
	goroutineGrowth      = 0.10
	goroutineGrowthFloor = 20
	rssGrowth            = 0.50
)

// GoroutineLimit is the most goroutines a flat run may end with after starting with start. The
// allowance is a whole number of goroutines, as the counts are.
func GoroutineLimit(start float64) float64 {
	return start + max(math.Floor(start*goroutineGrowth), goroutineGrowthFloor)
}

// RSSLimit is the most resident memory a flat run may end with after starting with start.
func RSSLimit(start float64) float64 { return start * (1 + rssGrowth) }

// Verdict is "flat" when end is within limit, else "GREW".
func Verdict(end, limit float64) string {
	if end <= limit {
		return "flat"
	}
	return "GREW"
}
