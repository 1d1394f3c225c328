package storage

import (
	"context"
	"errors"
	"io"
	"net/http"

	gcs "cloud.google.com/go/storage"
	"github.com/tus/tusd/v2/pkg/gcsstore"
	"google.golang.org/api/googleapi"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// call starts one call to the bucket, operation being a name from code: its span (the client
// library's HTTP spans are its children) and its latency.
func (b *Bucket) call(ctx context.Context, operation string) (context.Context, *storageCall) {
	ctx, c := telemetry.StartCall(ctx, b.metrics, telemetry.Storage, operation)
	return ctx, &storageCall{c}
}

type storageCall struct{ *telemetry.Call }

// End records the call with the outcome its raw error means: a missing object or a lost race is
// the bucket answering, anything else the bucket failing.
func (c *storageCall) End(err error) { c.EndOutcome(storageOutcome(err), err) }

func storageOutcome(err error) string {
	var gerr *googleapi.Error
	var aerr *apperr.Error
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &aerr):
		return string(aerr.Code) // already translated (Create: the data's own refusal, or the bucket's)
	case errors.Is(err, gcs.ErrObjectNotExist), errors.Is(err, gcs.ErrBucketNotExist):
		return "not_found"
	case errors.As(err, &gerr) && gerr.Code == http.StatusPreconditionFailed:
		return "conflict"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	default:
		return "unavailable"
	}
}

// observedGCS is tusd's view of the bucket (the resumable uploads' chunks, their .info and the
// final compose) with every call an upstream call of its own.
type observedGCS struct {
	next gcsstore.GCSAPI
	b    *Bucket
}

var _ gcsstore.GCSAPI = observedGCS{}

func (o observedGCS) ReadObject(ctx context.Context, p gcsstore.GCSObjectParams) (gcsstore.GCSReader, error) {
	ctx, c := o.b.call(ctx, "read")
	r, err := o.next.ReadObject(ctx, p)
	c.End(err)
	return r, err
}

func (o observedGCS) GetObjectSize(ctx context.Context, p gcsstore.GCSObjectParams) (int64, error) {
	ctx, c := o.b.call(ctx, "stat")
	n, err := o.next.GetObjectSize(ctx, p)
	c.End(err)
	return n, err
}

func (o observedGCS) SetObjectMetadata(ctx context.Context, p gcsstore.GCSObjectParams, md map[string]string) error {
	ctx, c := o.b.call(ctx, "patch")
	err := o.next.SetObjectMetadata(ctx, p, md)
	c.End(err)
	return err
}

func (o observedGCS) DeleteObject(ctx context.Context, p gcsstore.GCSObjectParams) error {
	ctx, c := o.b.call(ctx, "delete")
	err := o.next.DeleteObject(ctx, p)
	c.End(err)
	return err
}

func (o observedGCS) DeleteObjectsWithFilter(ctx context.Context, p gcsstore.GCSFilterParams) error {
	ctx, c := o.b.call(ctx, "deleteMatching")
	err := o.next.DeleteObjectsWithFilter(ctx, p)
	c.End(err)
	return err
}

func (o observedGCS) WriteObject(ctx context.Context, p gcsstore.GCSObjectParams, r io.Reader) (int64, error) {
	ctx, c := o.b.call(ctx, "write")
	n, err := o.next.WriteObject(ctx, p, r)
	c.End(err)
	return n, err
}

func (o observedGCS) ComposeObjects(ctx context.Context, p gcsstore.GCSComposeParams) error {
	ctx, c := o.b.call(ctx, "compose")
	err := o.next.ComposeObjects(ctx, p)
	c.End(err)
	return err
}

func (o observedGCS) FilterObjects(ctx context.Context, p gcsstore.GCSFilterParams) ([]string, error) {
	ctx, c := o.b.call(ctx, "list")
	names, err := o.next.FilterObjects(ctx, p)
	c.End(err)
	return names, err
}
