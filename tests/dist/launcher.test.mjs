// npm/cli/bin/hapi-a2a.js's choice of binary package on simulated machines
// (the machine's `process` and npm's module resolution made up per case).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The launcher's target.cjs is written when its package is packed (its
// prepack script): the same copy of node/target.cjs.
copyFileSync(new URL('../../node/target.cjs', import.meta.url), new URL('../../npm/cli/bin/target.cjs', import.meta.url));
const { resolveBinary } = createRequire(import.meta.url)('../../npm/cli/bin/hapi-a2a.js');

const machine = (platform, arch, report) => ({ platform, arch, report: { getReport: () => report } });
const glibc = { header: { glibcVersionRuntime: '2.36' }, sharedObjects: [] };
const musl = { header: {}, sharedObjects: ['/lib/ld-musl-x86_64.so.1'] };
/** npm's resolution with these packages installed under /p/node_modules. */
const installed = (...pkgs) => (spec) => {
  const pkg = spec.replace(/\/package\.json$/, '');
  if (pkgs.includes(pkg)) return `/p/node_modules/${pkg}/package.json`;
  throw Object.assign(new Error(`Cannot find module '${spec}'`), { code: 'MODULE_NOT_FOUND' });
};

test('each prebuilt machine runs the binary of its own package', () => {
  const cases = [
    [machine('linux', 'x64', glibc), 'hapi-a2a-linux-x64-gnu', 'hapi-a2a'],
    [machine('linux', 'arm64', glibc), 'hapi-a2a-linux-arm64-gnu', 'hapi-a2a'],
    [machine('linux', 'x64', musl), 'hapi-a2a-linux-x64-musl', 'hapi-a2a'],
    [machine('darwin', 'arm64', {}), 'hapi-a2a-darwin-arm64', 'hapi-a2a'],
    [machine('win32', 'x64', {}), 'hapi-a2a-win32-x64', 'hapi-a2a.exe'],
  ];
  const all = installed(...cases.map((c) => c[1]));
  for (const [proc, pkg, exe] of cases) {
    assert.equal(resolveBinary(proc, all), `/p/node_modules/${pkg}/bin/${exe}`, pkg);
  }
});

test('a musl machine with only the gnu package is told what it lacks', () => {
  const error = resolveBinary(machine('linux', 'x64', musl), installed('hapi-a2a-linux-x64-gnu'));
  assert.ok(error instanceof Error);
  assert.equal(error.code, 'HAPI_A2A_NO_BINARY');
  assert.match(error.message, /no prebuilt CLI for linux-x64-musl \(platform linux, arch x64, libc musl\)/);
  assert.match(error.message, /hapi-a2a-linux-x64-musl \(not installed\)/);
  assert.match(error.message, /cargo install hapi-a2a-core/);
});

test('a machine nothing is prebuilt for is told so, without a package to look for', () => {
  const error = resolveBinary(machine('win32', 'arm64', {}), installed('hapi-a2a-win32-x64'));
  assert.match(error.message, /no prebuilt CLI for win32-arm64 \(platform win32, arch arm64, libc n\/a\)/);
  assert.match(error.message, /hapi-a2a-win32-arm64 \(not prebuilt\)/);
});

test('every optional dependency of the launcher package is a target it picks', async () => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(new URL('../../npm/cli/package.json', import.meta.url), 'utf8'));
  const deps = Object.keys(manifest.optionalDependencies).sort();
  const picked = [];
  for (const [p, a, r] of [['linux', 'x64', glibc], ['linux', 'x64', musl], ['linux', 'arm64', glibc],
    ['linux', 'arm64', { header: {}, sharedObjects: ['/lib/ld-musl-aarch64.so.1'] }], ['darwin', 'x64', {}],
    ['darwin', 'arm64', {}], ['win32', 'x64', {}]]) {
    const path = resolveBinary(machine(p, a, r), installed(...deps));
    picked.push(path.split('/')[3]);
  }
  assert.deepEqual(picked.sort(), deps);
});

test('each binary package is for its own os, cpu and libc, at the launcher\'s version, holding only its binary', async () => {
  const { readFileSync } = await import('node:fs');
  const read = (p) => JSON.parse(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
  const launcher = read('npm/cli/package.json');
  for (const [name, version] of Object.entries(launcher.optionalDependencies)) {
    const target = name.slice('hapi-a2a-'.length);
    const m = read(`npm/cli-bin/${target}/package.json`);
    const [platform, arch, libc] = target.split('-');
    assert.equal(m.name, name);
    assert.equal(m.version, launcher.version, target);
    assert.equal(version, launcher.version, target);
    assert.deepEqual(m.os, [platform], target);
    assert.deepEqual(m.cpu, [arch], target);
    assert.deepEqual(m.libc, platform === 'linux' ? [{ gnu: 'glibc', musl: 'musl' }[libc]] : undefined, target);
    assert.deepEqual(m.files, [platform === 'win32' ? 'bin/hapi-a2a.exe' : 'bin/hapi-a2a'], target);
  }
});

test('a linux machine without a report is told its libc by the files, as the addon\'s loader is', () => {
  const files = {
    readFileSync: () => 'musl libc (aarch64)\n',
    readdirSync: () => [],
  };
  const proc = { platform: 'linux', arch: 'arm64' };
  const path = resolveBinary(proc, installed('hapi-a2a-linux-arm64-musl', 'hapi-a2a-linux-arm64-gnu'), files);
  assert.equal(path, '/p/node_modules/hapi-a2a-linux-arm64-musl/bin/hapi-a2a');
});
