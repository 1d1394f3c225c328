package telemetry

import (
	"context"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/metrics"
)

// GRPC is a gRPC client stats handler that makes every RPC an upstream call of upstream: a
// client span and the latency metric, the operation being the RPC's method ("Commit",
// "RunQuery"), a name from the service's definition. A streaming RPC ends with its stream.
// Give it to the client with grpc.WithStatsHandler, in place of the Google libraries' own
// OpenTelemetry handler (option.WithTelemetryDisabled), which would make a second span per RPC.
func GRPC(m *metrics.Metrics, upstream string) stats.Handler {
	return grpcHandler{m: m, upstream: upstream}
}

type grpcHandler struct {
	m        *metrics.Metrics
	upstream string
}

type grpcCallKey struct{}

func (h grpcHandler) TagRPC(ctx context.Context, info *stats.RPCTagInfo) context.Context {
	method := info.FullMethodName
	if i := strings.LastIndexByte(method, '/'); i >= 0 {
		method = method[i+1:]
	}
	ctx, call := StartCall(ctx, h.m, h.upstream, method)
	return context.WithValue(ctx, grpcCallKey{}, call)
}

func (h grpcHandler) HandleRPC(ctx context.Context, s stats.RPCStats) {
	end, ok := s.(*stats.End)
	if !ok {
		return
	}
	if call, ok := ctx.Value(grpcCallKey{}).(*Call); ok {
		call.EndOutcome(grpcOutcome(end.Error), end.Error)
	}
}

func (grpcHandler) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context { return ctx }
func (grpcHandler) HandleConn(context.Context, stats.ConnStats)                       {}

// grpcOutcome is an RPC's outcome in the labels every upstream shares (apperr's codes).
func grpcOutcome(err error) string {
	switch status.Code(err) {
	case codes.OK:
		return "ok"
	case codes.NotFound:
		return "not_found"
	case codes.AlreadyExists, codes.FailedPrecondition, codes.Aborted:
		return "conflict"
	case codes.InvalidArgument, codes.OutOfRange:
		return "invalid"
	case codes.PermissionDenied, codes.Unauthenticated:
		return "forbidden"
	case codes.ResourceExhausted:
		return "rate_limited"
	case codes.Canceled:
		return "cancelled" // the caller left: not the upstream failing
	default:
		return "unavailable"
	}
}
