// The ledger view's shell: the panels its template lays out, the viewer
// they share (the open ledger, the view asked for last, each panel's
// functions), and its routing between views.
import { DISPLAY } from './dom.js';
import { detailIn } from './detail.js';
import { diagnosticsIn } from './diagnostics.js';
import { fleetIn } from './fleet.js';
import { graphIn } from './graph.js';
import { PAGE, hashFor, isObject, listsIn } from './lists.js';
import { openingIn, wireOpening } from './opening.js';
import { threadIn } from './thread.js';

/**
 * The ledger view over `root`, the shadow root of `host`: the panels the
 * template lays out, filled with the core's answers about the open ledger.
 */
export function viewerIn(root, host) {
  const $ = (id) => root.getElementById(id);

  /**
   * The page of `query` from `offset` over the open ledger (`extra`: more of
   * `page`); a handoff's view carries the app's verifications of its
   * receipts' evidence (the element's `verified`).
   */
  async function view(query, offset = 0, extra = {}) {
    const at = viewer.current;
    const checked = query.by === 'handoff' && viewer.verified.length ? `,"verified":${JSON.stringify(viewer.verified)}` : '';
    const text = await at.fold.ask(`{"query":${JSON.stringify(query)},"page":${JSON.stringify({ size: PAGE, offset, ...extra })}${checked}}`);
    return learn(at, JSON.parse(text));
  }

  /** Keeps what an answer says of display forms and named rows. */
  function learn(at, answer) {
    if (answer.type !== 'success') return answer;
    if (isObject(answer.shown)) {
      for (const [raw, shown] of Object.entries(answer.shown)) if (typeof shown === 'string') DISPLAY.set(raw, shown);
    }
    if (isObject(answer.rows)) for (const [id, row] of Object.entries(answer.rows)) at.rows.set(id, row);
    return answer;
  }

  /** The row the core named for `id` in the open ledger, or undefined. */
  const rowOf = (id) => viewer.current.rows.get(id);

  /**
   * What the panels share: the parts of the shadow root (`$`), the element,
   * the open ledger, the ticket of the view last asked for, and the panels'
   * functions. Each panel takes from it what it needs and adds what it
   * gives, in the order below.
   */
  const viewer = {
    $,
    host,
    /**
     * The open ledger: its rows as given, its label, its fold (where the core
     * answers its views a page at a time), the fleet, and the rows the core
     * has named so far by id (each the row the fold keeps for that id).
     */
    current: null,
    /** Whether a view asked for is still the one to show (no other view or ledger was asked for since). */
    showing: 0,
    /** The app's verifications of receipts' evidence (`{eventId, instancePath, code}`), as the element's `verified` holds them. */
    verified: [],
    view,
    learn,
    rowOf,
    openView,
    route,
  };
  for (const panel of [listsIn, diagnosticsIn, graphIn, fleetIn, threadIn, detailIn, openingIn]) Object.assign(viewer, panel(viewer));
  const { showHandoff, showSession, showArtifact, showOverview, attempt, openHub } = viewer;

  // Routing -------------------------------------------------------------------------

  let at = ['', ''];

  /** Shows the view the address (or the last `open`) names; settles when it is shown. */
  async function route({ focus = false } = {}) {
    if (!viewer.current) return;
    const [kind, arg] = host.hashRouting ? parseHash(location.hash) : at;
    await show(kind, arg, focus);
  }

  async function show(kind, arg, focus) {
    if (kind === 'handoff' && arg) await showHandoff(arg);
    else if (kind === 'session' && arg) await showSession(arg);
    else if (kind === 'artifact' && arg) await showArtifact(arg);
    else showOverview();
    if (focus) $('detail-panel').focus();
  }

  /**
   * Opens a view as a link to it would: a cancelable `hapi-open` event
   * first, then (unless the app took it) the view, through the page's
   * address when the element routes by it.
   */
  function openView(kind, arg, { fromLink = false } = {}) {
    const go = host.dispatchEvent(new CustomEvent('hapi-open', { detail: { kind, id: arg }, bubbles: true, composed: true, cancelable: true }));
    if (!go) return false;
    const href = hashFor(kind, String(arg));
    if (host.hashRouting && href) {
      if (!fromLink) location.hash = href;
      return true;
    }
    // The element shows it itself: without hash routing, or for an argument no address can hold.
    at = [kind, arg];
    if (viewer.current) show(kind, arg, true);
    return false;
  }

  root.addEventListener('click', (e) => {
    const a = e.composedPath().find((n) => n instanceof Element && n.matches('a[href^="#"]'));
    if (!a) return;
    const [kind, arg] = parseHash(a.getAttribute('href'));
    if (!['handoff', 'session', 'artifact'].includes(kind)) return;
    // The browser follows the link only when the element routes by the address and the app let it.
    if (!openView(kind, arg, { fromLink: true })) e.preventDefault();
  });

  const listeners = wireOpening(viewer);
  return {
    listeners,
    attempt,
    openHub,
    openLedger: (ledger, label) => attempt(label, async () => ledger),
    /** Keeps the app's verifications and shows the current view again with them. */
    setVerified(list) {
      // Only what the core reads: an entry it would refuse would fail the whole view.
      const codes = ['digest/match', 'digest/mismatch', 'digest/nothing-to-compare'];
      viewer.verified = (Array.isArray(list) ? list : [])
        .filter((v) => isObject(v) && typeof v.eventId === 'string' && typeof v.instancePath === 'string' && codes.includes(v.code))
        .map(({ eventId, instancePath, code }) => ({ eventId, instancePath, code }));
      return route();
    },
    openView,
    route,
    get ledger() { return viewer.current?.ledger ?? null; },
  };
}

/** `#kind=arg` (and the older `#kind/arg`) → [kind, arg]. */
function parseHash(hash) {
  const h = hash.replace(/^#/, '');
  const i = h.search(/[=/]/);
  if (i < 0) return [h, ''];
  let arg = h.slice(i + 1);
  try {
    arg = decodeURIComponent(arg);
  } catch {
    // A malformed escape: use the text as it is.
  }
  return [h.slice(0, i), arg];
}

export const TEMPLATE = `
<section id="open-panel" class="panel" part="panel open" aria-labelledby="open-title">
  <h2 id="open-title">Open a ledger</h2>
  <p id="ledger-source" class="source" aria-live="polite">no ledger open</p>
  <div id="load-error" class="load-error" role="alert" hidden></div>
  <div id="openers" class="open-grid">
    <form id="paste-form" class="open-way">
      <label for="paste-input">Paste ledger JSON</label>
      <textarea id="paste-input" rows="4" spellcheck="false" placeholder='{"events": [...], "links": [...], "now": 1785300000000}'></textarea>
      <button type="submit" part="button">Open pasted</button>
    </form>
    <div id="drop-zone" class="open-way drop-zone">
      <label for="file-input">Drop a ledger file here, or pick one</label>
      <input id="file-input" type="file" accept=".json,application/json">
      <p class="muted small">A file of <code>{events, links, now?}</code>, or a hub answer (<code>{events}</code>, <code>{event}</code>), or an array of event rows.</p>
    </div>
    <form id="hub-form" class="open-way">
      <label for="hub-url">Hub URL (<code>/api/work-graph/…</code>)</label>
      <input id="hub-url" type="text" inputmode="url" spellcheck="false" autocomplete="url" placeholder="https://hub.example/api/work-graph/events?related_session_id=…">
      <label for="hub-token" class="small">Bearer token (optional, never stored)</label>
      <input id="hub-token" type="password" autocomplete="off">
      <button type="submit" part="button">Fetch from the hub</button>
    </form>
  </div>
  <p id="demo-again"><button id="demo-button" type="button" class="link-button">Open the demo ledger again</button></p>
</section>
<div class="columns">
  <section id="fleet-panel" class="panel" part="panel fleet" aria-labelledby="fleet-title">
    <h2 id="fleet-title">Fleet: current work ads</h2>
    <div id="fleet"></div>
    <h3>Handoffs</h3>
    <div id="handoff-index"></div>
  </section>
  <section id="detail-panel" class="panel" part="panel detail" aria-labelledby="detail-title" tabindex="-1">
    <h2 id="detail-title">Detail</h2>
    <div id="detail"></div>
  </section>
</div>
<section id="findings-panel" class="panel" part="panel findings" aria-labelledby="findings-title">
  <h2 id="findings-title">What the core says about this ledger</h2>
  <div id="ledger-diagnostics"></div>
</section>
<section id="artifact-panel" class="panel" part="panel artifact" aria-labelledby="artifact-title">
  <h2 id="artifact-title">By artifact</h2>
  <form id="artifact-form" class="inline-form">
    <label for="artifact-input">Artifact URL or ref JSON</label>
    <input id="artifact-input" spellcheck="false">
    <button type="submit" part="button">Find</button>
  </form>
  <div id="artifact-result"></div>
</section>`;
