// Headless Chromium opens ledgers too large to lay out whole in the demo
// page's `<hapi-ledger-view>`, at a desktop and a phone size: a list longer
// than a page shows one page and a "more" button that works by keyboard; a
// graph over more links than it draws says how many it left out; a summary
// of a megabyte (one unbroken word, in a script the browser shapes) is shown
// cut, with a button that shows it whole. The page is never wider than the
// viewport. Nothing here is timed: benches/browser/viewer.mjs times these.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDemoServer } from '../../scripts/serve.mjs';
import { assertLayout, deepQuery } from './layout.mjs';
import { launchChromium, listen } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const demo = JSON.parse(readFileSync(join(repo, 'www/demo-ledger.json'), 'utf8'));
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

let server;
let base;
let browser;


before(async () => {
  server = createDemoServer();
  base = await listen(server);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

const row = (id, fields) => ({ ...demo.events.find((e) => e.id === id), ...fields });
const pad = (i) => String(i).padStart(4, '0');

/** 250 work ads of one project, 250 receipts and 300 links on one handoff. */
function longLists() {
  const events = [row('ho-docs', {}), row('ho-review', {})];
  for (let i = 0; i < 250; i += 1) {
    const ad = row('ad-docs-2', { id: `ad-${pad(i)}`, ts: demo.now - 60_000 + i, sourceRef: `sess-${pad(i)}`, relatedSessionId: `sess-${pad(i)}`, expiresAt: null });
    events.push({ ...ad, payloadJson: { ...ad.payloadJson, project: 'many', status: 'in_progress' } });
    events.push(row('rc-docs', { id: `rc-${pad(i)}`, ts: demo.now - 30_000 + i, summary: `receipt ${i}` }));
  }
  const links = [];
  for (let i = 0; i < 300; i += 1) {
    links.push({ ...demo.links[0], id: `lnk-${pad(i)}`, fromEventId: 'ho-docs', toEventId: 'ho-review', relationType: 'follows', createdAt: demo.now - 10_000 + i });
  }
  return { events, links, now: demo.now, namespace: 'demo' };
}

async function openPage(vp) {
  const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
  await page.addInitScript(deepQuery);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/`);
  await page.waitForSelector('#fleet-summary');
  return { page, errors };
}

/** Sets the view's `ledger` and waits until it is open. */
async function setLedger(page, ledger) {
  const heard = await page.evaluate(async (l) => {
    const view = document.querySelector('hapi-ledger-view');
    const got = new Promise((resolve) => {
      view.addEventListener('hapi-ledger-open', () => resolve('open'), { once: true });
      view.addEventListener('hapi-ledger-error', (e) => resolve(e.detail.code), { once: true });
    });
    view.ledger = l;
    return got;
  }, ledger);
  assert.equal(heard, 'open');
}

const count = (page, selector) => page.locator(selector).count();

/** Focuses `selector` and presses Enter on it, as a keyboard user would after tabbing to it. */
async function press(page, selector) {
  await page.evaluate((s) => window.q(s).focus(), selector);
  assert.ok(await page.evaluate((s) => window.deepActive() === window.q(s), selector), `${selector} takes the focus`);
  await page.keyboard.press('Enter');
}

/** Waits until `selector` matches `n` elements (a page the core is asked for comes a moment later). */
async function until(page, selector, n) {
  for (let i = 0; i < 400 && (await count(page, selector)) !== n; i += 1) await new Promise((r) => setTimeout(r, 25));
  assert.equal(await count(page, selector), n);
}

for (const vp of viewports) {
  test(`${vp.name}: a list longer than a page shows a page, and a "more" button shows the rest`, async () => {
    const { page, errors } = await openPage(vp);
    await setLedger(page, longLists());

    // The fleet's 250 ads of one project: 100, then 200, then all 250.
    const ads = '#fleet-projects .fleet-project tbody tr';
    const more = '#fleet .more-bar button';
    assert.equal(await count(page, ads), 100);
    assert.equal(await page.textContent(more), 'Show 100 more work ads (100 of 250 shown)');
    await assertLayout(page, `${vp.name} fleet, one page`);
    await press(page, more);
    await until(page, ads, 200);
    assert.equal(await page.textContent(more), 'Show 50 more work ads (200 of 250 shown)');
    assert.ok(await page.evaluate((s) => window.deepActive() === window.q(s), more), 'the button keeps the focus');
    await page.keyboard.press('Enter');
    await until(page, ads, 250);
    assert.equal(await count(page, more), 0, 'no button once all are shown');
    // The focus goes to the first row the last press showed.
    assert.equal(await page.evaluate(() => window.deepActive()?.getAttribute('data-session')),
      await page.locator(ads).nth(200).getAttribute('data-session'));
    assert.deepEqual(await page.locator(ads).evaluateAll((rs) => new Set(rs.map((r) => r.dataset.session)).size), 250, 'each ad once');

    // A thread's receipts and links, a page each; its graph draws 160 of the 300 links and says so.
    await page.evaluate(() => { location.hash = '#handoff=ho-docs'; });
    await page.waitForSelector('#thread-receipts');
    assert.equal(await count(page, '#thread-receipts > li'), 100);
    assert.equal(await count(page, '.thread-links tbody tr'), 100);
    assert.match(await page.textContent('#detail'), /Receipts \(250\)[\s\S]*Show 100 more receipts \(100 of 250 shown\)[\s\S]*Links \(300\)[\s\S]*Show 100 more links \(100 of 300 shown\)/);
    assert.equal(await count(page, '#thread-graph path.edge'), 160);
    assert.match(await page.textContent('#thread-graph .graph-left-out'), /^Drawn: \d+ of \d+ events and 160 of 300 links between them/);
    await press(page, '#detail .paged .more-bar button');
    await until(page, '.thread-links tbody tr', 200);
    await press(page, '#detail > .more-bar button');
    await until(page, '#thread-receipts > li', 200);
    // The receipts' numbers run on across pages.
    assert.equal(await page.locator('#thread-receipts > li').nth(150).evaluate((li) => li.value || [...li.parentNode.children].indexOf(li) + 1), 151);
    await assertLayout(page, `${vp.name} thread, two pages`);

    // A session's events, a page at a time.
    await page.evaluate(() => { location.hash = '#session=sess-0007'; });
    await page.waitForSelector('#session-events');
    assert.equal(await count(page, '#session-events tbody tr'), 1);
    assert.equal(await count(page, '#detail .more-bar'), 0, 'no button when a page holds them all');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: a summary of a megabyte is shown cut, and whole on demand`, async () => {
    const { page, errors } = await openPage(vp);
    // One unbroken word of 1 MiB of UTF-8, in a script the browser joins and shapes.
    const word = '\u0628'.repeat(1 << 19);
    await setLedger(page, { ...demo, events: demo.events.map((e) => (e.id === 'ho-docs' ? { ...e, summary: word } : e)) });
    const index = await page.locator('#handoff-list li', { hasText: 'ho-docs' }).evaluate((li) => ({ length: li.textContent.length, button: li.querySelector('.show-whole')?.textContent }));
    assert.ok(index.length < 8400, `the handoff list shows it cut (${index.length} characters)`);
    assert.equal(index.button, 'show the whole value (524,288 characters)');
    await assertLayout(page, `${vp.name} fleet with a 1 MB summary`);

    await page.evaluate(() => { location.hash = '#handoff=ho-docs'; });
    await page.waitForSelector('#thread-outcome');
    const cut = await page.evaluate(() => {
      const s = window.q('#detail .summary');
      return { text: s.querySelector('.cut').firstChild.data, button: s.querySelector('.show-whole').textContent };
    });
    assert.equal(cut.text, word.slice(0, 8192), 'the first 8,192 code points, as written');
    assert.equal(cut.button, 'show the whole value (524,288 characters)');
    await assertLayout(page, `${vp.name} thread with a 1 MB summary, cut`);

    await press(page, '#detail .summary .show-whole');
    const whole = await page.evaluate((w) => {
      const box = window.q('#detail .summary .cut.whole');
      return { same: box.textContent === w, focused: window.deepActive() === box, button: box.querySelector('button') === null };
    }, word);
    assert.deepEqual(whole, { same: true, focused: true, button: true }, 'the whole value, in a box that has the focus');
    await assertLayout(page, `${vp.name} thread with a 1 MB summary, whole`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
