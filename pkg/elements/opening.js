// The open panel: a ledger pasted, dropped, picked, fetched from a hub or
// set as a property, folded and shown, or the reason it could not be.
import { LedgerFold, ledgerView } from '#core';
import { el, when } from './dom.js';
import { startWorker, streamFold } from './fold.js';
import { PAGE } from './lists.js';
import { LoadError, fetchHub, fetchLedger, ledgerFromText, readFile } from './load.js';

/** The open panel: a ledger pasted, dropped, picked, fetched from a hub or given, folded and shown. */
export function openingIn(viewer) {
  const { $, host, view, learn, route, diagnosticList, showFleet, showLedgerDiagnostics } = viewer;

  function showLoadError(e) {
    const box = $('load-error');
    box.hidden = false;
    if (e instanceof LoadError && e.diagnostics.length) {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened:')), ...diagnosticList({ diagnostics: e.diagnostics }, 'diagnostics', null, 'load-diagnostics'));
    } else if (e instanceof LoadError) {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), el('code', {}, e.code), ` ${e.message}`));
    } else {
      box.replaceChildren(el('p', {}, el('strong', {}, 'Not opened: '), e instanceof Error ? e.message : String(e)));
    }
    box.append(el('p', { class: 'muted small' }, viewer.current ? `Still showing ${viewer.current.label}.` : 'No ledger is open.'));
    host.dispatchEvent(new CustomEvent('hapi-ledger-error', { detail: { code: e instanceof LoadError ? e.code : 'viewer/error', message: e instanceof Error ? e.message : String(e) }, bubbles: true, composed: true }));
  }

  /** The parts a ledger fills; an open that fails puts back what they held. */
  const FILLED = ['ledger-source', 'fleet', 'handoff-index', 'ledger-diagnostics', 'detail-title', 'detail'];

  /** How many opens were asked for: an open that another followed shows nothing. */
  let opening = 0;

  /**
   * Folds `ledger` and shows it, or leaves the open ledger as it was, every
   * part of it, and throws why not. A ledger without `now` is folded at this
   * browser's clock. The rows are written to call text a chunk at a time
   * and folded once (in a worker when the page can start one); every view
   * after that is a page of the core's answer over the same fold. Settles
   * when the ledger and its view are shown; false when a later open took
   * its place.
   */
  async function open(ledger, label) {
    const ticket = ++opening;
    // The worker loads the core while the rows are written.
    startWorker();
    const clock = ledger.now === undefined;
    const rows = clock ? { ...ledger, now: Date.now() } : ledger;
    const first = { by: 'fleet' };
    const page = { size: PAGE };
    // Each phase is a User Timing measure (`hapi-ledger-view: …`), for
    // DevTools and the bench.
    let since = performance.now();
    const phase = (name) => {
      const now = performance.now();
      performance.measure?.(`hapi-ledger-view: ${name}`, { start: since, end: now });
      since = now;
    };
    let fold = await streamFold(rows, first, page, phase);
    let fleet;
    if (fold) {
      fleet = JSON.parse(fold.answer);
      phase('finish the fold');
    } else {
      // What cannot be folded a chunk at a time is a call the core refuses,
      // or one JSON.stringify cannot write: the core's answer to the whole
      // call (the typed export's) says why.
      const call = { events: rows.events, links: rows.links, now: rows.now, query: first, page };
      if (rows.namespace !== undefined) call.namespace = rows.namespace;
      fleet = ledgerView(call);
      if (fleet.type === 'success') {
        const here = new LedgerFold(JSON.stringify(call));
        fold = { answer: here.answer, ask: async (tail) => here.ask(tail), close: () => here.free() };
      }
      phase('fold the call');
    }
    if (ticket !== opening) {
      fold?.close();
      return false;
    }
    if (fleet.type !== 'success') {
      fold?.close();
      throw new LoadError(fleet.error.code, `the core could not fold it: ${fleet.error.message}`);
    }
    const candidate = { ledger: rows, label, fold, fleet, rows: new Map() };
    learn(candidate, fleet);
    const previous = viewer.current;
    const held = FILLED.map((id) => [...$(id).childNodes]);
    const n = (v) => (Array.isArray(v) ? v.length : 0);
    try {
      viewer.current = candidate;
      candidate.handoffs = await view({ by: 'handoffs' });
      phase('list the handoffs');
      if (ticket !== opening) throw new Error('superseded');
      $('ledger-source').replaceChildren(el('strong', {}, label), ` — ${n(ledger.events)} events, ${n(ledger.links)} links, namespace `,
        el('code', {}, fleet.namespace || '(none)'), `, now ${when(candidate.ledger.now)}${clock ? ' (this browser\'s clock)' : ''}`,
        ledger.note ? el('span', { class: 'muted' }, ` (${ledger.note})`) : '');
      showFleet();
      showLedgerDiagnostics();
      phase('lay out the fleet');
      await route();
      phase('show the view');
    } catch (e) {
      if (viewer.current === candidate) viewer.current = previous;
      fold?.close();
      if (ticket !== opening) return false;
      FILLED.forEach((id, i) => $(id).replaceChildren(...held[i]));
      throw e;
    }
    previous?.fold?.close();
    $('load-error').hidden = true;
    host.dispatchEvent(new CustomEvent('hapi-ledger-open', { detail: { label, namespace: fleet.namespace, events: n(ledger.events), links: n(ledger.links) }, bubbles: true, composed: true }));
    return true;
  }

  /** Opens what `produce` gives; says whether it was opened. */
  async function attempt(label, produce) {
    const source = [...$('ledger-source').childNodes];
    $('ledger-source').textContent = `opening ${label}…`;
    try {
      const ledger = await produce();
      return await open(ledger, label);
    } catch (e) {
      $('ledger-source').replaceChildren(...source);
      showLoadError(e);
      return false;
    }
  }

  async function openFile(file) {
    await attempt(file ? `file ${file.name}` : 'a file', async () => ledgerFromText(await readFile(file)));
  }

  /**
   * Reads the ledger from a hub. When the element routes by the address, a
   * success names the hub there (`?hub=<url>`, never the token), so a deep
   * link opens the same ledger.
   */
  async function openHub(input, token) {
    const opened = await attempt(`hub ${input}`, async () => {
      const got = await fetchHub(input, {
        token,
        onProgress: (p) => { $('ledger-source').textContent = `fetching from the hub: ${p.requests} requests, ${p.events} events, ${p.links} links…`; },
      });
      const notes = [];
      if (got.failed) notes.push(`${got.failed} of ${got.requests} requests failed`);
      if (got.truncated) notes.push(`stopped after ${got.requests} requests`);
      return { ...got.ledger, note: notes.join('; ') };
    });
    if (opened && host.hashRouting) {
      const url = new URL(location.href);
      url.searchParams.set('hub', input.trim());
      history.replaceState(null, '', url);
    }
    return opened;
  }

  return { attempt, openFile, openHub, showLoadError };
}

/**
 * Wires the open panel's forms, the artifact form and the demo button to
 * `viewer`; returns the listeners its element holds on the page while
 * connected (drops anywhere on it, and changes of its address).
 */
export function wireOpening(viewer) {
  const { $, host, route, openView, attempt, openFile, openHub, showLoadError } = viewer;
  $('paste-form').addEventListener('submit', (e) => {
    e.preventDefault();
    attempt('pasted ledger', async () => ledgerFromText($('paste-input').value));
  });
  $('file-input').addEventListener('change', () => {
    openFile($('file-input').files?.[0]);
    $('file-input').value = '';
  });
  const zone = $('drop-zone');
  // With the openers shown, drops anywhere on the page open the file; the zone lights up.
  const dragover = (e) => {
    if (!host.hasAttribute('openers')) return;
    e.preventDefault();
    zone.classList.add('dragging');
  };
  const dragleave = (e) => {
    if (e.relatedTarget === null) zone.classList.remove('dragging');
  };
  const drop = (e) => {
    if (!host.hasAttribute('openers')) return;
    e.preventDefault();
    zone.classList.remove('dragging');
    const file = e.dataTransfer?.files?.[0];
    if (file) openFile(file);
    else showLoadError(new LoadError('viewer/no-file', 'what was dropped is not a file'));
  };
  $('hub-form').addEventListener('submit', (e) => {
    e.preventDefault();
    openHub($('hub-url').value, $('hub-token').value);
  });
  $('demo-button').addEventListener('click', async () => {
    if (await attempt('demo ledger', () => fetchLedger(host.getAttribute('src') ?? 'demo-ledger.json')) && host.hashRouting) {
      const url = new URL(location.href);
      url.searchParams.delete('hub');
      history.replaceState(null, '', url);
    }
  });
  $('artifact-form').addEventListener('submit', (e) => {
    e.preventDefault();
    openView('artifact', $('artifact-input').value.trim());
  });
  const hashchange = () => { if (host.hashRouting) route({ focus: true }); };
  return { dragover, dragleave, drop, hashchange };
}
