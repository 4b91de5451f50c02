// Folding a ledger: its rows go to the core's `LedgerFold` a chunk at a
// time, in a worker (`ledger-worker.js`, beside `elements.js`) when the page
// can start one, else on the page's thread.
import { LedgerFold } from '#core';

/** How many rows are written as JSON between two turns of the event loop. */
const WRITE_CHUNK = 2000;

/** A turn of the event loop, so the page can paint and answer in between. */
function turn() {
  if (typeof globalThis.scheduler?.yield === 'function') return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

// The core folds in a worker when the page can start one (the fold of 100k
// rows takes a second or two of wasm, which must not block the page), else
// on this thread. One worker serves every element of the page; each open
// ledger is a fold there, asked for a page of a view at a time.
let worker;
let asked = 0;
const replies = new Map();

function startWorker() {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker !== 'function') return null;
  try {
    const w = new Worker(new URL('../ledger-worker.js', import.meta.url), { type: 'module' });
    const lost = (e) => {
      e?.preventDefault?.();
      if (worker === w) worker = null;
      w.terminate();
      for (const reply of replies.values()) reply({ lost: true });
      replies.clear();
    };
    w.addEventListener('message', ({ data }) => {
      const reply = replies.get(data?.id);
      replies.delete(data?.id);
      reply?.(data);
    });
    w.addEventListener('error', lost);
    w.addEventListener('messageerror', lost);
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Sends `message` to the worker at once: its id, and its reply (or
 * `{lost: true}` if the worker dies first); null when there is no worker.
 */
function sendToWorker(message) {
  const w = startWorker();
  if (!w) return null;
  asked += 1;
  const id = asked;
  const reply = new Promise((resolve) => {
    replies.set(id, (data) => resolve({ ...data, id }));
  });
  w.postMessage({ id, ...message });
  return { id, reply };
}

/** Sends `message` to the worker; its reply, or `{lost: true}` when there is no worker or it died. */
function toWorker(message) {
  return sendToWorker(message)?.reply ?? Promise.resolve({ lost: true });
}

/**
 * Folds `ledger`'s rows for the call of `query` and `page`, a chunk of rows
 * at a time: each chunk is written to JSON and handed to the fold (in the
 * worker, which folds it while the next is written; else here) before the
 * next, with a turn of the event loop between. Answers `{answer, ask(tail),
 * close()}`: the call's answer text, the answer to a `{"query", "page"}`
 * text over the same fold, and the fold's end. Null when the rows cannot go
 * this way (a list that is no array, a value JSON.stringify cannot write, a
 * call the core refuses): the caller then asks the core about the whole
 * call, whose answer says why.
 */
async function streamFold(ledger, query, page, phase = () => {}) {
  const { events, links = [] } = ledger;
  if (!Array.isArray(events) || !Array.isArray(links)) return null;
  const rest = { now: ledger.now, query, page };
  if (ledger.namespace !== undefined) rest.namespace = ledger.namespace;
  let restText;
  try {
    restText = JSON.stringify(rest);
  } catch {
    return null;
  }
  // Each chunk of rows as JSON, handed to `add` (which answers whether the
  // core refused it), a turn of the event loop after each; false when a
  // row cannot be written or a chunk was refused. The chunks are not kept:
  // 100k rows of text would be garbage the page carries for nothing.
  const writeRows = async (add) => {
    try {
      for (const [table, list] of [['events', events], ['links', links]]) {
        for (let i = 0; i < list.length; i += WRITE_CHUNK) {
          if (add(table, JSON.stringify(list.slice(i, i + WRITE_CHUNK)))) return false;
          await turn();
        }
      }
      return true;
    } catch {
      return false;
    }
  };
  // The same fold on this thread (no worker, or it was lost on the way).
  const foldHere = async () => {
    const here = LedgerFold.begin();
    if (!(await writeRows((table, text) => here.addRows(table, text)))) {
      here.free();
      return null;
    }
    return here;
  };
  // The chunks follow `begin` without waiting for its reply: the worker
  // takes them in order, once the core is loaded there.
  const begun = sendToWorker({ begin: true });
  let here = null;
  let answer = null;
  if (begun) {
    const sent = await writeRows((table, rows) => {
      worker?.postMessage({ fold: begun.id, table, rows });
      return false;
    });
    phase('write the rows');
    if (!sent) {
      worker?.postMessage({ close: begun.id });
      return null;
    }
    const started = await begun.reply;
    const got = started.lost || started.error !== undefined ? started : await toWorker({ fold: begun.id, finish: restText });
    if (!got.lost && got.error === undefined && typeof got.text === 'string') answer = got.text;
    else worker?.postMessage({ close: begun.id });
  }
  if (answer === null) {
    here = await foldHere();
    if (!here) return null;
    answer = here.finish(restText);
    phase('write and fold the rows here');
  }
  if (JSON.parse(answer).type !== 'success') {
    if (here) here.free();
    else worker?.postMessage({ close: begun.id });
    return null;
  }
  if (here) return { answer, ask: async (tail) => here.ask(tail), close: () => here.free() };
  let lost = null;
  return {
    answer,
    async ask(tail) {
      if (!lost) {
        const r = await toWorker({ fold: begun.id, ask: tail });
        if (!r.lost && typeof r.text === 'string') return r.text;
        lost = await foldHere();
        if (!lost) return JSON.stringify({ type: 'failure', error: { code: 'viewer/fold-lost', message: 'the worker folding this ledger stopped, and the rows could not be folded again' } });
        lost.finish(restText);
      }
      return lost.ask(tail);
    },
    close() {
      worker?.postMessage({ close: begun.id });
      lost?.free();
    },
  };
}

export { startWorker, streamFold };
