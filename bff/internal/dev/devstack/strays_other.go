//go:build !linux

package devstack

import "time"

// AdoptOrphans is a no-op where the kernel has no child subreapers; orphans go to init there.
func AdoptOrphans() error { return nil }

// StopStrays finds nothing where orphans cannot be adopted.
func StopStrays(time.Duration) []string { return nil }
