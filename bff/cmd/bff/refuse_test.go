package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A deploy that forgets its production settings must not start: the real binary, given a real
// Firebase project and nothing else of production, exits at once, before listening on anything,
// and its stderr names every problem so one failed deploy shows the whole list.
func TestTheBinaryRefusesAProductionProjectWithDevelopmentDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the BFF binary")
	}
	bin := filepath.Join(t.TempDir(), "bff")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	// Only what a shell needs, a real project and a webhook secret: everything else is the
	// development defaults, which listen on :8080 and :9090 if the config lets them.
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"),
		"FIREBASE_PROJECT_ID=union-benefits-prod",
		"CMS_WEBHOOK_SECRET=x",
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("exit after %v: %v; stderr:\n%s", time.Since(start).Round(time.Millisecond), err, stderr.String())

	if ctx.Err() != nil {
		t.Fatal("the BFF was still running after 5s: it started instead of refusing its config")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v, want exit status 1", err)
	}
	out := stderr.String()
	// It stopped at the config: no log line of the server it would have started ("starting" is
	// logged once the config loads, "listening" once a listener is up).
	if !strings.HasPrefix(out, "bff: config:\n") || strings.Contains(out, `"msg":"starting"`) || strings.Contains(out, `"msg":"listening"`) {
		t.Errorf("the BFF got past its config:\n%s", out)
	}
	for _, name := range []string{"FRONTEND_URL", "ALLOWED_ORIGINS", "CMS_URL", "CMS_PUBLIC_URL", "ORDERS_URL",
		"HOTELS_API_URL", "HOTELS_LISTINGS_URL", "EXTERNAL_FORM_URL", "EDGE_SIGNING_SECRET", "SERVER_SIGNING_SECRET",
		"FIREBASE_API_KEY", "REVALIDATE_SECRET", "CMS_WEBHOOK_SECRET"} {
		if !strings.Contains(out, "\n"+name+": ") {
			t.Errorf("stderr names no %s problem", name)
		}
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout: %s", stdout.String())
	}
}
