// Package poll waits, in tests and development tools, for a condition that another goroutine or
// process makes true.
package poll

import "time"

// Until asks cond every interval until it holds, and reports whether it held before d passed.
func Until(d, interval time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(interval)
	}
	return true
}
