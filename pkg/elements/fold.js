// Custom elements over the core: `<hapi-peer-badge>` and `<hapi-ledger-view>`.
// They lay out what the core answers (`peerBadge`, `ledgerView`,
// `projectHandoff`) and decide nothing themselves: every verdict, text and
// link shown is the core's, or a field of a row they were given. Importing
// this module touches no DOM: the elements are defined by `defineElements()`,
// which the module calls itself only where `customElements` exists, so a
// server may import it to render nothing and a browser gets both elements.
import init, { LedgerFold, ledgerView, projectHandoff, peerBadge, validate } from '#core';

// Loading a ledger ---------------------------------------------------------------

/** A ledger that could not be opened: a stable code, a message, and the core's diagnostics if any. */
export class LoadError extends Error {
  constructor(code, message, diagnostics = []) {
    super(message);
    this.code = code;
    this.diagnostics = diagnostics;
  }
}

/**
 * The ledger in `text`. Text that is not JSON is handed to the core, whose
 * parser names the problem with a `parse/*` code and a position.
 */
export function ledgerFromText(text) {
  if (!text.trim()) throw new LoadError('viewer/empty', 'nothing to open: the text is empty');
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const answer = validate({ kind: 'event_row', documentText: text });
    const parse = answer.type === 'success' ? answer.diagnostics.filter((d) => d.code.startsWith('parse/')) : [];
    if (parse.length) throw new LoadError(parse[0].code, parse[0].message, parse);
    throw new LoadError('viewer/not-json', `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return ledgerFromValue(doc);
}

/**
 * A parsed document as ledger rows. Accepted: `{events, links?, now?, namespace?}`,
 * a hub answer (`{events}`, `{event}`, `{links}`), or an array of event rows.
 * Anything else is passed on as it is, and the core's answer says what is wrong.
 */
export function ledgerFromValue(doc) {
  if (Array.isArray(doc)) return { events: doc, links: [] };
  if (doc !== null && typeof doc === 'object') {
    if (!('events' in doc) && 'event' in doc) return { events: [doc.event], links: [] };
    if (!('events' in doc) && 'links' in doc) return { events: [], links: doc.links };
    const ledger = { events: doc.events, links: doc.links ?? [] };
    if (doc.now !== undefined) ledger.now = doc.now;
    if (doc.namespace !== undefined) ledger.namespace = doc.namespace;
    return ledger;
  }
  return { events: doc, links: [] };
}

/** The text of a dropped or picked file. */
export async function readFile(file) {
  if (!file) throw new LoadError('viewer/no-file', 'no file was given');
  try {
    return await file.text();
  } catch (e) {
    throw new LoadError('viewer/unreadable-file', `${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The ledger file at `url` (relative to the page). */
export async function fetchLedger(url) {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new LoadError('viewer/hub-status', `${url} answered ${res.status}`);
  return ledgerFromText(await res.text());
}

const ROUTE = /^(.*)\/api\/work-graph\/events(?:\/([^/]+)(\/links)?)?\/?$/;

/**
 * `id` as one segment of a URL's path, or null when no segment holds it:
 * the empty id, `.` and `..` (a URL reads them as steps, out of the route),
 * and an id with half a surrogate pair (no URL can spell it).
 */
function segment(id) {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..' || !id.isWellFormed()) return null;
  return encodeURIComponent(id);
}

/**
 * Reads a ledger from a hub's `/api/work-graph/*` routes (upstream's shapes:
 * `GET events?related_session_id=` → `{events}`, `GET events/:id` → `{event}`,
 * `GET events/:id/links` → `{links}`). Starting from the given route, it walks
 * every link, the events at both ends, the event each row relates to, the
 * grant its delegated authority names, and the events of every session those
 * events name, up to `maxRequests` requests.
 */
export async function fetchHub(input, { token = '', maxRequests = 400, onProgress = () => {} } = {}) {
  let url;
  try {
    url = new URL(input.trim(), globalThis.location?.href);
  } catch {
    throw new LoadError('viewer/bad-url', `not a URL: ${input}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LoadError('viewer/bad-url', `a hub is reached over http or https, not ${url.protocol}`);
  }
  const m = ROUTE.exec(url.pathname);
  if (!m) {
    throw new LoadError('viewer/not-a-work-graph-route',
      `${url.pathname} is not a hub's /api/work-graph/events route (give …/events?related_session_id=<session>, …/events/<id> or …/events/<id>/links)`);
  }
  const api = `${url.origin}${m[1]}/api/work-graph`;
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const events = new Map();
  const links = new Map();
  const sessionsQueued = new Set();
  const eventsQueued = new Set();
  const linksQueued = new Set();
  const queue = [];
  let requests = 0;
  let failed = 0;

  const get = async (path) => {
    requests += 1;
    let res;
    try {
      res = await fetch(`${api}${path}`, { headers, cache: 'no-store' });
    } catch {
      throw new LoadError('viewer/hub-unreachable',
        `${api}${path} could not be reached (the hub is down, or it does not let this page's origin read it)`);
    }
    let body;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const why = body && typeof body.error === 'string' ? body.error : res.statusText;
      throw new LoadError('viewer/hub-status', `${api}${path} answered ${res.status}: ${why}`);
    }
    if (body === null || typeof body !== 'object') {
      throw new LoadError('viewer/hub-not-json', `${api}${path} did not answer a JSON object`);
    }
    return body;
  };
  const addEvent = (row) => {
    if (row === null || typeof row !== 'object' || typeof row.id !== 'string') {
      // Kept: the core reports a malformed row with its pointer.
      events.set(`#${events.size}`, row);
      return;
    }
    if (!events.has(row.id)) events.set(row.id, row);
    wantLinks(row.id);
    for (const [kind, ref] of [[row.sourceKind, row.sourceRef], [row.sinkKind, row.sinkRef]]) {
      if (kind === 'session' && typeof ref === 'string') wantSession(ref);
    }
    if (typeof row.relatedSessionId === 'string') wantSession(row.relatedSessionId);
    // Rows a row names without a link: the event it relates to, and the
    // grant its delegated authority comes from.
    if (typeof row.relatedEventId === 'string') wantEvent(row.relatedEventId);
    const grant = row.payloadJson?.confirmation?.granting_event_id;
    if (typeof grant === 'string') wantEvent(grant);
  };
  const wantSession = (id) => {
    if (sessionsQueued.has(id) || !id.isWellFormed()) return;
    sessionsQueued.add(id);
    queue.push({ path: `/events?related_session_id=${encodeURIComponent(id)}&limit=500`, take: (b) => (Array.isArray(b.events) ? b.events.forEach(addEvent) : addEvent(b.events)) });
  };
  // An id no path segment holds is not asked for: the hub cannot be asked about it.
  const wantEvent = (id) => {
    const at = segment(id);
    if (at === null || eventsQueued.has(id) || events.has(id)) return;
    eventsQueued.add(id);
    queue.push({ path: `/events/${at}`, take: (b) => addEvent(b.event) });
  };
  const wantLinks = (id) => {
    const at = segment(id);
    if (at === null || linksQueued.has(id)) return;
    linksQueued.add(id);
    queue.push({
      path: `/events/${at}/links`,
      take: (b) => {
        for (const link of Array.isArray(b.links) ? b.links : [b.links]) {
          const key = link && typeof link.id === 'string' ? link.id : `#${links.size}`;
          if (!links.has(key)) links.set(key, link);
          if (link && typeof link.fromEventId === 'string') wantEvent(link.fromEventId);
          if (link && typeof link.toEventId === 'string') wantEvent(link.toEventId);
        }
      },
    });
  };

  // The first route must answer; later ones may fail (an event of another
  // namespace is a 404) and are counted.
  const session = url.searchParams.get('related_session_id');
  if (m[2] === undefined) {
    if (!session) {
      throw new LoadError('viewer/hub-needs-session',
        'the hub lists events by session only: add ?related_session_id=<session> to the URL');
    }
    sessionsQueued.add(session);
    const limit = url.searchParams.get('limit') ?? '500';
    const body = await get(`/events?related_session_id=${encodeURIComponent(session)}&limit=${encodeURIComponent(limit)}`);
    if (!('events' in body)) throw new LoadError('viewer/hub-shape', `${url.href} answered without an "events" list`);
    (Array.isArray(body.events) ? body.events : [body.events]).forEach(addEvent);
  } else {
    let id;
    try {
      id = decodeURIComponent(m[2]);
    } catch {
      throw new LoadError('viewer/bad-url', `not a URL: ${input}`);
    }
    const at = segment(id);
    if (at === null) throw new LoadError('viewer/bad-url', `${url.pathname} names no event`);
    eventsQueued.add(id);
    const body = await get(`/events/${at}`);
    if (!('event' in body)) throw new LoadError('viewer/hub-shape', `${api}/events/${id} answered without an "event"`);
    addEvent(body.event);
  }

  // Four requests at a time; a worker with nothing queued waits while
  // others are in flight, since their answers may queue more.
  let inFlight = 0;
  const worker = async () => {
    while (requests < maxRequests) {
      const job = queue.shift();
      if (!job) {
        if (inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 2));
        continue;
      }
      inFlight += 1;
      try {
        job.take(await get(job.path));
      } catch (e) {
        if (!(e instanceof LoadError) || e.code === 'viewer/hub-unreachable') throw e;
        failed += 1;
      } finally {
        inFlight -= 1;
      }
      onProgress({ requests, events: events.size, links: links.size });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return {
    ledger: { events: [...events.values()], links: [...links.values()] },
    requests,
    failed,
    truncated: queue.length > 0,
  };
}

// DOM helpers: text always goes in as text nodes, never as HTML ------------------

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The longest text the elements lay out as it is, in code points: the
 * longest string field the protocol allows (`MAX_STRING`, 8,192). A longer
 * one is shown cut, with a button that shows it whole, so a value of a
 * megabyte never reaches layout unless someone asks for it.
 */
export const TEXT_LIMIT = 8192;

/** The index just past the first `limit` code points of `s`, or -1 when `s` has no more than that. */
function cutAt(s, limit) {
  if (s.length <= limit) return -1;
  let i = 0;
  for (let n = 0; n < limit && i < s.length; n += 1) i += s.codePointAt(i) > 0xffff ? 2 : 1;
  return i < s.length ? i : -1;
}

function codePoints(s) {
  let n = 0;
  for (let i = 0; i < s.length; i += s.codePointAt(i) > 0xffff ? 2 : 1) n += 1;
  return n;
}

/**
 * `s` as nodes to lay out: itself when it is short enough; else its first
 * `TEXT_LIMIT` code points, an ellipsis and a button that puts the whole
 * text in their place. The whole text goes in as pieces of `TEXT_LIMIT`
 * code points with a line-break opportunity (`<wbr>`) between them, so
 * the browser never wraps one unbroken word of a megabyte.
 */
function cutText(s) {
  const end = cutAt(s, TEXT_LIMIT);
  if (end < 0) return s;
  const box = document.createElement('span');
  box.className = 'cut';
  const whole = document.createElement('button');
  whole.type = 'button';
  whole.className = 'link-button show-whole';
  whole.textContent = `show the whole value (${codePoints(s).toLocaleString('en')} characters)`;
  whole.addEventListener('click', () => {
    const pieces = [];
    for (let rest = s; rest;) {
      const at = cutAt(rest, TEXT_LIMIT);
      if (at < 0) {
        pieces.push(rest);
        break;
      }
      pieces.push(rest.slice(0, at), document.createElement('wbr'));
      rest = rest.slice(at);
    }
    box.className = 'cut whole';
    // A box that scrolls, reached with Tab and scrolled with the arrow keys.
    box.tabIndex = 0;
    box.replaceChildren(...pieces);
    box.focus();
  });
  box.append(s.slice(0, end), '… ', whole);
  return box;
}

// The display form of every row string the core has answered one for
// (`ledgerView`'s `shown`: bidi, invisible and control characters shown as
// `<U+XXXX>`, a look-alike id's foreign letters marked): text is rendered
// through it, so no row string is shown as written when the core says it
// must not be.
const DISPLAY = new Map();

/** `s` as the core says to show it. */
function shownText(s) {
  return DISPLAY.get(s) ?? s;
}

function build(node, attrs, children, cut = true) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'onclick') node.addEventListener('click', v);
    else if (k === 'onkeydown') node.addEventListener('keydown', v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    const shown = typeof c === 'string' ? shownText(c) : c;
    node.append(cut && typeof shown === 'string' ? cutText(shown) : shown);
  }
  return node;
}

/**
 * `el(tag, attrs, ...children)`; `onclick` and `onkeydown` in attrs add
 * listeners. A string child longer than `TEXT_LIMIT` code points goes in
 * cut, with a button to show it whole.
 */
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element; its text children are the caller's to keep short (see `clip`). */
function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children, false);
}

/** A millisecond time as `YYYY-MM-DD HH:MM` UTC, or '' when it is not a number. */
export function when(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

const SEVERITIES = ['error', 'warning', 'info'];

/** One diagnostic as the core gave it: severity, code, pointer, message, help. */
export function diagnosticLine(d, extra) {
  return el('li', { class: `diag sev-${SEVERITIES.includes(d.severity) ? d.severity : 'info'}` },
    el('span', { class: 'sev' }, d.severity), ' ',
    el('code', { class: 'diag-code' }, d.code), ' at ',
    el('code', { class: 'diag-pointer' }, d.instancePath || '(root)'),
    extra ?? '',
    el('span', { class: 'diag-message' }, `: ${d.message}`),
    d.help ? el('span', { class: 'muted' }, ` (${d.help})`) : '');
}

// The work graph's layout ----------------------------------------------------------

export const NODE_W = 150;
export const NODE_H = 56;
const GAP_X = 64;
const GAP_Y = 20;
/** How far below its nodes an edge over several layers dips. */
const DIP = 34;
const PAD = 8;

/**
 * A layered layout, left to right in time: `nodes` are `{id, ts}`, `edges`
 * `{from, to}`. Each distinct time is a layer (missing times, and times
 * that are not finite numbers, go last, in
 * the order given); within a layer, nodes are ordered by the mean row of
 * the nodes they link to in earlier layers, so edges cross less. Returns
 * each node's `{x, y}` (its top-left corner) and the drawing's size.
 */
export function layoutGraph(nodes, edges) {
  const times = [...new Set(nodes.map((n) => n.ts).filter(Number.isFinite))].sort((a, b) => a - b);
  const layerOf = new Map();
  let spare = times.length;
  for (const n of nodes) layerOf.set(n.id, Number.isFinite(n.ts) ? times.indexOf(n.ts) : spare++);
  const layers = [];
  for (const n of nodes) {
    const l = layerOf.get(n.id);
    (layers[l] ??= []).push(n.id);
  }
  const dense = layers.filter((l) => l && l.length);
  const near = new Map(nodes.map((n) => [n.id, []]));
  for (const e of edges) {
    if (!near.has(e.from) || !near.has(e.to)) continue;
    near.get(e.from).push(e.to);
    near.get(e.to).push(e.from);
  }
  const row = new Map();
  const at = new Map();
  dense.forEach((ids, li) => {
    const key = (id) => {
      const rows = near.get(id).filter((o) => row.has(o)).map((o) => row.get(o));
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Infinity;
    };
    const order = ids.map((id, i) => [id, key(id), i]).sort((a, b) => a[1] - b[1] || a[2] - b[2]);
    const taken = new Set();
    for (const [id, k] of order) {
      // The nearest free row to the wanted one.
      const want = Number.isFinite(k) ? Math.max(0, Math.round(k)) : 0;
      let r = want;
      for (let d = 1; taken.has(r); d += 1) {
        const step = Math.ceil(d / 2) * (d % 2 ? 1 : -1);
        if (want + step >= 0) r = want + step;
      }
      taken.add(r);
      row.set(id, r);
      at.set(id, { x: PAD + li * (NODE_W + GAP_X), y: PAD + r * (NODE_H + GAP_Y) });
    }
  });
  const rows = Math.max(1, ...[...row.values()].map((r) => r + 1));
  return {
    at,
    width: PAD * 2 + Math.max(1, dense.length) * (NODE_W + GAP_X) - GAP_X,
    height: PAD * 2 + rows * (NODE_H + GAP_Y) - GAP_Y,
  };
}

const STYLE = `
:host {
  --hapi-fg: #1d2330; --hapi-bg: #f6f7f9; --hapi-panel: #fff; --hapi-muted: #5b6576; --hapi-accent: #1f5fd6;
  --hapi-focus: #1f5fd6; --hapi-line: #e3e6eb; --hapi-code-bg: #f2f4f7; --hapi-head-bg: #f9fafb; --hapi-head-fg: #344054;
  --hapi-node: #fff; --hapi-edge: #667085;
  display: block; color: var(--hapi-fg); font-family: inherit; line-height: 1.4; min-width: 0;
  /* A value as long as the protocol allows (a 2,048-character summary, a 300-character status) wraps anywhere. */
  overflow-wrap: anywhere;
}
@media (prefers-color-scheme: dark) {
  :host(:not([theme=light])) {
    --hapi-fg: #e6e9ef; --hapi-bg: #0f1729; --hapi-panel: #182135; --hapi-muted: #a3acbd; --hapi-accent: #8fb3ff;
    --hapi-focus: #8fb3ff; --hapi-line: #2c3850; --hapi-code-bg: #222d45; --hapi-head-bg: #1d2840; --hapi-head-fg: #cdd5e3;
    --hapi-node: #1d2840; --hapi-edge: #a3acbd;
  }
}
:host([theme=dark]) {
  --hapi-fg: #e6e9ef; --hapi-bg: #0f1729; --hapi-panel: #182135; --hapi-muted: #a3acbd; --hapi-accent: #8fb3ff;
  --hapi-focus: #8fb3ff; --hapi-line: #2c3850; --hapi-code-bg: #222d45; --hapi-head-bg: #1d2840; --hapi-head-fg: #cdd5e3;
  --hapi-node: #1d2840; --hapi-edge: #a3acbd;
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
h2 { font-size: 1.1rem; margin: .25rem 0 .5rem; border-bottom: 1px solid var(--hapi-line); padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
p { margin: .4rem 0; }
.muted { color: var(--hapi-muted); }
.small { font-size: .85rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.invalid { color: #b42318; }

/* Panels: one column on narrow screens, the fleet and the detail side by side from 900px. */
.panel { background: var(--hapi-panel); border: 1px solid var(--hapi-line); border-radius: 8px; padding: .6rem 1rem 1rem; margin: .9rem 0; min-width: 0; }
.columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 1rem; align-items: start; }
.columns > .panel { margin: .9rem 0 0; }
@media (min-width: 900px) {
  .columns { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
}

/* Opening a ledger. */
.open-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: .75rem; }
@media (min-width: 900px) { .open-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.open-way { display: flex; flex-direction: column; gap: .35rem; border: 1px solid var(--hapi-line); border-radius: 6px; padding: .6rem; min-width: 0; }
.open-way label { font-weight: 600; font-size: .9rem; }
.open-way label.small { font-weight: 400; }
.drop-zone { border: 2px dashed var(--hapi-line); }
.drop-zone.dragging { border-color: var(--hapi-focus); background: #eef4ff; }
.source { font-size: .9rem; overflow-wrap: anywhere; }
.load-error { border: 1px solid #fda29b; background: #fef3f2; color: #7a271a; border-radius: 6px; padding: .4rem .75rem; margin: .5rem 0; overflow-wrap: anywhere; }

input, textarea, select, button { font: inherit; max-width: 100%; }
input:not([type=file]), textarea { width: 100%; border: 1px solid var(--hapi-line); border-radius: 4px; padding: .3rem .4rem; }
input[type=file] { width: 100%; }
textarea { font-family: ui-monospace, monospace; font-size: .85rem; }
button { align-self: flex-start; background: var(--hapi-accent); color: var(--hapi-panel); border: 1px solid var(--hapi-accent); border-radius: 4px; padding: .3rem .8rem; cursor: pointer; }
button.link-button { background: none; color: var(--hapi-accent); border: none; padding: 0; text-decoration: underline; }
.inline-form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: .5rem; }
.inline-form input { flex: 1 1 16rem; width: auto; }

/* Focus is always visible, for every control and link. */
:focus-visible { outline: 3px solid var(--hapi-focus); outline-offset: 2px; border-radius: 2px; }
#detail-panel:focus-visible, #detail-panel:focus { outline: 3px solid var(--hapi-focus); outline-offset: 0; }
a { color: var(--hapi-accent); }
a[aria-current] { font-weight: 700; color: var(--hapi-fg); }

/* Tables scroll inside their box instead of widening the page. */
.table-scroll { overflow-x: auto; max-width: 100%; margin: .25rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; font-size: .88rem; }
th, td { text-align: left; padding: .25rem .45rem; border-bottom: 1px solid var(--hapi-line); vertical-align: top; }
th { font-weight: 600; color: var(--hapi-head-fg); background: var(--hapi-head-bg); }
td .when { display: block; font-size: .78rem; color: var(--hapi-muted); }
#session-events { table-layout: fixed; }
#session-events th:nth-child(1) { width: 34%; }
#session-events th:nth-child(2) { width: 22%; }
h3.project { font-size: .95rem; margin: .8rem 0 .2rem; }

code { background: var(--hapi-code-bg); padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; font-size: .85em; }
pre { background: #0f1729; color: #e6e9ef; padding: .75rem; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; max-width: 100%; }
details { margin: .6rem 0; border: 1px solid var(--hapi-line); border-radius: 6px; padding: .3rem .6rem; }
summary { cursor: pointer; font-weight: 600; padding: .15rem 0; }

.verdict { font-weight: 600; }
.verdict.valid { color: #067647; }
.verdict.invalid { color: #b42318; }
.diagnostics { list-style: none; padding: 0; margin: .3rem 0; }
.diag { font-size: .88rem; margin: .25rem 0; padding: .2rem .4rem; border-left: 3px solid #d0d5dd; overflow-wrap: anywhere; }
.diag .sev { font-weight: 700; text-transform: uppercase; font-size: .72rem; }
.sev-error { border-color: #d92d20; } .sev-error .sev { color: #b42318; }
.sev-warning { border-color: #f79009; } .sev-warning .sev { color: #b54708; }
.sev-info { border-color: #98a2b3; } .sev-info .sev { color: #475467; }

.badge { display: inline-block; max-width: 100%; background: #eef4ff; color: #3538cd; border-radius: 999px; padding: 0 .5rem; font-size: .8rem; }
.badge.stale { background: #fef0c7; color: #93370d; margin-left: .25rem; }
.stale-reason { display: block; font-size: .78rem; color: #93370d; margin-top: .1rem; }
.checks { list-style: none; padding: 0; margin: .2rem 0; }
.checks > li { border: 1px solid var(--hapi-line); border-radius: 6px; padding: .3rem .5rem; margin: .3rem 0; }
/* A badge's colour is one of these tones, which the element picks from a verdict, never from row text. */
.status-good, .check-passed { background: #dcfae6; color: #067647; }
.status-bad, .check-failed { background: #fee4e2; color: #b42318; }
.status-wait { background: #fef0c7; color: #93370d; }
.status-neutral { background: var(--hapi-code-bg); color: var(--hapi-head-fg); }
.status-unknown, .check-unknown { background: none; color: var(--hapi-fg); border: 1px dashed var(--hapi-muted); }
.status-unknown::after, .check-unknown::after { content: " ?"; color: var(--hapi-muted); }
.badge.peer { background: #f4ebff; color: #6941c6; text-decoration: none; }

.link-list { padding-left: 1.2rem; margin: .3rem 0; }
.link-list li { margin: .2rem 0; overflow-wrap: anywhere; }
.chain { margin: .3rem 0; padding-left: 1.4rem; }
.chain li { margin: .25rem 0; overflow-wrap: anywhere; }
.chain-human { color: #067647; }
.chain-broken { color: #b42318; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .15rem .75rem; margin: .3rem 0; font-size: .88rem; }
.facts dt { color: var(--hapi-muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.receipts { padding-left: 1.2rem; }
.receipts > li { margin: .5rem 0; }
.summary { font-weight: 500; }
#badges { list-style: none; padding: 0; }
#badges li { margin: .3rem 0; overflow-wrap: anywhere; }
.fleet-project { table-layout: fixed; }
.fleet-project th:nth-child(1) { width: 28%; }
.fleet-project th:nth-child(2) { width: 36%; }

/* The work graph: scrolls inside its box; nodes are focusable. */
.graph-scroll { overflow-x: auto; max-width: 100%; border: 1px solid var(--hapi-line); border-radius: 6px; margin: .3rem 0; }
.graph svg { display: block; font-size: 11px; }
.graph .node rect { fill: var(--hapi-node); stroke: var(--hapi-line); stroke-width: 1.5; }
.graph .node.current rect { stroke: var(--hapi-accent); stroke-width: 2.5; }
.graph .node[tabindex] { cursor: pointer; }
.graph .node:focus { outline: none; }
.graph .node:focus-visible { outline: 3px solid var(--hapi-focus); }
.graph .node:focus-visible rect { stroke: var(--hapi-focus); stroke-width: 3; }
.graph .node text { fill: var(--hapi-fg); }
.graph .node .kind { font-weight: 700; }
.graph .edge { fill: none; stroke: var(--hapi-edge); stroke-width: 1.3; }
.graph .edge-label { fill: var(--hapi-muted); font-size: 10px; }
.graph marker path { fill: var(--hapi-edge); }

/* Long lists come a page at a time; a value past TEXT_LIMIT is cut, with a button to see it whole. */
.more-bar { margin: .2rem 0 .6rem; }
.cut .show-whole { font-size: .85em; }
.cut.whole { display: block; max-height: 24rem; overflow-y: auto; }
`;

// The ledger view's workings, over its shadow root ------------------------------------

/** How many items of a list, rows of a table, the views build at first and at each "more". */
const PAGE = 100;
/** How many projects of the fleet, each a table, are built at first and at each "more". */
const PROJECT_PAGE = 10;
/** The most events and links a work graph draws; the rest are counted beside it. */
const GRAPH_NODES = 80;
const GRAPH_EDGES = 160;

// The tone of each status the element colours, by exact text (no case
// folding, no stripping): `completed\u200B` is not `completed`, and shows
// as unknown. A thread's outcome is the core's, one of its nine values. An
// ad's status is the core's `stale` or the status the ad reported. A
// receipt's status decides the handoff when the core calls it terminal;
// otherwise only the v1 statuses that decide nothing are coloured.
const toneMap = (entries) => new Map(Object.entries(entries));
const OUTCOME_TONES = toneMap({
  completed: 'good', accepted: 'good', failed: 'bad', rejected: 'bad', conflict: 'bad', undeliverable: 'bad',
  blocked: 'wait', incomplete: 'neutral', open: 'neutral',
});
const AD_TONES = toneMap({
  done: 'good', failed: 'bad', blocked: 'wait', needs_decision: 'wait', stale: 'wait', in_progress: 'neutral', unknown: 'neutral',
});
const TERMINAL_RECEIPT_TONES = toneMap({ completed: 'good', failed: 'bad', rejected: 'bad' });
const RECEIPT_TONES = toneMap({ accepted: 'good', blocked: 'wait', incomplete: 'neutral' });

// Folding a ledger ------------------------------------------------------------------

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
    const w = new Worker(new URL('./ledger-worker.js', import.meta.url), { type: 'module' });
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

function viewerIn(root, host) {
  const $ = (id) => root.getElementById(id);

  /**
   * The open ledger: its rows as given, its label, its fold (where the core
   * answers its views a page at a time), the fleet, and the rows the core
   * has named so far by id (each the row the fold keeps for that id).
   */
  let current = null;

  /** The page of `query` from `offset` over the open ledger (`extra`: more of `page`). */
  async function view(query, offset = 0, extra = {}) {
    const at = current;
    const text = await at.fold.ask(`{"query":${JSON.stringify(query)},"page":${JSON.stringify({ size: PAGE, offset, ...extra })}}`);
    return learn(at, JSON.parse(text));
  }

  /** Keeps what an answer says of display forms and named rows. */
  function learn(at, answer) {
    if (answer.type !== 'success') return answer;
    if (isObject(answer.shown)) {
      for (const [raw, shown] of Object.entries(answer.shown)) if (typeof shown === 'string') DISPLAY.set(raw, shown);
    }
    if (isObject(answer.rows)) for (const [id, row] of Object.entries(answer.rows)) at.rows.set(id, row);
    return answer;
  }

  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const text = (v) => (typeof v === 'string' ? shownText(v) : '');
  const totalOf = (answer, pointer, list) => (isObject(answer.totals) && Number.isInteger(answer.totals[pointer]) ? answer.totals[pointer] : list.length);

  /** The row the core named for `id` in the open ledger, or undefined. */
  const rowOf = (id) => current.rows.get(id);

  // Links --------------------------------------------------------------------

  /** The address of a view, or null for an argument no address can hold (half a surrogate pair). */
  const hashFor = (kind, arg) => (arg.isWellFormed() ? `#${kind}=${encodeURIComponent(arg)}` : null);

  function sessionLink(id) {
    const href = hashFor('session', id);
    return href ? el('a', { href, class: 'session-link' }, id) : el('code', {}, id);
  }

  function handoffLink(id, attrs = {}) {
    const href = hashFor('handoff', id);
    return href ? el('a', { href, ...attrs }, id) : el('code', {}, id);
  }

  /**
   * An event id: a link when the core says it is a handoff (`type`, else
   * the type of the row it named for the id), else code.
   */
  function eventRef(id, type = rowOf(id)?.eventType) {
    if (type === 'handoff') return handoffLink(id);
    return el('code', {}, id);
  }

  /**
   * A status as a badge: its text as written, coloured by the tone `tones`
   * gives that exact text (`unknown` for any other, and for one the core
   * calls unknown: `known` false); `stale` adds the stale mark.
   */
  function statusBadge(status, tones, stale = false, known = true) {
    const s = typeof status === 'string' ? status : 'unknown';
    const tone = known ? tones.get(s) ?? 'unknown' : 'unknown';
    return el('span', { class: stale ? `badge status-${tone} stale` : `badge status-${tone}` }, s);
  }

  function scrollBox(table) {
    return el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': table.dataset.label ?? 'table' }, table);
  }

  /**
   * A list rendered into `into` a page at a time: `items` is what is in
   * hand (a page of the core's answer), `total` how long the whole list is,
   * and `fetch(offset)` asks the core for the next page when the items in
   * hand run out. Returns what to put after the list: a button that renders
   * the next `size`, or nothing when all fit. Only what is shown is ever
   * built, so a list of 100k rows costs a page of them. The button keeps
   * the focus while there are more; once the last are shown it is removed
   * and the first of them takes it.
   */
  function paged(into, items, render, noun, { size = PAGE, total = items.length, fetch = null } = {}) {
    const have = [...items];
    let shown = 0;
    let whole = Math.max(total, have.length);
    const more = el('button', { type: 'button', class: 'link-button more' });
    const bar = el('p', { class: 'more-bar small' }, more);
    const label = () => {
      const left = whole - shown;
      more.textContent = `Show ${Math.min(size, left).toLocaleString('en')} more ${noun} (${shown.toLocaleString('en')} of ${whole.toLocaleString('en')} shown)`;
      return left;
    };
    const step = () => {
      const end = Math.min(have.length, shown + size);
      const page = document.createDocumentFragment();
      for (; shown < end; shown += 1) page.append(render(have[shown], shown));
      const added = page.firstElementChild;
      into.append(page);
      return { added, left: label() };
    };
    let busy = false;
    // The ledger the list shows: while another is being opened (its rows
    // not yet shown), a press asks nothing of it.
    const owner = current;
    more.addEventListener('click', async () => {
      if (busy || owner !== current) return;
      if (fetch && shown + size > have.length && have.length < whole) {
        // The button stays focusable while the core answers (a disabled
        // button would drop the focus).
        busy = true;
        more.setAttribute('aria-busy', 'true');
        more.textContent = `Loading ${noun}…`;
        let next = [];
        try {
          next = await fetch(have.length);
        } finally {
          busy = false;
          more.removeAttribute('aria-busy');
        }
        if (owner !== current) return;
        if (!Array.isArray(next) || !next.length) whole = have.length;
        else have.push(...next);
      }
      const { added, left } = step();
      if (left > 0) return;
      bar.remove();
      if (added) {
        added.tabIndex = -1;
        added.focus();
      }
    });
    return step().left > 0 ? bar : '';
  }

  /** A table of `items`, a page at a time (`render` makes a row; `paging` as `paged` takes it), in its scrolling box, with its "more" button. */
  function table(label, head, items, render, attrs = {}, noun = 'rows', paging = {}) {
    const t = el('table', attrs);
    t.dataset.label = label;
    t.append(el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h)))));
    const body = el('tbody');
    const more = paged(body, items, render, noun, paging);
    t.append(body);
    return el('div', { class: 'paged' }, scrollBox(t), more);
  }

  // Diagnostics ----------------------------------------------------------------

  /** Names the row a `/events/N/...` or `/links/N/...` pointer lands in, as the core named it (`rowIds`). */
  function pointerTarget(pointer, rowIds) {
    const m = /^\/(events|links)\/(\d+)(?:\/|$)/.exec(pointer ?? '');
    const id = m && isObject(rowIds) ? rowIds[`/${m[1]}/${m[2]}`] : undefined;
    if (typeof id !== 'string') return '';
    return el('span', {}, ' (', m[1] === 'events' ? eventRef(id) : el('code', {}, id), ')');
  }

  /**
   * The diagnostics of `answer` at `key` (`diagnostics` or
   * `viewDiagnostics`) as a list, a page at a time, the next pages asked of
   * the core with `query`; returns the list and its "more" button.
   */
  function diagnosticList(answer, key, query, id) {
    const ul = el('ul', { class: 'diagnostics', id });
    const line = ([d, ids]) => diagnosticLine(d, pointerTarget(d.instancePath, ids));
    const pairs = (a) => (Array.isArray(a[key]) ? a[key] : []).map((d) => [d, a.rowIds]);
    const fetch = query ? async (offset) => {
      const next = await view(query, offset);
      return next.type === 'success' ? pairs(next) : [];
    } : null;
    return [ul, paged(ul, pairs(answer), line, 'findings', { total: totalOf(answer, `/${key}`, answer[key] ?? []), fetch })];
  }

  /** The findings of a query's answer that are its own (not the ledger's, which the fleet shows). */
  function ownDiagnostics(answer, query) {
    const own = Array.isArray(answer.viewDiagnostics) ? answer.viewDiagnostics : [];
    return own.length ? [el('h3', {}, 'What the core says about this view'), ...diagnosticList(answer, 'viewDiagnostics', query, 'detail-diagnostics')] : [];
  }

  function showFailure(target, answer) {
    target.replaceChildren(el('p', { class: 'verdict invalid failure' },
      'the core could not answer: ', el('code', {}, answer.error.code), ` ${answer.error.message}`));
  }

  // The fleet --------------------------------------------------------------------

  function staleReason(ad) {
    if (!ad.stale) return '';
    const row = isObject(ad.event) ? ad.event : {};
    const parts = [`expired ${when(row.expiresAt) || String(row.expiresAt)}`];
    if (ad.reportedStatus) parts.push(`last reported ${shownText(ad.reportedStatus)}`);
    return el('span', { class: 'stale-reason' }, parts.join(' · '));
  }

  function showFleet() {
    const { fleet, handoffs } = current;
    const f = fleet.view;
    const out = $('fleet');
    const counts = Object.entries(f.counts).map(([st, n]) => `${shownText(st)} ${n}`).join(' · ');
    out.replaceChildren(el('p', { id: 'fleet-summary' }, `${f.sessions} sessions — ${counts || 'no work ads'}`));
    const adRow = (ad) => {
      const row = isObject(ad.event) ? ad.event : {};
      return el('tr', { 'data-session': ad.sessionId },
        el('td', {}, sessionLink(ad.sessionId)),
        el('td', {}, statusBadge(ad.status, AD_TONES, ad.stale, ad.statusKnown !== false), staleReason(ad)),
        el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
    };
    // Each project with where it sits in the fleet's whole list, so its
    // ads can be asked for a page at a time (`page.item`).
    const groupsOf = (answer, offset) => (answer.type === 'success' ? answer.view.projects : [])
      .map((group, k) => ({ group, item: offset + k, total: totalOf(answer, `/view/projects/${k}/ads`, group.ads) }));
    const groupBox = ({ group, item, total }) => el('div', { class: 'fleet-group' },
      el('h3', { class: 'project' }, group.project ?? '(no project)'),
      table(`work ads of ${group.project ?? 'no project'}`, ['session', 'status', 'summary'], group.ads, adRow, { class: 'fleet-project' }, 'work ads', {
        total,
        fetch: async (offset) => {
          const next = await view({ by: 'fleet' }, offset, { item });
          return next.type === 'success' ? next.view.projects[0]?.ads ?? [] : [];
        },
      }));
    const projects = el('div', { id: 'fleet-projects' });
    out.append(projects, paged(projects, groupsOf(fleet, 0), groupBox, 'projects', {
      size: PROJECT_PAGE,
      total: totalOf(fleet, '/view/projects', f.projects),
      fetch: async (offset) => groupsOf(await view({ by: 'fleet' }, offset), offset),
    }));
    // The handoffs of the folded namespace, newest first: a way into each
    // thread, each shown as the row the core keeps for its id.
    const list = handoffs.type === 'success' ? handoffs.view.handoffs : [];
    if (!list.length) {
      $('handoff-index').replaceChildren(el('p', { class: 'muted' }, 'no handoffs in this ledger'));
      return;
    }
    const index = el('ul', { class: 'link-list', id: 'handoff-list' });
    const more = paged(index, list, (h) => el('li', {}, handoffLink(h.eventId), ' ', el('span', { class: 'muted' }, text(isObject(h.event) ? h.event.summary : ''))), 'handoffs', {
      total: totalOf(handoffs, '/view/handoffs', list),
      fetch: async (offset) => {
        const next = await view({ by: 'handoffs' }, offset);
        return next.type === 'success' ? next.view.handoffs : [];
      },
    });
    $('handoff-index').replaceChildren(index, more);
  }

  function showLedgerDiagnostics() {
    const { fleet } = current;
    const out = $('ledger-diagnostics');
    const total = totalOf(fleet, '/diagnostics', fleet.diagnostics);
    if (!total) {
      out.replaceChildren(el('p', { class: 'muted', id: 'no-findings' }, 'no findings: the core folds this ledger without a remark'));
      return;
    }
    out.replaceChildren(el('p', {}, `${total.toLocaleString('en')} finding${total === 1 ? '' : 's'}, each with its code and the JSON pointer into the ledger:`),
      ...diagnosticList(fleet, 'diagnostics', { by: 'fleet' }, 'ledger-diagnostic-list'));
  }

  // A handoff thread ---------------------------------------------------------------

  function principalText(p) {
    if (!isObject(p)) return '(no principal)';
    const on = typeof p.on_behalf_of === 'string' ? ` on behalf of ${p.on_behalf_of}` : '';
    return `${text(p.kind) || '?'} ${text(p.id) || '?'}${on}`;
  }

  function auditChain(t, eventId) {
    const box = el('details', { id: 'audit-box' });
    if (!t.audit) {
      box.append(el('summary', {}, 'Delegated-authority chain: none'),
        el('p', { id: 'thread-audit', class: 'muted' }, 'the handoff names no grant: there is no delegated authority to follow'));
      return box;
    }
    const verdict = t.audit.endsAtHuman
      ? `ends at a human grant (${t.audit.grants.length} grant${t.audit.grants.length === 1 ? '' : 's'})`
      : `does not end at a human (${t.audit.code ?? 'unknown'})`;
    box.append(el('summary', {}, `Delegated-authority chain: ${verdict}`));
    const a = t.audit;
    const ol = el('ol', { id: 'thread-audit', class: 'chain' });
    if (a.endsAtHuman) {
      ol.append(el('li', { class: 'chain-human' }, el('strong', {}, 'human grant '), principalText(a.human)));
    } else {
      ol.append(el('li', { class: 'chain-broken' }, el('strong', {}, 'no human at the top: '), el('code', {}, a.code ?? 'unknown')));
    }
    for (const g of [...a.grants].reverse()) {
      const row = rowOf(g);
      ol.append(el('li', {}, el('code', {}, g), isObject(row)
        ? el('span', {}, ` — ${text(row.summary)} `, el('span', { class: 'muted' }, `(by ${principalText(row.principal)})`))
        : el('span', { class: 'muted' }, ' (not in this ledger)')));
    }
    ol.append(el('li', { class: 'chain-handoff' }, 'this handoff ', el('code', {}, eventId)));
    box.append(el('p', { class: 'muted small' }, 'From the human grant down to this handoff.'), ol);
    return box;
  }

  function lineage(t, eventId) {
    const lin = t.lineage;
    const nav = el('nav', { 'aria-label': 'lineage', class: 'lineage' });
    const ol = el('ol', { id: 'thread-lineage', class: 'link-list' });
    for (const id of lin.attempts) {
      const attrs = id === eventId ? { 'aria-current': 'page' } : {};
      ol.append(el('li', {}, handoffLink(id, attrs),
        id === lin.latest ? el('span', { class: 'badge' }, ' latest') : '',
        id === eventId ? el('span', { class: 'muted' }, ' (this one)') : ''));
    }
    const total = lin.attemptCount ?? lin.attempts.length;
    const shown = lin.attemptCount === undefined ? '' : ` (the ${lin.attempts.length} nearest shown)`;
    nav.append(el('h3', {}, `Lineage: ${total} attempt${total === 1 ? '' : 's'}${shown}`), ol);
    const rel = el('dl', { class: 'facts' });
    for (const [label, ids] of [['retries', lin.retries], ['retried by', lin.retriedBy], ['supersedes', lin.supersedes], ['superseded by', lin.supersededBy]]) {
      if (!ids.length) continue;
      const dd = el('dd');
      const list = el('span', { class: 'ids' });
      const more = paged(list, ids, (id, i) => el('span', {}, i ? ', ' : '', handoffLink(id)), 'handoffs');
      dd.append(list, more);
      rel.append(el('dt', {}, label), dd);
    }
    if (rel.childElementCount) nav.append(rel);
    return nav;
  }

  /** A check as the facts the receipt states, in a small list of its own. */
  function checkFacts(c) {
    const o = isObject(c) ? c : {};
    const out = isObject(o.output_ref) ? (text(o.output_ref.url) || text(o.output_ref.ref) || text(o.output_ref.kind)) : '';
    // Only a boolean is a verdict; any other value is shown as written, as unknown.
    const verdict = o.passed === true ? 'passed' : o.passed === false ? 'failed' : 'unknown';
    const passed = verdict !== 'unknown' ? verdict : o.passed === undefined ? '—' : JSON.stringify(o.passed) ?? String(o.passed);
    const dl = el('dl', { class: 'facts' });
    for (const [k, v] of [
      ['command', el('code', {}, text(o.command) || JSON.stringify(o.command ?? null))],
      ['exit code', o.exit_code === undefined ? '—' : String(o.exit_code)],
      ['passed', el('span', { class: `badge check-${verdict}` }, passed)],
      ['started', when(o.started_at) || '—'],
      ['completed', when(o.completed_at) || '—'],
      ['output', out || '—'],
    ]) dl.append(el('dt', {}, k), el('dd', {}, v));
    return el('li', {}, dl);
  }

  function receiptItem(r) {
    const row = isObject(r.event) ? r.event : {};
    const payload = isObject(row.payloadJson) ? row.payloadJson : {};
    const li = el('li', { 'data-receipt': r.receiptId },
      el('p', {}, statusBadge(r.status ?? 'unknown', r.terminal ? TERMINAL_RECEIPT_TONES : RECEIPT_TONES, false, r.statusKnown !== false), ' ', el('code', {}, r.receiptId),
        r.late ? el('span', { class: 'badge stale' }, 'late') : '',
        el('span', { class: 'muted' }, ` ${r.terminal ? 'terminal' : 'not terminal'} · ${r.relations.join(', ')} · ${when(row.ts)}`)),
      text(row.summary) ? el('p', {}, text(row.summary)) : '');
    if (Array.isArray(payload.checks) && payload.checks.length) {
      const checks = el('ol', { class: 'checks' });
      li.append(el('p', { class: 'small muted' }, `checks (${payload.checks.length})`), checks, paged(checks, payload.checks, checkFacts, 'checks'));
    } else li.append(el('p', { class: 'muted small' }, 'no checks reported'));
    return li;
  }

  /** The more of a thread's list at `key` (`receipts` or `links`), asked of the core. */
  const threadPage = (eventId, key) => async (offset) => {
    const next = await view({ by: 'handoff', eventId }, offset);
    return next.type === 'success' ? next.view.thread?.[key] ?? [] : [];
  };

  function receipts(t, answer, eventId) {
    const ol = el('ol', { id: 'thread-receipts', class: 'receipts' });
    const total = totalOf(answer, '/view/thread/receipts', t.receipts);
    const more = paged(ol, t.receipts, receiptItem, 'receipts', { total, fetch: threadPage(eventId, 'receipts') });
    return [el('h3', {}, `Receipts (${total.toLocaleString('en')})`), t.receipts.length ? ol : el('p', { class: 'muted' }, 'no receipt yet'), more];
  }

  function threadLinks(t, answer, eventId) {
    if (!t.links.length) return [];
    const total = totalOf(answer, '/view/thread/links', t.links);
    const row = (l) => el('tr', {}, el('td', {}, l.relationType), el('td', {}, l.direction), el('td', {}, eventRef(l.eventId)));
    return [el('h3', {}, `Links (${total.toLocaleString('en')})`),
      table('links', ['relation', 'direction', 'event'], t.links, row, { class: 'thread-links' }, 'links', { total, fetch: threadPage(eventId, 'links') })];
  }

  /** Whether a view asked for is still the one to show (no other view or ledger was asked for since). */
  let showing = 0;

  async function showHandoff(eventId) {
    const ticket = ++showing;
    const out = $('detail');
    const query = { by: 'handoff', eventId };
    const answer = await view(query);
    if (ticket !== showing) return;
    $('detail-title').replaceChildren('Handoff ', el('code', {}, eventId));
    if (answer.type !== 'success') return showFailure(out, answer);
    const h = answer.view;
    if (!h.found) {
      out.replaceChildren(el('p', { class: 'verdict invalid' }, 'not in this ledger (or not in its namespace)'), ...ownDiagnostics(answer, query));
      return;
    }
    if (!h.thread) {
      const row = isObject(h.event) ? h.event : {};
      out.replaceChildren(el('p', {}, `a ${text(row.eventType) || 'row'}, not a handoff: `, text(row.summary)), ...ownDiagnostics(answer, query));
      return;
    }
    const t = h.thread;
    const row = isObject(t.handoff) ? t.handoff : {};
    const projection = projectHandoff({ event: t.handoff });
    out.replaceChildren(
      el('p', { id: 'thread-outcome' }, 'outcome ', statusBadge(t.outcome, OUTCOME_TONES), ' · delivery ', el('code', {}, t.deliveryState ?? 'unknown'),
        t.decidedBy.length ? el('span', { class: 'muted' }, ` (decided by ${t.decidedBy.join(', ')})`) : ''),
      el('p', {}, t.sourceRef ? sessionLink(t.sourceRef) : '?', ' → ', t.sinkRef ? sessionLink(t.sinkRef) : '?', el('span', { class: 'muted' }, ` · ${when(row.ts)}`)),
      el('p', { class: 'summary' }, text(row.summary)),
      auditChain(t, eventId),
      lineage(t, eventId),
      graphBox('thread', answer.graph, eventId),
      ...receipts(t, answer, eventId),
      ...threadLinks(t, answer, eventId),
      el('details', { id: 'projection-box' },
        el('summary', {}, 'What the worker sees (projection)'),
        el('pre', { id: 'projection', tabindex: 0 }, projection.type === 'success' ? projection.text : `${projection.error.code}: ${projection.error.message}`)),
      ...ownDiagnostics(answer, query));
  }

  // A session and an artifact ------------------------------------------------------

  async function showSession(sessionId) {
    const ticket = ++showing;
    const out = $('detail');
    const query = { by: 'session', sessionId };
    const answer = await view(query);
    if (ticket !== showing) return;
    $('detail-title').replaceChildren('Session ', el('code', {}, sessionId));
    if (answer.type !== 'success') return showFailure(out, answer);
    const s = answer.view;
    const eventRow = (e) => {
      const row = isObject(e.event) ? e.event : {};
      return el('tr', {},
        el('td', {}, eventRef(e.eventId, e.eventType), el('span', { class: 'when' }, e.eventType)),
        el('td', {}, e.roles.join(', ')),
        el('td', {}, text(row.summary), el('span', { class: 'when' }, when(row.ts))));
    };
    const page = (key) => async (offset) => {
      const next = await view(query, offset);
      return next.type === 'success' ? next.view[key] : [];
    };
    const threads = el('ul', { class: 'link-list', id: 'session-threads' });
    const threadCount = totalOf(answer, '/view/threads', s.threads);
    const eventCount = totalOf(answer, '/view/events', s.events);
    const moreThreads = paged(threads, s.threads, (t) => el('li', {}, handoffLink(t.handoffId), ' ', statusBadge(t.outcome, OUTCOME_TONES), ' ',
      el('span', { class: 'muted' }, text(isObject(t.handoff) ? t.handoff.summary : ''))), 'threads', { total: threadCount, fetch: page('threads') });
    out.replaceChildren(
      graphBox('session', answer.graph, ''),
      el('h3', {}, `Handoff threads (${threadCount.toLocaleString('en')})`),
      s.threads.length ? threads : el('p', { class: 'muted' }, 'none'), moreThreads,
      el('h3', {}, `Events (${eventCount.toLocaleString('en')})`),
      s.events.length ? table('session events', ['event', 'role', 'summary'], s.events, eventRow, { id: 'session-events' }, 'events', { total: eventCount, fetch: page('events') })
        : el('p', { class: 'muted' }, 'no events name this session'),
      ...ownDiagnostics(answer, query));
  }

  function artifactRef(input) {
    const s = input.trim();
    if (s.startsWith('{')) {
      try {
        return JSON.parse(s);
      } catch {
        // Not JSON: read as a URL below, and the core says what it makes of it.
      }
    }
    return { kind: 'url', url: s };
  }

  async function showArtifact(input) {
    const ticket = ++showing;
    const out = $('detail');
    $('artifact-input').value = input;
    const query = { by: 'artifact', ref: artifactRef(input) };
    const answer = await view(query);
    if (ticket !== showing) return;
    $('detail-title').replaceChildren('Artifact');
    if (answer.type !== 'success') return showFailure(out, answer);
    const a = answer.view;
    out.replaceChildren(el('p', { id: 'artifact-identity' }, 'identity ', el('code', {}, a.identity ?? '(none: not a shared artifact)')));
    for (const [label, matches] of [['handoffs', a.handoffs], ['receipts', a.receipts], ['ads', a.ads], ['others', a.others]]) {
      if (!matches.length) continue;
      const total = totalOf(answer, `/view/${label}`, matches);
      const ul = el('ul', { class: `link-list artifact-${label}` });
      const more = paged(ul, matches, (m) => {
        const row = isObject(m.event) ? m.event : {};
        return el('li', {}, eventRef(m.eventId, row.eventType), ' ', text(row.summary), el('span', { class: 'muted' }, ` at ${m.matchedAt.join(', ')}`));
      }, label, {
        total,
        fetch: async (offset) => {
          const next = await view(query, offset);
          return next.type === 'success' ? next.view[label] : [];
        },
      });
      out.append(el('h3', {}, `${label} (${total.toLocaleString('en')})`), ul, more);
    }
    out.append(...ownDiagnostics(answer, query));
  }

  function showOverview() {
    showing += 1;
    $('detail-title').textContent = 'Detail';
    $('detail').replaceChildren(el('p', { class: 'muted' },
      'Pick a session in the fleet or a handoff from the list to see its thread, its authority chain, its lineage and its receipts.'));
  }

  // The work graph ------------------------------------------------------------------

  /** The handoff a node opens: itself, or the handoff it links to. */
  function handoffOf(id, edges, rows) {
    if (rows.get(id)?.eventType === 'handoff') return id;
    for (const e of edges) {
      const other = e.from === id ? e.to : e.to === id ? e.from : undefined;
      if (other !== undefined && rows.get(other)?.eventType === 'handoff') return other;
    }
    return undefined;
  }

  const statusOf = (row) => {
    const p = isObject(row.payloadJson) ? row.payloadJson : {};
    return text(p.status) || text(p.delivery_state) || '';
  };
  const principalShort = (p) => (isObject(p) ? `${text(p.kind) || '?'} ${text(p.id) || '?'}` : '(no principal)');
  const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

  /**
   * The core's work graph of a view (`graph`: the events it draws, the
   * links between them, how many of each there were; each node's row named
   * in the answer's `rows`), drawn left to right in time, with the same
   * graph as a list beside it for readers that do not see the drawing. A
   * node opens its handoff (a click, or Enter).
   */
  function graphBox(name, graph, currentId) {
    if (!isObject(graph) || !Array.isArray(graph.nodes) || !Array.isArray(graph.edges)) return '';
    const rows = new Map();
    for (const id of graph.nodes.slice(0, GRAPH_NODES)) if (isObject(rowOf(id))) rows.set(id, rowOf(id));
    if (rows.size < 2) return '';
    const nodes = [...rows].map(([id, row]) => ({ id, ts: row.ts, row }));
    const edges = graph.edges.slice(0, GRAPH_EDGES).filter((e) => rows.has(e.from) && rows.has(e.to))
      .map((e) => ({ from: e.from, to: e.to, label: clip(text(e.relationType), 40) }));
    const events = Math.max(nodes.length, Number.isInteger(graph.events) ? graph.events : 0);
    const links = Math.max(edges.length, Number.isInteger(graph.links) ? graph.links : 0);
    const { at, width, height } = layoutGraph(nodes, edges);
    const descId = `${name}-graph-text`;
    const drawing = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `${name} graph: ${nodes.length} events, ${edges.length} links`, 'aria-describedby': descId, part: 'graph' });
    drawing.append(svg('defs', {}, svg('marker', { id: `${name}-arrow`, viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L8,4 L0,8 z' }))));
    // An edge between neighbouring layers runs side to side; a longer one
    // would cross the nodes between, so it leaves from below and dips under them.
    const long = (a, b) => Math.abs(a.x - b.x) > NODE_W + GAP_X;
    const dips = edges.some((e) => long(at.get(e.from), at.get(e.to)));
    const drawnHeight = height + (dips ? DIP + 14 : 0);
    drawing.setAttribute('height', drawnHeight);
    drawing.setAttribute('viewBox', `0 0 ${width} ${drawnHeight}`);
    for (const e of edges) {
      const a = at.get(e.from);
      const b = at.get(e.to);
      let d;
      let label;
      if (long(a, b)) {
        const x1 = a.x + NODE_W / 2;
        const x2 = b.x + NODE_W / 2;
        const y1 = a.y + NODE_H;
        const y2 = b.y + NODE_H;
        const low = Math.max(y1, y2) + DIP;
        d = `M${x1},${y1} C${x1},${low} ${x2},${low} ${x2},${y2}`;
        label = [(x1 + x2) / 2, Math.max(y1, y2) + DIP * 0.75 + 4];
      } else {
        const forward = a.x <= b.x;
        const x1 = forward ? a.x + NODE_W : a.x;
        const x2 = forward ? b.x : b.x + NODE_W;
        const y1 = a.y + NODE_H / 2;
        const y2 = b.y + NODE_H / 2;
        const bend = a.x === b.x ? 40 : (x2 - x1) / 2;
        d = `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
        label = [(x1 + x2) / 2, (y1 + y2) / 2 - 4];
      }
      drawing.append(svg('path', { class: 'edge', d, 'marker-end': `url(#${name}-arrow)` }),
        svg('text', { class: 'edge-label', x: label[0], y: label[1], 'text-anchor': 'middle' }, e.label));
    }
    for (const n of nodes) {
      const p = at.get(n.id);
      const opens = handoffOf(n.id, edges, rows);
      const status = statusOf(n.row);
      const label = clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}${status ? `, ${shownText(status)}` : ''}, by ${principalShort(n.row.principal)}${opens ? `: opens handoff ${shownText(opens)}` : ''}`, 600);
      const go = () => openView('handoff', opens);
      const g = svg('g', {
        class: `node${n.id === currentId ? ' current' : ''}`, 'data-event': n.id, transform: `translate(${p.x},${p.y})`,
        tabindex: opens ? 0 : undefined, role: opens ? 'link' : 'img', 'aria-label': label,
        onclick: opens ? go : undefined,
        onkeydown: opens ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } } : undefined,
      },
      svg('title', {}, label),
      svg('rect', { width: NODE_W, height: NODE_H, rx: 6 }),
      svg('text', { x: 8, y: 15, class: 'kind' }, clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}`, 24)),
      svg('text', { x: 8, y: 31 }, clip(status || '—', 24)),
      svg('text', { x: 8, y: 47 }, clip(principalShort(n.row.principal), 24)));
      drawing.append(g);
    }
    const list = el('ol', { id: descId, class: 'graph-text-list' });
    for (const n of nodes) {
      const out = edges.filter((e) => e.from === n.id).map((e) => `${shownText(e.label)} → ${shownText(e.to)}`);
      list.append(el('li', {}, `${text(n.row.eventType) || 'event'} `, eventRef(n.id), ` ${statusOf(n.row) || ''} · ${principalText(n.row.principal)} · ${when(n.row.ts)}`,
        out.length ? el('span', { class: 'muted' }, ` (${out.join(', ')})`) : ''));
    }
    const where = name === 'thread' ? 'the receipts and links below' : 'the events below';
    const left = events > nodes.length || links > edges.length
      ? el('p', { class: 'muted small graph-left-out' },
        `Drawn: ${nodes.length} of ${events.toLocaleString('en')} events and ${edges.length} of ${links.toLocaleString('en')} links between them. `
        + `Every one is in ${where}; open a handoff to draw its thread.`)
      : '';
    return el('section', { class: 'graph', id: `${name}-graph`, 'aria-label': `${name} graph` },
      el('h3', {}, name === 'thread' ? 'The thread as a graph' : 'The session as a graph'), left,
      el('div', { class: 'graph-scroll', tabindex: -1 }, drawing),
      el('details', { class: 'graph-text' }, el('summary', {}, 'The graph as a list'), list));
  }

  // Routing -------------------------------------------------------------------------

  let at = ['', ''];

  /** Shows the view the address (or the last `open`) names; settles when it is shown. */
  async function route({ focus = false } = {}) {
    if (!current) return;
    const [kind, arg] = host.hashRouting ? parseHash(location.hash) : at;
    await show(kind, arg, focus);
  }

  async function show(kind, arg, focus) {
    if (kind === 'handoff' && arg) await showHandoff(arg);
    else if (kind === 'session' && arg) await showSession(arg);
    else if (kind === 'artifact' && arg) await showArtifact(arg);
    else showOverview();
    if (focus) $('detail-panel').focus();
  }

  /**
   * Opens a view as a link to it would: a cancelable `hapi-open` event
   * first, then (unless the app took it) the view, through the page's
   * address when the element routes by it.
   */
  function openView(kind, arg, { fromLink = false } = {}) {
    const go = host.dispatchEvent(new CustomEvent('hapi-open', { detail: { kind, id: arg }, bubbles: true, composed: true, cancelable: true }));
    if (!go) return false;
    const href = hashFor(kind, String(arg));
    if (host.hashRouting && href) {
      if (!fromLink) location.hash = href;
      return true;
    }
    // The element shows it itself: without hash routing, or for an argument no address can hold.
    at = [kind, arg];
    if (current) show(kind, arg, true);
    return false;
  }

  root.addEventListener('click', (e) => {
    const a = e.composedPath().find((n) => n instanceof Element && n.matches('a[href^="#"]'));
    if (!a) return;
    const [kind, arg] = parseHash(a.getAttribute('href'));
    if (!['handoff', 'session', 'artifact'].includes(kind)) return;
    // The browser follows the link only when the element routes by the address and the app let it.
    if (!openView(kind, arg, { fromLink: true })) e.preventDefault();
  });

  // Opening a ledger ------------------------------------------------------------------

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
    box.append(el('p', { class: 'muted small' }, current ? `Still showing ${current.label}.` : 'No ledger is open.'));
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
    const previous = current;
    const held = FILLED.map((id) => [...$(id).childNodes]);
    const n = (v) => (Array.isArray(v) ? v.length : 0);
    try {
      current = candidate;
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
      if (current === candidate) current = previous;
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

  function wireOpening() {
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

  const listeners = wireOpening();
  return {
    listeners,
    attempt,
    openHub,
    openLedger: (ledger, label) => attempt(label, async () => ledger),
    openView,
    route,
    get ledger() { return current?.ledger ?? null; },
  };
}

/** `#kind=arg` (and the older `#kind/arg`) → [kind, arg]. */
function parseHash(hash) {
  const h = hash.replace(/^#/, '');
  const i = h.search(/[=/]/);
  if (i < 0) return [h, ''];
  let arg = h.slice(i + 1);
  try {
    arg = decodeURIComponent(arg);
  } catch {
    // A malformed escape: use the text as it is.
  }
  return [h.slice(0, i), arg];
}

const TEMPLATE = `
<section id="open-panel" class="panel" part="panel open" aria-labelledby="open-title">
  <h2 id="open-title">Open a ledger</h2>
  <p id="ledger-source" class="source" aria-live="polite">no ledger open</p>
  <div id="load-error" class="load-error" role="alert" hidden></div>
  <div id="openers" class="open-grid">
    <form id="paste-form" class="open-way">
      <label for="paste-input">Paste ledger JSON</label>
      <textarea id="paste-input" rows="4" spellcheck="false" placeholder='{"events": [...], "links": [...], "now": 1785300000000}'></textarea>
      <button type="submit" part="button">Open pasted</button>
    </form>
    <div id="drop-zone" class="open-way drop-zone">
      <label for="file-input">Drop a ledger file here, or pick one</label>
      <input id="file-input" type="file" accept=".json,application/json">
      <p class="muted small">A file of <code>{events, links, now?}</code>, or a hub answer (<code>{events}</code>, <code>{event}</code>), or an array of event rows.</p>
    </div>
    <form id="hub-form" class="open-way">
      <label for="hub-url">Hub URL (<code>/api/work-graph/…</code>)</label>
      <input id="hub-url" type="text" inputmode="url" spellcheck="false" autocomplete="url" placeholder="https://hub.example/api/work-graph/events?related_session_id=…">
      <label for="hub-token" class="small">Bearer token (optional, never stored)</label>
      <input id="hub-token" type="password" autocomplete="off">
      <button type="submit" part="button">Fetch from the hub</button>
    </form>
  </div>
  <p id="demo-again"><button id="demo-button" type="button" class="link-button">Open the demo ledger again</button></p>
</section>
<div class="columns">
  <section id="fleet-panel" class="panel" part="panel fleet" aria-labelledby="fleet-title">
    <h2 id="fleet-title">Fleet: current work ads</h2>
    <div id="fleet"></div>
    <h3>Handoffs</h3>
    <div id="handoff-index"></div>
  </section>
  <section id="detail-panel" class="panel" part="panel detail" aria-labelledby="detail-title" tabindex="-1">
    <h2 id="detail-title">Detail</h2>
    <div id="detail"></div>
  </section>
</div>
<section id="findings-panel" class="panel" part="panel findings" aria-labelledby="findings-title">
  <h2 id="findings-title">What the core says about this ledger</h2>
  <div id="ledger-diagnostics"></div>
</section>
<section id="artifact-panel" class="panel" part="panel artifact" aria-labelledby="artifact-title">
  <h2 id="artifact-title">By artifact</h2>
  <form id="artifact-form" class="inline-form">
    <label for="artifact-input">Artifact URL or ref JSON</label>
    <input id="artifact-input" spellcheck="false">
    <button type="submit" part="button">Find</button>
  </form>
  <div id="artifact-result"></div>
</section>`;

/**
 * Whether a browser follows the path `href` as it is written: no segment is
 * `.` or `..`, plain or escaped, which would step out of it (the badge of a
 * session `..` would link to the site's root).
 */
function followsAsWritten(href) {
  return !href.split(/[?#]/, 1)[0].split('/').some((s) => /^(?:\.|%2e){1,2}$/i.test(s));
}

/** Each origin of a space-separated list, as `URL` spells it; what is not an http(s) origin is left out. */
function originsIn(list) {
  const out = [];
  for (const item of (list ?? '').split(/\s+/)) {
    try {
      const u = new URL(item);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u.origin);
    } catch {
      // Not a URL: names no origin.
    }
  }
  return out;
}

let ready;
/** The core, initialised once (in Node it already is). */
const core = () => (ready ??= init());

function shadow(host) {
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  return root;
}

// The elements -------------------------------------------------------------------------

function elementClasses() {
  class HapiPeerBadge extends HTMLElement {
    static observedAttributes = ['meta', 'source-listed', 'describe'];

    #meta;

    constructor() {
      super();
      this.root = shadow(this);
    }

    /** The message's `meta` (an object); the `meta` attribute holds it as JSON. */
    get meta() {
      if (this.#meta !== undefined) return this.#meta;
      const attr = this.getAttribute('meta');
      if (attr === null) return undefined;
      try {
        return JSON.parse(attr);
      } catch {
        return attr;
      }
    }

    set meta(value) {
      this.#meta = value;
      this.render();
    }

    /** Whether the source session is listed for this user (the `source-listed` attribute). */
    get sourceListed() { return this.hasAttribute('source-listed'); }

    set sourceListed(v) { this.toggleAttribute('source-listed', Boolean(v)); }

    /** The core's last answer for this badge. */
    get answer() { return this._answer; }

    attributeChangedCallback() { this.render(); }

    connectedCallback() { this.render(); }

    async render() {
      if (!this.isConnected) return;
      await core();
      const meta = this.meta;
      if (meta === undefined) {
        this.root.replaceChildren(this.root.firstChild);
        return;
      }
      const call = { meta };
      if (this.hasAttribute('source-listed')) call.sourceListed = true;
      const a = peerBadge(call);
      this._answer = a;
      let body;
      if (a.type !== 'success') {
        body = el('span', { class: 'invalid', part: 'badge failure' }, `${a.error.code}: ${a.error.message}`);
      } else {
        const chip = a.navigable && a.href && followsAsWritten(a.href)
          ? el('a', { class: 'badge peer', part: 'badge link', href: a.href, title: a.tooltip }, a.label)
          : el('span', { class: 'badge peer', part: 'badge', title: a.tooltip }, a.label);
        if (chip.tagName === 'A') {
          chip.addEventListener('click', (e) => {
            const go = this.dispatchEvent(new CustomEvent('hapi-open', { detail: { kind: 'peer', id: a.href }, bubbles: true, composed: true, cancelable: true }));
            if (!go) e.preventDefault();
          });
        }
        body = el('span', {}, chip, this.hasAttribute('describe') ? el('span', { class: 'muted', part: 'tooltip' }, ` ${a.tooltip.replaceAll('\n', ' · ')}`) : '');
      }
      this.root.replaceChildren(this.root.firstChild, body);
    }
  }

  class HapiLedgerView extends HTMLElement {
    static observedAttributes = ['hub', 'src', 'openers'];

    #viewer;

    #pending;

    #token = '';

    constructor() {
      super();
      this.root = shadow(this);
      this.root.append(document.createRange().createContextualFragment(TEMPLATE));
      this.#viewer = viewerIn(this.root, this);
      this.#syncOpeners();
    }

    /** Whether views follow the page's address (`#handoff=<id>`, ...): the `hash-routing` attribute. */
    get hashRouting() { return this.hasAttribute('hash-routing'); }

    /** The open ledger `{events, links, now?, namespace?}`, or null; setting it folds and shows it. */
    get ledger() { return this.#viewer.ledger ?? this.#pending ?? null; }

    set ledger(value) {
      this.#pending = value;
      if (this.isConnected) this.#openPending();
    }

    /** The bearer token sent to the hub (the `token` attribute, or this property, which is never reflected). */
    get token() { return this.#token || (this.getAttribute('token') ?? ''); }

    set token(v) { this.#token = String(v ?? ''); }

    /**
     * The origins besides the page's own that a hub named by the page's
     * address (`?hub=`) may be on while the element holds a token: the
     * `hub-origins` attribute, a space-separated list.
     */
    get hubOrigins() { return originsIn(this.getAttribute('hub-origins')); }

    set hubOrigins(v) { this.setAttribute('hub-origins', (Array.isArray(v) ? v : [v]).join(' ')); }

    /**
     * Whether the token may go to `hub`, a URL the page's address named: only
     * when it is on the page's origin or one the app lists. A URL that is no
     * URL is let through, for `fetchHub` to refuse before any request.
     */
    #mayCarryToken(hub) {
      let origin;
      try {
        origin = new URL(hub.trim(), location.href).origin;
      } catch {
        return true;
      }
      return origin !== 'null' && (origin === location.origin || this.hubOrigins.includes(origin));
    }

    /** Opens a view: `open('handoff', id)`, `open('session', id)`, `open('artifact', urlOrRefJson)`. */
    open(kind, id) { return this.#viewer.openView(kind, id); }

    async #openPending() {
      const ledger = this.#pending;
      if (ledger === undefined) return;
      this.#pending = undefined;
      await core();
      await this.#viewer.openLedger(ledger, 'ledger');
    }

    #syncOpeners() {
      const shown = this.hasAttribute('openers');
      this.root.getElementById('openers').hidden = !shown;
      this.root.getElementById('demo-again').hidden = !shown || !this.hasAttribute('src');
    }

    async #load() {
      await core();
      const named = this.getAttribute('hub');
      const hub = named ?? (this.hashRouting ? new URLSearchParams(location.search).get('hub') : null);
      if (hub) {
        this.root.getElementById('hub-url').value = hub;
        // The app names where its token goes, never the page's address.
        const token = this.token;
        if (named === null && token && !this.#mayCarryToken(hub)) {
          return this.#viewer.attempt(`hub ${hub}`, async () => {
            throw new LoadError('viewer/hub-origin-not-listed',
              `the page's address names a hub on ${new URL(hub.trim(), location.href).origin}, which is not this page's origin nor one of its hub-origins: nothing was sent there`);
          });
        }
        return this.#viewer.openHub(hub, token);
      }
      if (this.#pending !== undefined) return this.#openPending();
      const src = this.getAttribute('src');
      if (src) return this.#viewer.attempt(src.endsWith('demo-ledger.json') ? 'demo ledger' : src, () => fetchLedger(src));
      return false;
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'openers') this.#syncOpeners();
      else if (this.isConnected && old !== value && this.#started) this.#load();
      if (name === 'src') this.#syncOpeners();
    }

    #started = false;

    connectedCallback() {
      const l = this.#viewer.listeners;
      window.addEventListener('dragover', l.dragover);
      window.addEventListener('dragleave', l.dragleave);
      window.addEventListener('drop', l.drop);
      window.addEventListener('hashchange', l.hashchange);
      if (!this.#started) {
        this.#started = true;
        /** Settles when the first ledger is open (or could not be). */
        this.loaded = this.#load();
      }
    }

    disconnectedCallback() {
      const l = this.#viewer.listeners;
      window.removeEventListener('dragover', l.dragover);
      window.removeEventListener('dragleave', l.dragleave);
      window.removeEventListener('drop', l.drop);
      window.removeEventListener('hashchange', l.hashchange);
    }
  }

  return { HapiPeerBadge, HapiLedgerView };
}

/**
 * Defines `<hapi-peer-badge>` and `<hapi-ledger-view>` in `registry` (the
 * page's `customElements` by default), once; does nothing where there is no
 * DOM. Returns whether both are defined.
 */
export function defineElements(registry = globalThis.customElements) {
  if (!registry || typeof globalThis.HTMLElement !== 'function') return false;
  const { HapiPeerBadge, HapiLedgerView } = elementClasses();
  if (!registry.get('hapi-peer-badge')) registry.define('hapi-peer-badge', HapiPeerBadge);
  if (!registry.get('hapi-ledger-view')) registry.define('hapi-ledger-view', HapiLedgerView);
  return true;
}

defineElements();
