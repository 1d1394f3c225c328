// The W3C trace context of a server-side call to the BFF (issue 40): the `traceparent` (and any
// `tracestate`) of the span Next is in when it makes the call, so the BFF's span for the request
// is a child of Next's render and one trace holds the page view from Next to every upstream.
// Without OpenTelemetry registered (lib/telemetry.ts: OTEL_EXPORTER_OTLP_ENDPOINT unset) no
// propagator is set and the headers are empty. Next leaves these two headers out of its data
// cache's keys, so a read kept there is found whatever trace asks for it.
//
// Server code only, like signing.ts (the proxy reaches it through lib/missingPage.ts); the browser
// bundle never imports it.
import {
  context,
  createTraceState,
  isSpanContextValid,
  propagation,
  trace,
  TraceFlags,
  type Context,
  type TextMapPropagator,
} from '@opentelemetry/api';

/** The headers that carry the current span to the BFF; empty when nothing is traced. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

const TRACEPARENT = 'traceparent';
const TRACESTATE = 'tracestate';
/** version 00, a trace id, a parent (span) id and the flags, as the W3C Trace Context writes them. */
const TRACEPARENT_FORMAT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The W3C Trace Context propagator (https://www.w3.org/TR/trace-context/), version 00: what the
 * BFF's OpenTelemetry reads and writes. lib/telemetry.ts registers it; Next extracts the incoming
 * context with it and traceHeaders injects the outgoing one.
 */
export const w3cTraceContext: TextMapPropagator = {
  inject(ctx, carrier, setter) {
    const span = trace.getSpanContext(ctx);
    if (!span || !isSpanContextValid(span)) return;
    const flags = (span.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
    setter.set(carrier, TRACEPARENT, `00-${span.traceId}-${span.spanId}-${flags}`);
    const state = span.traceState?.serialize();
    if (state) setter.set(carrier, TRACESTATE, state);
  },
  extract(ctx: Context, carrier, getter) {
    const raw = getter.get(carrier, TRACEPARENT);
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    const match = value ? TRACEPARENT_FORMAT.exec(value) : null;
    if (!match) return ctx;
    const [, traceId, spanId, flags] = match;
    const state = getter.get(carrier, TRACESTATE);
    const spanContext = {
      traceId,
      spanId,
      traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED,
      isRemote: true,
      traceState: state ? createTraceState(Array.isArray(state) ? state.join(',') : state) : undefined,
    };
    if (!isSpanContextValid(spanContext)) return ctx;
    return trace.setSpanContext(ctx, spanContext);
  },
  fields: () => [TRACEPARENT, TRACESTATE],
};
