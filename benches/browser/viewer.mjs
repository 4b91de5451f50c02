// How long `<hapi-ledger-view>` takes to open the hostile ledgers of
// benches/browser/ledgers.mjs (the sizes that once froze the tab), in
// Debian's Chromium, headless:
//
//   node benches/browser/viewer.mjs [--runs N] [--timeout S] [CASE-SUBSTRING...]
//
// after `bash scripts/build-pkg.sh` (`HAPI_PKG=DIR` serves another copy of
// the package, to time two versions of the element). For each case a fresh page sets the
// element's `ledger` at the case's view (`#session=…`, `#handoff=…`, or the
// fleet) and reports: the time until the view is shown and a frame drawn
// after it; the longest task (`longtask`) and the longest frame
// (`long-animation-frame`, which counts style and layout too) in that time;
// and what the core takes for the same ledger on the page's own thread,
// timed apart after the open: the fold with its first page
// (`new LedgerFold(call text)`, the worker's work) and one more page of the
// view (`ask`). With `--runs N` each figure is the median of N runs. A case
// that draws no frame within the timeout (default 120 s) is reported as
// `> S s`. Prints a markdown table. Not a test: nothing here passes or fails.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

import { createDemoServer } from '../../scripts/serve.mjs';
import { launchChromium, listen } from '../../tests/support/chromium.mjs';
import { CASES } from './ledgers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return Number(value);
};
const runs = option('--runs', 1);
const timeoutS = option('--timeout', 120);
const wanted = Object.keys(CASES).filter((c) => !args.length || args.some((a) => c.includes(a)));

const page = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<style>body { margin: 0 auto; max-width: 84rem; padding: .75rem; font-family: system-ui, sans-serif; }</style>
<script type="importmap">{ "imports": { "#core": "/pkg/hapi_a2a_core.js" } }</script>
</head><body>
<script type="module">
import init, { LedgerFold } from '#core';
import '/pkg/elements.js';
import { CASES } from '/bench/ledgers.mjs';
await init();
const view = document.createElement('hapi-ledger-view');
view.setAttribute('hash-routing', '');
document.body.append(view);
await view.loaded;

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const querier = (hash) => {
  const [kind, id] = hash.replace(/^#/, '').split('=');
  if (kind === 'session') return { by: 'session', sessionId: decodeURIComponent(id) };
  if (kind === 'handoff') return { by: 'handoff', eventId: decodeURIComponent(id) };
  return null;
};

window.bench = async (name) => {
  const { ledger, hash } = CASES[name]();
  await frame();
  const tasks = [];
  const frames = [];
  const seen = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) (e.entryType === 'longtask' ? tasks : frames).push(e);
  });
  seen.observe({ type: 'longtask' });
  try { seen.observe({ type: 'long-animation-frame' }); } catch { /* an older Chromium: tasks only */ }
  const t0 = performance.now();
  const opened = new Promise((resolve) => {
    view.addEventListener('hapi-ledger-open', () => resolve('open'), { once: true });
    view.addEventListener('hapi-ledger-error', (e) => resolve(e.detail.code), { once: true });
  });
  view.ledger = ledger;
  const outcome = await opened;
  await frame();
  const open = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const e of seen.takeRecords()) (e.entryType === 'longtask' ? tasks : frames).push(e);
  seen.disconnect();
  const within = (e) => e.startTime >= t0 - 1 && e.startTime <= t0 + open;
  const longest = (es) => Math.max(0, ...es.filter(within).map((e) => e.duration));
  // The core alone, on the same rows, as the element asks it.
  const head = JSON.stringify({ events: ledger.events, links: ledger.links, now: ledger.now }).slice(0, -1);
  let t = performance.now();
  const fold = new LedgerFold(head + ',"query":{"by":"fleet"},"page":{"size":100}}');
  const fleet = JSON.parse(fold.answer);
  const fleetMs = performance.now() - t;
  let viewMs = 0;
  const query = querier(hash);
  if (query) {
    t = performance.now();
    fold.ask(JSON.stringify({ query, page: { size: 100 } }));
    viewMs = performance.now() - t;
  }
  fold.free();
  const phases = performance.getEntriesByType('measure').filter((m) => m.name.startsWith('hapi-ledger-view: ') && m.startTime >= t0 - 1)
    .map((m) => m.name.slice(18) + ' ' + Math.round(m.duration)).join(', ');
  const root = view.shadowRoot;
  return {
    outcome, open, task: longest(tasks), frame: longest(frames), fleetMs, viewMs, phases,
    diagnostics: fleet.type === 'success' ? fleet.totals?.['/diagnostics'] ?? fleet.diagnostics.length : fleet.error.code,
    nodes: root.querySelectorAll('*').length,
    title: root.getElementById('detail-title').textContent.slice(0, 60),
  };
};
window.benchReady = true;
</script></body></html>`;

// The package served at /pkg/: HAPI_PKG, or the built pkg/.
const pkgDir = process.env.HAPI_PKG ?? fileURLToPath(new URL('../../pkg', import.meta.url));
const files = createDemoServer([['/pkg/', pkgDir.replace(/[\\/]$/, '')]]);
const benchDir = fileURLToPath(new URL('.', import.meta.url)).replace(/[\\/]$/, '');
const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  if (path === '/bench.html') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page());
  else if (path === '/bench/ledgers.mjs') {
    createDemoServer([['/bench/', benchDir]]).emit('request', req, res);
  } else files.emit('request', req, res);
});
const base = await listen(server);
const browser = await launchChromium();

async function once(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  const errors = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const { hash } = CASES[name](1);
  await tab.goto(`${base}/bench.html${hash}`);
  await tab.waitForFunction(() => window.benchReady);
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutS * 1000); });
  const got = await Promise.race([tab.evaluate((n) => window.bench(n), name), late]);
  clearTimeout(timer);
  await context.close().catch(() => {});
  if (errors.length) console.error(`${name}: page errors: ${errors.join('; ')}`);
  return got;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const ms = (x) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

const rows = [];
for (const name of wanted) {
  const got = [];
  for (let r = 0; r < runs; r += 1) got.push(await once(name));
  const done = got.filter(Boolean);
  if (done.length < got.length) {
    rows.push(`| ${name} | > ${timeoutS} s (no frame) | — | — | — | — |`);
    continue;
  }
  const m = (k) => median(done.map((g) => g[k]));
  const last = done[done.length - 1];
  rows.push(`| ${name} | ${ms(m('open'))} | ${ms(m('task'))} | ${ms(m('frame'))} | ${ms(m('fleetMs'))} + ${ms(m('viewMs'))} | ${last.nodes} |`);
  console.error(`${name}: ${last.outcome}, ${last.diagnostics} diagnostics, "${last.title}"; ms: ${last.phases}`);
}
const version = browser.version();
await browser.close();
server.close();

console.log(`Chromium ${version}, 1280 × 800, ${runs === 1 ? 'one run' : `median of ${runs} runs`}`);
console.log('');
console.log('| ledger | open (to the first frame) | longest task | longest frame | core: fold + a view page | shadow DOM elements |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
