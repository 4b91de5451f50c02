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

// URL prefix -> folder; the first matching prefix wins.
const demoMounts = [
  ['/pkg/', join(root, 'pkg')],
  ['/', join(root, 'www')],
];

function resolvePath(mounts, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  for (const [prefix, dir] of mounts) {
    if (!path.startsWith(prefix)) continue;
    const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
    // Never serve anything outside the mounted folder.
    return file.startsWith(dir + sep) ? file : null;
  }
  return null;
}

/** A static server over `mounts` (default: www/ at / and pkg/ at /pkg/). */
export function createDemoServer(mounts = demoMounts) {
  return createServer(async (req, res) => {
    const file = resolvePath(mounts, req.url ?? '/');
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
