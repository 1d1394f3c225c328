import type { Instrumentation } from 'next';

/**
 * Every error of a server render, route handler, server action or the proxy goes to the
 * error-reporting endpoint (ERROR_REPORTING_URL, lib/errorReport.ts); unset, nothing is sent.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const [{ config }, { reportRequestError }] = await Promise.all([import('./lib/config'), import('./lib/errorReport')]);
  await reportRequestError(config.errorReportingUrl, error, request, context);
};
