// Real-user Web Vitals (issue 40): LCP, INP, CLS and TTFB as this browser measured them on this
// page view, sent to the BFF (POST /api/v1/vitals, through the edge like every /api/v1 call),
// which turns them into Prometheus histograms. Loaded by instrumentation-client.ts once the page
// has loaded and the browser is idle, so none of it is in the JavaScript a page starts with; the
// web-vitals observers read the entries the browser buffered meanwhile.
//
// One report per page view, when the page is hidden (the member leaves, switches tab or closes
// it): web-vitals gives LCP, INP and CLS their final values then, and navigator.sendBeacon
// delivers a request the page no longer waits on. A page shown again from the back/forward cache
// and hidden again sends what changed since. Nothing personal goes: the route kind (lib/routeKind.ts),
// never the path, and no id of the visitor.
import type { Metric } from 'web-vitals';
import { sendVitals } from './bff/browser';
import type { WebVital, WebVitalsReport } from './bff/types';
import { routeKind } from './routeKind';

/** What the reporter needs of the browser; tests give stand-ins. */
export interface VitalsBrowser {
  /** Calls report with each metric web-vitals measures (onLCP, onINP, onCLS, onTTFB). */
  observe(report: (metric: Pick<Metric, 'name' | 'value' | 'rating'>) => void): void;
  /** Calls flush whenever the page is hidden. */
  onHidden(flush: () => void): void;
  /** Sends a report (sendVitals, a beacon). */
  send(report: WebVitalsReport): void;
}

const NAMES: readonly string[] = ['LCP', 'INP', 'CLS', 'TTFB'] satisfies WebVital['name'][];

/**
 * Reports the page's Web Vitals under the route kind of `pathname`: each metric as measured last,
 * all in one report each time the page is hidden, and nothing when none was measured since.
 */
export function reportWebVitals(pathname: string, browser: VitalsBrowser): void {
  const route = routeKind(pathname);
  const pending = new Map<string, WebVital>();
  browser.observe(({ name, value, rating }) => {
    if (!NAMES.includes(name) || !Number.isFinite(value)) return;
    // Milliseconds to a tenth, a layout shift score to four places: finer says nothing more.
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value * 10) / 10;
    pending.set(name, { name: name as WebVital['name'], value: rounded, rating });
  });
  browser.onHidden(() => {
    if (pending.size === 0) return;
    const metrics = [...pending.values()];
    pending.clear();
    browser.send({ route, metrics });
  });
}

/** Starts the reporter in this browser (instrumentation-client.ts calls it after load). */
export async function startWebVitals(): Promise<void> {
  if (typeof navigator.sendBeacon !== 'function') return;
  const { onCLS, onINP, onLCP, onTTFB } = await import('web-vitals');
  reportWebVitals(location.pathname, {
    observe(report) {
      for (const on of [onLCP, onINP, onCLS, onTTFB]) on(report);
    },
    onHidden(flush) {
      // On the document, not captured: web-vitals gives its final values from listeners captured on
      // the window, which run first, so this one sends them all in one beacon. visibilitychange
      // alone, as web-vitals itself: every browser fires it on leaving, closing or switching tab,
      // and Chromium fires pagehide before it, before web-vitals has given INP and CLS.
      document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    },
    send: (report) => void sendVitals(report),
  });
}
