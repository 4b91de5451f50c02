// The hub's HTTP surface on Bun.serve: upstream's `/api/work-graph/*` routes,
// status codes and error bodies, plus the handoff, receipt and Layer 0 routes
// the RFC adds. Handlers only translate HTTP to Hub calls and back. The
// generic event and link writes hand the hub the body's text as received,
// since upstream's verdict covers text that is not JSON too.

import { type Auth, type Hub, HubError } from './hub.ts';

const MAX_BODY_BYTES = 65_536;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, x-hapi-peer-delivery',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

function json(status: number, body: unknown, noStore = false): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...CORS,
      ...(noStore ? { 'Cache-Control': 'no-store' } : {}),
    },
  });
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('http');
  }
}

const tooLarge = () => new HttpError(413, { error: 'Request body too large' });

/**
 * The body's bytes, at most 64 KiB: a declared length over the cap is
 * refused unread, and a body that runs past it is refused once it does.
 */
async function readBytes(req: Request): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

/**
 * The body's text as `Request.json()` would read it (UTF-8, a bad byte
 * read as U+FFFD, a leading byte order mark dropped): what upstream's
 * routes hand their schema, and so what the hub hands the core.
 */
async function readText(req: Request): Promise<string> {
  return new TextDecoder().decode(await readBytes(req));
}

/** The body as JSON, for the hub's own routes: text that is not JSON is 400 `Invalid body`. */
async function readBody(req: Request): Promise<unknown> {
  const bytes = await readBytes(req);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, { error: 'Invalid body' });
  }
}

function authenticate(hub: Hub, req: Request): Auth {
  const header = req.headers.get('authorization');
  if (!header?.startsWith('Bearer ')) throw new HttpError(401, { error: 'Missing authorization token' });
  const auth = hub.authenticate(header.slice('Bearer '.length).trim());
  if (!auth) throw new HttpError(401, { error: 'Invalid token' });
  return auth;
}

/** A session-bound route: the token must be bound to the session named in the path. */
function asSession(auth: Auth, sessionId: string): Auth {
  if (auth.sessionId !== sessionId) throw new HttpError(403, { error: 'Session access denied' });
  return auth;
}

type Route = {
  method: string;
  pattern: RegExp;
  handle: (hub: Hub, req: Request, auth: Auth, params: string[], url: URL) => Promise<Response> | Response;
};

const routes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/events$/,
    handle: async (hub, req, auth) => {
      const r = hub.postEvent(auth, await readText(req));
      return json(r.inserted ? 201 : 200, r);
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/work-graph\/events$/,
    handle: (hub, _req, auth, _p, url) => {
      const session = url.searchParams.get('related_session_id');
      if (!session) return json(400, { error: 'related_session_id query parameter is required' });
      const raw = url.searchParams.get('limit');
      let limit = 100;
      if (raw !== null && raw !== '') {
        const n = Number(raw);
        if (!Number.isInteger(n) || n < 1) return json(400, { error: 'Invalid limit' });
        limit = Math.min(n, 500);
      }
      return json(200, { events: hub.eventsByRelatedSession(auth, session, limit) }, true);
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/work-graph\/events\/([^/]+)$/,
    handle: (hub, _req, auth, [id]) => {
      const event = hub.getEvent(auth, id);
      return event ? json(200, { event }, true) : json(404, { error: 'Event not found' });
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/work-graph\/events\/([^/]+)\/links$/,
    handle: (hub, _req, auth, [id]) => {
      const links = hub.linksOf(auth, id);
      return links ? json(200, { links }, true) : json(404, { error: 'Event not found' });
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/event-links$/,
    handle: async (hub, req, auth) => json(201, hub.postLink(auth, await readText(req))),
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/views$/,
    handle: async (hub, req, auth) => {
      const body = (await readBody(req)) as { query?: unknown };
      return json(200, hub.view(auth, body?.query as Parameters<Hub['view']>[1]), true);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/handoffs$/,
    handle: async (hub, req, auth) => {
      const r = hub.createHandoff(auth, await readBody(req));
      return json(r.inserted ? 201 : 200, r);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/handoffs\/([^/]+)\/retries$/,
    handle: async (hub, req, auth, [id]) => {
      const r = hub.retryHandoff(auth, id, (await readBody(req)) as { idempotency_key?: string });
      return json(r.inserted ? 201 : 200, r);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/handoffs\/([^/]+)\/receipts$/,
    handle: async (hub, req, auth, [id]) => {
      const r = hub.writeReceipt(auth, id, await readBody(req));
      return json(r.inserted ? 201 : 200, r);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/handoffs\/([^/]+)\/delivery$/,
    handle: async (hub, req, auth, [id]) => {
      const body = (await readBody(req)) as { to?: unknown };
      if (typeof body?.to !== 'string') return json(400, { error: 'Invalid body' });
      return json(200, hub.moveDelivery(auth, id, body.to));
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/work-graph\/handoffs\/([^/]+)\/timeout$/,
    handle: (hub, _req, auth, [id]) => json(200, hub.timeoutHandoff(auth, id)),
  },
  {
    method: 'POST',
    pattern: /^\/api\/sessions\/([^/]+)\/messages$/,
    handle: async (hub, req, auth, [id]) => json(200, hub.sendUserMessage(auth, id, await readBody(req))),
  },
  {
    method: 'GET',
    pattern: /^\/api\/sessions\/([^/]+)\/messages$/,
    handle: (hub, _req, auth, [id]) => json(200, { messages: hub.messages(auth, id) }, true),
  },
  {
    method: 'POST',
    pattern: /^\/api\/machines\/([^/]+)\/spawn$/,
    handle: async (hub, req, auth, [id]) => json(200, hub.machineSpawn(auth, id, await readBody(req))),
  },
  {
    method: 'POST',
    pattern: /^\/cli\/sessions\/([^/]+)\/peer-messages$/,
    handle: async (hub, req, auth, [id]) => json(200, hub.sendPeerMessage(asSession(auth, id), await readBody(req))),
  },
  {
    method: 'POST',
    pattern: /^\/cli\/sessions\/([^/]+)\/spawn-peer$/,
    handle: async (hub, req, auth, [id]) => json(201, hub.spawnPeer(asSession(auth, id), await readBody(req))),
  },
  {
    method: 'POST',
    pattern: /^\/cli\/sessions\/([^/]+)\/agent-messages$/,
    handle: async (hub, req, auth, [id]) => {
      const body = (await readBody(req)) as { id?: unknown; text?: unknown; createdAt?: unknown; flavor?: unknown };
      if (typeof body?.id !== 'string' || typeof body.text !== 'string') return json(400, { error: 'Invalid body' });
      const r = hub.ingestAgentMessage(asSession(auth, id), id, {
        id: body.id,
        text: body.text,
        ...(typeof body.createdAt === 'number' ? { createdAt: body.createdAt } : {}),
        ...(typeof body.flavor === 'string' ? { flavor: body.flavor } : {}),
      });
      return json(200, r);
    },
  },
];

/** Answers one request. */
export async function handle(hub: Hub, req: Request): Promise<Response> {
  const url = new URL(req.url);
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method === 'GET' && url.pathname === '/health') return json(200, hub.health());
  if (req.method === 'POST' && url.pathname === '/api/capabilities') {
    try {
      const body = (await readBody(req)) as { client?: { capabilities: string[] } };
      return json(200, { offer: hub.offer(body?.client ?? { capabilities: [] }) });
    } catch (e) {
      if (e instanceof HttpError) return json(e.status, e.body);
      throw e;
    }
  }
  for (const r of routes) {
    const m = r.pattern.exec(url.pathname);
    if (!m || r.method !== req.method) continue;
    try {
      const auth = authenticate(hub, req);
      return await r.handle(hub, req, auth, m.slice(1).map(decodeURIComponent), url);
    } catch (e) {
      if (e instanceof HttpError || e instanceof HubError) return json(e.status, e.body);
      console.error(e);
      return json(500, { error: 'Internal error' });
    }
  }
  return json(404, { error: 'Not found' });
}

/** Serves `hub` on `port` (0: any free port). */
export function serve(hub: Hub, port = 0) {
  return Bun.serve({ port, hostname: '127.0.0.1', fetch: (req) => handle(hub, req) });
}
