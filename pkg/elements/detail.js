// The detail panel's other views: a session, an artifact, and the overview
// shown before either (a handoff's thread is thread.js).
import { el, when } from './dom.js';
import { OUTCOME_TONES, handoffLink, isObject, statusBadge, text, totalOf } from './lists.js';

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
