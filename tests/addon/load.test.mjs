// How a hub loads the addon: as an ES module and through require (one
// module, the same functions), and in worker threads beside the main one.
// Runs under `node --test` and `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import { addon, engine } from './support.mjs';

const require = createRequire(import.meta.url);

test(`the ES module and the CommonJS entry are one addon (${engine})`, () => {
  const cjs = require('../../node/index.cjs');
  for (const name of ['call', 'ops', ...Object.keys(cjs).filter((k) => k !== 'call' && k !== 'ops')]) {
    assert.equal(addon[name], cjs[name], name);
  }
  assert.equal(typeof addon.default, 'function');
});

test('the addon answers in worker threads as in the main thread', async () => {
  const call = '{"kind":"principal","document":{"kind":"agent","id":"a"}}';
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const addon = require(workerData.entry);
    parentPort.postMessage(addon.call('validate', workerData.call));
  `;
  const entry = require.resolve('../../node/index.cjs');
  const answers = await Promise.all([0, 1, 2].map(() => new Promise((resolve, reject) => {
    const w = new Worker(source, { eval: true, workerData: { entry, call } });
    w.once('message', (m) => {
      resolve(m);
      w.terminate();
    });
    w.once('error', reject);
  })));
  const want = addon.call('validate', call);
  assert.match(want, /"code":"principal\/unaccountable"/);
  for (const a of answers) assert.equal(a, want);
});
