// The package as a user gets it: `npm pack` of pkg/, installed from the
// tarball into a fresh project outside the repository, then imported and
// called from Node, from Bun, and from a Vite production build loaded in
// headless Chromium. Needs pkg/ built (scripts/build-pkg.sh) and the dev
// dependencies (vite, bun, playwright-core) installed by `npm ci`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

import { createDemoServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const bun = join(repo, 'node_modules/.bin/bun');
let dir;
let tarball;

// What every consumer runs: the typed exports on the demo ledger and a
// refused principal, `call` as text, and what `init()` resolves to.
const usage = `
import init, { call, ledgerView, validate } from 'hapi-a2a-core';
const ledger = JSON.parse(LEDGER_TEXT);
const loaded = await init();
const fleet = ledgerView({ events: ledger.events, links: ledger.links, now: ledger.now, query: { by: 'fleet' } });
const verdict = validate({ kind: 'principal', document: { kind: 'agent', id: 'a' } });
const ops = JSON.parse(call('capabilities', '{}')).ops;
export const result = {
  initResolvesTo: loaded === undefined ? 'undefined' : typeof loaded,
  sessions: fleet.type === 'success' ? fleet.view.sessions : fleet.error.code,
  stale: fleet.type === 'success' ? fleet.view.counts.stale : null,
  code: verdict.type === 'success' ? verdict.diagnostics[0].code : verdict.error.code,
  ops: ops.length,
};
`;

function sh(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'hapi-a2a-consumer-'));
  const packed = JSON.parse(sh('npm', ['pack', join(repo, 'pkg'), '--json', '--pack-destination', dir], repo));
  const files = packed[0].files.map((f) => f.path).sort();
  for (const want of ['api.d.ts', 'hapi_a2a_core.d.ts', 'hapi_a2a_core.js', 'hapi_a2a_core_bg.wasm', 'node.d.ts', 'node.js', 'package.json']) {
    assert.ok(files.includes(want), `the tarball holds ${want}: ${files.join(', ')}`);
  }
  tarball = join(dir, packed[0].filename);
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  sh('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', tarball], app);
  const ledger = readFileSync(join(repo, 'www/demo-ledger.json'), 'utf8');
  writeFileSync(join(app, 'usage.mjs'), usage.replace('LEDGER_TEXT', JSON.stringify(ledger)));
  writeFileSync(join(app, 'run.mjs'), "import { result } from './usage.mjs';\nconsole.log(JSON.stringify(result));\n");
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Every op has its folder of golden cases: the installed package must list them all.
const opCount = readdirSync(join(repo, 'tests/golden'), { withFileTypes: true }).filter((e) => e.isDirectory()).length;
const expected = (initResolvesTo) => ({ initResolvesTo, sessions: 8, stale: 3, code: 'principal/unaccountable', ops: opCount });

test('node imports the installed tarball and calls it', () => {
  const out = JSON.parse(sh(process.execPath, ['run.mjs'], join(dir, 'app')));
  assert.deepEqual(out, expected('undefined'));
});

test('bun imports the installed tarball and calls it', () => {
  const out = JSON.parse(sh(bun, ['run.mjs'], join(dir, 'app')));
  assert.deepEqual(out, expected('undefined'));
});

test('a vite production build of the installed tarball runs in chromium', async () => {
  const app = join(dir, 'app');
  writeFileSync(join(app, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,"><pre id="out">loading</pre>'
    + '<script type="module" src="./main.js"></script>\n');
  writeFileSync(join(app, 'main.js'),
    "import { result } from './usage.mjs';\ndocument.getElementById('out').textContent = JSON.stringify(result);\n");
  await build({ root: app, logLevel: 'silent', configFile: false, build: { outDir: join(app, 'dist'), emptyOutDir: true } });
  const assets = readdirSync(join(app, 'dist/assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `vite emitted the .wasm: ${assets.join(', ')}`);

  const server = createDemoServer([['/', join(app, 'dist')]]);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'loading');
    const out = JSON.parse(await page.textContent('#out'));
    // In the browser, init() fetches the .wasm and resolves to its exports.
    assert.deepEqual(out, expected('object'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
