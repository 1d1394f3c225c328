import { test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

type AxeWindow = { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };

/** The serious and critical axe violations of the page as it is now; every spec checks with this one. */
export async function seriousAxeViolations(page: Page) {
  // Next streams a dynamic page's metadata after its body, so right after a reload the <title> can
  // still be on its way; give it a moment (a page that never gets one still fails below).
  await page.waitForFunction(() => document.title !== '', null, { timeout: 5000 }).catch(() => undefined);
  // A block that fades up on scroll (components/motion/Reveal) waits invisible for its observer,
  // which starts 400 ms after the page arrives; a test that scrolls to it and acts at once can get
  // here before its fade has even begun, so no animation is running yet to wait for. A person sees
  // it once it is shown: wait for every waiting block on screen to start (at most two seconds).
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-reveal="waiting"]')].every((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom <= 0 || box.top >= window.innerHeight;
        }),
      null,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  // A status message waits 200 ms before it fades in (spec 1 §9); one pushed just now would start
  // its fade while axe reads the page. Wait for it to be on screen (at most two seconds).
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="status-messages"][data-waiting]'), null, {
      timeout: 2000,
    })
    .catch(() => undefined);
  // Judge the page as a person sees it once it settles: a dialog that is still fading in has its
  // text at part opacity, which axe would report as low contrast. Endless animations (spinners)
  // are left running; a paused animation never finishes: two seconds is the most this waits.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() =>
    (window as unknown as AxeWindow).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Declares body's tests once at each screen size the layout is checked at, in a describe named
 * `${title} (desktop)` or `${title} (phone)` that uses that viewport; body is told which.
 */
export function atEachViewport(
  title: string,
  body: (at: { name: 'desktop' | 'phone'; viewport: { width: number; height: number } }) => void,
) {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test.describe(`${title} (${name})`, () => {
      test.use({ viewport });
      body({ name, viewport });
    });
  }
}
