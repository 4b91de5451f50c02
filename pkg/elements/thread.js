// The detail panel's view of a handoff thread: its outcome, authority
// chain, lineage, graph, receipts, links and projection.
import { projectHandoff } from '#core';
import { el, when } from './dom.js';
import {
  OUTCOME_TONES, RECEIPT_TONES, TERMINAL_RECEIPT_TONES, handoffLink, isObject, principalText, sessionLink, statusBadge, text, totalOf,
} from './lists.js';

/** What the core says of one item of a receipt's evidence (`items` of `evidence`), by its pointer. */
const evidenceAt = (evidence, pointer) => (isObject(evidence) && Array.isArray(evidence.items)
  ? evidence.items.find((i) => isObject(i) && i.instancePath === pointer) : undefined);

const VERIFIED_WORDS = { 'digest/match': 'matched', 'digest/mismatch': 'MISMATCHED', 'digest/nothing-to-compare': 'nothing to compare' };

/** An output's digest as a fact: the algorithms that bind it and, when the app checked it, what it found. */
function digestFact(item) {
  if (!item) return '—';
  const algorithms = Array.isArray(item.algorithms) ? item.algorithms.filter((a) => typeof a === 'string') : [];
  if (!algorithms.length) return 'none: reported, not bound';
  const found = VERIFIED_WORDS[item.verified];
  return `${algorithms.join(', ')} · ${found ?? 'not checked here'}`;
}

/**
 * The receipt's evidence badge, from the core's verdict: a mismatch the app
 * found, every bound item matched, bound, or reported and not bound (which
 * does not make it false).
 */
function evidenceBadge(evidence) {
  const items = isObject(evidence) && Array.isArray(evidence.items) ? evidence.items.filter(isObject) : [];
  const bound = isObject(evidence) && evidence.bound === true;
  const boundItems = items.filter((i) => Array.isArray(i.algorithms) && i.algorithms.length);
  let tone = 'neutral';
  let label = 'reported, not bound';
  if (items.some((i) => i.verified === 'digest/mismatch')) [tone, label] = ['bad', 'digest mismatch'];
  else if (bound && boundItems.every((i) => i.verified === 'digest/match')) [tone, label] = ['good', 'bound, matched'];
  // Bound, but nothing checked yet: a digest anyone could have written is no good news on its own.
  else if (bound) [tone, label] = ['neutral', 'bound by digest'];
  return el('span', { class: `badge evidence status-${tone}`, 'data-evidence': label }, label);
}

/** A check as the facts the receipt states, in a small list of its own (`evidence`: the receipt's). */
function checkFacts(c, index, evidence) {
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
    ['digest', isObject(o.output_ref) ? digestFact(evidenceAt(evidence, `/payloadJson/checks/${index}/output_ref`)) : '—'],
  ]) dl.append(el('dt', {}, k), el('dd', {}, v));
  return el('li', {}, dl);
}

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

  function receiptItem(r) {
    const row = isObject(r.event) ? r.event : {};
    const payload = isObject(row.payloadJson) ? row.payloadJson : {};
    const li = el('li', { 'data-receipt': r.receiptId },
      el('p', {}, statusBadge(r.status ?? 'unknown', r.terminal ? TERMINAL_RECEIPT_TONES : RECEIPT_TONES, false, r.statusKnown !== false), ' ', el('code', {}, r.receiptId),
        r.late ? el('span', { class: 'badge stale' }, 'late') : '',
        ' ', evidenceBadge(r.evidence),
        el('span', { class: 'muted' }, ` ${r.terminal ? 'terminal' : 'not terminal'} · ${r.relations.join(', ')} · ${when(row.ts)}`)),
      text(row.summary) ? el('p', {}, text(row.summary)) : '');
    if (Array.isArray(payload.checks) && payload.checks.length) {
      const checks = el('ol', { class: 'checks' });
      li.append(el('p', { class: 'small muted' }, `checks (${payload.checks.length})`), checks,
        paged(checks, payload.checks, (c, i) => checkFacts(c, i, r.evidence), 'checks'));
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
