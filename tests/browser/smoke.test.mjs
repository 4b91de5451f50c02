// Headless Chromium opens the demo page served from 127.0.0.1 and checks
// what the core rendered into it, unbundled and bundled by esbuild (the
// viewer itself is driven by viewer.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

import { createDemoServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium.mjs';

let server;
let browser;
let base;
let bundled;
let bundleServer;
let bundleBase;

const repo = fileURLToPath(new URL('../..', import.meta.url));

// The page again, but bundled by esbuild from the npm package (the import
// map is not used: the bundle has no bare imports left), with the .wasm
// copied beside the bundle as a bundler's asset step would.
async function bundleDemo() {
  const dir = mkdtempSync(join(tmpdir(), 'hapi-a2a-bundle-'));
  await build({
    entryPoints: [join(repo, 'www/app.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'app.js'),
    logLevel: 'silent',
  });
  copyFileSync(join(repo, 'pkg/hapi_a2a_core_bg.wasm'), join(dir, 'hapi_a2a_core_bg.wasm'));
  for (const f of ['index.html', 'style.css', 'demo-ledger.json']) copyFileSync(join(repo, 'www', f), join(dir, f));
  return dir;
}

before(async () => {
  server = createDemoServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  bundled = await bundleDemo();
  bundleServer = createDemoServer([['/', bundled]]);
  await new Promise((resolve) => bundleServer.listen(0, '127.0.0.1', resolve));
  bundleBase = `http://127.0.0.1:${bundleServer.address().port}`;
  browser = await launchChromium(['--disable-quic']);
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => bundleServer.close(resolve));
  rmSync(bundled, { recursive: true, force: true });
});

async function openPage(at = base) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${at}/`);
  return { page, errors };
}

test('the page loads the package and shows capabilities', async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector('#capabilities li');
  const ops = await page.textContent('#ops');
  assert.match(ops, /capabilities/);
  assert.match(ops, /validate/);
  assert.match(await page.textContent('#version'), /WebAssembly/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page shows the core verdict on the sample principal', async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector('#verdict');
  assert.equal(await page.textContent('#verdict'), 'refused');
  assert.match(await page.textContent('#validate-result'), /principal\/unaccountable/);
  await page.fill('#validate-input', '{"kind":"agent","id":"session:7f3c","on_behalf_of":"42"}');
  await page.click('#validate-form button');
  await page.waitForFunction(() => document.querySelector('#verdict')?.textContent === 'valid');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the package works from an esbuild bundle too', async () => {
  const { page, errors } = await openPage(bundleBase);
  await page.waitForSelector('#verdict');
  assert.equal(await page.textContent('#verdict'), 'refused');
  assert.match(await page.textContent('#ops'), /validate/);
  await page.waitForSelector('#fleet-summary');
  assert.match(await page.textContent('#fleet-summary'), /stale 3/);
  assert.deepEqual(errors, []);
  await page.close();
});
