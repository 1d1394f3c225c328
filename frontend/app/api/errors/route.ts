import { config } from '@/lib/config';
import { readBrowserReport, reportBrowserError } from '@/lib/errorReport';

// The browser's error reports (lib/browserErrorReport.ts), forwarded to the error-reporting
// endpoint (ERROR_REPORTING_URL). Open to any page of this site and nothing else: a request from
// another site is refused, one client address sends at most REPORTS_PER_MINUTE a minute (a page
// that fails in a loop, or a script, must not flood the endpoint), and the body is small.

const REPORTS_PER_MINUTE = 10;
const MAX_BODY = 8 << 10;
/** How many addresses the counts remember; past it they start over (a flood of addresses). */
const MAX_CLIENTS = 10_000;

let minute = { startedAt: 0, counts: new Map<string, number>() };

/** Counts a report of the client's; false once it is over the limit this minute. */
function allow(client: string, now = Date.now()): boolean {
  if (now - minute.startedAt >= 60_000 || minute.counts.size >= MAX_CLIENTS) minute = { startedAt: now, counts: new Map() };
  const n = (minute.counts.get(client) ?? 0) + 1;
  minute.counts.set(client, n);
  return n <= REPORTS_PER_MINUTE;
}

function answer(status: number): Response {
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function POST(request: Request): Promise<Response> {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return answer(403);
  // The edge names the client (x-nf-client-connection-ip); without it, all count as one.
  if (!allow(request.headers.get('x-nf-client-connection-ip') ?? 'unknown')) return answer(429);
  const text = await request.text();
  if (text.length > MAX_BODY) return answer(413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400);
  }
  const report = readBrowserReport(body);
  if (!report) return answer(400);
  await reportBrowserError(config.errorReportingUrl, report);
  return answer(204);
}
