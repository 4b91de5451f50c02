'use strict';
// Loads the addon for this platform, arch and libc: first a local build
// beside this file (scripts/build-addon.sh writes
// hapi-a2a-core.<target>.node here), then the prebuilt platform package
// npm installed from optionalDependencies (hapi-a2a-core-node-<target>).
// When neither fits it throws one error naming what it looked for and the
// wasm package to use instead. Its exports are made from the core's op list
// when it loads: `call`, `ops`, and one typed function per op.
//
// Run as a script (`node index.cjs --target`) it prints the target's name
// and loads nothing: scripts/build-addon.sh names its output with it.
const { join } = require('node:path');
const fs = require('node:fs');
const { targetsOf, describe, firstLine } = require('./target.cjs');

/** The targets prebuilt as platform packages. */
const PREBUILT = [
  'linux-x64-gnu', 'linux-x64-musl', 'linux-arm64-gnu', 'linux-arm64-musl',
  'darwin-x64', 'darwin-arm64', 'win32-x64-msvc',
];

function load() {
  const { libc, names } = targetsOf(process, fs, '-msvc');
  const looked = [];
  for (const target of names) {
    const local = join(__dirname, `hapi-a2a-core.${target}.node`);
    if (fs.existsSync(local)) {
      try {
        return require(local);
      } catch (error) {
        looked.push(`${local} (${firstLine(error)})`);
      }
    } else {
      looked.push(`${local} (not found)`);
    }
    if (!PREBUILT.includes(target)) continue;
    const pkg = `hapi-a2a-core-node-${target}`;
    try {
      return require(pkg);
    } catch (error) {
      const missing = error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes(pkg);
      looked.push(`package ${pkg} (${missing ? 'not installed' : firstLine(error)})`);
    }
  }
  const where = describe(process, libc);
  const prebuilt = names.some((t) => PREBUILT.includes(t))
    ? 'its platform package is an optional dependency: install without --omit=optional (or --no-optional), on the machine that runs it'
    : `no addon is prebuilt for it (prebuilt: ${PREBUILT.join(', ')})`;
  const error = new Error(
    `hapi-a2a-core-node: no Node-API addon for ${names.join(' or ')} (${where}); looked for `
      + `${looked.join('; ')}. ${prebuilt[0].toUpperCase()}${prebuilt.slice(1)}; or build one with `
      + 'scripts/build-addon.sh in the repository; or use the wasm package hapi-a2a-core-full, which gives the same answers',
  );
  error.code = 'HAPI_A2A_NO_ADDON';
  throw error;
}

if (require.main === module && process.argv[2] === '--target') {
  process.stdout.write(`${targetsOf(process, fs, '-msvc').names[0]}\n`);
} else {
  module.exports = load();
}
