#!/usr/bin/env node
'use strict';
// Runs the hapi-a2a binary of the platform package npm installed from
// optionalDependencies (hapi-a2a-<target>): nothing is downloaded at install
// or here. Arguments, standard streams and the exit code pass through; when
// no package fits, one error names the platform, arch and libc and what was
// looked for, and the exit code is 2 (the CLI's code for a usage error).
// target.cjs beside this file is the addon loader's own choice of target
// (node/target.cjs in the repository), copied in when the package is packed.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { dirname, join } = require('node:path');
const { targetsOf, describe } = require('./target.cjs');

const PREBUILT = [
  'linux-x64-gnu', 'linux-x64-musl', 'linux-arm64-gnu', 'linux-arm64-musl',
  'darwin-x64', 'darwin-arm64', 'win32-x64',
];

/** The binary to run, or an Error saying what was looked for. */
function resolveBinary(proc = process, resolve = require.resolve, files = fs) {
  const { libc, names } = targetsOf(proc, files);
  const looked = [];
  for (const target of names) {
    const pkg = `hapi-a2a-${target}`;
    if (!PREBUILT.includes(target)) {
      looked.push(`${pkg} (not prebuilt)`);
      continue;
    }
    try {
      const manifest = resolve(`${pkg}/package.json`);
      return join(dirname(manifest), 'bin', proc.platform === 'win32' ? 'hapi-a2a.exe' : 'hapi-a2a');
    } catch {
      looked.push(`${pkg} (not installed)`);
    }
  }
  const where = describe(proc, libc);
  const error = new Error(
    `hapi-a2a: no prebuilt CLI for ${names.join(' or ')} (${where}); looked for the package `
      + `${looked.join(', ')}. Prebuilt: ${PREBUILT.join(', ')}; install without --omit=optional, `
      + 'or build it with `cargo install hapi-a2a-core` (or `cargo binstall hapi-a2a-core`)',
  );
  error.code = 'HAPI_A2A_NO_BINARY';
  return error;
}

module.exports = { resolveBinary };

if (require.main === module) {
  const binary = resolveBinary();
  if (binary instanceof Error) {
    process.stderr.write(`${binary.message}\n`);
    process.exit(2);
  }
  const run = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
  if (run.error) {
    process.stderr.write(`hapi-a2a: cannot run ${binary}: ${run.error.message}\n`);
    process.exit(2);
  }
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status === null ? 2 : run.status);
}
