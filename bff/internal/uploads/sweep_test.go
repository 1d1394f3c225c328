package uploads_test

import (
	"testing"
	"time"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
	"github.com/union-benefits/portal/bff/internal/uploads"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest"
)

// TestTheSweepRemovesUploadsNobodyContinued: an upload untouched for resumableHours (24) is
// removed with what was sent of it; one touched since is kept for its member to continue.
func TestTheSweepRemovesUploadsNobodyContinued(t *testing.T) {
	staging := uploadstest.NewStaging(t.TempDir())
	for _, id := range []string{"0123456789abcdef-old", "0123456789abcdef-new"} {
		if _, err := staging.NewUpload(t.Context(), handler.FileInfo{ID: id, Size: 10, MetaData: handler.MetaData{uploads.MetaCase: "case-a"}}); err != nil {
			t.Fatal(err)
		}
	}
	// The old one was last written to 25 hours ago.
	old := time.Now().Add(-25 * time.Hour)
	if err := staging.Touch("0123456789abcdef-old", old); err != nil {
		t.Fatal(err)
	}
	s := uploads.New(grantstest.NewCases(), uploadstest.NewFiles("bucket"), staging, uploads.Options{})
	n, err := s.Sweep(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("swept %d, %v", n, err)
	}
	pending, err := staging.Pending(t.Context(), "")
	if err != nil || len(pending) != 1 || pending[0].ID != "0123456789abcdef-new" || pending[0].CaseID != "case-a" || pending[0].Size != 10 {
		t.Errorf("left: %+v %v", pending, err)
	}
}
