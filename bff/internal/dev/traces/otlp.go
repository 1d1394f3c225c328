package traces

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	"google.golang.org/protobuf/proto"
)

var kinds = map[int]string{1: "internal", 2: "server", 3: "client", 4: "producer", 5: "consumer"}
var statuses = map[int]string{0: "unset", 1: "ok", 2: "error"}

// decodeProto reads an ExportTraceServiceRequest in protobuf, what the Go SDK's otlptracehttp
// sends.
func decodeProto(body []byte) ([]Span, error) {
	var req coltracepb.ExportTraceServiceRequest
	if err := proto.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	var out []Span
	for _, rs := range req.GetResourceSpans() {
		service := ""
		for _, a := range rs.GetResource().GetAttributes() {
			if a.GetKey() == "service.name" {
				service = protoValue(a.GetValue())
			}
		}
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				sp := Span{
					TraceID:       hex.EncodeToString(s.GetTraceId()),
					SpanID:        hex.EncodeToString(s.GetSpanId()),
					ParentSpanID:  hex.EncodeToString(s.GetParentSpanId()),
					Name:          s.GetName(),
					Kind:          kinds[int(s.GetKind())],
					Service:       service,
					Start:         int64(s.GetStartTimeUnixNano()), //nolint:gosec // nanoseconds since 1970 fit until 2262
					End:           int64(s.GetEndTimeUnixNano()),   //nolint:gosec // likewise
					Status:        statuses[int(s.GetStatus().GetCode())],
					StatusMessage: s.GetStatus().GetMessage(),
					Attributes:    map[string]string{},
				}
				for _, a := range s.GetAttributes() {
					sp.Attributes[a.GetKey()] = protoValue(a.GetValue())
				}
				out = append(out, finish(sp))
			}
		}
	}
	return out, nil
}

func protoValue(v *commonpb.AnyValue) string {
	switch x := v.GetValue().(type) {
	case *commonpb.AnyValue_StringValue:
		return x.StringValue
	case *commonpb.AnyValue_IntValue:
		return strconv.FormatInt(x.IntValue, 10)
	case *commonpb.AnyValue_BoolValue:
		return strconv.FormatBool(x.BoolValue)
	case *commonpb.AnyValue_DoubleValue:
		return strconv.FormatFloat(x.DoubleValue, 'g', -1, 64)
	case *commonpb.AnyValue_ArrayValue:
		parts := make([]string, len(x.ArrayValue.GetValues()))
		for i, e := range x.ArrayValue.GetValues() {
			parts[i] = protoValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return ""
}

// The OTLP/JSON encoding, what the JavaScript exporter sends: protobuf's JSON mapping except that
// trace and span ids are hex, not base64, and enums are numbers. 64-bit integers may come as
// strings or numbers.
type jsonRequest struct {
	ResourceSpans []struct {
		Resource struct {
			Attributes []jsonAttr `json:"attributes"`
		} `json:"resource"`
		ScopeSpans []struct {
			Spans []struct {
				TraceID      string      `json:"traceId"`
				SpanID       string      `json:"spanId"`
				ParentSpanID string      `json:"parentSpanId"`
				Name         string      `json:"name"`
				Kind         int         `json:"kind"`
				Start        json.Number `json:"startTimeUnixNano"`
				End          json.Number `json:"endTimeUnixNano"`
				Attributes   []jsonAttr  `json:"attributes"`
				Status       struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"status"`
			} `json:"spans"`
		} `json:"scopeSpans"`
	} `json:"resourceSpans"`
}

type jsonAttr struct {
	Key   string    `json:"key"`
	Value jsonValue `json:"value"`
}

type jsonValue struct {
	StringValue *string      `json:"stringValue"`
	IntValue    *json.Number `json:"intValue"`
	BoolValue   *bool        `json:"boolValue"`
	DoubleValue *json.Number `json:"doubleValue"`
	ArrayValue  *struct {
		Values []jsonValue `json:"values"`
	} `json:"arrayValue"`
}

func (v jsonValue) String() string {
	switch {
	case v.StringValue != nil:
		return *v.StringValue
	case v.IntValue != nil:
		return v.IntValue.String()
	case v.BoolValue != nil:
		return strconv.FormatBool(*v.BoolValue)
	case v.DoubleValue != nil:
		return v.DoubleValue.String()
	case v.ArrayValue != nil:
		parts := make([]string, len(v.ArrayValue.Values))
		for i, e := range v.ArrayValue.Values {
			parts[i] = e.String()
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return ""
}

// unquotedNumber accepts a JSON number or a string holding one.
func unquotedNumber(n json.Number) (int64, error) {
	return strconv.ParseInt(strings.Trim(string(n), `"`), 10, 64)
}

// decodeJSON reads an ExportTraceServiceRequest in OTLP/JSON.
func decodeJSON(body []byte) ([]Span, error) {
	var req jsonRequest
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	if err := dec.Decode(&req); err != nil {
		return nil, err
	}
	var out []Span
	for _, rs := range req.ResourceSpans {
		service := ""
		for _, a := range rs.Resource.Attributes {
			if a.Key == "service.name" {
				service = a.Value.String()
			}
		}
		for _, ss := range rs.ScopeSpans {
			for _, s := range ss.Spans {
				start, err := unquotedNumber(s.Start)
				if err != nil {
					return nil, fmt.Errorf("span %s: startTimeUnixNano: %w", s.SpanID, err)
				}
				end, err := unquotedNumber(s.End)
				if err != nil {
					return nil, fmt.Errorf("span %s: endTimeUnixNano: %w", s.SpanID, err)
				}
				sp := Span{
					TraceID: strings.ToLower(s.TraceID), SpanID: strings.ToLower(s.SpanID), ParentSpanID: strings.ToLower(s.ParentSpanID),
					Name: s.Name, Kind: kinds[s.Kind], Service: service, Start: start, End: end,
					Status: statuses[s.Status.Code], StatusMessage: s.Status.Message, Attributes: map[string]string{},
				}
				for _, a := range s.Attributes {
					sp.Attributes[a.Key] = a.Value.String()
				}
				out = append(out, finish(sp))
			}
		}
	}
	return out, nil
}

// finish fills what is derived: the duration, and no parent for a root (an all-zero id).
func finish(sp Span) Span {
	if strings.Trim(sp.ParentSpanID, "0") == "" {
		sp.ParentSpanID = ""
	}
	if sp.Status == "" {
		sp.Status = "unset"
	}
	sp.DurationMs = float64(sp.End-sp.Start) / 1e6
	return sp
}
