// The fleet panel: the current work ads of each project, and the index of
// the ledger's handoffs.
import { el, shownText, when } from './dom.js';
import { AD_TONES, handoffLink, isObject, sessionLink, statusBadge, text, totalOf } from './lists.js';

/** How many projects of the fleet, each a table, are built at first and at each "more". */
const PROJECT_PAGE = 10;

function staleReason(ad) {
  if (!ad.stale) return '';
  const row = isObject(ad.event) ? ad.event : {};
  const parts = [`expired ${when(row.expiresAt) || String(row.expiresAt)}`];
  if (ad.reportedStatus) parts.push(`last reported ${shownText(ad.reportedStatus)}`);
  return el('span', { class: 'stale-reason' }, parts.join(' · '));
}

/** The fleet panel: the work ads of each project, and the handoffs of the ledger. */
export function fleetIn(viewer) {
  const { $, view, paged, table } = viewer;

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
