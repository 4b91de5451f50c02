// The ledger view's workings, over its shadow root: the viewer, which its
// panels share, its routing, and the panels; and the elements' classes.
import { LedgerFold, ledgerView, peerBadge, projectHandoff } from '#core';
import { DISPLAY, diagnosticLine, el, shownText, svg, when } from './dom.js';
import { startWorker, streamFold } from './fold.js';
import { DIP, GAP_X, NODE_H, NODE_W, layoutGraph } from './layout.js';
import { LoadError, fetchHub, fetchLedger, ledgerFromText, readFile } from './load.js';
import { core, shadow } from './shadow.js';

/**
 * The ledger view over `root`, the shadow root of `host`: the panels the
 * template lays out, filled with the core's answers about the open ledger.
 */
export function viewerIn(root, host) {
  const $ = (id) => root.getElementById(id);

  /** The page of `query` from `offset` over the open ledger (`extra`: more of `page`). */
  async function view(query, offset = 0, extra = {}) {
    const at = viewer.current;
    const text = await at.fold.ask(`{"query":${JSON.stringify(query)},"page":${JSON.stringify({ size: PAGE, offset, ...extra })}}`);
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
    view,
    learn,
    rowOf,
    openView,
    route,
  };
  for (const panel of [listsIn, diagnosticsIn, graphIn, fleetIn, threadIn, detailIn, openingIn]) Object.assign(viewer, panel(viewer));
  const { showHandoff, showSession, showArtifact, showOverview, attempt, openHub, wireOpening } = viewer;

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

  const listeners = wireOpening();
  return {
    listeners,
    attempt,
    openHub,
    openLedger: (ledger, label) => attempt(label, async () => ledger),
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

// Lists ---------------------------------------------------------------------------

/** How many items of a list, rows of a table, the views build at first and at each "more". */
export const PAGE = 100;

// The tone of each status the element colours, by exact text (no case
// folding, no stripping): `completed\u200B` is not `completed`, and shows
// as unknown. A thread's outcome is the core's, one of its nine values. An
// ad's status is the core's `stale` or the status the ad reported. A
// receipt's status decides the handoff when the core calls it terminal;
// otherwise only the v1 statuses that decide nothing are coloured.
const toneMap = (entries) => new Map(Object.entries(entries));
export const OUTCOME_TONES = toneMap({
  completed: 'good', accepted: 'good', failed: 'bad', rejected: 'bad', conflict: 'bad', undeliverable: 'bad',
  blocked: 'wait', incomplete: 'neutral', open: 'neutral',
});
export const AD_TONES = toneMap({
  done: 'good', failed: 'bad', blocked: 'wait', needs_decision: 'wait', stale: 'wait', in_progress: 'neutral', unknown: 'neutral',
});
export const TERMINAL_RECEIPT_TONES = toneMap({ completed: 'good', failed: 'bad', rejected: 'bad' });
export const RECEIPT_TONES = toneMap({ accepted: 'good', blocked: 'wait', incomplete: 'neutral' });

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const text = (v) => (typeof v === 'string' ? shownText(v) : '');
export const totalOf = (answer, pointer, list) => (isObject(answer.totals) && Number.isInteger(answer.totals[pointer]) ? answer.totals[pointer] : list.length);

/** The address of a view, or null for an argument no address can hold (half a surrogate pair). */
export const hashFor = (kind, arg) => (arg.isWellFormed() ? `#${kind}=${encodeURIComponent(arg)}` : null);

export function sessionLink(id) {
  const href = hashFor('session', id);
  return href ? el('a', { href, class: 'session-link' }, id) : el('code', {}, id);
}

export function handoffLink(id, attrs = {}) {
  const href = hashFor('handoff', id);
  return href ? el('a', { href, ...attrs }, id) : el('code', {}, id);
}

/**
 * A status as a badge: its text as written, coloured by the tone `tones`
 * gives that exact text (`unknown` for any other, and for one the core
 * calls unknown: `known` false); `stale` adds the stale mark.
 */
export function statusBadge(status, tones, stale = false, known = true) {
  const s = typeof status === 'string' ? status : 'unknown';
  const tone = known ? tones.get(s) ?? 'unknown' : 'unknown';
  return el('span', { class: stale ? `badge status-${tone} stale` : `badge status-${tone}` }, s);
}

export function scrollBox(table) {
  return el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': table.dataset.label ?? 'table' }, table);
}

export function principalText(p) {
  if (!isObject(p)) return '(no principal)';
  const on = typeof p.on_behalf_of === 'string' ? ` on behalf of ${p.on_behalf_of}` : '';
  return `${text(p.kind) || '?'} ${text(p.id) || '?'}${on}`;
}

/** The lists of a viewer: event ids, and lists and tables a page at a time. */
export function listsIn(viewer) {
  const { rowOf } = viewer;

  /**
   * An event id: a link when the core says it is a handoff (`type`, else
   * the type of the row it named for the id), else code.
   */
  function eventRef(id, type = rowOf(id)?.eventType) {
    if (type === 'handoff') return handoffLink(id);
    return el('code', {}, id);
  }

  /**
   * A list rendered into `into` a page at a time: `items` is what is in
   * hand (a page of the core's answer), `total` how long the whole list is,
   * and `fetch(offset)` asks the core for the next page when the items in
   * hand run out. Returns what to put after the list: a button that renders
   * the next `size`, or nothing when all fit. Only what is shown is ever
   * built, so a list of 100k rows costs a page of them. The button keeps
   * the focus while there are more; once the last are shown it is removed
   * and the first of them takes it.
   */
  function paged(into, items, render, noun, { size = PAGE, total = items.length, fetch = null } = {}) {
    const have = [...items];
    let shown = 0;
    let whole = Math.max(total, have.length);
    const more = el('button', { type: 'button', class: 'link-button more' });
    const bar = el('p', { class: 'more-bar small' }, more);
    const label = () => {
      const left = whole - shown;
      more.textContent = `Show ${Math.min(size, left).toLocaleString('en')} more ${noun} (${shown.toLocaleString('en')} of ${whole.toLocaleString('en')} shown)`;
      return left;
    };
    const step = () => {
      const end = Math.min(have.length, shown + size);
      const page = document.createDocumentFragment();
      for (; shown < end; shown += 1) page.append(render(have[shown], shown));
      const added = page.firstElementChild;
      into.append(page);
      return { added, left: label() };
    };
    let busy = false;
    // The ledger the list shows: while another is being opened (its rows
    // not yet shown), a press asks nothing of it.
    const owner = viewer.current;
    more.addEventListener('click', async () => {
      if (busy || owner !== viewer.current) return;
      if (fetch && shown + size > have.length && have.length < whole) {
        // The button stays focusable while the core answers (a disabled
        // button would drop the focus).
        busy = true;
        more.setAttribute('aria-busy', 'true');
        more.textContent = `Loading ${noun}…`;
        let next = [];
        try {
          next = await fetch(have.length);
        } finally {
          busy = false;
          more.removeAttribute('aria-busy');
        }
        if (owner !== viewer.current) return;
        if (!Array.isArray(next) || !next.length) whole = have.length;
        else have.push(...next);
      }
      const { added, left } = step();
      if (left > 0) return;
      bar.remove();
      if (added) {
        added.tabIndex = -1;
        added.focus();
      }
    });
    return step().left > 0 ? bar : '';
  }

  /** A table of `items`, a page at a time (`render` makes a row; `paging` as `paged` takes it), in its scrolling box, with its "more" button. */
  function table(label, head, items, render, attrs = {}, noun = 'rows', paging = {}) {
    const t = el('table', attrs);
    t.dataset.label = label;
    t.append(el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h)))));
    const body = el('tbody');
    const more = paged(body, items, render, noun, paging);
    t.append(body);
    return el('div', { class: 'paged' }, scrollBox(t), more);
  }

  return { eventRef, paged, table };
}

// Diagnostics ---------------------------------------------------------------------

/** What the core says of a ledger and of a view: the findings panel, a view's own findings, a failure. */
export function diagnosticsIn(viewer) {
  const { $, view, eventRef, paged } = viewer;

  /** Names the row a `/events/N/...` or `/links/N/...` pointer lands in, as the core named it (`rowIds`). */
  function pointerTarget(pointer, rowIds) {
    const m = /^\/(events|links)\/(\d+)(?:\/|$)/.exec(pointer ?? '');
    const id = m && isObject(rowIds) ? rowIds[`/${m[1]}/${m[2]}`] : undefined;
    if (typeof id !== 'string') return '';
    return el('span', {}, ' (', m[1] === 'events' ? eventRef(id) : el('code', {}, id), ')');
  }

  /**
   * The diagnostics of `answer` at `key` (`diagnostics` or
   * `viewDiagnostics`) as a list, a page at a time, the next pages asked of
   * the core with `query`; returns the list and its "more" button.
   */
  function diagnosticList(answer, key, query, id) {
    const ul = el('ul', { class: 'diagnostics', id });
    const line = ([d, ids]) => diagnosticLine(d, pointerTarget(d.instancePath, ids));
    const pairs = (a) => (Array.isArray(a[key]) ? a[key] : []).map((d) => [d, a.rowIds]);
    const fetch = query ? async (offset) => {
      const next = await view(query, offset);
      return next.type === 'success' ? pairs(next) : [];
    } : null;
    return [ul, paged(ul, pairs(answer), line, 'findings', { total: totalOf(answer, `/${key}`, answer[key] ?? []), fetch })];
  }

  /** The findings of a query's answer that are its own (not the ledger's, which the fleet shows). */
  function ownDiagnostics(answer, query) {
    const own = Array.isArray(answer.viewDiagnostics) ? answer.viewDiagnostics : [];
    return own.length ? [el('h3', {}, 'What the core says about this view'), ...diagnosticList(answer, 'viewDiagnostics', query, 'detail-diagnostics')] : [];
  }

  function showFailure(target, answer) {
    target.replaceChildren(el('p', { class: 'verdict invalid failure' },
      'the core could not answer: ', el('code', {}, answer.error.code), ` ${answer.error.message}`));
  }

  function showLedgerDiagnostics() {
    const { fleet } = viewer.current;
    const out = $('ledger-diagnostics');
    const total = totalOf(fleet, '/diagnostics', fleet.diagnostics);
    if (!total) {
      out.replaceChildren(el('p', { class: 'muted', id: 'no-findings' }, 'no findings: the core folds this ledger without a remark'));
      return;
    }
    out.replaceChildren(el('p', {}, `${total.toLocaleString('en')} finding${total === 1 ? '' : 's'}, each with its code and the JSON pointer into the ledger:`),
      ...diagnosticList(fleet, 'diagnostics', { by: 'fleet' }, 'ledger-diagnostic-list'));
  }

  return { diagnosticList, ownDiagnostics, showFailure, showLedgerDiagnostics };
}

// The fleet -------------------------------------------------------------------------

/** How many projects of the fleet, each a table, are built at first and at each "more". */
const PROJECT_PAGE = 10;

/** The fleet panel: the work ads of each project, and the handoffs of the ledger. */
export function fleetIn(viewer) {
  const { $, view, paged, table } = viewer;

  function staleReason(ad) {
    if (!ad.stale) return '';
    const row = isObject(ad.event) ? ad.event : {};
    const parts = [`expired ${when(row.expiresAt) || String(row.expiresAt)}`];
    if (ad.reportedStatus) parts.push(`last reported ${shownText(ad.reportedStatus)}`);
    return el('span', { class: 'stale-reason' }, parts.join(' · '));
  }

  function showFleet() {
    const { fleet, handoffs } = viewer.current;
    const f = fleet.view;
    const out = $('fleet');
    const counts = Object.entries(f.counts).map(([st, n]) => `${shownText(st)} ${n}`).join(' · ');
    out.replaceChildren(el('p', { id: 'fleet-summary' }, `${f.sessions} sessions — ${counts || 'no work ads'}`));
    const adRow = (ad) => {
      const row = isObject(ad.event) ? ad.event : {};
      return el('tr', { 'data-session': ad.sessionId },
        el('td', {}, sessionLink(ad.sessionId)),
        el('td', {}, statusBadge(ad.status, AD_TONES, ad.stale, ad.statusKnown !== false), staleReason(ad)),
        el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
    };
    // Each project with where it sits in the fleet's whole list, so its
    // ads can be asked for a page at a time (`page.item`).
    const groupsOf = (answer, offset) => (answer.type === 'success' ? answer.view.projects : [])
      .map((group, k) => ({ group, item: offset + k, total: totalOf(answer, `/view/projects/${k}/ads`, group.ads) }));
    const groupBox = ({ group, item, total }) => el('div', { class: 'fleet-group' },
      el('h3', { class: 'project' }, group.project ?? '(no project)'),
      table(`work ads of ${group.project ?? 'no project'}`, ['session', 'status', 'summary'], group.ads, adRow, { class: 'fleet-project' }, 'work ads', {
        total,
        fetch: async (offset) => {
          const next = await view({ by: 'fleet' }, offset, { item });
          return next.type === 'success' ? next.view.projects[0]?.ads ?? [] : [];
        },
      }));
    const projects = el('div', { id: 'fleet-projects' });
    out.append(projects, paged(projects, groupsOf(fleet, 0), groupBox, 'projects', {
      size: PROJECT_PAGE,
      total: totalOf(fleet, '/view/projects', f.projects),
      fetch: async (offset) => groupsOf(await view({ by: 'fleet' }, offset), offset),
    }));
    // The handoffs of the folded namespace, newest first: a way into each
    // thread, each shown as the row the core keeps for its id.
    const list = handoffs.type === 'success' ? handoffs.view.handoffs : [];
    if (!list.length) {
      $('handoff-index').replaceChildren(el('p', { class: 'muted' }, 'no handoffs in this ledger'));
      return;
    }
    const index = el('ul', { class: 'link-list', id: 'handoff-list' });
    const more = paged(index, list, (h) => el('li', {}, handoffLink(h.eventId), ' ', el('span', { class: 'muted' }, text(isObject(h.event) ? h.event.summary : ''))), 'handoffs', {
      total: totalOf(handoffs, '/view/handoffs', list),
      fetch: async (offset) => {
        const next = await view({ by: 'handoffs' }, offset);
        return next.type === 'success' ? next.view.handoffs : [];
      },
    });
    $('handoff-index').replaceChildren(index, more);
  }

  return { showFleet };
}

// A handoff thread ------------------------------------------------------------------

/** The detail panel's view of a handoff: its thread, authority chain, lineage and receipts. */
export function threadIn(viewer) {
  const { $, view, rowOf, eventRef, paged, table, graphBox, showFailure, ownDiagnostics } = viewer;

  function auditChain(t, eventId) {
    const box = el('details', { id: 'audit-box' });
    if (!t.audit) {
      box.append(el('summary', {}, 'Delegated-authority chain: none'),
        el('p', { id: 'thread-audit', class: 'muted' }, 'the handoff names no grant: there is no delegated authority to follow'));
      return box;
    }
    const verdict = t.audit.endsAtHuman
      ? `ends at a human grant (${t.audit.grants.length} grant${t.audit.grants.length === 1 ? '' : 's'})`
      : `does not end at a human (${t.audit.code ?? 'unknown'})`;
    box.append(el('summary', {}, `Delegated-authority chain: ${verdict}`));
    const a = t.audit;
    const ol = el('ol', { id: 'thread-audit', class: 'chain' });
    if (a.endsAtHuman) {
      ol.append(el('li', { class: 'chain-human' }, el('strong', {}, 'human grant '), principalText(a.human)));
    } else {
      ol.append(el('li', { class: 'chain-broken' }, el('strong', {}, 'no human at the top: '), el('code', {}, a.code ?? 'unknown')));
    }
    for (const g of [...a.grants].reverse()) {
      const row = rowOf(g);
      ol.append(el('li', {}, el('code', {}, g), isObject(row)
        ? el('span', {}, ` — ${text(row.summary)} `, el('span', { class: 'muted' }, `(by ${principalText(row.principal)})`))
        : el('span', { class: 'muted' }, ' (not in this ledger)')));
    }
    ol.append(el('li', { class: 'chain-handoff' }, 'this handoff ', el('code', {}, eventId)));
    box.append(el('p', { class: 'muted small' }, 'From the human grant down to this handoff.'), ol);
    return box;
  }

  function lineage(t, eventId) {
    const lin = t.lineage;
    const nav = el('nav', { 'aria-label': 'lineage', class: 'lineage' });
    const ol = el('ol', { id: 'thread-lineage', class: 'link-list' });
    for (const id of lin.attempts) {
      const attrs = id === eventId ? { 'aria-current': 'page' } : {};
      ol.append(el('li', {}, handoffLink(id, attrs),
        id === lin.latest ? el('span', { class: 'badge' }, ' latest') : '',
        id === eventId ? el('span', { class: 'muted' }, ' (this one)') : ''));
    }
    const total = lin.attemptCount ?? lin.attempts.length;
    const shown = lin.attemptCount === undefined ? '' : ` (the ${lin.attempts.length} nearest shown)`;
    nav.append(el('h3', {}, `Lineage: ${total} attempt${total === 1 ? '' : 's'}${shown}`), ol);
    const rel = el('dl', { class: 'facts' });
    for (const [label, ids] of [['retries', lin.retries], ['retried by', lin.retriedBy], ['supersedes', lin.supersedes], ['superseded by', lin.supersededBy]]) {
      if (!ids.length) continue;
      const dd = el('dd');
      const list = el('span', { class: 'ids' });
      const more = paged(list, ids, (id, i) => el('span', {}, i ? ', ' : '', handoffLink(id)), 'handoffs');
      dd.append(list, more);
      rel.append(el('dt', {}, label), dd);
    }
    if (rel.childElementCount) nav.append(rel);
    return nav;
  }

  /** A check as the facts the receipt states, in a small list of its own. */
  function checkFacts(c) {
    const o = isObject(c) ? c : {};
    const out = isObject(o.output_ref) ? (text(o.output_ref.url) || text(o.output_ref.ref) || text(o.output_ref.kind)) : '';
    // Only a boolean is a verdict; any other value is shown as written, as unknown.
    const verdict = o.passed === true ? 'passed' : o.passed === false ? 'failed' : 'unknown';
    const passed = verdict !== 'unknown' ? verdict : o.passed === undefined ? '—' : JSON.stringify(o.passed) ?? String(o.passed);
    const dl = el('dl', { class: 'facts' });
    for (const [k, v] of [
      ['command', el('code', {}, text(o.command) || JSON.stringify(o.command ?? null))],
      ['exit code', o.exit_code === undefined ? '—' : String(o.exit_code)],
      ['passed', el('span', { class: `badge check-${verdict}` }, passed)],
      ['started', when(o.started_at) || '—'],
      ['completed', when(o.completed_at) || '—'],
      ['output', out || '—'],
    ]) dl.append(el('dt', {}, k), el('dd', {}, v));
    return el('li', {}, dl);
  }

  function receiptItem(r) {
    const row = isObject(r.event) ? r.event : {};
    const payload = isObject(row.payloadJson) ? row.payloadJson : {};
    const li = el('li', { 'data-receipt': r.receiptId },
      el('p', {}, statusBadge(r.status ?? 'unknown', r.terminal ? TERMINAL_RECEIPT_TONES : RECEIPT_TONES, false, r.statusKnown !== false), ' ', el('code', {}, r.receiptId),
        r.late ? el('span', { class: 'badge stale' }, 'late') : '',
        el('span', { class: 'muted' }, ` ${r.terminal ? 'terminal' : 'not terminal'} · ${r.relations.join(', ')} · ${when(row.ts)}`)),
      text(row.summary) ? el('p', {}, text(row.summary)) : '');
    if (Array.isArray(payload.checks) && payload.checks.length) {
      const checks = el('ol', { class: 'checks' });
      li.append(el('p', { class: 'small muted' }, `checks (${payload.checks.length})`), checks, paged(checks, payload.checks, checkFacts, 'checks'));
    } else li.append(el('p', { class: 'muted small' }, 'no checks reported'));
    return li;
  }

  /** The more of a thread's list at `key` (`receipts` or `links`), asked of the core. */
  const threadPage = (eventId, key) => async (offset) => {
    const next = await view({ by: 'handoff', eventId }, offset);
    return next.type === 'success' ? next.view.thread?.[key] ?? [] : [];
  };

  function receipts(t, answer, eventId) {
    const ol = el('ol', { id: 'thread-receipts', class: 'receipts' });
    const total = totalOf(answer, '/view/thread/receipts', t.receipts);
    const more = paged(ol, t.receipts, receiptItem, 'receipts', { total, fetch: threadPage(eventId, 'receipts') });
    return [el('h3', {}, `Receipts (${total.toLocaleString('en')})`), t.receipts.length ? ol : el('p', { class: 'muted' }, 'no receipt yet'), more];
  }

  function threadLinks(t, answer, eventId) {
    if (!t.links.length) return [];
    const total = totalOf(answer, '/view/thread/links', t.links);
    const row = (l) => el('tr', {}, el('td', {}, l.relationType), el('td', {}, l.direction), el('td', {}, eventRef(l.eventId)));
    return [el('h3', {}, `Links (${total.toLocaleString('en')})`),
      table('links', ['relation', 'direction', 'event'], t.links, row, { class: 'thread-links' }, 'links', { total, fetch: threadPage(eventId, 'links') })];
  }

  async function showHandoff(eventId) {
    const ticket = ++viewer.showing;
    const out = $('detail');
    const query = { by: 'handoff', eventId };
    const answer = await view(query);
    if (ticket !== viewer.showing) return;
    $('detail-title').replaceChildren('Handoff ', el('code', {}, eventId));
    if (answer.type !== 'success') return showFailure(out, answer);
    const h = answer.view;
    if (!h.found) {
      out.replaceChildren(el('p', { class: 'verdict invalid' }, 'not in this ledger (or not in its namespace)'), ...ownDiagnostics(answer, query));
      return;
    }
    if (!h.thread) {
      const row = isObject(h.event) ? h.event : {};
      out.replaceChildren(el('p', {}, `a ${text(row.eventType) || 'row'}, not a handoff: `, text(row.summary)), ...ownDiagnostics(answer, query));
      return;
    }
    const t = h.thread;
    const row = isObject(t.handoff) ? t.handoff : {};
    const projection = projectHandoff({ event: t.handoff });
    out.replaceChildren(
      el('p', { id: 'thread-outcome' }, 'outcome ', statusBadge(t.outcome, OUTCOME_TONES), ' · delivery ', el('code', {}, t.deliveryState ?? 'unknown'),
        t.decidedBy.length ? el('span', { class: 'muted' }, ` (decided by ${t.decidedBy.join(', ')})`) : ''),
      el('p', {}, t.sourceRef ? sessionLink(t.sourceRef) : '?', ' → ', t.sinkRef ? sessionLink(t.sinkRef) : '?', el('span', { class: 'muted' }, ` · ${when(row.ts)}`)),
      el('p', { class: 'summary' }, text(row.summary)),
      auditChain(t, eventId),
      lineage(t, eventId),
      graphBox('thread', answer.graph, eventId),
      ...receipts(t, answer, eventId),
      ...threadLinks(t, answer, eventId),
      el('details', { id: 'projection-box' },
        el('summary', {}, 'What the worker sees (projection)'),
        el('pre', { id: 'projection', tabindex: 0 }, projection.type === 'success' ? projection.text : `${projection.error.code}: ${projection.error.message}`)),
      ...ownDiagnostics(answer, query));
  }

  return { showHandoff };
}

// A session and an artifact ----------------------------------------------------------

/** The detail panel's views of a session and of an artifact, and what it shows before either. */
export function detailIn(viewer) {
  const { $, view, eventRef, paged, table, graphBox, showFailure, ownDiagnostics } = viewer;

  async function showSession(sessionId) {
    const ticket = ++viewer.showing;
    const out = $('detail');
    const query = { by: 'session', sessionId };
    const answer = await view(query);
    if (ticket !== viewer.showing) return;
    $('detail-title').replaceChildren('Session ', el('code', {}, sessionId));
    if (answer.type !== 'success') return showFailure(out, answer);
    const s = answer.view;
    const eventRow = (e) => {
      const row = isObject(e.event) ? e.event : {};
      return el('tr', {},
        el('td', {}, eventRef(e.eventId, e.eventType), el('span', { class: 'when' }, e.eventType)),
        el('td', {}, e.roles.join(', ')),
        el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
    };
    const page = (key) => async (offset) => {
      const next = await view(query, offset);
      return next.type === 'success' ? next.view[key] : [];
    };
    const threads = el('ul', { class: 'link-list', id: 'session-threads' });
    const threadCount = totalOf(answer, '/view/threads', s.threads);
    const eventCount = totalOf(answer, '/view/events', s.events);
    const moreThreads = paged(threads, s.threads, (t) => el('li', {}, handoffLink(t.handoffId), ' ', statusBadge(t.outcome, OUTCOME_TONES), ' ',
      el('span', { class: 'muted' }, text(isObject(t.handoff) ? t.handoff.summary : ''))), 'threads', { total: threadCount, fetch: page('threads') });
    out.replaceChildren(
      graphBox('session', answer.graph, ''),
      el('h3', {}, `Handoff threads (${threadCount.toLocaleString('en')})`),
      s.threads.length ? threads : el('p', { class: 'muted' }, 'none'), moreThreads,
      el('h3', {}, `Events (${eventCount.toLocaleString('en')})`),
      s.events.length ? table('session events', ['event', 'role', 'summary'], s.events, eventRow, { id: 'session-events' }, 'events', { total: eventCount, fetch: page('events') })
        : el('p', { class: 'muted' }, 'no events name this session'),
      ...ownDiagnostics(answer, query));
  }

  function artifactRef(input) {
    const s = input.trim();
    if (s.startsWith('{')) {
      try {
        return JSON.parse(s);
      } catch {
        // Not JSON: read as a URL below, and the core says what it makes of it.
      }
    }
    return { kind: 'url', url: s };
  }

  async function showArtifact(input) {
    const ticket = ++viewer.showing;
    const out = $('detail');
    $('artifact-input').value = input;
    const query = { by: 'artifact', ref: artifactRef(input) };
    const answer = await view(query);
    if (ticket !== viewer.showing) return;
    $('detail-title').replaceChildren('Artifact');
    if (answer.type !== 'success') return showFailure(out, answer);
    const a = answer.view;
    out.replaceChildren(el('p', { id: 'artifact-identity' }, 'identity ', el('code', {}, a.identity ?? '(none: not a shared artifact)')));
    for (const [label, matches] of [['handoffs', a.handoffs], ['receipts', a.receipts], ['ads', a.ads], ['others', a.others]]) {
      if (!matches.length) continue;
      const total = totalOf(answer, `/view/${label}`, matches);
      const ul = el('ul', { class: `link-list artifact-${label}` });
      const more = paged(ul, matches, (m) => {
        const row = isObject(m.event) ? m.event : {};
        return el('li', {}, eventRef(m.eventId, row.eventType), ' ', text(row.summary), el('span', { class: 'muted' }, ` at ${m.matchedAt.join(', ')}`));
      }, label, {
        total,
        fetch: async (offset) => {
          const next = await view(query, offset);
          return next.type === 'success' ? next.view[label] : [];
        },
      });
      out.append(el('h3', {}, `${label} (${total.toLocaleString('en')})`), ul, more);
    }
    out.append(...ownDiagnostics(answer, query));
  }

  function showOverview() {
    viewer.showing += 1;
    $('detail-title').textContent = 'Detail';
    $('detail').replaceChildren(el('p', { class: 'muted' },
      'Pick a session in the fleet or a handoff from the list to see its thread, its authority chain, its lineage and its receipts.'));
  }

  return { showSession, showArtifact, showOverview };
}

// The work graph --------------------------------------------------------------------

/** The most events and links a work graph draws; the rest are counted beside it. */
const GRAPH_NODES = 80;
const GRAPH_EDGES = 160;

/** The work graph of a view, drawn and as a list. */
export function graphIn(viewer) {
  const { rowOf, eventRef, openView } = viewer;

  /** The handoff a node opens: itself, or the handoff it links to. */
  function handoffOf(id, edges, rows) {
    if (rows.get(id)?.eventType === 'handoff') return id;
    for (const e of edges) {
      const other = e.from === id ? e.to : e.to === id ? e.from : undefined;
      if (other !== undefined && rows.get(other)?.eventType === 'handoff') return other;
    }
    return undefined;
  }

  const statusOf = (row) => {
    const p = isObject(row.payloadJson) ? row.payloadJson : {};
    return text(p.status) || text(p.delivery_state) || '';
  };
  const principalShort = (p) => (isObject(p) ? `${text(p.kind) || '?'} ${text(p.id) || '?'}` : '(no principal)');
  const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

  /**
   * The core's work graph of a view (`graph`: the events it draws, the
   * links between them, how many of each there were; each node's row named
   * in the answer's `rows`), drawn left to right in time, with the same
   * graph as a list beside it for readers that do not see the drawing. A
   * node opens its handoff (a click, or Enter).
   */
  function graphBox(name, graph, currentId) {
    if (!isObject(graph) || !Array.isArray(graph.nodes) || !Array.isArray(graph.edges)) return '';
    const rows = new Map();
    for (const id of graph.nodes.slice(0, GRAPH_NODES)) if (isObject(rowOf(id))) rows.set(id, rowOf(id));
    if (rows.size < 2) return '';
    const nodes = [...rows].map(([id, row]) => ({ id, ts: row.ts, row }));
    const edges = graph.edges.slice(0, GRAPH_EDGES).filter((e) => rows.has(e.from) && rows.has(e.to))
      .map((e) => ({ from: e.from, to: e.to, label: clip(text(e.relationType), 40) }));
    const events = Math.max(nodes.length, Number.isInteger(graph.events) ? graph.events : 0);
    const links = Math.max(edges.length, Number.isInteger(graph.links) ? graph.links : 0);
    const { at, width, height } = layoutGraph(nodes, edges);
    const descId = `${name}-graph-text`;
    const drawing = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `${name} graph: ${nodes.length} events, ${edges.length} links`, 'aria-describedby': descId, part: 'graph' });
    drawing.append(svg('defs', {}, svg('marker', { id: `${name}-arrow`, viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L8,4 L0,8 z' }))));
    // An edge between neighbouring layers runs side to side; a longer one
    // would cross the nodes between, so it leaves from below and dips under them.
    const long = (a, b) => Math.abs(a.x - b.x) > NODE_W + GAP_X;
    const dips = edges.some((e) => long(at.get(e.from), at.get(e.to)));
    const drawnHeight = height + (dips ? DIP + 14 : 0);
    drawing.setAttribute('height', drawnHeight);
    drawing.setAttribute('viewBox', `0 0 ${width} ${drawnHeight}`);
    for (const e of edges) {
      const a = at.get(e.from);
      const b = at.get(e.to);
      let d;
      let label;
      if (long(a, b)) {
        const x1 = a.x + NODE_W / 2;
        const x2 = b.x + NODE_W / 2;
        const y1 = a.y + NODE_H;
        const y2 = b.y + NODE_H;
        const low = Math.max(y1, y2) + DIP;
        d = `M${x1},${y1} C${x1},${low} ${x2},${low} ${x2},${y2}`;
        label = [(x1 + x2) / 2, Math.max(y1, y2) + DIP * 0.75 + 4];
      } else {
        const forward = a.x <= b.x;
        const x1 = forward ? a.x + NODE_W : a.x;
        const x2 = forward ? b.x : b.x + NODE_W;
        const y1 = a.y + NODE_H / 2;
        const y2 = b.y + NODE_H / 2;
        const bend = a.x === b.x ? 40 : (x2 - x1) / 2;
        d = `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
        label = [(x1 + x2) / 2, (y1 + y2) / 2 - 4];
      }
      drawing.append(svg('path', { class: 'edge', d, 'marker-end': `url(#${name}-arrow)` }),
        svg('text', { class: 'edge-label', x: label[0], y: label[1], 'text-anchor': 'middle' }, e.label));
    }
    for (const n of nodes) {
      const p = at.get(n.id);
      const opens = handoffOf(n.id, edges, rows);
      const status = statusOf(n.row);
      const label = clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}${status ? `, ${shownText(status)}` : ''}, by ${principalShort(n.row.principal)}${opens ? `: opens handoff ${shownText(opens)}` : ''}`, 600);
      const go = () => openView('handoff', opens);
      const g = svg('g', {
        class: `node${n.id === currentId ? ' current' : ''}`, 'data-event': n.id, transform: `translate(${p.x},${p.y})`,
        tabindex: opens ? 0 : undefined, role: opens ? 'link' : 'img', 'aria-label': label,
        onclick: opens ? go : undefined,
        onkeydown: opens ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } } : undefined,
      },
      svg('title', {}, label),
      svg('rect', { width: NODE_W, height: NODE_H, rx: 6 }),
      svg('text', { x: 8, y: 15, class: 'kind' }, clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}`, 24)),
      svg('text', { x: 8, y: 31 }, clip(status || '—', 24)),
      svg('text', { x: 8, y: 47 }, clip(principalShort(n.row.principal), 24)));
      drawing.append(g);
    }
    const list = el('ol', { id: descId, class: 'graph-text-list' });
    for (const n of nodes) {
      const out = edges.filter((e) => e.from === n.id).map((e) => `${shownText(e.label)} → ${shownText(e.to)}`);
      list.append(el('li', {}, `${text(n.row.eventType) || 'event'} `, eventRef(n.id), ` ${statusOf(n.row) || ''} · ${principalText(n.row.principal)} · ${when(n.row.ts)}`,
        out.length ? el('span', { class: 'muted' }, ` (${out.join(', ')})`) : ''));
    }
    const where = name === 'thread' ? 'the receipts and links below' : 'the events below';
    const left = events > nodes.length || links > edges.length
      ? el('p', { class: 'muted small graph-left-out' },
        `Drawn: ${nodes.length} of ${events.toLocaleString('en')} events and ${edges.length} of ${links.toLocaleString('en')} links between them. `
        + `Every one is in ${where}; open a handoff to draw its thread.`)
      : '';
    return el('section', { class: 'graph', id: `${name}-graph`, 'aria-label': `${name} graph` },
      el('h3', {}, name === 'thread' ? 'The thread as a graph' : 'The session as a graph'), left,
      el('div', { class: 'graph-scroll', tabindex: -1 }, drawing),
      el('details', { class: 'graph-text' }, el('summary', {}, 'The graph as a list'), list));
  }

  return { graphBox };
}

// Opening a ledger ------------------------------------------------------------------

/** The open panel: a ledger pasted, dropped, picked, fetched from a hub or given, folded and shown. */
export function openingIn(viewer) {
  const { $, host, view, learn, route, openView, diagnosticList, showFleet, showLedgerDiagnostics } = viewer;

  function showLoadError(e) {
    const box = $('load-error');
    box.hidden = false;
    if (e instanceof LoadError && e.diagnostics.length) {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened:')), ...diagnosticList({ diagnostics: e.diagnostics }, 'diagnostics', null, 'load-diagnostics'));
    } else if (e instanceof LoadError) {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), el('code', {}, e.code), ` ${e.message}`));
    } else {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), e instanceof Error ? e.message : String(e)));
    }
    box.append(el('p', { class: 'muted small' }, viewer.current ? `Still showing ${viewer.current.label}.` : 'No ledger is open.'));
    host.dispatchEvent(new CustomEvent('hapi-ledger-error', { detail: { code: e instanceof LoadError ? e.code : 'viewer/error', message: e instanceof Error ? e.message : String(e) }, bubbles: true, composed: true }));
  }

  /** The parts a ledger fills; an open that fails puts back what they held. */
  const FILLED = ['ledger-source', 'fleet', 'handoff-index', 'ledger-diagnostics', 'detail-title', 'detail'];

  /** How many opens were asked for: an open that another followed shows nothing. */
  let opening = 0;

  /**
   * Folds `ledger` and shows it, or leaves the open ledger as it was, every
   * part of it, and throws why not. A ledger without `now` is folded at this
   * browser's clock. The rows are written to call text a chunk at a time
   * and folded once (in a worker when the page can start one); every view
   * after that is a page of the core's answer over the same fold. Settles
   * when the ledger and its view are shown; false when a later open took
   * its place.
   */
  async function open(ledger, label) {
    const ticket = ++opening;
    // The worker loads the core while the rows are written.
    startWorker();
    const clock = ledger.now === undefined;
    const rows = clock ? { ...ledger, now: Date.now() } : ledger;
    const first = { by: 'fleet' };
    const page = { size: PAGE };
    // Each phase is a User Timing measure (`hapi-ledger-view: …`), for
    // DevTools and the bench.
    let since = performance.now();
    const phase = (name) => {
      const now = performance.now();
      performance.measure?.(`hapi-ledger-view: ${name}`, { start: since, end: now });
      since = now;
    };
    let fold = await streamFold(rows, first, page, phase);
    let fleet;
    if (fold) {
      fleet = JSON.parse(fold.answer);
      phase('finish the fold');
    } else {
      // What cannot be folded a chunk at a time is a call the core refuses,
      // or one JSON.stringify cannot write: the core's answer to the whole
      // call (the typed export's) says why.
      const call = { events: rows.events, links: rows.links, now: rows.now, query: first, page };
      if (rows.namespace !== undefined) call.namespace = rows.namespace;
      fleet = ledgerView(call);
      if (fleet.type === 'success') {
        const here = new LedgerFold(JSON.stringify(call));
        fold = { answer: here.answer, ask: async (tail) => here.ask(tail), close: () => here.free() };
      }
      phase('fold the call');
    }
    if (ticket !== opening) {
      fold?.close();
      return false;
    }
    if (fleet.type !== 'success') {
      fold?.close();
      throw new LoadError(fleet.error.code, `the core could not fold it: ${fleet.error.message}`);
    }
    const candidate = { ledger: rows, label, fold, fleet, rows: new Map() };
    learn(candidate, fleet);
    const previous = viewer.current;
    const held = FILLED.map((id) => [...$(id).childNodes]);
    const n = (v) => (Array.isArray(v) ? v.length : 0);
    try {
      viewer.current = candidate;
      candidate.handoffs = await view({ by: 'handoffs' });
      phase('list the handoffs');
      if (ticket !== opening) throw new Error('superseded');
      $('ledger-source').replaceChildren(el('strong', {}, label), ` — ${n(ledger.events)} events, ${n(ledger.links)} links, namespace `,
        el('code', {}, fleet.namespace || '(none)'), `, now ${when(candidate.ledger.now)}${clock ? ' (this browser\'s clock)' : ''}`,
        ledger.note ? el('span', { class: 'muted' }, ` (${ledger.note})`) : '');
      showFleet();
      showLedgerDiagnostics();
      phase('lay out the fleet');
      await route();
      phase('show the view');
    } catch (e) {
      if (viewer.current === candidate) viewer.current = previous;
      fold?.close();
      if (ticket !== opening) return false;
      FILLED.forEach((id, i) => $(id).replaceChildren(...held[i]));
      throw e;
    }
    previous?.fold?.close();
    $('load-error').hidden = true;
    host.dispatchEvent(new CustomEvent('hapi-ledger-open', { detail: { label, namespace: fleet.namespace, events: n(ledger.events), links: n(ledger.links) }, bubbles: true, composed: true }));
    return true;
  }

  /** Opens what `produce` gives; says whether it was opened. */
  async function attempt(label, produce) {
    const source = [...$('ledger-source').childNodes];
    $('ledger-source').textContent = `opening ${label}…`;
    try {
      const ledger = await produce();
      return await open(ledger, label);
    } catch (e) {
      $('ledger-source').replaceChildren(...source);
      showLoadError(e);
      return false;
    }
  }

  async function openFile(file) {
    await attempt(file ? `file ${file.name}` : 'a file', async () => ledgerFromText(await readFile(file)));
  }

  /**
   * Reads the ledger from a hub. When the element routes by the address, a
   * success names the hub there (`?hub=<url>`, never the token), so a deep
   * link opens the same ledger.
   */
  async function openHub(input, token) {
    const opened = await attempt(`hub ${input}`, async () => {
      const got = await fetchHub(input, {
        token,
        onProgress: (p) => { $('ledger-source').textContent = `fetching from the hub: ${p.requests} requests, ${p.events} events, ${p.links} links…`; },
      });
      const notes = [];
      if (got.failed) notes.push(`${got.failed} of ${got.requests} requests failed`);
      if (got.truncated) notes.push(`stopped after ${got.requests} requests`);
      return { ...got.ledger, note: notes.join('; ') };
    });
    if (opened && host.hashRouting) {
      const url = new URL(location.href);
      url.searchParams.set('hub', input.trim());
      history.replaceState(null, '', url);
    }
    return opened;
  }

  function wireOpening() {
    $('paste-form').addEventListener('submit', (e) => {
      e.preventDefault();
      attempt('pasted ledger', async () => ledgerFromText($('paste-input').value));
    });
    $('file-input').addEventListener('change', () => {
      openFile($('file-input').files?.[0]);
      $('file-input').value = '';
    });
    const zone = $('drop-zone');
    // With the openers shown, drops anywhere on the page open the file; the zone lights up.
    const dragover = (e) => {
      if (!host.hasAttribute('openers')) return;
      e.preventDefault();
      zone.classList.add('dragging');
    };
    const dragleave = (e) => {
      if (e.relatedTarget === null) zone.classList.remove('dragging');
    };
    const drop = (e) => {
      if (!host.hasAttribute('openers')) return;
      e.preventDefault();
      zone.classList.remove('dragging');
      const file = e.dataTransfer?.files?.[0];
      if (file) openFile(file);
      else showLoadError(new LoadError('viewer/no-file', 'what was dropped is not a file'));
    };
    $('hub-form').addEventListener('submit', (e) => {
      e.preventDefault();
      openHub($('hub-url').value, $('hub-token').value);
    });
    $('demo-button').addEventListener('click', async () => {
      if (await attempt('demo ledger', () => fetchLedger(host.getAttribute('src') ?? 'demo-ledger.json')) && host.hashRouting) {
        const url = new URL(location.href);
        url.searchParams.delete('hub');
        history.replaceState(null, '', url);
      }
    });
    $('artifact-form').addEventListener('submit', (e) => {
      e.preventDefault();
      openView('artifact', $('artifact-input').value.trim());
    });
    const hashchange = () => { if (host.hashRouting) route({ focus: true }); };
    return { dragover, dragleave, drop, hashchange };
  }

  return { attempt, openHub, wireOpening };
}

// The elements ----------------------------------------------------------------------

/**
 * Whether a browser follows the path `href` as it is written: no segment is
 * `.` or `..`, plain or escaped, which would step out of it (the badge of a
 * session `..` would link to the site's root).
 */
function followsAsWritten(href) {
  return !href.split(/[?#]/, 1)[0].split('/').some((s) => /^(?:\.|%2e){1,2}$/i.test(s));
}

/** The class of `<hapi-peer-badge>` (made when it is defined: it extends `HTMLElement`). */
export function peerBadgeClass() {
  class HapiPeerBadge extends HTMLElement {
    static observedAttributes = ['meta', 'source-listed', 'describe'];

    #meta;

    constructor() {
      super();
      this.root = shadow(this);
    }

    /** The message's `meta` (an object); the `meta` attribute holds it as JSON. */
    get meta() {
      if (this.#meta !== undefined) return this.#meta;
      const attr = this.getAttribute('meta');
      if (attr === null) return undefined;
      try {
        return JSON.parse(attr);
      } catch {
        return attr;
      }
    }

    set meta(value) {
      this.#meta = value;
      this.render();
    }

    /** Whether the source session is listed for this user (the `source-listed` attribute). */
    get sourceListed() { return this.hasAttribute('source-listed'); }

    set sourceListed(v) { this.toggleAttribute('source-listed', Boolean(v)); }

    /** The core's last answer for this badge. */
    get answer() { return this._answer; }

    attributeChangedCallback() { this.render(); }

    connectedCallback() { this.render(); }

    async render() {
      if (!this.isConnected) return;
      await core();
      const meta = this.meta;
      if (meta === undefined) {
        this.root.replaceChildren(this.root.firstChild);
        return;
      }
      const call = { meta };
      if (this.hasAttribute('source-listed')) call.sourceListed = true;
      const a = peerBadge(call);
      this._answer = a;
      let body;
      if (a.type !== 'success') {
        body = el('span', { class: 'invalid', part: 'badge failure' }, `${a.error.code}: ${a.error.message}`);
      } else {
        const chip = a.navigable && a.href && followsAsWritten(a.href)
          ? el('a', { class: 'badge peer', part: 'badge link', href: a.href, title: a.tooltip }, a.label)
          : el('span', { class: 'badge peer', part: 'badge', title: a.tooltip }, a.label);
        if (chip.tagName === 'A') {
          chip.addEventListener('click', (e) => {
            const go = this.dispatchEvent(new CustomEvent('hapi-open', { detail: { kind: 'peer', id: a.href }, bubbles: true, composed: true, cancelable: true }));
            if (!go) e.preventDefault();
          });
        }
        body = el('span', {}, chip, this.hasAttribute('describe') ? el('span', { class: 'muted', part: 'tooltip' }, ` ${a.tooltip.replaceAll('\n', ' · ')}`) : '');
      }
      this.root.replaceChildren(this.root.firstChild, body);
    }
  }

  return HapiPeerBadge;
}

/** Each origin of a space-separated list, as `URL` spells it; what is not an http(s) origin is left out. */
function originsIn(list) {
  const out = [];
  for (const item of (list ?? '').split(/\s+/)) {
    try {
      const u = new URL(item);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u.origin);
    } catch {
      // Not a URL: names no origin.
    }
  }
  return out;
}

/** The class of `<hapi-ledger-view>` (made when it is defined: it extends `HTMLElement`). */
export function ledgerViewClass() {
  class HapiLedgerView extends HTMLElement {
    static observedAttributes = ['hub', 'src', 'openers'];

    #viewer;

    #pending;

    #token = '';

    constructor() {
      super();
      this.root = shadow(this);
      this.root.append(document.createRange().createContextualFragment(TEMPLATE));
      this.#viewer = viewerIn(this.root, this);
      this.#syncOpeners();
    }

    /** Whether views follow the page's address (`#handoff=<id>`, ...): the `hash-routing` attribute. */
    get hashRouting() { return this.hasAttribute('hash-routing'); }

    /** The open ledger `{events, links, now?, namespace?}`, or null; setting it folds and shows it. */
    get ledger() { return this.#viewer.ledger ?? this.#pending ?? null; }

    set ledger(value) {
      this.#pending = value;
      if (this.isConnected) this.#openPending();
    }

    /** The bearer token sent to the hub (the `token` attribute, or this property, which is never reflected). */
    get token() { return this.#token || (this.getAttribute('token') ?? ''); }

    set token(v) { this.#token = String(v ?? ''); }

    /**
     * The origins besides the page's own that a hub named by the page's
     * address (`?hub=`) may be on while the element holds a token: the
     * `hub-origins` attribute, a space-separated list.
     */
    get hubOrigins() { return originsIn(this.getAttribute('hub-origins')); }

    set hubOrigins(v) { this.setAttribute('hub-origins', (Array.isArray(v) ? v : [v]).join(' ')); }

    /**
     * Whether the token may go to `hub`, a URL the page's address named: only
     * when it is on the page's origin or one the app lists. A URL that is no
     * URL is let through, for `fetchHub` to refuse before any request.
     */
    #mayCarryToken(hub) {
      let origin;
      try {
        origin = new URL(hub.trim(), location.href).origin;
      } catch {
        return true;
      }
      return origin !== 'null' && (origin === location.origin || this.hubOrigins.includes(origin));
    }

    /** Opens a view: `open('handoff', id)`, `open('session', id)`, `open('artifact', urlOrRefJson)`. */
    open(kind, id) { return this.#viewer.openView(kind, id); }

    async #openPending() {
      const ledger = this.#pending;
      if (ledger === undefined) return;
      this.#pending = undefined;
      await core();
      await this.#viewer.openLedger(ledger, 'ledger');
    }

    #syncOpeners() {
      const shown = this.hasAttribute('openers');
      this.root.getElementById('openers').hidden = !shown;
      this.root.getElementById('demo-again').hidden = !shown || !this.hasAttribute('src');
    }

    async #load() {
      await core();
      const named = this.getAttribute('hub');
      const hub = named ?? (this.hashRouting ? new URLSearchParams(location.search).get('hub') : null);
      if (hub) {
        this.root.getElementById('hub-url').value = hub;
        // The app names where its token goes, never the page's address.
        const token = this.token;
        if (named === null && token && !this.#mayCarryToken(hub)) {
          return this.#viewer.attempt(`hub ${hub}`, async () => {
            throw new LoadError('viewer/hub-origin-not-listed',
              `the page's address names a hub on ${new URL(hub.trim(), location.href).origin}, which is not this page's origin nor one of its hub-origins: nothing was sent there`);
          });
        }
        return this.#viewer.openHub(hub, token);
      }
      if (this.#pending !== undefined) return this.#openPending();
      const src = this.getAttribute('src');
      if (src) return this.#viewer.attempt(src.endsWith('demo-ledger.json') ? 'demo ledger' : src, () => fetchLedger(src));
      return false;
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'openers') this.#syncOpeners();
      else if (this.isConnected && old !== value && this.#started) this.#load();
      if (name === 'src') this.#syncOpeners();
    }

    #started = false;

    connectedCallback() {
      const l = this.#viewer.listeners;
      window.addEventListener('dragover', l.dragover);
      window.addEventListener('dragleave', l.dragleave);
      window.addEventListener('drop', l.drop);
      window.addEventListener('hashchange', l.hashchange);
      if (!this.#started) {
        this.#started = true;
        /** Settles when the first ledger is open (or could not be). */
        this.loaded = this.#load();
      }
    }

    disconnectedCallback() {
      const l = this.#viewer.listeners;
      window.removeEventListener('dragover', l.dragover);
      window.removeEventListener('dragleave', l.dragleave);
      window.removeEventListener('drop', l.drop);
      window.removeEventListener('hashchange', l.hashchange);
    }
  }

  return HapiLedgerView;
}
