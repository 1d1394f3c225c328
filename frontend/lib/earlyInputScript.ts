// What a person does before the page has hydrated, held for React (lib/earlyInput.ts replays it).
//
// Pages arrive as HTML well before their JavaScript, the more so from the page cache. Until React
// has hydrated, a form has no submit handler and a button no click handler: a press on 'Search
// prices' would submit the form natively (a reload that loses what was typed) and a press on a
// video's play button would do nothing. This script runs first thing in <head> and, until React
// listens on the document, holds each submit of a form without an action (every form React
// drives) and each press of a button that is not its form's submitter (that press arrives as the
// submit); until the replay runs it notes each field that was edited. Links, and forms with an
// action, work without JavaScript and are left alone. It is inline so it runs before any of the
// body can be used; the Content-Security-Policy allows it by its hash (lib/securityHeaders.ts), as
// it is the same on every page.
//
// The protocol with the replay is window.__earlyInput: { held: [{ type, target, submitter, value,
// checked }], live }. A field's value is taken when it is edited: by the time the replay runs,
// React may have rendered its state (the server's value) over it. Kept in ES5 with no
// dependencies: it runs before anything else is loaded. If the app never hydrates (its scripts
// fail), held forms stay unsent rather than reload the page and lose what was typed.
import { createHash } from 'node:crypto';

export const EARLY_INPUT_SCRIPT = `(function () {
  var early = (window.__earlyInput = { held: [], live: false });
  var react = false;
  // Whether React listens on the document yet (it marks the root it listens on): from then on it
  // hydrates a part at the first press in it and runs its handler, so a press held here too would
  // run twice. Edits are still noted: React misses those made just before a part hydrates.
  function reactListens() {
    return react || (react = Object.keys(document).some(function (key) {
      return key.indexOf('_reactListening') === 0;
    }));
  }
  function hold(type, target, submitter) {
    early.held.push({ type: type, target: target, submitter: submitter || null, value: target.value, checked: target.checked });
  }
  function edited(event) {
    if (!early.live) hold('field', event.target);
  }
  document.addEventListener('input', edited, true);
  document.addEventListener('change', edited, true);
  document.addEventListener('click', function (event) {
    if (early.live || reactListens() || !(event.target instanceof Element)) return;
    var button = event.target.closest('button');
    if (!button || button.disabled || (button.form && button.type !== 'button')) return;
    event.preventDefault();
    hold('click', button);
  }, true);
  document.addEventListener('submit', function (event) {
    if (early.live || reactListens() || event.target.hasAttribute('action')) return;
    event.preventDefault();
    hold('submit', event.target, event.submitter);
  }, true);
})();`;

/** The script's CSP hash source: the same text on every page, cached or not, so no nonce. */
export const EARLY_INPUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;
