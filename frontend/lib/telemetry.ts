// Next's traces (issue 40): with OTEL_EXPORTER_OTLP_ENDPOINT set, an OpenTelemetry tracer provider
// is registered when the server starts (instrumentation.ts's register), and Next 16 makes its own
// spans on it (the request, the render, each fetch); every call to the BFF carries the current
// span in `traceparent` (lib/bff/traceContext.ts), so the BFF's spans join the same trace. Spans
// leave in batches over OTLP/HTTP (JSON) to {endpoint}/v1/traces, the variable's standard meaning
// (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and the other OTEL_* settings of the exporter apply too).
//
// Unset, nothing of the SDK is even loaded: the imports are inside the branch, and with no
// provider the API Next calls is a no-op.

/** What startTracing registered, for a caller that must flush it (tests; a shutdown). */
export interface Tracing {
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The service name spans are under, unless OTEL_SERVICE_NAME says another. */
export const SERVICE_NAME = 'portal-frontend';

/**
 * Registers the tracer provider, the async-hooks context manager and the W3C propagator when
 * the environment names an OTLP endpoint; answers undefined and loads nothing otherwise.
 */
export async function startTracing(env: Record<string, string | undefined> = process.env): Promise<Tracing | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) return undefined;
  const [api, { TracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, { resourceFromAttributes }, { OTLPTraceExporter }, { w3cTraceContext }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('./bff/traceContext'),
    ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || SERVICE_NAME }),
    // The exporter reads the endpoint (and its headers, timeout) from the OTEL_* variables itself.
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(w3cTraceContext);
  api.trace.setGlobalTracerProvider(provider);
  return provider;
}
