// What every panel of the ledger view lays out with: reading the core's
// answers, links to views, status badges, and lists and tables built a
// page at a time.
import { el, shownText } from './dom.js';

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
