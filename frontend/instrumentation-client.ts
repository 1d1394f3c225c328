// Runs in the browser before the app hydrates (Next's instrumentation-client). It only schedules:
// the Web Vitals reporter (lib/webVitals.ts, with the web-vitals package) is imported once the
// page has loaded and the browser is idle, so it adds nothing to the JavaScript a page starts with
// nor to its first paint and input.
function startWhenIdle() {
  const start = () => void import('./lib/webVitals').then((vitals) => vitals.startWebVitals()).catch(() => {});
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}

if (document.readyState === 'complete') startWhenIdle();
else addEventListener('load', startWhenIdle, { once: true });
