// The core's findings: the findings panel (of the open ledger), a view's
// own, those of a ledger that could not be opened, and a failed answer.
import { diagnosticLine, el } from './dom.js';
import { isObject, totalOf } from './lists.js';

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
