/**
 * Reports an error of a server render or route handler to the error-reporting endpoint (spec 1
 * §9; ERROR_REPORTING_URL), as the BFF does its own (bff/internal/errreport): a ReportedErrorEvent,
 * the shape Google Cloud Error Reporting's events:report takes. Called from instrumentation.ts's
 * onRequestError. It never throws and never holds the response for long: a report that cannot be
 * sent within its timeout is given up.
 */
export async function reportRequestError(
  endpoint: string | undefined,
  error: unknown,
  request: Readonly<{ path: string; method: string }>,
  context: Readonly<{ routePath: string; routeType: string }>,
  send: typeof fetch = fetch,
): Promise<void> {
  if (!endpoint) return;
  const event = {
    eventTime: new Date().toISOString(),
    serviceContext: { service: 'portal-frontend' },
    // The stack (which Error Reporting groups by) or, failing one, the message; the digest is what
    // the member's error page shows, so a report can be found from a member's screenshot.
    message: redact(describe(error)),
    context: {
      // The path without its query: a query may hold what a member typed (a search, an email).
      httpRequest: { method: request.method, url: request.path.split('?')[0] },
      reportLocation: { filePath: context.routePath, lineNumber: 0, functionName: `${context.routeType} ${context.routePath}` },
    },
  };
  try {
    await send(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // The endpoint down or slow costs the report, never the page.
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const digest = (error as Error & { digest?: string }).digest;
    return (error.stack ?? `${error.name}: ${error.message}`) + (digest ? `\ndigest: ${digest}` : '');
  }
  return String(error);
}

const EMAIL_LIKE = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g;

/** Takes email addresses out of a report's text, as the BFF's errreport.Redact does. */
export function redact(text: string): string {
  return text.replace(EMAIL_LIKE, '[email]');
}
