// The ledger viewer: folds a ledger with the core's `ledgerView` and shows
// the fleet, a session's history, a handoff thread (its delegated-authority
// chain, its lineage, its receipts and their checks, what its worker sees),
// everything touching an artifact, and peer badges. Every verdict shown
// (staleness, outcome, late receipts, audit chains, diagnostics, badge text)
// is the core's; the page only lays it out and reads fields of the rows it
// was given. Views are addressed by the URL's hash: `#handoff=<id>`,
// `#session=<id>`, `#artifact=<url or ref JSON>`.
import { ledgerView, projectHandoff, peerBadge } from 'hapi-a2a-core';
import { $, el, when, diagnosticLine } from './dom.js';
import { LoadError, fetchDemo, fetchHub, ledgerFromText, readFile } from './load.js';

/** The open ledger: rows, `now`, and the fleet answer with its diagnostics. */
let current = null;

function view(query) {
  const { events, links, now, namespace } = current.ledger;
  const call = { events, links, now, query };
  if (namespace !== undefined) call.namespace = namespace;
  return ledgerView(call);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v) => (typeof v === 'string' ? v : '');
const rowById = (id) => current.rows.get(id);

// Links --------------------------------------------------------------------

const hashFor = (kind, arg) => `#${kind}=${encodeURIComponent(arg)}`;

function sessionLink(id) {
  return el('a', { href: hashFor('session', id), class: 'session-link' }, id);
}

function handoffLink(id, attrs = {}) {
  return el('a', { href: hashFor('handoff', id), ...attrs }, id);
}

/** An event id: a link when it is a handoff of the open ledger, else code. */
function eventRef(id) {
  const row = rowById(id);
  if (isObject(row) && row.eventType === 'handoff') return handoffLink(id);
  return el('code', {}, id);
}

function statusBadge(status, extraClass = '') {
  const s = String(status ?? 'unknown');
  return el('span', { class: `badge status-${s.replace(/[^a-z_]/g, '')} ${extraClass}`.trim() }, s);
}

function scrollBox(table) {
  return el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': table.dataset.label ?? 'table' }, table);
}

function table(label, head, rows, attrs = {}) {
  const t = el('table', attrs);
  t.dataset.label = label;
  t.append(el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h)))));
  const body = el('tbody');
  for (const r of rows) body.append(r);
  t.append(body);
  return scrollBox(t);
}

// Diagnostics ----------------------------------------------------------------

const diagKey = (d) => `${d.code}\u0000${d.instancePath}\u0000${d.message}`;

/** Names the row a `/events/N/...` or `/links/N/...` pointer lands in. */
function pointerTarget(pointer) {
  const m = /^\/(events|links)\/(\d+)(?:\/|$)/.exec(pointer ?? '');
  if (!m) return '';
  const row = current.ledger[m[1]]?.[Number(m[2])];
  if (!isObject(row) || typeof row.id !== 'string') return '';
  return el('span', {}, ' (', m[1] === 'events' ? eventRef(row.id) : el('code', {}, row.id), ')');
}

function diagnosticList(diagnostics, id) {
  const ul = el('ul', { class: 'diagnostics', id });
  for (const d of diagnostics) ul.append(diagnosticLine(d, pointerTarget(d.instancePath)));
  return ul;
}

/** The diagnostics of a query's answer that the fleet answer did not already give. */
function ownDiagnostics(answer) {
  const seen = new Set(current.fleet.diagnostics.map(diagKey));
  const own = answer.diagnostics.filter((d) => !seen.has(diagKey(d)));
  return own.length ? [el('h3', {}, 'What the core says about this view'), diagnosticList(own, 'detail-diagnostics')] : [];
}

function showFailure(target, answer) {
  target.replaceChildren(el('p', { class: 'verdict invalid failure' },
    'the core could not answer: ', el('code', {}, answer.error.code), ` ${answer.error.message}`));
}

// The fleet --------------------------------------------------------------------

function staleReason(ad) {
  if (!ad.stale) return '';
  const row = isObject(ad.event) ? ad.event : {};
  const parts = [`expired ${when(row.expiresAt) || String(row.expiresAt)}`];
  if (ad.reportedStatus) parts.push(`last reported ${ad.reportedStatus}`);
  return el('span', { class: 'stale-reason' }, parts.join(' · '));
}

function showFleet() {
  const fleet = current.fleet.view;
  const out = $('fleet');
  const counts = Object.entries(fleet.counts).map(([s, n]) => `${s} ${n}`).join(' · ');
  out.replaceChildren(el('p', { id: 'fleet-summary' }, `${fleet.sessions} sessions — ${counts || 'no work ads'}`));
  for (const group of fleet.projects) {
    const rows = group.ads.map((ad) => {
      const row = isObject(ad.event) ? ad.event : {};
      return el('tr', { 'data-session': ad.sessionId },
        el('td', { class: 'nowrap' }, sessionLink(ad.sessionId)),
        el('td', {}, statusBadge(ad.status, ad.stale ? 'stale' : ''), staleReason(ad)),
        el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
    });
    out.append(el('h3', { class: 'project' }, group.project ?? '(no project)'),
      table(`work ads of ${group.project ?? 'no project'}`, ['session', 'status', 'summary'], rows, { class: 'fleet-project' }));
  }
  // The handoffs of the folded namespace, newest first: a way into each thread.
  const handoffs = current.ledger.events
    .filter((r) => isObject(r) && r.eventType === 'handoff' && typeof r.id === 'string' && r.namespace === current.fleet.namespace)
    .sort((a, b) => (Number(b.ts) || 0) - (Number(a.ts) || 0));
  const index = el('ul', { class: 'link-list', id: 'handoff-list' });
  for (const r of handoffs.slice(0, 200)) {
    index.append(el('li', {}, handoffLink(r.id), ' ', el('span', { class: 'muted' }, text(r.summary))));
  }
  $('handoff-index').replaceChildren(handoffs.length ? index : el('p', { class: 'muted' }, 'no handoffs in this ledger'));
  if (handoffs.length > 200) $('handoff-index').append(el('p', { class: 'muted' }, `and ${handoffs.length - 200} more (open them from a session)`));
}

function showLedgerDiagnostics() {
  const { diagnostics } = current.fleet;
  const out = $('ledger-diagnostics');
  if (!diagnostics.length) {
    out.replaceChildren(el('p', { class: 'muted', id: 'no-findings' }, 'no findings: the core folds this ledger without a remark'));
    return;
  }
  out.replaceChildren(el('p', {}, `${diagnostics.length} finding${diagnostics.length === 1 ? '' : 's'}, each with its code and the JSON pointer into the ledger:`),
    diagnosticList(diagnostics, 'ledger-diagnostic-list'));
}

// A handoff thread ---------------------------------------------------------------

function principalText(p) {
  if (!isObject(p)) return '(no principal)';
  const on = typeof p.on_behalf_of === 'string' ? ` on behalf of ${p.on_behalf_of}` : '';
  return `${text(p.kind) || '?'} ${text(p.id) || '?'}${on}`;
}

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
    const row = rowById(g);
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
    ids.forEach((id, i) => dd.append(i ? ', ' : '', handoffLink(id)));
    rel.append(el('dt', {}, label), dd);
  }
  if (rel.childElementCount) nav.append(rel);
  return nav;
}

/** Each check as the facts the receipt states, one small list per check. */
function checkFacts(checks) {
  const ol = el('ol', { class: 'checks' });
  for (const c of checks) {
    const o = isObject(c) ? c : {};
    const out = isObject(o.output_ref) ? (text(o.output_ref.url) || text(o.output_ref.ref) || text(o.output_ref.kind)) : '';
    const passed = o.passed === true ? 'passed' : o.passed === false ? 'failed' : String(o.passed ?? '—');
    const dl = el('dl', { class: 'facts' });
    for (const [k, v] of [
      ['command', el('code', {}, text(o.command) || JSON.stringify(o.command ?? null))],
      ['exit code', o.exit_code === undefined ? '—' : String(o.exit_code)],
      ['passed', el('span', { class: `badge check-${passed}` }, passed)],
      ['started', when(o.started_at) || '—'],
      ['completed', when(o.completed_at) || '—'],
      ['output', out || '—'],
    ]) dl.append(el('dt', {}, k), el('dd', {}, v));
    ol.append(el('li', {}, dl));
  }
  return ol;
}

function receipts(t) {
  const ol = el('ol', { id: 'thread-receipts', class: 'receipts' });
  for (const r of t.receipts) {
    const row = isObject(r.event) ? r.event : {};
    const payload = isObject(row.payloadJson) ? row.payloadJson : {};
    const li = el('li', { 'data-receipt': r.receiptId },
      el('p', {}, statusBadge(r.status ?? 'unknown'), ' ', el('code', {}, r.receiptId),
        r.late ? el('span', { class: 'badge stale' }, 'late') : '',
        el('span', { class: 'muted' }, ` ${r.terminal ? 'terminal' : 'not terminal'} · ${r.relations.join(', ')} · ${when(row.ts)}`)),
      text(row.summary) ? el('p', {}, text(row.summary)) : '');
    if (Array.isArray(payload.checks) && payload.checks.length) li.append(el('p', { class: 'small muted' }, `checks (${payload.checks.length})`), checkFacts(payload.checks));
    else li.append(el('p', { class: 'muted small' }, 'no checks reported'));
    ol.append(li);
  }
  return [el('h3', {}, `Receipts (${t.receipts.length})`), t.receipts.length ? ol : el('p', { class: 'muted' }, 'no receipt yet')];
}

function threadLinks(t) {
  if (!t.links.length) return [];
  const rows = t.links.map((l) => el('tr', {},
    el('td', {}, l.relationType), el('td', {}, l.direction), el('td', {}, eventRef(l.eventId))));
  return [el('h3', {}, `Links (${t.links.length})`), table('links', ['relation', 'direction', 'event'], rows, { class: 'thread-links' })];
}

function showHandoff(eventId) {
  const out = $('detail');
  $('detail-title').replaceChildren('Handoff ', el('code', {}, eventId));
  const answer = view({ by: 'handoff', eventId });
  if (answer.type !== 'success') return showFailure(out, answer);
  const h = answer.view;
  if (!h.found) {
    out.replaceChildren(el('p', { class: 'verdict invalid' }, 'not in this ledger (or not in its namespace)'), ...ownDiagnostics(answer));
    return;
  }
  if (!h.thread) {
    const row = isObject(h.event) ? h.event : {};
    out.replaceChildren(el('p', {}, `a ${text(row.eventType) || 'row'}, not a handoff: `, text(row.summary)), ...ownDiagnostics(answer));
    return;
  }
  const t = h.thread;
  const row = isObject(t.handoff) ? t.handoff : {};
  const projection = projectHandoff({ event: t.handoff });
  out.replaceChildren(
    el('p', { id: 'thread-outcome' }, 'outcome ', statusBadge(t.outcome), ' · delivery ', el('code', {}, t.deliveryState ?? 'unknown'),
      t.decidedBy.length ? el('span', { class: 'muted' }, ` (decided by ${t.decidedBy.join(', ')})`) : ''),
    el('p', {}, t.sourceRef ? sessionLink(t.sourceRef) : '?', ' → ', t.sinkRef ? sessionLink(t.sinkRef) : '?', el('span', { class: 'muted' }, ` · ${when(row.ts)}`)),
    el('p', { class: 'summary' }, text(row.summary)),
    auditChain(t, eventId),
    lineage(t, eventId),
    ...receipts(t),
    ...threadLinks(t),
    el('details', { id: 'projection-box' },
      el('summary', {}, 'What the worker sees (projection)'),
      el('pre', { id: 'projection', tabindex: 0 }, projection.type === 'success' ? projection.text : `${projection.error.code}: ${projection.error.message}`)),
    ...ownDiagnostics(answer));
}

// A session and an artifact ------------------------------------------------------

function showSession(sessionId) {
  const out = $('detail');
  $('detail-title').replaceChildren('Session ', el('code', {}, sessionId));
  const answer = view({ by: 'session', sessionId });
  if (answer.type !== 'success') return showFailure(out, answer);
  const s = answer.view;
  const rows = s.events.map((e) => {
    const row = isObject(e.event) ? e.event : {};
    return el('tr', {},
      el('td', {}, eventRef(e.eventId), el('span', { class: 'when' }, e.eventType)),
      el('td', {}, e.roles.join(', ')),
      el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
  });
  const threads = el('ul', { class: 'link-list', id: 'session-threads' });
  for (const t of s.threads) {
    threads.append(el('li', {}, handoffLink(t.handoffId), ' ', statusBadge(t.outcome), ' ',
      el('span', { class: 'muted' }, text(isObject(t.handoff) ? t.handoff.summary : ''))));
  }
  out.replaceChildren(
    el('h3', {}, `Handoff threads (${s.threads.length})`),
    s.threads.length ? threads : el('p', { class: 'muted' }, 'none'),
    el('h3', {}, `Events (${s.events.length})`),
    s.events.length ? table('session events', ['event', 'role', 'summary'], rows, { id: 'session-events' })
      : el('p', { class: 'muted' }, 'no events name this session'),
    ...ownDiagnostics(answer));
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

function showArtifact(input) {
  const out = $('detail');
  $('detail-title').replaceChildren('Artifact');
  $('artifact-input').value = input;
  const answer = view({ by: 'artifact', ref: artifactRef(input) });
  if (answer.type !== 'success') return showFailure(out, answer);
  const a = answer.view;
  out.replaceChildren(el('p', { id: 'artifact-identity' }, 'identity ', el('code', {}, a.identity ?? '(none: not a shared artifact)')));
  for (const [label, matches] of [['handoffs', a.handoffs], ['receipts', a.receipts], ['ads', a.ads], ['others', a.others]]) {
    if (!matches.length) continue;
    const ul = el('ul', { class: `link-list artifact-${label}` });
    for (const m of matches) {
      const row = isObject(m.event) ? m.event : {};
      ul.append(el('li', {}, eventRef(m.eventId), ' ', text(row.summary), el('span', { class: 'muted' }, ` at ${m.matchedAt.join(', ')}`)));
    }
    out.append(el('h3', {}, `${label} (${matches.length})`), ul);
  }
  out.append(...ownDiagnostics(answer));
}

function showOverview() {
  $('detail-title').textContent = 'Detail';
  $('detail').replaceChildren(el('p', { class: 'muted' },
    'Pick a session in the fleet or a handoff from the list to see its thread, its authority chain, its lineage and its receipts.'));
}

// Badges ---------------------------------------------------------------------------

function showBadges() {
  const samples = [
    { meta: { sentFrom: 'peer', peer: { sourceSessionId: '3f8e2a1c-5b7d-4e9f-a0b1-c2d3e4f5a6b7', sourceName: 'receipts reviewer' } }, sourceListed: true },
    { meta: { sentFrom: 'peer', peer: { sourceSessionId: '9c1d7e52-0a4b-4c3d-8e2f-1a2b3c4d5e6f' } }, sourceListed: false },
    { meta: { sentFrom: 'peer' } },
  ];
  const out = $('badges');
  out.replaceChildren();
  for (const call of samples) {
    const a = peerBadge(call);
    if (a.type !== 'success') {
      out.append(el('li', { class: 'invalid' }, `${a.error.code}: ${a.error.message}`));
      continue;
    }
    const chip = a.navigable && a.href
      ? el('a', { class: 'badge peer', href: a.href, title: a.tooltip }, a.label)
      : el('span', { class: 'badge peer', title: a.tooltip }, a.label);
    out.append(el('li', {}, chip, el('span', { class: 'muted' }, ` ${a.tooltip.replaceAll('\n', ' · ')}`)));
  }
}

// Routing ---------------------------------------------------------------------------

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

function route({ focus = false } = {}) {
  if (!current) return;
  const [kind, arg] = parseHash(location.hash);
  if (kind === 'handoff' && arg) showHandoff(arg);
  else if (kind === 'session' && arg) showSession(arg);
  else if (kind === 'artifact' && arg) showArtifact(arg);
  else showOverview();
  if (focus) $('detail-panel').focus();
}

// Opening a ledger ---------------------------------------------------------------------

function showLoadError(e) {
  const box = $('load-error');
  box.hidden = false;
  if (e instanceof LoadError && e.diagnostics.length) {
    box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened:')), diagnosticList(e.diagnostics, 'load-diagnostics'));
  } else if (e instanceof LoadError) {
    box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), el('code', {}, e.code), ` ${e.message}`));
  } else {
    box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), e instanceof Error ? e.message : String(e)));
  }
  box.append(el('p', { class: 'muted small' }, current ? `Still showing ${current.label}.` : 'No ledger is open.'));
}

/**
 * Folds `ledger` and shows it, or leaves the open ledger as it was and
 * says why not. A ledger without `now` is folded at this browser's clock.
 */
function open(ledger, label) {
  const clock = ledger.now === undefined;
  const candidate = { ledger: clock ? { ...ledger, now: Date.now() } : ledger, label };
  const previous = current;
  current = candidate;
  const fleet = view({ by: 'fleet' });
  if (fleet.type !== 'success') {
    current = previous;
    throw new LoadError(fleet.error.code, `the core could not fold it: ${fleet.error.message}`);
  }
  candidate.fleet = fleet;
  candidate.rows = new Map();
  if (Array.isArray(ledger.events)) {
    for (const r of ledger.events) if (isObject(r) && typeof r.id === 'string' && !candidate.rows.has(r.id)) candidate.rows.set(r.id, r);
  }
  const n = (v) => (Array.isArray(v) ? v.length : 0);
  $('ledger-source').replaceChildren(el('strong', {}, label), ` — ${n(ledger.events)} events, ${n(ledger.links)} links, namespace `,
    el('code', {}, fleet.namespace || '(none)'), `, now ${when(candidate.ledger.now)}${clock ? ' (this browser\'s clock)' : ''}`,
    ledger.note ? el('span', { class: 'muted' }, ` (${ledger.note})`) : '');
  $('load-error').hidden = true;
  showFleet();
  showLedgerDiagnostics();
  route();
}

/** Opens what `produce` gives; says whether it was opened. */
async function attempt(label, produce) {
  $('ledger-source').textContent = `opening ${label}…`;
  try {
    const ledger = await produce();
    open(ledger, label);
    return true;
  } catch (e) {
    if (current) open(current.ledger, current.label);
    else $('ledger-source').textContent = 'no ledger open';
    showLoadError(e);
    return false;
  }
}

async function openFile(file) {
  await attempt(file ? `file ${file.name}` : 'a file', async () => ledgerFromText(await readFile(file)));
}

/**
 * Reads the ledger from a hub. On success the page's address names the hub
 * (`?hub=<url>`, never the token), so a deep link opens the same ledger.
 */
async function openHub(input) {
  const opened = await attempt(`hub ${input}`, async () => {
    const got = await fetchHub(input, {
      token: $('hub-token').value,
      onProgress: (p) => { $('ledger-source').textContent = `fetching from the hub: ${p.requests} requests, ${p.events} events, ${p.links} links…`; },
    });
    const notes = [];
    if (got.failed) notes.push(`${got.failed} of ${got.requests} requests failed`);
    if (got.truncated) notes.push(`stopped after ${got.requests} requests`);
    return { ...got.ledger, note: notes.join('; ') };
  });
  if (opened) {
    const url = new URL(location.href);
    url.searchParams.set('hub', input.trim());
    history.replaceState(null, '', url);
  }
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
  // Drops anywhere on the page open the file; the zone lights up.
  window.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  window.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) zone.classList.remove('dragging');
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    const file = e.dataTransfer?.files?.[0];
    if (file) openFile(file);
    else showLoadError(new LoadError('viewer/no-file', 'what was dropped is not a file'));
  });
  $('hub-form').addEventListener('submit', (e) => {
    e.preventDefault();
    openHub($('hub-url').value);
  });
  $('demo-button').addEventListener('click', async () => {
    if (await attempt('demo ledger', fetchDemo)) {
      const url = new URL(location.href);
      url.searchParams.delete('hub');
      history.replaceState(null, '', url);
    }
  });
  $('artifact-form').addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = hashFor('artifact', $('artifact-input').value.trim());
  });
}

export async function startViewer() {
  wireOpening();
  showBadges();
  window.addEventListener('hashchange', () => route({ focus: true }));
  const hub = new URLSearchParams(location.search).get('hub');
  if (hub) {
    $('hub-url').value = hub;
    await openHub(hub);
  } else {
    await attempt('demo ledger', fetchDemo);
  }
}
