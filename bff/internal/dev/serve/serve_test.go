package serve

import (
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"
)

// A stand-in answers until it is terminated, then stops cleanly: no error, the port closed.
func TestServesUntilTerminated(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })}
	done := make(chan error, 1)
	go func() { done <- UntilSignal(srv, ln) }()
	url := "http://" + ln.Addr().String()
	// Answered means listening, and the signal handler is in place (it is set up before serving).
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still serving after SIGTERM")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("still answering after the shutdown")
	}
}
