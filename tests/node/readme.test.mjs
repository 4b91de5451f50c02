// The README's JS quickstart runs as written against the built package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('the README JS quickstart runs', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = readme.split('## JS quickstart')[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(block, 'no JS quickstart block');
  // Written beside this test so that `hapi-a2a-core` resolves as for a user.
  const file = fileURLToPath(new URL(`./quickstart-${process.pid}.tmp.mjs`, import.meta.url));
  writeFileSync(file, block);
  try {
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' });
    assert.match(out, /principal\/unaccountable/);
    assert.match(out, /ledger\.view/);
  } finally {
    rmSync(file, { force: true });
  }
});
