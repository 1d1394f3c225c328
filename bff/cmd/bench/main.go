// Command bench measures the BFF's throughput for the cached home page document against /healthz,
// the cheapest route, in the same run on the same machine, and prints their ratio. Absolute
// numbers depend on the machine; the ratio says how much the page path costs over the bare stack.
//
// It runs the fixture CMS and the BFF in-process on loopback and sends bounded load only there.
package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/dev/accounttest"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/grantstest"
	"github.com/union-benefits/portal/bff/internal/server"
)

func main() {
	dur := flag.Duration("duration", 3*time.Second, "how long each target is loaded")
	workers := flag.Int("c", 8, "concurrent clients")
	fixtures := flag.String("fixtures", "fixtures/cms", "the fixture CMS directory")
	stack := flag.Bool("stack", false, "also measure the running stack (make bench starts one)")
	flag.Parse()
	if err := run(*fixtures, *dur, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if *stack {
		if err := runStack(*dur, *workers); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
}

func run(fixtures string, dur time.Duration, workers int) error {
	cms := httptest.NewServer(cmsfixture.NewHandler(fixtures))
	defer cms.Close()
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"CMS_URL": cms.URL, "CMS_WEBHOOK_SECRET": "bench", "FIREBASE_API_KEY": "bench"}[k]
	})
	if err != nil {
		return err
	}
	// The benchmark measures content pages: accounts run on in-memory stand-ins.
	srv, err := server.New(cfg, server.Options{
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Auth:     accounttest.NewAuth(),
		Profiles: accounttest.NewProfiles(),
		Cases:    grantstest.NewCases(),
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = srv.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer func() { _ = srv.App.ShutdownWithTimeout(time.Second) }()
	base := "http://" + ln.Addr().String()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	if status := hit(client, base+"/api/v1/page?path=/"); status != http.StatusOK { // warms the cache
		return fmt.Errorf("warm-up: home page answered %d", status)
	}

	targets := []struct{ name, path string }{
		{"/healthz", "/healthz"},
		{"home page document (cached)", "/api/v1/page?path=/"},
	}
	rates := make([]float64, len(targets))
	fmt.Printf("%d clients, %s per target, GOMAXPROCS from the machine\n\n", workers, dur)
	fmt.Printf("%-30s %12s %10s\n", "target", "req/s", "errors")
	for i, tg := range targets {
		n, errs := load(client, base+tg.path, workers, dur)
		rates[i] = float64(n) / dur.Seconds()
		fmt.Printf("%-30s %12.0f %10d\n", tg.name, rates[i], errs)
		if errs > 0 {
			return fmt.Errorf("%s: %d failed requests", tg.name, errs)
		}
	}
	fmt.Printf("\nratio home page / healthz: %.2f\n", rates[1]/rates[0])
	return nil
}

// load sends GETs from workers clients for dur and counts the answers.
func load(client *http.Client, url string, workers int, dur time.Duration) (ok, failed int64) {
	var okN, failN atomic.Int64
	deadline := time.Now().Add(dur)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				if hit(client, url) == http.StatusOK {
					okN.Add(1)
				} else {
					failN.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return okN.Load(), failN.Load()
}

func hit(client *http.Client, url string) int {
	resp, err := client.Get(url)
	if err != nil {
		return 0
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
