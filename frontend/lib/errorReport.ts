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

/** What the browser's error boundary sends to POST /api/errors (lib/browserErrorReport.ts). */
export interface BrowserErrorReport {
  /** The error's stack, or its name and message: at most MAX_BROWSER_MESSAGE characters. */
  message: string;
  /** The page, without its query, a member's uid taken out (reportablePath). */
  path: string;
}

/** The longest message taken from a browser; a stack is rarely a tenth of it. */
export const MAX_BROWSER_MESSAGE = 4000;
const MAX_BROWSER_PATH = 512;

/**
 * The page to name in a report: the path without its query or fragment (a query may hold what a
 * member typed), and the account's uid segment as `[uid]`, so a report names a page, not a member.
 */
export function reportablePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || '/';
  return path.replace(/^\/account\/(?!favorites(?:\/|$))[^/]+/, '/account/[uid]').slice(0, MAX_BROWSER_PATH);
}

/** A browser's report as sent, or undefined for anything else. */
export function readBrowserReport(body: unknown): BrowserErrorReport | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, path } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof path !== 'string' || !message.trim() || !path.startsWith('/')) return undefined;
  return { message: message.slice(0, MAX_BROWSER_MESSAGE), path: reportablePath(path) };
}

/**
 * Reports an error a browser's error boundary caught, as reportRequestError does a server's: the
 * message (emails taken out) and the page, `browser` for where. Never throws.
 */
export async function reportBrowserError(endpoint: string | undefined, report: BrowserErrorReport, send: typeof fetch = fetch): Promise<void> {
  const error = Object.assign(new Error(), { stack: report.message });
  await reportRequestError(endpoint, error, { path: report.path, method: 'GET' }, { routePath: report.path, routeType: 'browser' }, send);
}
