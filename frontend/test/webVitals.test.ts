import { describe, expect, it, vi } from 'vitest';
import { sendVitals } from '@/lib/bff/browser';
import { ROUTE_KINDS, routeKind } from '@/lib/routeKind';
import { reportWebVitals, type VitalsBrowser } from '@/lib/webVitals';
import type { WebVitalsReport } from '@/lib/bff/types';

describe('routeKind (issue 40: Web Vitals per route kind, never the path)', () => {
  it.each([
    ['/', 'home'],
    ['', 'home'],
    ['/benefits/wireless/att-discount', 'benefit'],
    ['/blog/money-tips/5512', 'blog'],
    ['/blog/all-tips-updates', 'blog'],
    ['/store', 'store'],
    ['/store/checkout', 'checkout'],
    ['/account/4fJr9Qx2/profile', 'account'],
    ['/account/favorites', 'account'],
    ['/form/hospital-grant', 'form'],
    ['/job-loss-grant', 'form'],
    ['/search?q=maria.lopez@example.com', 'search'],
    ['/login/partner/test-partner', 'login'],
    ['/reset', 'login'],
    ['/livestream/member-town-hall', 'livestream'],
    ['/union-member-benefits', 'union'],
    ['/wireless', 'page'],
    ['/about-us', 'page'],
    ['/anything/a-visitor/typed', 'page'],
  ])('%s is %s', (path, kind) => {
    expect(routeKind(path)).toBe(kind);
  });

  it('is one of the fixed kinds the BFF takes, whatever the path', () => {
    for (const path of ['/%00', '/../../etc', '/x'.repeat(500), '/Benefits/Wireless']) {
      expect(ROUTE_KINDS).toContain(routeKind(path));
    }
  });
});

/** A browser whose metrics and hiding the test drives, and the reports it sent. */
function fakeBrowser() {
  let report: Parameters<VitalsBrowser['observe']>[0] = () => {};
  let hide = () => {};
  const sent: WebVitalsReport[] = [];
  const browser: VitalsBrowser = {
    observe: (r) => (report = r),
    onHidden: (flush) => (hide = flush),
    send: (r) => sent.push(r),
  };
  return { browser, sent, measure: (name: string, value: number, rating = 'good' as const) => report({ name: name as 'LCP', value, rating }), hide: () => hide() };
}

describe('reportWebVitals', () => {
  it('sends the last value of each metric in one report when the page is hidden, under the route kind', () => {
    const b = fakeBrowser();
    reportWebVitals('/benefits/wireless', b.browser);
    b.measure('TTFB', 81.234);
    b.measure('LCP', 1200.06);
    b.measure('CLS', 0.012345);
    b.measure('CLS', 0.31, 'poor' as never);
    expect(b.sent).toEqual([]);
    b.hide();
    expect(b.sent).toEqual([
      {
        route: 'benefit',
        metrics: [
          { name: 'TTFB', value: 81.2, rating: 'good' },
          { name: 'LCP', value: 1200.1, rating: 'good' },
          { name: 'CLS', value: 0.31, rating: 'poor' },
        ],
      },
    ]);
  });

  it('sends nothing when nothing was measured, and only what changed after the page was shown again', () => {
    const b = fakeBrowser();
    reportWebVitals('/', b.browser);
    b.hide();
    expect(b.sent).toEqual([]);
    b.measure('LCP', 900);
    b.hide();
    b.hide();
    b.measure('INP', 240, 'needs-improvement' as never);
    b.hide();
    expect(b.sent).toEqual([
      { route: 'home', metrics: [{ name: 'LCP', value: 900, rating: 'good' }] },
      { route: 'home', metrics: [{ name: 'INP', value: 240, rating: 'needs-improvement' }] },
    ]);
  });

  it('leaves out metrics the BFF does not take, and values that are no number', () => {
    const b = fakeBrowser();
    reportWebVitals('/search?q=pat@example.org', b.browser);
    b.measure('FCP', 500);
    b.measure('LCP', Number.NaN);
    b.measure('TTFB', Number.POSITIVE_INFINITY);
    b.hide();
    expect(b.sent).toEqual([]);
    b.measure('TTFB', 20);
    b.hide();
    expect(JSON.stringify(b.sent)).not.toContain('pat@');
    expect(b.sent[0].route).toBe('search');
  });

  it('goes as a beacon to the BFF through this site, the JSON as a string (text/plain, no preflight)', () => {
    const beacon = vi.fn(() => true);
    const report: WebVitalsReport = { route: 'home', metrics: [{ name: 'LCP', value: 900, rating: 'good' }] };
    expect(sendVitals(report, beacon)).toBe(true);
    expect(beacon).toHaveBeenCalledWith('/api/v1/vitals', JSON.stringify(report));
  });
});
