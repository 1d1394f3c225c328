// Issue 40, "Must show": one anonymous page view makes one trace from Next's render through the
// BFF to the CMS, whose id is on the BFF's log line; and a Web Vitals report from Chromium lands
// in its histogram on the BFF's admin /metrics.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** The BFF's admin listener; with replicas, the first one's, the others on the ports after it (devstack). */
const ADMIN_URL = process.env.BFF_ADMIN_URL ?? 'http://127.0.0.1:9090';

/** Every replica's admin listener that answers: 9090, then 9091, ... until one does not. */
async function adminUrls(): Promise<string[]> {
  const first = new URL(ADMIN_URL);
  const urls: string[] = [];
  for (let i = 0; i < 8; i++) {
    const url = `${first.protocol}//${first.hostname}:${Number(first.port) + i}`;
    try {
      if (!(await fetch(`${url}/healthz`)).ok) break;
    } catch {
      break;
    }
    urls.push(url);
  }
  return urls;
}

/** The sum, over every replica, of the samples of a metric whose labels hold all of `labels`. */
async function metricSum(name: string, labels: Record<string, string>): Promise<number> {
  let sum = 0;
  for (const url of await adminUrls()) {
    const text = await (await fetch(`${url}/metrics`)).text();
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`)) continue;
      const [series, value] = line.split(/ (?=[^ ]+$)/);
      if (Object.entries(labels).every(([k, v]) => series.includes(`${k}="${v}"`))) sum += Number(value);
    }
  }
  return sum;
}

test.describe('real-user Web Vitals', () => {
  test("a page view's LCP, CLS and TTFB land in the BFF's histograms under the page's route kind", async ({ page }) => {
    const counts = () =>
      Promise.all([
        metricSum('web_vitals_seconds_count', { metric: 'LCP', route: 'benefit' }),
        metricSum('web_vitals_seconds_count', { metric: 'TTFB', route: 'benefit' }),
        metricSum('web_vitals_cls_count', { route: 'benefit' }),
      ]);
    const before = await counts();

    // The beacon leaves as the page goes, where no listener of the test's sees it: the page keeps
    // what it sent in its storage, which the next page of the site reads.
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, body) => {
        const sent = JSON.parse(localStorage.getItem('test-beacons') ?? '[]');
        localStorage.setItem('test-beacons', JSON.stringify([...sent, { url: String(url), body }]));
        return send(url, body);
      };
    });
    const beacons = async () => JSON.parse((await page.evaluate(() => localStorage.getItem('test-beacons'))) ?? '[]') as { url: string; body: string }[];
    await page.goto('/benefits/wireless');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The reporter loads after the page has loaded, when the browser is idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300))));
    await page.waitForLoadState('networkidle');
    expect(await beacons()).toEqual([]); // nothing is sent while the page is in view
    // An input ends LCP; leaving hides the page, and the beacon goes.
    await page.mouse.click(5, 300);
    await page.goto('/');

    const sent = await beacons();
    expect(sent).toHaveLength(1); // one report for the page view, all its metrics in it
    expect(new URL(sent[0].url, page.url()).pathname).toBe('/api/v1/vitals');
    const report = JSON.parse(sent[0].body);
    expect(report.route).toBe('benefit');
    // INP too when the click counted as an interaction.
    const names: string[] = report.metrics.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['CLS', 'LCP', 'TTFB']));
    expect(names.every((n) => ['CLS', 'INP', 'LCP', 'TTFB'].includes(n))).toBe(true);
    expect(sent[0].body).not.toContain('/benefits');
    // At least ours: a page another test left may report under the same kind meanwhile.
    await expect.poll(async () => (await counts()).every((n, i) => n >= before[i] + 1)).toBe(true);
  });
});

// --- traces -------------------------------------------------------------------------------------
//
// The stack's trace viewer (bff/cmd/traces, which the stack starts and points both tiers at)
// answers GET {TRACES_URL}/api/traces/{traceId} with the spans it received for the trace, Next's
// (OTLP/HTTP JSON) and the BFF's alike:
//   { spans: [{ name, service, traceId, spanId, parentSpanId, attributes }] }

interface Span {
  name: string;
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes?: Record<string, unknown>;
}

const VIEWER_URL = process.env.TRACES_URL ?? 'http://127.0.0.1:4318';

async function traceSpans(traceId: string): Promise<Span[]> {
  const res = await fetch(`${VIEWER_URL}/api/traces/${traceId}`);
  if (!res.ok) return [];
  return ((await res.json()) as { spans?: Span[] }).spans ?? [];
}

/** The BFF's log lines (every replica's), as the stack wrote them. */
function bffLogLines(): string[] {
  const dir = path.resolve(__dirname, '../../.run/logs');
  return readdirSync(dir)
    .filter((f) => /^bff\d*\.log$/.test(f))
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n'));
}

test.describe('one trace per page view', () => {
  test('holds the Next render, the BFF request and its CMS call, and the BFF logs the trace id', async ({ request }) => {
    // A search no one has made: nothing in any cache, so the render asks the BFF and the BFF the CMS.
    const term = `trace${randomBytes(4).toString('hex')}`;
    // The page view continues a trace of ours, so the test knows its id (the edge passes
    // traceparent on, as Netlify's CDN does).
    const traceId = randomBytes(16).toString('hex');
    const res = await request.get(`/search?q=${term}`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    expect(res.status()).toBe(200);

    // Each tier's spans are under its service name (lib/telemetry.ts, bff/internal/telemetry).
    const isBff = (s: Span) => s.service === 'portal-bff';
    const isNext = (s: Span | undefined) => s?.service === 'portal-frontend';
    const isCms = (s: Span) => isBff(s) && /cms/i.test(`${s.name} ${JSON.stringify(s.attributes ?? {})}`);
    let spans: Span[] = [];
    let byId = new Map<string, Span>();
    const ancestors = (s: Span): Span[] => {
      const parent = byId.get(s.parentSpanId ?? '');
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    // A CMS call under one of the BFF's requests, which is itself the child of one of Next's spans
    // (the traceparent of Next's call to the BFF). The render calls the BFF more than once (the
    // page, the chrome), and both tiers export in batches: wait for the whole chain.
    const cmsUnderNext = () =>
      spans.filter(isCms).some((cms) => ancestors(cms).some((a) => isBff(a) && isNext(byId.get(a.parentSpanId ?? ''))));
    await expect
      .poll(
        async () => {
          spans = await traceSpans(traceId);
          byId = new Map(spans.map((s) => [s.spanId, s]));
          return cmsUnderNext();
        },
        { timeout: 30_000, message: 'a CMS call under the BFF request under Next’s render' },
      )
      .toBe(true);

    expect(spans.every((s) => s.traceId === traceId)).toBe(true);
    expect(spans.filter(isNext).some((s) => /render|GET \/search/.test(s.name))).toBe(true);

    // The BFF's log line of the request names the trace (its path has no query to find it by).
    expect(bffLogLines().some((line) => line.includes(traceId) && line.includes('"message":"request"'))).toBe(true);
  });
});
