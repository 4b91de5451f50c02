// The elements in a React 19 app built by Vite 8, from the package as a user
// gets it: tests/consumer/react/ is copied outside the repository, its own
// lock installed with `npm ci`, the `npm pack` of pkg/ added, and the build
// driven in headless Chromium at a desktop and a phone size: the badge of a
// peer message is the core's, the ledger view shows the demo ledger, a graph
// node clicked opens its handoff (and the app hears of it), no console
// error, nothing wider than the viewport. Screenshots go to
// target/screenshots/. Needs pkg/ built (scripts/build-pkg.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peerBadge } from 'hapi-a2a-core';

import { createDemoServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(repo, 'target/screenshots');
// The badge's meta, as the app passes it.
const peerMeta = JSON.parse(readFileSync(join(repo, 'tests/consumer/react/src/peer-meta.json'), 'utf8'));
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

let dir;
let server;
let base;
let browser;

const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(async () => {
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'hapi-a2a-react-'));
  const packed = JSON.parse(sh('npm', ['pack', join(repo, 'pkg'), '--json', '--pack-destination', dir], repo));
  const files = packed[0].files.map((f) => f.path);
  // The elements' entry imports every module of elements/ and the fold's worker.
  const modules = readdirSync(join(repo, 'pkg/elements')).map((f) => `elements/${f}`);
  for (const want of ['elements.js', 'elements.d.ts', 'ledger-worker.js', ...modules]) assert.ok(files.includes(want), `the tarball holds ${want}`);
  const app = join(dir, 'app');
  cpSync(join(repo, 'tests/consumer/react'), app, { recursive: true, filter: (p) => !p.includes('node_modules') && !p.includes('/dist') });
  sh('npm', ['ci', '--no-audit', '--no-fund'], app);
  sh('npm', ['install', '--no-save', '--no-audit', '--no-fund', join(dir, packed[0].filename)], app);
  const vite = JSON.parse(readFileSync(join(app, 'node_modules/vite/package.json'), 'utf8')).version;
  const react = JSON.parse(readFileSync(join(app, 'node_modules/react/package.json'), 'utf8')).version;
  assert.equal(vite, '8.3.8');
  assert.match(react, /^19\./);
  mkdirSync(join(app, 'public'), { recursive: true });
  cpSync(join(repo, 'www/demo-ledger.json'), join(app, 'public/demo-ledger.json'));
  sh(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], app);
  server = createDemoServer([['/', join(app, 'dist')]]);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every element, inside shadow roots too, that sticks out of the viewport (content inside a scrolling box may). */
function wideElements() {
  const vw = document.documentElement.clientWidth;
  const up = (p) => p.parentElement ?? (p.parentNode instanceof ShadowRoot ? p.parentNode.host : null);
  const clipped = (e) => {
    for (let p = up(e); p && p !== document.body; p = up(p)) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  const wide = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('*')) {
      if (e.shadowRoot) walk(e.shadowRoot);
      if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
      const r = e.getBoundingClientRect();
      if ((r.width === 0 && r.height === 0) || clipped(e)) continue;
      if (r.left < -1 || r.right > vw + 1) wide.push(`${e.tagName.toLowerCase()}#${e.id} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  };
  walk(document.body);
  return { wide, scrollWidth: document.documentElement.scrollWidth, vw };
}

// The app's own line, which React renders after the view's event, not
// within it: waited for (five seconds at most), then asserted.
async function openedSays(page, want) {
  await page
    .waitForFunction((w) => document.querySelector('#opened')?.textContent === w, want, { timeout: 5000 })
    .catch(() => {});
}

for (const vp of viewports) {
  test(`React 19 + Vite 8 at ${vp.width}×${vp.height}: the badge, the ledger view, a graph node opening its handoff`, async () => {
    const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const workers = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    await page.goto(`${base}/`);

    // The badge of a peer message: exactly the core's label, tooltip and link.
    const want = peerBadge({ meta: peerMeta, sourceListed: true });
    assert.equal(want.type, 'success');
    await page.waitForSelector('#badge .badge');
    const chip = await page.locator('#badge .badge').evaluate((c) => ({ tag: c.tagName.toLowerCase(), label: c.textContent, title: c.title, href: c.getAttribute('href') }));
    assert.deepEqual(chip, { tag: want.navigable && want.href ? 'a' : 'span', label: want.label, title: want.tooltip, href: want.navigable && want.href ? want.href : null });

    // The demo ledger, given to the view as a property.
    await page.waitForSelector('#ledger #fleet-summary');
    assert.match(await page.textContent('#ledger #fleet-summary'), /^8 sessions — .*stale 3/);
    assert.match(await page.textContent('#ledger #ledger-source'), /ledger — 40 events, 30 links, namespace demo/);
    // Vite bundled the fold's worker with the package's wasm, and the view folded there.
    assert.equal(workers.length, 1, `one worker: ${workers.join(', ')}`);
    assert.match(workers[0], /ledger-worker/);

    // A thread, then a node of its graph clicked: the handoff it stands for opens, and the app hears of it.
    await page.click('#ledger #handoff-list a[href="#handoff=ho-review"]');
    await page.waitForSelector('#ledger #thread-graph g.node[data-event="ho-review-2"]');
    await openedSays(page, 'opened handoff ho-review');
    assert.equal(await page.textContent('#opened'), 'opened handoff ho-review');
    await page.click('#ledger #thread-graph g.node[data-event="ho-review-2"]');
    await page.waitForFunction(() => document.querySelector('#ledger').shadowRoot.querySelector('#detail-title').textContent === 'Handoff ho-review-2');
    await openedSays(page, 'opened handoff ho-review-2');
    assert.equal(await page.textContent('#opened'), 'opened handoff ho-review-2');
    assert.equal(new URL(page.url()).hash, '', 'the app owns the address');

    const layout = await page.evaluate(wideElements);
    assert.deepEqual(layout.wide, [], 'elements wider than the viewport');
    assert.ok(layout.scrollWidth <= layout.vw, `the page scrolls sideways (${layout.scrollWidth} > ${layout.vw})`);
    await page.screenshot({ path: join(shots, `react-${vp.name}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
