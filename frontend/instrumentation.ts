import type { Instrumentation } from 'next';

// Runs once when a Next.js server starts, before it answers a request.
export async function register() {
  // Only the Node.js server writes to sockets (the edge runtime has no node:http). This form of the
  // check is the one Next's compiler drops, imports and all, from the edge build.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [http, { sendLargeStringsAsBytes }] = await Promise.all([
      import('node:http'),
      import('./lib/responseBytes'),
    ]);
    sendLargeStringsAsBytes(http);
  }
  await registerTracing();
}

/**
 * Next's traces, exported when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/telemetry.ts); nothing is
 * loaded otherwise. Only the Node.js server: the edge runtime has no async hooks to carry a span.
 */
async function registerTracing() {
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
