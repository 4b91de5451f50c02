// Loading a ledger for `<hapi-ledger-view>`: from text, a parsed value, a
// file, a URL, or a hub's `/api/work-graph/*` routes. Touches no DOM.
import { validate } from '#core';

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
 * The hub route `input` names (relative to the page): its URL, the match
 * of `ROUTE` (the hub's base path, and the event id of an event's route)
 * and the base of the hub's work-graph API.
 */
function hubRoute(input) {
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
  return { url, m, api };
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
  const { url, m, api } = hubRoute(input);
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
