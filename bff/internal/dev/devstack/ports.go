package devstack

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// PortInUseError lists the ports some other process already holds. The runner checks every port
// before starting anything: a part that cannot bind would otherwise fail half-way through the
// start, or worse, its readiness probe would be answered by the stranger on its port.
type PortInUseError struct {
	Taken []TakenPort
}

// TakenPort is a port that is not free, and the part that needs it.
type TakenPort struct {
	Port int
	Part string
}

// Error says, one line per port, which part needs it and how to find what holds it.
func (e *PortInUseError) Error() string {
	lines := make([]string, 0, len(e.Taken))
	for _, t := range e.Taken {
		lines = append(lines, fmt.Sprintf("port %d (%s) is already in use — stop whatever holds it (ss -ltnp 'sport = :%d') and run again",
			t.Port, t.Part, t.Port))
	}
	return strings.Join(lines, "\n")
}

// CheckPorts returns a *PortInUseError naming every port of parts that is taken, or nil.
func CheckPorts(parts []Part) error {
	var taken []TakenPort
	for _, p := range parts {
		for _, port := range p.Ports {
			if !PortFree(port) {
				taken = append(taken, TakenPort{Port: port, Part: p.Title})
			}
		}
	}
	if len(taken) > 0 {
		return &PortInUseError{Taken: taken}
	}
	return nil
}

// PortFree reports whether nothing listens on port. It binds the wildcard address, which the
// kernel refuses if any address holds the port (loopback, wildcard, IPv4 or IPv6), and tries a
// connection to loopback as well, which catches listeners that share ports (SO_REUSEPORT).
func PortFree(port int) bool {
	ln, err := net.Listen("tcp", ":"+strconv.Itoa(port))
	if err != nil {
		return false
	}
	ln.Close()
	conn, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), dialTimeout)
	if err == nil {
		conn.Close()
		return false
	}
	return true
}
