// Headless Chromium drives the ledger viewer (the page's `<hapi-ledger-view>`
// element, from hapi-a2a-core/elements) at a desktop and a phone size:
// the demo's fleet, a thread opened by keyboard alone (its authority chain
// and projection), the thread and session graphs, deep links, receipts'
// evidence matched, mismatched and unbound, a pasted ledger with a coded diagnostic, bad
// input answered with a message, a dropped and a picked file, and a ledger
// read from a hub's /api/work-graph/* routes. At each step the layout is
// checked (nothing wider than the viewport, no two main panels overlapping)
// and a screenshot is saved under target/test-output/browser/. Any console
// error fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDemoServer } from '../../scripts/serve.mjs';
import { createHubServer } from './hub.mjs';
import { assertLayout, deepQuery } from './layout.mjs';
import { launchChromium, listen } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(repo, 'target/test-output/browser');
const demo = JSON.parse(readFileSync(join(repo, 'www/demo-ledger.json'), 'utf8'));
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

let server;
let hub;
let browser;
let base;
let hubBase;

const close = (s) => new Promise((resolve) => (s ? s.close(resolve) : resolve()));

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = createDemoServer();
  base = await listen(server);
  hub = createHubServer(demo, { token: 'hub-test-token' });
  hubBase = await listen(hub);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await close(server);
  await close(hub);
});

async function openPage(viewport, hash = '') {
  const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
  await page.addInitScript(deepQuery);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('#fleet-summary');
  return { page, errors };
}

async function shot(page, viewport, step) {
  await page.screenshot({ path: join(shots, `${viewport.name}-${step}.png`), fullPage: true });
}

/** Presses Tab until `selector` has the focus; fails after `max` presses. */
async function tabTo(page, selector, max = 250) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => window.deepActive()?.matches(s) ?? false, selector)) {
      // The focused item is visibly marked.
      const outline = await page.evaluate(() => getComputedStyle(window.deepActive()).outlineStyle);
      assert.notEqual(outline, 'none', `${selector} shows its focus`);
      return;
    }
  }
  assert.fail(`Tab never reached ${selector}`);
}

for (const vp of viewports) {
  test(`${vp.name}: the demo's fleet, and a thread opened by keyboard alone`, async () => {
    const { page, errors } = await openPage(vp);
    const summary = await page.textContent('#fleet-summary');
    assert.match(summary, /^8 sessions — /);
    assert.match(summary, /stale 3/);
    // Staleness is the core's verdict; the page shows the row's expiry as the reason.
    assert.match(await page.textContent('tr[data-session="sess-old"]'), /stale[\s\S]*expired 2026-/);
    assert.match(await page.textContent('#ledger-source'), /demo ledger — 40 events, 30 links, namespace demo/);
    await assertLayout(page, `${vp.name} fleet`);
    await shot(page, vp, '1-fleet');

    await page.locator('body').focus();
    await tabTo(page, '#fleet a[href="#session=sess-docs"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#session-events');
    assert.equal(page.url(), `${base}/#session=sess-docs`);
    await tabTo(page, '#detail a[href="#handoff=ho-docs"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#thread-outcome');
    assert.match(await page.textContent('#detail-title'), /Handoff ho-docs/);

    // The authority chain, from the human grant down, opened by keyboard.
    assert.equal(await page.isVisible('#thread-audit'), false);
    await tabTo(page, '#audit-box > summary');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#thread-audit', { state: 'visible' });
    const chain = await page.locator('#thread-audit li').allTextContents();
    assert.equal(chain.length, 4);
    assert.match(chain[0], /human grant human 4242/);
    assert.match(chain[1], /^grant-1/);
    assert.match(chain[2], /^grant-2/);
    assert.match(chain[3], /this handoff ho-docs/);

    // What the worker sees, opened by keyboard.
    await tabTo(page, '#projection-box > summary');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#projection', { state: 'visible' });
    const projection = await page.textContent('#projection');
    assert.match(projection, /^HAPI handoff \(projection format 1\)\nHandle: \/api\/work-graph\/events\/ho-docs\n/);
    assert.doesNotMatch(projection, /confirmation|granting_event_id|delivery_state/);
    // The receipt that blocks it, with its checks as facts.
    assert.match(await page.textContent('#thread-receipts'), /blocked[\s\S]*rc-docs/);
    await assertLayout(page, `${vp.name} thread`);
    await shot(page, vp, '2-thread');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: deep links to a handoff, a session and an artifact; lineage and receipts`, async () => {
    const { page, errors } = await openPage(vp, '#handoff=ho-review');
    await page.waitForSelector('#thread-receipts li');
    assert.match(await page.textContent('#thread-outcome'), /completed/);
    const receipts = await page.locator('#thread-receipts > li').allTextContents();
    assert.equal(receipts.length, 2);
    assert.match(receipts[0], /incomplete[\s\S]*rc-review-1/);
    assert.match(receipts[1], /completed[\s\S]*rc-review-2[\s\S]*late/);
    // Each check is shown as the facts the receipt states.
    const facts = await page.locator('[data-receipt="rc-review-2"] .checks > li').first().evaluate((li) =>
      [...li.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling.textContent}`));
    assert.deepEqual(facts, ['command: npm test -- peer', 'exit code: 0', 'passed: passed', 'started: 2026-07-29 04:00 UTC',
      'completed: 2026-07-29 04:09 UTC', 'output: https://ci.example.com/runs/8812/log', 'digest: sha256 · not checked here']);
    // The lineage is a list to walk: ho-review is superseded by ho-review-2.
    assert.deepEqual(await page.locator('#thread-lineage a').allTextContents(), ['ho-review', 'ho-review-2']);
    assert.equal(await page.getAttribute('#thread-lineage a[href="#handoff=ho-review"]', 'aria-current'), 'page');
    // The thread as a graph: its events as nodes, left to right in time,
    // the ledger's links between them as labelled edges, and the same as a list.
    const nodes = await page.locator('#thread-graph g.node').evaluateAll((gs) => gs.map((g) => {
      const m = /translate\(([\d.]+),([\d.]+)\)/.exec(g.getAttribute('transform'));
      return { id: g.dataset.event, x: Number(m[1]), label: g.getAttribute('aria-label') };
    }));
    assert.deepEqual(nodes.map((n) => n.id).sort(), ['ad-api-2', 'ho-review', 'ho-review-2', 'rc-review-1', 'rc-review-2']);
    const x = Object.fromEntries(nodes.map((n) => [n.id, n.x]));
    assert.ok(x['ho-review'] < x['rc-review-1'] && x['rc-review-1'] < x['rc-review-2'] && x['rc-review-2'] < x['ho-review-2'], `left to right in time: ${JSON.stringify(x)}`);
    assert.match(nodes.find((n) => n.id === 'rc-review-2').label, /^handoff_receipt rc-review-2, completed, by .+: opens handoff ho-review$/);
    assert.deepEqual((await page.locator('#thread-graph .edge-label').allTextContents()).sort(), ['blocked_by', 'resolves', 'resolves', 'supersedes']);
    assert.equal(await page.locator('#thread-graph-text > li').count(), 5);
    assert.equal(await page.getAttribute('#thread-graph svg', 'aria-describedby'), 'thread-graph-text');
    // The graph scrolls inside its box, never the page.
    const box = await page.locator('#thread-graph .graph-scroll').evaluate((d) => ({ box: d.clientWidth, drawn: d.scrollWidth }));
    assert.ok(box.box <= vp.width, `the graph box fits (${box.box} <= ${vp.width})`);
    // A node reached by keyboard opens its handoff with Enter.
    await page.locator('body').focus();
    await tabTo(page, '#thread-graph g.node[data-event="ho-review-2"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.q('#detail-title')?.textContent.includes('ho-review-2'));
    assert.equal(page.url(), `${base}/#handoff=ho-review-2`);
    await shot(page, vp, '3a-thread-graph');
    await page.goBack();
    await page.waitForFunction(() => /Handoff ho-review$/.test(window.q('#detail-title')?.textContent ?? ''));
    await page.click('#thread-lineage a[href="#handoff=ho-review-2"]');
    await page.waitForFunction(() => window.q('#detail-title')?.textContent.includes('ho-review-2'));
    await assertLayout(page, `${vp.name} lineage`);

    await page.goto(`${base}/#session=sess-docs`);
    await page.waitForSelector('#session-events');
    assert.match(await page.textContent('#session-threads'), /ho-docs/);
    // The session's history as a graph; clicking a receipt's node opens the handoff it answers.
    assert.equal(await page.locator('#session-graph g.node').count(), await page.locator('#session-events tbody tr').count());
    await page.click('#session-graph g.node[data-event="rc-docs"]');
    await page.waitForSelector('#thread-outcome');
    assert.match(await page.textContent('#detail-title'), /Handoff ho-docs/);
    assert.equal(page.url(), `${base}/#handoff=ho-docs`);

    await page.goto(`${base}/#artifact=${encodeURIComponent('http://GitHub.com/Tiann/hapi/pulls/1228/files')}`);
    await page.waitForSelector('#artifact-identity');
    assert.equal(await page.textContent('#artifact-identity code'), 'github_pr:tiann/hapi#1228');
    assert.equal(await page.locator('.artifact-handoffs li').count(), 2);

    // A deep link to an id the ledger lacks: the core's coded answer, inline.
    await page.goto(`${base}/#handoff=no-such-handoff`);
    await page.waitForSelector('#detail-diagnostics');
    assert.match(await page.textContent('#detail-diagnostics'), /ledger\/event-not-found/);
    await shot(page, vp, '3-deep-links');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: receipts show matched, mismatched and unbound evidence`, async () => {
    const { page, errors } = await openPage(vp, '#handoff=ho-review');
    await page.waitForSelector('[data-receipt="rc-review-2"] .checks');
    const badge = (id) => page.textContent(`[data-receipt="${id}"] .evidence`);
    // Before the app checks anything: one receipt bound by its log's digest, one that only reports.
    assert.equal(await badge('rc-review-2'), 'bound by digest');
    // Not checked yet: not shown as good news.
    assert.match(await page.getAttribute('[data-receipt="rc-review-2"] .evidence', 'class'), /status-neutral/);
    assert.equal(await badge('rc-review-1'), 'reported, not bound');
    // The app fetched the log and compared it: matched.
    const check = (code) => page.evaluate((c) => {
      document.querySelector('hapi-ledger-view').verified = [
        { eventId: 'rc-review-2', instancePath: '/payloadJson/checks/0/output_ref', code: c },
        { eventId: 'rc-review-2', instancePath: '/artifactRefs/0', code: c },
      ];
    }, code);
    const digestFact = () => page.locator('[data-receipt="rc-review-2"] .checks > li').first().evaluate((li) =>
      [...li.querySelectorAll('dt')].find((dt) => dt.textContent === 'digest')?.nextElementSibling.textContent);
    await check('digest/match');
    await page.waitForFunction(() => window.q('[data-receipt="rc-review-2"] .evidence')?.textContent === 'bound, matched');
    assert.equal(await digestFact(), 'sha256 · matched');
    assert.match(await page.getAttribute('[data-receipt="rc-review-2"] .evidence', 'class'), /status-good/);
    await assertLayout(page, `${vp.name} evidence matched`);
    await shot(page, vp, '3b-evidence-matched');
    // Other bytes at the same place: mismatched, and the badge says so.
    await check('digest/mismatch');
    await page.waitForFunction(() => window.q('[data-receipt="rc-review-2"] .evidence')?.textContent === 'digest mismatch');
    assert.equal(await digestFact(), 'sha256 · MISMATCHED');
    assert.match(await page.getAttribute('[data-receipt="rc-review-2"] .evidence', 'class'), /status-bad/);
    // The receipt with no digested evidence is reported, not bound, whatever the app checked elsewhere.
    assert.equal(await badge('rc-review-1'), 'reported, not bound');
    assert.match(await page.getAttribute('[data-receipt="rc-review-1"] .evidence', 'class'), /status-neutral/);
    // An entry the core would refuse is left out, and the view still answers.
    await page.evaluate(() => { document.querySelector('hapi-ledger-view').verified = [{ eventId: 'rc-review-2', instancePath: '/artifactRefs/0', code: 'ok' }]; });
    await page.waitForFunction(() => window.q('[data-receipt="rc-review-2"] .evidence')?.textContent === 'bound by digest');
    await assertLayout(page, `${vp.name} evidence mismatched`);
    await shot(page, vp, '3c-evidence');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: a pasted ledger with an error, bad input, a dropped and a picked file`, async () => {
    const { page, errors } = await openPage(vp);
    const rows = demo.events.filter((e) => ['ho-review', 'rc-review-1', 'rc-review-2'].includes(e.id));
    const dangling = { id: 'lnk-x', fromEventId: 'rc-review-2', toEventId: 'ho-gone', relationType: 'resolves', createdAt: demo.now, metadataJson: null, namespace: 'demo' };
    const pasted = { now: demo.now, events: rows, links: [...demo.links.filter((l) => l.id === 'lnk-06'), dangling] };
    await page.fill('#paste-input', JSON.stringify(pasted, null, 1));
    await page.click('#paste-form button');
    await page.waitForFunction(() => window.q('#ledger-source')?.textContent.startsWith('pasted ledger'));
    const findings = await page.textContent('#ledger-diagnostic-list');
    assert.match(findings, /ledger\/dangling-link at \/links\/1/);
    assert.match(await page.textContent('#ledger-source'), /3 events, 2 links/);
    await assertLayout(page, `${vp.name} pasted`);
    await shot(page, vp, '4-pasted');

    // Not JSON: the core's parser names the problem; the open ledger stays.
    await page.fill('#paste-input', '{"events": [}');
    await page.click('#paste-form button');
    await page.waitForSelector('#load-error:not([hidden])');
    assert.match(await page.textContent('#load-error'), /parse\/[a-z-]+[\s\S]*Still showing pasted ledger/);
    assert.match(await page.textContent('#ledger-source'), /^pasted ledger/);
    // JSON of the wrong shape: the core's failure code, not a blank page.
    await page.fill('#paste-input', '{"events": 5}');
    await page.click('#paste-form button');
    await page.waitForFunction(() => !window.q('#load-error')?.textContent.includes('parse/'));
    assert.match(await page.textContent('#load-error'), /Not opened: [a-z]+\/[a-z-]+ the core could not fold it/);
    await assertLayout(page, `${vp.name} bad input`);
    await shot(page, vp, '5-bad-input');

    // A dropped file.
    const text = JSON.stringify(demo);
    const dt = await page.evaluateHandle((t) => {
      const d = new DataTransfer();
      d.items.add(new File([t], 'dropped-ledger.json', { type: 'application/json' }));
      return d;
    }, text);
    await page.dispatchEvent('#drop-zone', 'drop', { dataTransfer: dt });
    await page.waitForFunction(() => window.q('#ledger-source')?.textContent.startsWith('file dropped-ledger.json'));
    assert.equal(await page.isHidden('#load-error'), true);
    assert.match(await page.textContent('#fleet-summary'), /^8 sessions/);
    // A picked file, of a hub's `{events}` shape: no `now`, so the browser's clock.
    await page.setInputFiles('#file-input', { name: 'picked.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ events: rows })) });
    await page.waitForFunction(() => window.q('#ledger-source')?.textContent.startsWith('file picked.json'));
    assert.match(await page.textContent('#ledger-source'), /this browser's clock/);
    await shot(page, vp, '6-files');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a ledger read from a hub\'s /api/work-graph routes', async () => {
  const { page, errors } = await openPage(viewports[0]);
  // The wrong token: the hub's answer, shown with its status.
  await page.fill('#hub-url', `${hubBase}/api/work-graph/events?related_session_id=sess-lead`);
  await page.fill('#hub-token', 'wrong');
  await page.click('#hub-form button');
  await page.waitForSelector('#load-error:not([hidden])');
  assert.match(await page.textContent('#load-error'), /viewer\/hub-status[\s\S]*401: Invalid token/);
  // Chromium itself logs the refused request; that one error is expected.
  await page.waitForFunction(() => true);
  const refused = errors.findIndex((e) => /status of 401/.test(e));
  assert.ok(refused >= 0, `chromium logged the 401: ${errors.join(' | ')}`);
  errors.splice(refused, 1);
  // A route that is not a work-graph route.
  await page.fill('#hub-url', `${hubBase}/api/sessions`);
  await page.click('#hub-form button');
  await page.waitForFunction(() => window.q('#load-error')?.textContent.includes('viewer/not-a-work-graph-route'));

  await page.fill('#hub-url', `${hubBase}/api/work-graph/events?related_session_id=sess-lead`);
  await page.fill('#hub-token', 'hub-test-token');
  await page.click('#hub-form button');
  await page.waitForFunction(() => window.q('#ledger-source')?.textContent.startsWith('hub '), null, { timeout: 20000 });
  // Walking from sess-lead's events (upstream lists a session's events by
  // related_session_id) through every link and the sessions they name
  // reaches the review thread: its handoffs, receipts and both sessions' ads.
  assert.match(await page.textContent('#ledger-source'), /— 10 events, 9 links, namespace demo/);
  assert.match(await page.textContent('#fleet-summary'), /^2 sessions/);
  await page.evaluate(() => { location.hash = '#handoff=ho-review'; });
  await page.waitForSelector('#thread-receipts li');
  assert.equal(await page.locator('#thread-receipts > li').count(), 2);
  await shot(page, viewports[0], '7-hub');
  // The address names the hub (not the token), so the view can be shared.
  const shared = new URL(page.url());
  assert.equal(shared.searchParams.get('hub'), `${hubBase}/api/work-graph/events?related_session_id=sess-lead`);
  assert.equal(shared.hash, '#handoff=ho-review');
  assert.doesNotMatch(page.url(), /hub-test-token/);
  // A single event's route works as a starting point too.
  await page.fill('#hub-url', `${hubBase}/api/work-graph/events/ho-docs`);
  await page.click('#hub-form button');
  await page.waitForFunction(() => /^hub .*ho-docs/.test(window.q('#ledger-source')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a shared address opens the same view of the same hub', async () => {
  const open = createHubServer(demo);
  const openBase = await listen(open);
  try {
    const hubUrl = `${openBase}/api/work-graph/events/ho-docs`;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript(deepQuery);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`${base}/?hub=${encodeURIComponent(hubUrl)}#handoff=ho-docs`);
    await page.waitForFunction(() => window.q('#ledger-source')?.textContent.startsWith('hub '));
    await page.waitForSelector('#thread-outcome');
    assert.match(await page.textContent('#thread-outcome'), /blocked/);
    assert.match(await page.textContent('#audit-box summary'), /ends at a human grant \(2 grants\)/);
    await assertLayout(page, 'phone hub deep link');
    await shot(page, viewports[1], '8-hub-deep-link');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await close(open);
  }
});

test('an element given a ledger routes through a cancelable hapi-open event, not the address', async () => {
  const { page, errors } = await openPage(viewports[0]);
  const result = await page.evaluate(async (ledger) => {
    const view = document.createElement('hapi-ledger-view');
    view.id = 'second';
    document.body.append(view);
    view.ledger = ledger;
    const root = view.shadowRoot;
    for (let i = 0; i < 200 && !root.querySelector('#fleet-summary'); i += 1) await new Promise((r) => setTimeout(r, 10));
    const seen = [];
    let cancel = true;
    view.addEventListener('hapi-open', (e) => {
      seen.push(`${e.detail.kind}=${e.detail.id}`);
      if (cancel) e.preventDefault();
    });
    // A view is the core's answer a moment later (it folds off the main thread).
    const title = async (want) => {
      for (let i = 0; i < 300 && root.querySelector('#detail-title').textContent !== want; i += 1) await new Promise((r) => setTimeout(r, 10));
      return root.querySelector('#detail-title').textContent;
    };
    // Cancelled: the app routes, the element stays where it is.
    root.querySelector('a[href="#session=sess-docs"]').click();
    await new Promise((r) => setTimeout(r, 200));
    const stayed = root.querySelector('#detail-title').textContent;
    cancel = false;
    root.querySelector('a[href="#session=sess-docs"]').click();
    const opened = await title('Session sess-docs');
    const opensGraph = view.open('handoff', 'ho-review');
    await title('Handoff ho-review');
    return { seen, stayed, opened, opensGraph, title: root.querySelector('#detail-title').textContent,
      nodes: root.querySelectorAll('#thread-graph g.node').length, hash: location.hash,
      openers: root.querySelector('#openers').hidden, ledger: view.ledger.events.length };
  }, demo);
  assert.deepEqual(result.seen, ['session=sess-docs', 'session=sess-docs', 'handoff=ho-review']);
  assert.equal(result.stayed, 'Detail');
  assert.equal(result.opened, 'Session sess-docs');
  assert.equal(result.title, 'Handoff ho-review');
  assert.equal(result.nodes, 5);
  assert.equal(result.hash, '', 'the address is the app\'s');
  assert.equal(result.openers, true, 'no open forms without the openers attribute');
  assert.equal(result.ledger, 40);
  // The page's badges are the core's: label, tooltip, and a link only where the core gives one.
  const badges = await page.locator('hapi-peer-badge').evaluateAll((bs) => bs.map((b) => {
    const chip = b.shadowRoot.querySelector('.badge');
    return { tag: chip.tagName.toLowerCase(), label: chip.textContent, title: chip.title, href: chip.getAttribute('href'), answer: b.answer };
  }));
  assert.equal(badges.length, 3);
  for (const b of badges) {
    assert.equal(b.answer.type, 'success');
    assert.equal(b.label, b.answer.label);
    assert.equal(b.title, b.answer.tooltip);
    assert.equal(b.tag, b.answer.navigable && b.answer.href ? 'a' : 'span');
    if (b.tag === 'a') assert.equal(b.href, b.answer.href);
  }
  assert.equal(badges[0].tag, 'a', 'a listed source is a link');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an element given a hub URL and a token reads the ledger from the hub', async () => {
  const { page, errors } = await openPage(viewports[1]);
  const result = await page.evaluate(async (hubUrl) => {
    const view = document.createElement('hapi-ledger-view');
    const heard = [];
    view.addEventListener('hapi-ledger-open', (e) => heard.push(e.detail));
    view.token = 'hub-test-token';
    view.setAttribute('hub', hubUrl);
    document.body.append(view);
    const opened = await view.loaded;
    return { opened, heard, source: view.shadowRoot.querySelector('#ledger-source').textContent, tokenAttr: view.getAttribute('token') };
  }, `${hubBase}/api/work-graph/events?related_session_id=sess-lead`);
  assert.equal(result.opened, true);
  assert.deepEqual(result.heard, [{ label: `hub ${hubBase}/api/work-graph/events?related_session_id=sess-lead`, namespace: 'demo', events: 10, links: 9 }]);
  assert.match(result.source, /— 10 events, 9 links, namespace demo/);
  assert.equal(result.tokenAttr, null, 'the token is never reflected');
  assert.deepEqual(errors, []);
  await page.close();
});

// The fold runs in a module worker beside the elements; where none can run
// (no Worker, or its script does not load) the same core runs on the page's
// thread and every view is the same.
test('the core folds in a worker, and the views are the same without one', async () => {
  const views = async (setup) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(deepQuery);
    const workers = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await setup(page);
    await page.goto(`${base}/#handoff=ho-review`);
    await page.waitForSelector('#thread-outcome');
    const seen = {
      fleet: await page.textContent('#fleet-summary'),
      index: await page.textContent('#handoff-index'),
      findings: await page.textContent('#ledger-diagnostics'),
      thread: await page.textContent('#detail'),
    };
    await page.close();
    return { seen, workers, errors };
  };
  const worker = await views(async () => {});
  assert.deepEqual(worker.workers, ['/pkg/ledger-worker.js'], 'one worker, the package\'s');
  const none = await views((page) => page.addInitScript(() => { delete window.Worker; }));
  assert.deepEqual(none.workers, []);
  assert.deepEqual(none.seen, worker.seen);
  const unloadable = await views((page) => page.route('**/ledger-worker.js', (r) => r.fulfill({ status: 404, body: '' })));
  assert.deepEqual(unloadable.seen, worker.seen);
  assert.deepEqual([...worker.errors, ...none.errors, ...unloadable.errors], []);
});
