// The browser's side of error reporting (spec 1 §9; issue 40): an error boundary (app's error.tsx,
// global-error.tsx) hands what it caught here, and it goes to this site's POST /api/errors, which
// forwards it to the error-reporting endpoint (ERROR_REPORTING_URL, lib/errorReport.ts). Only
// errors of the browser's own: one with a digest came from the server, whose onRequestError
// (instrumentation.ts) has reported it already, with more than the browser is told. Imported by
// the boundary when it catches something, so no page loads it before.
import { reportablePath, MAX_BROWSER_MESSAGE, type BrowserErrorReport } from './errorReport';

/** Where the browser sends its reports: a route of this site's (app/api/errors), so the CSP's 'self'. */
export const ERRORS_ROUTE = '/api/errors';

/** Sends the error to ERRORS_ROUTE; resolves whether or not it arrived. */
export async function reportCaughtError(error: unknown, pathname: string = location.pathname, send: typeof fetch = fetch): Promise<void> {
  if (typeof error === 'object' && error !== null && 'digest' in error && (error as { digest?: unknown }).digest) return;
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const report: BrowserErrorReport = { message: text.slice(0, MAX_BROWSER_MESSAGE), path: reportablePath(pathname) };
  try {
    // keepalive: the member may leave the error page at once (Take me home).
    await send(ERRORS_ROUTE, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report), keepalive: true });
  } catch {
    // No connection: the report is lost, never the page.
  }
}
