// The ledger viewer: folds the embedded demo ledger with the core's
// `ledgerView` and shows the fleet, a session's history, a handoff thread
// (with what its worker sees), everything touching an artifact, and peer
// badges. Every verdict shown (staleness, outcome, late receipts, audit
// chains, badge text) is the core's; the page only lays it out. Text goes in
// through textContent, never as HTML.
import { ledgerView, projectHandoff, peerBadge } from 'hapi-a2a-core';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'onclick') node.addEventListener('click', v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c ?? '');
  return node;
};
const when = (ms) => (typeof ms === 'number' ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) : '');

let ledger;

function view(query) {
  const answer = ledgerView({ events: ledger.events, links: ledger.links, now: ledger.now, namespace: ledger.namespace, query });
  if (answer.type !== 'success') throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer;
}

function statusBadge(status, stale) {
  return el('span', { class: `badge status-${status}${stale ? ' stale' : ''}` }, status);
}

function sessionLink(id) {
  return el('a', { href: `#session/${encodeURIComponent(id)}`, class: 'session-link' }, id);
}

function eventLink(ev) {
  const id = ev.id;
  if (ev.eventType === 'handoff') return el('a', { href: `#handoff/${encodeURIComponent(id)}` }, id);
  return el('code', {}, id);
}

function showDiagnostics(target, diagnostics) {
  target.replaceChildren();
  if (!diagnostics.length) {
    target.append(el('p', { class: 'muted' }, 'no findings'));
    return;
  }
  for (const d of diagnostics) {
    target.append(el('p', { class: `diag sev-${d.severity}` }, `${d.severity} ${d.code} at ${d.instancePath || '(root)'}: ${d.message}`));
  }
}

function showFleet() {
  const { view: fleet, diagnostics } = view({ by: 'fleet' });
  const out = $('fleet');
  out.replaceChildren();
  const counts = Object.entries(fleet.counts).map(([s, n]) => `${s} ${n}`).join(' · ');
  out.append(el('p', { id: 'fleet-summary' }, `${fleet.sessions} sessions — ${counts}`));
  for (const group of fleet.projects) {
    const table = el('table', { class: 'fleet-project' },
      el('caption', {}, group.project ?? '(no project)'),
      el('tr', {}, el('th', {}, 'session'), el('th', {}, 'status'), el('th', {}, 'summary'), el('th', {}, 'at')));
    for (const ad of group.ads) {
      table.append(el('tr', { 'data-session': ad.sessionId },
        el('td', {}, sessionLink(ad.sessionId)),
        el('td', {}, statusBadge(ad.status, ad.stale)),
        el('td', {}, ad.event.summary ?? ''),
        el('td', {}, when(ad.event.ts))));
    }
    out.append(table);
  }
  showDiagnostics($('ledger-diagnostics'), diagnostics);
}

function showSession(sessionId) {
  const { view: session } = view({ by: 'session', sessionId });
  const out = $('detail');
  out.replaceChildren(el('h3', {}, 'Session ', el('code', {}, sessionId)));
  const list = el('table', { id: 'session-events' },
    el('tr', {}, el('th', {}, 'at'), el('th', {}, 'event'), el('th', {}, 'type'), el('th', {}, 'role'), el('th', {}, 'summary')));
  for (const e of session.events) {
    list.append(el('tr', {},
      el('td', {}, when(e.event.ts)), el('td', {}, eventLink(e.event)), el('td', {}, e.eventType),
      el('td', {}, e.roles.join(', ')), el('td', {}, e.event.summary ?? '')));
  }
  out.append(list);
}

function showHandoff(eventId) {
  const { view: h } = view({ by: 'handoff', eventId });
  const out = $('detail');
  out.replaceChildren(el('h3', {}, 'Handoff ', el('code', {}, eventId)));
  if (!h.found || !h.thread) {
    out.append(el('p', { class: 'verdict invalid' }, 'not in this namespace'));
    return;
  }
  const t = h.thread;
  out.append(
    el('p', { id: 'thread-outcome' }, 'outcome ', statusBadge(t.outcome), ' · delivery ', el('code', {}, t.deliveryState ?? 'unknown'),
      ' · ', t.sourceRef ? sessionLink(t.sourceRef) : '', ' → ', t.sinkRef ? sessionLink(t.sinkRef) : ''),
    el('p', {}, t.handoff.summary ?? ''));
  const receipts = el('ul', { id: 'thread-receipts' });
  for (const r of t.receipts) {
    receipts.append(el('li', {}, statusBadge(r.status ?? 'unknown'), ' ', el('code', {}, r.receiptId),
      r.late ? el('span', { class: 'badge stale' }, 'late') : '', ' ', r.event.summary ?? ''));
  }
  out.append(el('h4', {}, `Receipts (${t.receipts.length})`), receipts);
  const lin = t.lineage;
  out.append(el('p', {}, `attempts: ${lin.attempts.join(' → ')} (latest ${lin.latest})`));
  if (t.audit) {
    out.append(el('p', { id: 'thread-audit' }, `audit chain: ${t.audit.grants.join(' → ') || '(none)'} — `,
      t.audit.endsAtHuman ? 'ends at a human principal' : `does not end at a human (${t.audit.code ?? 'unknown'})`));
  }
  const projection = projectHandoff({ event: t.handoff });
  out.append(el('h4', {}, 'What the worker sees'),
    el('pre', { id: 'projection' }, projection.type === 'success' ? projection.text : `${projection.error.code}: ${projection.error.message}`));
}

function showArtifact(text) {
  const out = $('artifact-result');
  out.replaceChildren();
  let ref;
  try {
    ref = JSON.parse(text);
  } catch {
    ref = { kind: 'url', url: text.trim() };
  }
  const { view: a } = view({ by: 'artifact', ref });
  out.append(el('p', { id: 'artifact-identity' }, 'identity ', el('code', {}, a.identity ?? '(none: not a shared artifact)')));
  for (const [label, matches] of [['handoffs', a.handoffs], ['receipts', a.receipts], ['ads', a.ads], ['others', a.others]]) {
    if (!matches.length) continue;
    const ul = el('ul', { class: `artifact-${label}` });
    for (const m of matches) ul.append(el('li', {}, eventLink(m.event), ' ', m.event.summary ?? ''));
    out.append(el('h4', {}, `${label} (${matches.length})`), ul);
  }
}

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
    if (a.type !== 'success') continue;
    const chip = a.navigable && a.href
      ? el('a', { class: 'badge peer', href: a.href, title: a.tooltip }, a.label)
      : el('span', { class: 'badge peer', title: a.tooltip }, a.label);
    out.append(el('li', {}, chip, el('span', { class: 'muted' }, ` ${a.tooltip.replaceAll('\n', ' · ')}`)));
  }
}

function route() {
  const [kind, arg] = location.hash.slice(1).split('/');
  if (kind === 'session' && arg) showSession(decodeURIComponent(arg));
  else if (kind === 'handoff' && arg) showHandoff(decodeURIComponent(arg));
}

export async function startViewer() {
  ledger = await (await fetch('demo-ledger.json')).json();
  $('ledger-now').textContent = `demo ledger: ${ledger.events.length} events, ${ledger.links.length} links, now = ${when(ledger.now)}`;
  showFleet();
  showBadges();
  $('artifact-form').addEventListener('submit', (e) => {
    e.preventDefault();
    showArtifact($('artifact-input').value);
  });
  showArtifact($('artifact-input').value);
  window.addEventListener('hashchange', route);
  if (location.hash) route();
  else showHandoff('ho-review');
}
