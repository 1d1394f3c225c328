package storage

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	gcs "cloud.google.com/go/storage"
	"github.com/tus/tusd/v2/pkg/gcsstore"

	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/telemetry"
	"github.com/union-benefits/portal/bff/internal/telemetry/telemetrytest"
)

// fakeGCS answers every call of tusd's bucket API with err.
type fakeGCS struct {
	gcsstore.GCSAPI
	err error
}

func (f fakeGCS) WriteObject(context.Context, gcsstore.GCSObjectParams, io.Reader) (int64, error) {
	return 3, f.err
}

func (f fakeGCS) GetObjectSize(context.Context, gcsstore.GCSObjectParams) (int64, error) {
	return 0, f.err
}

// The resumable uploads' calls to the bucket (tusd's chunks and their .info) are upstream calls:
// a span under the request's and a latency by outcome; a missing object is the bucket answering.
func TestResumableUploadCallsAreSpansAndMetrics(t *testing.T) {
	rec := telemetrytest.Record(t)
	m := metrics.New()
	b := &Bucket{metrics: m}
	ctx, parent := telemetry.Tracer().Start(context.Background(), "PATCH /api/v1/cases/:caseId/uploads/:uploadId")
	ok := observedGCS{next: fakeGCS{}, b: b}
	if _, err := ok.WriteObject(ctx, gcsstore.GCSObjectParams{}, strings.NewReader("abc")); err != nil {
		t.Fatal(err)
	}
	down := observedGCS{next: fakeGCS{err: errors.New("connection refused")}, b: b}
	_, _ = down.WriteObject(ctx, gcsstore.GCSObjectParams{}, strings.NewReader("abc"))
	gone := observedGCS{next: fakeGCS{err: gcs.ErrObjectNotExist}, b: b}
	_, _ = gone.GetObjectSize(ctx, gcsstore.GCSObjectParams{})
	parent.End()

	writes := telemetrytest.Named(rec, "storage write")
	if len(writes) != 2 || writes[0].Parent().SpanID() != parent.SpanContext().SpanID() {
		t.Fatalf("spans: %v", rec.Ended())
	}
	rr := httptest.NewRecorder()
	m.Handler().ServeHTTP(rr, httptest.NewRequest("GET", "/metrics", nil))
	out := rr.Body.String()
	for _, want := range []string{
		`bff_upstream_request_duration_seconds_count{operation="write",outcome="ok",upstream="storage"} 1`,
		`bff_upstream_errors_total{operation="write",upstream="storage"} 1`,
		`bff_upstream_request_duration_seconds_count{operation="stat",outcome="not_found",upstream="storage"} 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
