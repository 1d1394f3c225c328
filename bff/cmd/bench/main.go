// Command bench measures the BFF (make bench). Each figure is printed next to a baseline measured
// in the same run on the same machine, since absolute numbers depend on the machine:
//
//   - throughput: the cached home page document (identity, gzip, and revalidated with
//     If-None-Match) against /healthz, the cheapest route, and their ratios;
//   - memory: the BFF's resident memory with thousands of distinct cached documents against the
//     same BFF idle after warm-up;
//   - cold path: the time to first byte of a page whose CMS data is not cached against the same
//     page cached;
//   - with -stack, the whole portal from a running stack in test mode (stack.go): the page cache
//     against static assets and the page rendered per request, the home page's JavaScript, and
//     publish-to-visible.
//
// The fixture CMS runs in the bench's process on loopback (with generated pages added to a copy
// of the fixtures); the BFF runs as a child process (see bff.go), so its memory is its own. Load
// goes to loopback only. Each section is a function returning its figures, so more sections
// (flags of their own) fit beside these.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// options are the bench's flags.
type options struct {
	fixtures   string
	dur        time.Duration
	workers    int
	docs       int
	samples    int
	cmsLatency time.Duration
}

func main() {
	code := bench()
	removeEmptyApp()
	os.Exit(code)
}

func bench() int {
	if len(os.Args) == 2 && os.Args[1] == serveFlag {
		if err := serveBFF(); err != nil {
			fmt.Fprintln(os.Stderr, "bench BFF:", err)
			return 1
		}
		return 0
	}
	var o options
	flag.DurationVar(&o.dur, "duration", 3*time.Second, "how long each throughput target is loaded")
	flag.IntVar(&o.workers, "c", 8, "concurrent clients")
	flag.StringVar(&o.fixtures, "fixtures", "fixtures/cms", "the fixture CMS directory")
	flag.IntVar(&o.docs, "docs", 10_000, "distinct page documents the memory figure caches")
	flag.IntVar(&o.samples, "samples", 40, "requests per time-to-first-byte figure")
	flag.DurationVar(&o.cmsLatency, "cms-latency", 20*time.Millisecond,
		"added to every CMS answer while the cold path is measured, as a CMS across a network takes")
	stack := flag.Bool("stack", false, "also measure the running stack (make bench starts one)")
	weightOnly := flag.Bool("weight", false, "only page weight and Lighthouse, against the running stack (pages.go)")
	flag.Parse()
	if *weightOnly {
		*stack = false
	} else if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	if *stack {
		if err := runStack(o.dur, o.workers); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
	}
	if *stack || *weightOnly {
		if err := runWeight(); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
	}
	return 0
}

func run(o options) error {
	env, err := startEnv(o)
	if err != nil {
		return err
	}
	defer env.Close()
	fmt.Printf("%d clients, %s per throughput target, %d CPUs\n", o.workers, o.dur, numCPU())

	idle, err := env.warmUp()
	if err != nil {
		return err
	}
	mem, err := measureMemory(env, o, idle)
	if err != nil {
		return err
	}
	tp, err := measureThroughput(env, o)
	if err != nil {
		return err
	}
	cold, err := measureColdPath(env, o)
	if err != nil {
		return err
	}
	tp.print()
	mem.print()
	cold.print()
	return nil
}
