package uploads_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest/samples"
)

// scrapeAdmin reads the BFF's /metrics from its admin listener.
func scrapeAdmin(t *testing.T, admin string) string {
	t.Helper()
	resp, err := http.Get(admin + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// The bytes members upload and the uploads refused, by reason, show on /metrics.
func TestUploadBytesAndRefusalsAreCounted(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	maria.Want(maria.Upload("case-a", "scan.png", "image/png", samples.PNG(20_000)), 201)
	if a := maria.Upload("case-a", "setup.exe", "application/octet-stream", []byte("MZ")); a.Status != 400 {
		t.Fatalf("an .exe: %d %s", a.Status, a.Body)
	}
	if a := maria.Upload("case-a", "../escape.png", "image/png", samples.PNG(100)); a.Status != 400 {
		t.Fatalf("a name leaving the folder: %d %s", a.Status, a.Body)
	}
	out := scrapeAdmin(t, b.Admin)
	for _, want := range []string{
		"bff_upload_bytes_total 20000\n",
		`bff_upload_refusals_total{reason="type"} 1`,
		`bff_upload_refusals_total{reason="name"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
