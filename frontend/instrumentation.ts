import type { Instrumentation } from 'next';

/**
 * Runs once when a Next.js server starts, before it answers a request: Next's traces, exported
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/telemetry.ts); nothing is loaded otherwise. Only
 * the Node.js server: the edge runtime has no async hooks to carry a span. (This form of the
 * runtime check is the one Next's compiler drops, imports and all, from the edge build.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
      const { startTracing } = await import('./lib/telemetry');
      await startTracing();
    }
  }
}

/**
 * Every error of a server render, route handler, server action or the proxy goes to the
 * error-reporting endpoint (ERROR_REPORTING_URL, lib/errorReport.ts); unset, nothing is sent.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const [{ config }, { reportRequestError }] = await Promise.all([import('./lib/config'), import('./lib/errorReport')]);
  await reportRequestError(config.errorReportingUrl, error, request, context);
};
