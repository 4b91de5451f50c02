// The ledger fold of `<hapi-ledger-view>`, off the page's main thread. Each
// fold is kept under the id of the message that made it, until the element
// closes it:
// - `{begin}` starts a fold given its rows a chunk at a time
//   (`{fold, table, rows}`, not answered: each chunk is folded as it comes,
//   while the element writes the next), then `{fold, finish}` (the rest of
//   the `ledger.view` call) answers the call;
// - `{fold, ask}` answers a `{"query", "page"}` text over a fold;
// - `{close}` frees a fold.
// Nothing is decided here: every answer is the core's (`LedgerFold`).
import init, { LedgerFold } from './hapi_a2a_core.js';

const ready = init();
const folds = new Map();

self.onmessage = async ({ data }) => {
  const { id, begin, fold, table, rows, finish, ask, close } = data;
  if (close !== undefined) {
    folds.get(close)?.free();
    folds.delete(close);
    return;
  }
  try {
    await ready;
    if (begin) {
      folds.set(id, LedgerFold.begin());
      self.postMessage({ id, text: '' });
    } else if (typeof rows === 'string') {
      // A chunk the core refuses leaves the fold unfinishable: `finish` then says so.
      folds.get(fold)?.addRows(table, rows);
    } else if (typeof finish === 'string') {
      const f = folds.get(fold);
      self.postMessage({ id, text: f ? f.finish(finish) : null });
    } else {
      const opened = folds.get(fold);
      self.postMessage({ id, text: opened ? opened.ask(ask) : null });
    }
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
