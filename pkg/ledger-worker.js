// The ledger fold of `<hapi-ledger-view>`, off the page's main thread. The
// element sends a `ledger.view` call's text (`open`) and gets its answer;
// the fold is kept, under the message's id, for the element to ask more
// pages of views of (`ask`, a `{"query", "page"}` text, answered as the
// call with those fields would be) until it closes it (`close`). Nothing is
// decided here: every answer is the core's (`LedgerFold`).
import init, { LedgerFold } from './hapi_a2a_core.js';

const ready = init();
const folds = new Map();

self.onmessage = async ({ data }) => {
  const { id, open, fold, ask, close } = data;
  if (close !== undefined) {
    folds.get(close)?.free();
    folds.delete(close);
    return;
  }
  try {
    await ready;
    if (typeof open === 'string') {
      const opened = new LedgerFold(open);
      if (opened.isOpen) folds.set(id, opened);
      const text = opened.answer;
      if (!opened.isOpen) opened.free();
      self.postMessage({ id, text });
    } else {
      const opened = folds.get(fold);
      self.postMessage({ id, text: opened ? opened.ask(ask) : null });
    }
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
