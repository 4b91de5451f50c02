// A stand-in for a hub's read routes, on 127.0.0.1: serves a ledger's rows
// in upstream's shapes (`GET /api/work-graph/events?related_session_id=` →
// `{events}` newest first, limit 1..500, default 100; `GET .../events/:id` →
// `{event}`; `GET .../events/:id/links` → `{links}` oldest first; 404
// `{error: 'Event not found'}`; 400 for a missing session or a bad limit).
// Answers carry CORS headers so a page on another port may read them, and a
// bearer token is required when one is given.
import { createServer } from 'node:http';

export function createHubServer(ledger, { token } = {}) {
  const json = (res, status, body) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    });
    res.end(JSON.stringify(body));
  };
  return createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization',
        'access-control-allow-methods': 'GET',
      }).end();
      return;
    }
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      json(res, 401, { error: req.headers.authorization ? 'Invalid token' : 'Missing authorization token' });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    const byId = (id) => ledger.events.find((e) => e.id === id);
    let m;
    if (req.method === 'GET' && url.pathname === '/api/work-graph/events') {
      const session = url.searchParams.get('related_session_id');
      if (!session) return json(res, 400, { error: 'related_session_id query parameter is required' });
      const raw = url.searchParams.get('limit');
      let limit = 100;
      if (raw !== null && raw !== '') {
        const n = Number(raw);
        if (!Number.isInteger(n) || n < 1) return json(res, 400, { error: 'Invalid limit' });
        limit = Math.min(n, 500);
      }
      const events = ledger.events.filter((e) => e.relatedSessionId === session)
        .sort((a, b) => b.ts - a.ts).slice(0, limit);
      return json(res, 200, { events });
    }
    if (req.method === 'GET' && (m = /^\/api\/work-graph\/events\/([^/]+)$/.exec(url.pathname))) {
      const event = byId(decodeURIComponent(m[1]));
      return event ? json(res, 200, { event }) : json(res, 404, { error: 'Event not found' });
    }
    if (req.method === 'GET' && (m = /^\/api\/work-graph\/events\/([^/]+)\/links$/.exec(url.pathname))) {
      const id = decodeURIComponent(m[1]);
      if (!byId(id)) return json(res, 404, { error: 'Event not found' });
      const links = ledger.links.filter((l) => l.fromEventId === id || l.toEventId === id)
        .sort((a, b) => a.createdAt - b.createdAt);
      return json(res, 200, { links });
    }
    json(res, 404, { error: 'Not found' });
  });
}
