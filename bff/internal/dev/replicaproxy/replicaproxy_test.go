package replicaproxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Requests go to each replica in turn, with their Host and path, and the client's address added
// to X-Forwarded-For.
func TestRequestsGoToTheReplicasInTurn(t *testing.T) {
	var mu sync.Mutex
	var got []string
	backend := func(name string) *httptest.Server {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, name+" "+r.Host+" "+r.URL.RequestURI()+" "+r.Header.Get("X-Forwarded-For"))
			_, _ = io.WriteString(w, name)
		}))
		t.Cleanup(s.Close)
		return s
	}
	a, b := backend("a"), backend("b")
	h, err := New([]string{a.URL, b.URL})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(h)
	defer front.Close()
	for range 3 {
		resp, err := http.Get(front.URL + "/api/v1/page?path=/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	host := front.Listener.Addr().String()
	want := []string{
		"a " + host + " /api/v1/page?path=/ 127.0.0.1",
		"b " + host + " /api/v1/page?path=/ 127.0.0.1",
		"a " + host + " /api/v1/page?path=/ 127.0.0.1",
	}
	mu.Lock()
	defer mu.Unlock()
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("requests reached %q, want %q", got, want)
		}
	}
	if _, err := New([]string{"not a url"}); err == nil {
		t.Fatal("a bad backend was accepted")
	}
}
