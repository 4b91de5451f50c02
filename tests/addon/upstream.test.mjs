// The addon's `upstream` module (hapi-a2a-core-node/upstream): upstream's
// behaviours (tests/addon/upstream-suite.mjs), how a hub imports it, and the
// same answers as the npm package's copy. Runs under `node --test` and
// `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as upstream from '../../node/upstream.js';
import * as wasmUpstream from '../../pkg-full/upstream.js';
import { engine, root } from './support.mjs';
import { upstreamSuite } from './upstream-suite.mjs';

upstreamSuite(upstream, `addon (${engine})`);

test(`a hub imports hapi-a2a-core-node/upstream through the package's exports (${engine})`, async () => {
  const app = mkdtempSync(join(tmpdir(), 'upstream-import-'));
  try {
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(join(root, 'node'), join(app, 'node_modules', 'hapi-a2a-core-node'), 'dir');
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'hub', private: true, type: 'module' }));
    writeFileSync(join(app, 'hub.js'), "export * from 'hapi-a2a-core-node/upstream';\n");
    const imported = await import(pathToFileURL(join(app, 'hub.js')).href);
    assert.deepEqual(Object.keys(imported).sort(), Object.keys(upstream).sort());
    assert.equal(imported.extractNotifySummary, upstream.extractNotifySummary);
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('the npm packages ship the addon\'s adapter and its types unchanged', () => {
  for (const file of ['upstream.js', 'upstream.d.ts']) {
    const source = readFileSync(join(root, 'node', file), 'utf8');
    for (const pkg of ['pkg', 'pkg-full']) {
      assert.equal(readFileSync(join(root, pkg, file), 'utf8'), source, `${pkg}/${file} is stale: run scripts/build-pkg.sh`);
    }
  }
});

test('the addon\'s upstream module answers as the npm package\'s does', () => {
  assert.deepEqual(Object.keys(upstream).sort(), Object.keys(wasmUpstream).sort());
  const plain = (r) => (r.success ? r : { success: false, issues: r.error.issues, flat: r.error.flatten() });
  const documents = [
    {},
    null,
    { source_kind: 'session', source_ref: 's', event_type: 'e', principal: { kind: 'agent', id: 'a', on_behalf_of: ' ' } },
    { source_kind: '', summary: 'x'.repeat(2049), tags: Array(33).fill(''), principal: { kind: 'robot' }, payload_json: { n: 1n } },
    { kind: 'url', url: null, locality: 'x' },
    { from_event_id: 'a', to_event_id: 'b', relation_type: 'r', metadata_json: 'x'.repeat(32767) },
  ];
  const schemas = ['WorkGraphPrincipalSchema', 'WorkGraphArtifactRefSchema', 'WorkGraphEventCreateSchema', 'WorkGraphEventLinkCreateSchema'];
  for (const name of schemas) {
    for (const doc of documents) {
      assert.deepEqual(plain(upstream[name].safeParse(doc)), plain(wasmUpstream[name].safeParse(doc)), name);
    }
  }
  const texts = ['x\nAGENT_NOTIFY_SUMMARY {"status":"done"}', 'See /sessions/a and /sessions/b', '  abc  ', ''];
  for (const fn of ['extractNotifySummary', 'splitNotifySummary', 'stripNotifySummaryFooter', 'extractSessionCitationIds', 'normalizeSessionIdPrefix', 'mapNotifyStatusToWorkAdStatus']) {
    for (const text of texts) assert.deepEqual(upstream[fn](text), wasmUpstream[fn](text), fn);
  }
  const params = { sessionId: 's', messageId: 'm', notify: { status: 'needs_review', project: 'p' }, ownerUserId: 7, createdAt: 3, expiresAt: 9 };
  assert.deepEqual(upstream.buildWorkAdFromNotify(params), wasmUpstream.buildWorkAdFromNotify(params));
});
