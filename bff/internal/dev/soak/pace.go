package soak

import "time"

// Pacer schedules an open loop: send i is due at start + i/rate, whatever became of the sends
// before it. A closed loop (send, wait for the answer, send again) slows down with the server and
// so hides its worst moments (coordinated omission); here a slow answer does not delay the next
// send, and each latency is measured from when its send was due, so time spent waiting for a free
// client counts too.
type Pacer struct {
	start time.Time
	rate  float64 // sends per second
	next  int64   // the index of the next send to hand out
}

// NewPacer schedules rate sends a second from start.
func NewPacer(start time.Time, rate float64) *Pacer {
	return &Pacer{start: start, rate: rate}
}

// at is when send i is due. It is computed from start each time rather than by adding an
// interval, so rounding never accumulates over a long run.
func (p *Pacer) at(i int64) time.Time {
	return p.start.Add(time.Duration(float64(i) / p.rate * float64(time.Second)))
}

// Next is when the next send is due.
func (p *Pacer) Next() time.Time { return p.at(p.next) }

// Due hands out the sends due by now that were not handed out yet, each as the time it was due,
// oldest first. A caller that woke late gets every send it missed: the rate holds on average.
func (p *Pacer) Due(now time.Time) []time.Time {
	var due []time.Time
	for t := p.at(p.next); !t.After(now); t = p.at(p.next) {
		due = append(due, t)
		p.next++
	}
	return due
}
