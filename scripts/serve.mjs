// A static file server for the demo page: serves www/ at / and the built
// package at /pkg/, on 127.0.0.1 only. `node scripts/serve.mjs [port]`;
// imported by the browser tests, which listen on an ephemeral port.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

function resolvePath(urlPath) {
  const path = decodeURIComponent(urlPath.split('?')[0]);
  const [base, rest] = path.startsWith('/pkg/') ? ['pkg', path.slice(5)] : ['www', path.slice(1)];
  const file = normalize(join(root, base, rest || 'index.html'));
  // Never serve anything outside the two folders.
  return file.startsWith(join(root, base) + sep) ? file : null;
}

export function createDemoServer() {
  return createServer(async (req, res) => {
    const file = resolvePath(req.url ?? '/');
    if (!file) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  createDemoServer().listen(port, '127.0.0.1', () => {
    console.log(`hapi-a2a-core demo: http://127.0.0.1:${port}/`);
  });
}
