package chatstub

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestServesTheScriptTheRoomAndHealth(t *testing.T) {
	srv := httptest.NewServer(NewHandler())
	t.Cleanup(srv.Close)
	for path, want := range map[string]string{
		"/sdk.js":      "window.chatProvider",
		"/room?hash=x": "chat-login-result",
		"/healthz":     `"ok"`,
	} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, body without %q", path, resp.StatusCode, want)
		}
	}
	resp, err := srv.Client().Get(srv.URL + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("/nothing: %d", resp.StatusCode)
	}
}
