// node/index.cjs's choice of addon on simulated machines: the loader file
// itself, run in a context whose `process`, file system and `require` are
// made up per case, so every platform, arch and libc can be tried here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const root = fileURLToPath(new URL('../../', import.meta.url));
const source = readFileSync(join(root, 'node/index.cjs'), 'utf8');
const targetSource = readFileSync(join(root, 'node/target.cjs'), 'utf8');
const dir = '/app/node_modules/hapi-a2a-core-node';

/**
 * Runs the loader as on a machine with this `platform`, `arch` and glibc
 * (`glibc`: the version the report names, or undefined), these files
 * (path → text) and these installed packages (name → exports, or an Error
 * that requiring it throws). Answers what it exported or threw, and what it
 * tried to require.
 */
function run({ platform, arch, glibc, files = {}, packages = {}, report = true }) {
  const required = [];
  const fakeFs = {
    existsSync: (p) => Object.hasOwn(files, p),
    readFileSync: (p) => {
      if (!Object.hasOwn(files, p)) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return files[p];
    },
    readdirSync: (p) => {
      const names = Object.keys(files).filter((f) => f.startsWith(`${p}/`)).map((f) => f.slice(p.length + 1));
      if (names.length === 0) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return names;
    },
  };
  const globals = { Error, String, Array, JSON };
  const fakeRequire = (name) => {
    if (name === 'node:path') return { join: (...parts) => parts.join('/') };
    if (name === 'node:fs') return fakeFs;
    if (name === './target.cjs') {
      // The loader's own module, run in the same made-up machine.
      const mod = { exports: {} };
      vm.runInNewContext(`(function (require, module) {${targetSource}\n})`, globals)(fakeRequire, mod);
      return mod.exports;
    }
    required.push(name);
    const found = Object.hasOwn(files, name) ? files[name] : packages[name];
    if (found instanceof Error) throw found;
    if (found !== undefined) return found;
    throw Object.assign(new Error(`Cannot find module '${name}'`), { code: 'MODULE_NOT_FOUND' });
  };
  const header = glibc ? { glibcVersionRuntime: glibc } : {};
  const proc = {
    platform,
    arch,
    argv: ['node', 'app.js'],
    report: report ? { getReport: () => ({ header, sharedObjects: [] }) } : undefined,
  };
  const module = { exports: {} };
  fakeRequire.main = undefined;
  let thrown;
  try {
    vm.runInNewContext(`(function (require, module, __dirname, process) {${source}\n})`, globals)(
      fakeRequire,
      module,
      dir,
      proc,
    );
  } catch (error) {
    thrown = error;
  }
  return { exports: module.exports, thrown, required };
}

const addon = (name) => ({ loadedFrom: name });

test('a glibc linux x64 machine takes the gnu platform package', () => {
  const pkg = 'hapi-a2a-core-node-linux-x64-gnu';
  const r = run({ platform: 'linux', arch: 'x64', glibc: '2.36', packages: { [pkg]: addon(pkg) } });
  assert.equal(r.thrown, undefined);
  assert.deepEqual(r.exports, addon(pkg));
  assert.deepEqual(r.required, [pkg]);
});

test('a local build beside the loader is taken before the platform package', () => {
  const local = `${dir}/hapi-a2a-core.linux-arm64-gnu.node`;
  const pkg = 'hapi-a2a-core-node-linux-arm64-gnu';
  const r = run({
    platform: 'linux', arch: 'arm64', glibc: '2.17',
    files: { [local]: addon('local') },
    packages: { [pkg]: addon(pkg) },
  });
  assert.deepEqual(r.exports, addon('local'));
  assert.deepEqual(r.required, [local]);
});

test('a linux machine whose report names no glibc and whose ldd is musl\'s takes the musl package', () => {
  const pkg = 'hapi-a2a-core-node-linux-x64-musl';
  const r = run({
    platform: 'linux', arch: 'x64',
    files: { '/usr/bin/ldd': '#!/bin/sh\nexec /lib/ld-musl-x86_64.so.1 --list "$@"\n' },
    packages: { [pkg]: addon(pkg), 'hapi-a2a-core-node-linux-x64-gnu': addon('wrong') },
  });
  assert.deepEqual(r.exports, addon(pkg));
  assert.deepEqual(r.required, [pkg]);
});

test('without a report or ldd, musl\'s loader in /lib says musl', () => {
  const pkg = 'hapi-a2a-core-node-linux-arm64-musl';
  const r = run({
    platform: 'linux', arch: 'arm64', report: false,
    files: { '/lib/ld-musl-aarch64.so.1': '' },
    packages: { [pkg]: addon(pkg) },
  });
  assert.deepEqual(r.exports, addon(pkg));
});

test('glibc\'s ldd says gnu when the report names no glibc', () => {
  const pkg = 'hapi-a2a-core-node-linux-x64-gnu';
  const r = run({
    platform: 'linux', arch: 'x64', report: false,
    files: { '/usr/bin/ldd': '# ldd from the GNU C Library\n' },
    packages: { [pkg]: addon(pkg), 'hapi-a2a-core-node-linux-x64-musl': addon('wrong') },
  });
  assert.deepEqual(r.exports, addon(pkg));
});

test('darwin and windows take their own packages, with no libc in the name', () => {
  for (const [platform, arch, target] of [
    ['darwin', 'arm64', 'darwin-arm64'],
    ['darwin', 'x64', 'darwin-x64'],
    ['win32', 'x64', 'win32-x64-msvc'],
  ]) {
    const pkg = `hapi-a2a-core-node-${target}`;
    const r = run({ platform, arch, packages: { [pkg]: addon(pkg) } });
    assert.deepEqual(r.exports, addon(pkg), target);
    assert.deepEqual(r.required, [pkg], target);
  }
});

test('a musl machine with only the gnu package installed is told what it lacks, and of the wasm package', () => {
  const r = run({
    platform: 'linux', arch: 'x64',
    files: { '/usr/bin/ldd': 'musl libc (x86_64)\n' },
    packages: { 'hapi-a2a-core-node-linux-x64-gnu': addon('wrong') },
  });
  assert.ok(r.thrown instanceof Error);
  assert.equal(r.thrown.code, 'HAPI_A2A_NO_ADDON');
  const m = r.thrown.message;
  assert.match(m, /no Node-API addon for linux-x64-musl \(platform linux, arch x64, libc musl\)/);
  assert.match(m, /hapi-a2a-core\.linux-x64-musl\.node \(not found\)/);
  assert.match(m, /package hapi-a2a-core-node-linux-x64-musl \(not installed\)/);
  assert.match(m, /hapi-a2a-core-full/);
  assert.doesNotMatch(m, /linux-x64-gnu/);
});

test('a platform nothing is prebuilt for gets one error listing what is prebuilt', () => {
  const r = run({ platform: 'freebsd', arch: 'x64' });
  assert.equal(r.thrown.code, 'HAPI_A2A_NO_ADDON');
  assert.match(r.thrown.message, /no Node-API addon for freebsd-x64 \(platform freebsd, arch x64, libc n\/a\)/);
  assert.match(r.thrown.message, /No addon is prebuilt for it \(prebuilt: linux-x64-gnu, /);
  assert.match(r.thrown.message, /hapi-a2a-core-full/);
  // Only the local file was looked for: no package exists to require.
  assert.deepEqual(r.required, []);
});

test('a platform package that fails to load is named with its error, not called missing', () => {
  const pkg = 'hapi-a2a-core-node-linux-x64-gnu';
  const r = run({
    platform: 'linux', arch: 'x64', glibc: '2.12',
    packages: { [pkg]: new Error('/lib64/libc.so.6: version `GLIBC_2.17\' not found\nmore') },
  });
  assert.match(r.thrown.message, /package hapi-a2a-core-node-linux-x64-gnu \(\/lib64\/libc\.so\.6: version `GLIBC_2\.17' not found\)/);
});

test('a linux machine whose libc cannot be told tries gnu, then musl', () => {
  const r = run({ platform: 'linux', arch: 'arm64', report: false });
  assert.deepEqual(r.required, ['hapi-a2a-core-node-linux-arm64-gnu', 'hapi-a2a-core-node-linux-arm64-musl']);
  assert.match(r.thrown.message, /linux-arm64-gnu or linux-arm64-musl \(platform linux, arch arm64, libc unknown\)/);
});

test('the loader on this machine loads the addon build-addon.sh put beside it', async () => {
  const { createRequire } = await import('node:module');
  const loaded = createRequire(import.meta.url)(join(root, 'node/index.cjs'));
  assert.ok(loaded.ops().includes('validate'));
});

test('the platform packages are the loader\'s targets, each for its own os, cpu and libc, all optional dependencies of the addon', () => {
  const read = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
  const main = read('node/package.json');
  const prebuilt = source.match(/const PREBUILT = \[([^\]]*)\]/)[1].match(/'[^']+'/g).map((s) => s.slice(1, -1));
  assert.deepEqual(Object.keys(main.optionalDependencies).sort(), prebuilt.map((t) => `hapi-a2a-core-node-${t}`).sort());
  for (const target of prebuilt) {
    const m = read(`npm/addon/${target}/package.json`);
    const [platform, arch, libc] = target.split('-');
    assert.equal(m.name, `hapi-a2a-core-node-${target}`);
    assert.equal(m.version, main.version, target);
    assert.equal(main.optionalDependencies[m.name], m.version, target);
    assert.deepEqual(m.os, [platform], target);
    assert.deepEqual(m.cpu, [arch], target);
    assert.deepEqual(m.libc, platform === 'linux' ? [{ gnu: 'glibc', musl: 'musl' }[libc]] : undefined, target);
    assert.equal(m.main, `hapi-a2a-core.${target}.node`);
    assert.deepEqual(m.files, [m.main]);
  }
});
