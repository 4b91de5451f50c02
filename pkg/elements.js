// Custom elements over the core: `<hapi-peer-badge>` and `<hapi-ledger-view>`.
// They lay out what the core answers (`peerBadge`, `ledgerView`,
// `projectHandoff`) and decide nothing themselves: every verdict, text and
// link shown is the core's, or a field of a row they were given. Importing
// this module touches no DOM: the elements are defined by `defineElements()`,
// which the module calls itself only where `customElements` exists, so a
// server may import it to render nothing and a browser gets both elements.
//
// This is the package's entry (`hapi-a2a-core/elements`); its parts are
// the modules of elements/: the loader (load.js), the DOM helpers (dom.js),
// the graph's layout (layout.js), the fold (fold.js), each element's shadow
// root (shadow.js), the two elements (badge.js, ledger-view.js), and the
// ledger view: its shell and routing (viewer.js), what its panels lay out
// with (lists.js), and its panels: the open panel (opening.js), the fleet
// (fleet.js), a handoff thread (thread.js), a session and an artifact
// (detail.js), the work graph (graph.js) and the findings (diagnostics.js).
import { peerBadgeClass } from './elements/badge.js';
import { ledgerViewClass } from './elements/ledger-view.js';

export { LoadError, fetchHub, fetchLedger, ledgerFromText, ledgerFromValue, readFile } from './elements/load.js';
export { TEXT_LIMIT, diagnosticLine, el, when } from './elements/dom.js';
export { NODE_H, NODE_W, layoutGraph } from './elements/layout.js';

/**
 * Defines `<hapi-peer-badge>` and `<hapi-ledger-view>` in `registry` (the
 * page's `customElements` by default), once; does nothing where there is no
 * DOM. Returns whether both are defined.
 */
export function defineElements(registry = globalThis.customElements) {
  if (!registry || typeof globalThis.HTMLElement !== 'function') return false;
  const HapiPeerBadge = peerBadgeClass();
  const HapiLedgerView = ledgerViewClass();
  if (!registry.get('hapi-peer-badge')) registry.define('hapi-peer-badge', HapiPeerBadge);
  if (!registry.get('hapi-ledger-view')) registry.define('hapi-ledger-view', HapiLedgerView);
  return true;
}

defineElements();
