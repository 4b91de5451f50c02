// Headless Chromium opens the demo page served from 127.0.0.1 and checks
// what the core rendered into it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

import { createDemoServer } from '../../scripts/serve.mjs';

const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
let server;
let browser;
let base;

before(async () => {
  server = createDemoServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function openPage() {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/`);
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
  await page.click('button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#verdict')?.textContent === 'valid');
  assert.deepEqual(errors, []);
  await page.close();
});
