// What a person does to a part of the page React has not hydrated yet, held for React
// (lib/earlyInput.ts replays it).
//
// Pages arrive as HTML well before their JavaScript, the more so from the page cache, and React
// hydrates a page in parts (each Suspense boundary on its own). Until an element has hydrated, a
// form has no submit handler and a button no click handler: a press on 'Search prices' would
// submit the form natively (a reload that loses what was typed) and a press on a video's play
// button would do nothing. React hydrates a part at once for a press in it, but not for a submit,
// and it drops a press on a part whose code is still loading (React.lazy). This script runs first
// thing in <head> and holds, until React has hydrated the element, each submit of a form without
// an action (every form React drives) and each press of a button that is not its form's submitter
// (that press arrives as the submit), and notes each field that was edited. Links, and forms with
// an action, work without JavaScript and are left alone. It is inline so it runs before any of
// the body can be used; the Content-Security-Policy allows it by its hash
// (lib/securityHeaders.ts), as it is the same on every page.
//
// What it reads of React: the properties React gives each element it hydrates ('__reactProps$…'),
// and the comments that bracket a server-rendered Suspense part ('$' … '/$'). Until the page is
// live, everything is held, whatever those properties say: React sets them while it renders,
// before it commits, and the root's hydration waits, rendered but not committed, for the code of
// any rare part the page draws (components/blocks/lazy.tsx); a press there looks hydrated, finds
// no mounted handler, and React drops it. Once the page is live, only an element inside a part
// still waiting for hydration is held: a chat widget's buttons, added to the page by its own
// script, are never React's and go through.
//
// The protocol with the replay is window.__earlyInput: { held: [{ type, target, submitter, value,
// checked, at }], live, onHold }. A field's value is taken when it is edited: by the time the
// replay runs, React may have rendered its state (the server's value) over it. A held event stops
// here, so React never sees it as well (a press would run twice). Kept in ES5 with no
// dependencies: it runs before anything else is loaded. If the app never hydrates (its scripts
// fail), held forms stay unsent rather than reload the page and lose what was typed.
const EARLY_INPUT_SOURCE = `(function () {
  var early = (window.__earlyInput = { held: [], live: false, onHold: null });
  // Whether React has hydrated this node (or, with container, whether it is React's root).
  function hydrated(node, container) {
    return Object.keys(node).some(function (key) {
      return key.indexOf('__reactProps$') === 0 || (container && key.indexOf('__reactContainer$') === 0);
    });
  }
  // Whether React will hydrate this element: before the page is live, any element; after, one in
  // a server-rendered Suspense part whose opening comment comes before it, unclosed.
  function waitsForReact(element) {
    if (!early.live) return true;
    if (hydrated(element)) return false;
    var node = element;
    while (node.parentNode && node.parentNode.nodeType === 1 && !hydrated(node.parentNode, true)) node = node.parentNode;
    for (var depth = 0, sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
      if (sibling.nodeType !== 8) continue;
      if (sibling.data === '/$') depth++;
      else if (sibling.data.charAt(0) === '$' && depth-- === 0) return true;
    }
    return false;
  }
  function hold(event, type, target, submitter) {
    if (type !== 'field') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    early.held.push({ type: type, target: target, submitter: submitter || null, value: target.value, checked: target.checked, at: Date.now() });
    if (early.onHold) early.onHold();
  }
  function edited(event) {
    if (event.target instanceof Element && waitsForReact(event.target)) hold(event, 'field', event.target);
  }
  document.addEventListener('input', edited, true);
  document.addEventListener('change', edited, true);
  document.addEventListener('click', function (event) {
    if (!(event.target instanceof Element)) return;
    var button = event.target.closest('button');
    if (!button || button.disabled || (button.form && button.type !== 'button') || !waitsForReact(button)) return;
    hold(event, 'click', button);
  }, true);
  document.addEventListener('submit', function (event) {
    if (event.target.hasAttribute('action') || !waitsForReact(event.target)) return;
    hold(event, 'submit', event.target, event.submitter);
  }, true);
})();`;

/**
 * The script as every page carries it inline: its comments and indentation are for the reader of
 * this file, not for the bytes of each page (issue 38).
 */
export const EARLY_INPUT_SCRIPT = /* @__PURE__ */ (() =>
  EARLY_INPUT_SOURCE.split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n'))();
