'use strict';
// Which prebuilt target a machine takes, by platform, arch and libc: the
// one choice behind the addon's loader (index.cjs beside this file) and the
// CLI's launcher (the hapi-a2a package packs a copy of this file). Each
// function takes the machine's `process` and file system, so that tests can
// make both up.

/**
 * `gnu` or `musl` on Linux, `null` elsewhere or when it cannot be told. A
 * Node or Bun built against glibc reports the glibc it runs on; failing
 * that, the system's ldd and dynamic loader say which libc it has.
 */
function libcOf(proc, fs) {
  if (proc.platform !== 'linux') return null;
  try {
    const report = proc.report && proc.report.getReport();
    const parsed = typeof report === 'string' ? JSON.parse(report) : report;
    if (parsed && parsed.header && parsed.header.glibcVersionRuntime) return 'gnu';
    const shared = parsed && parsed.sharedObjects;
    if (Array.isArray(shared) && shared.some((f) => /(?:ld|libc)[.-]musl/.test(f))) return 'musl';
  } catch {
    // No report to read: the files below decide.
  }
  try {
    const ldd = fs.readFileSync('/usr/bin/ldd', 'latin1');
    if (ldd.includes('musl')) return 'musl';
    if (ldd.includes('GNU C Library') || ldd.includes('glibc')) return 'gnu';
  } catch {
    // No ldd: look for musl's loader.
  }
  try {
    if (fs.readdirSync('/lib').some((f) => f.startsWith('ld-musl-'))) return 'musl';
  } catch {
    // No /lib to read.
  }
  return null;
}

/**
 * The target names to try, best first, and the libc they were chosen for:
 * `linux-<arch>-<libc>` (both libcs, gnu first, when it cannot be told),
 * `darwin-<arch>`, and `win32-<arch>` followed by `windows` (`-msvc` for
 * the addon, nothing for the CLI).
 */
function targetsOf(proc, fs, windows = '') {
  const { platform, arch } = proc;
  if (platform === 'linux') {
    const libc = libcOf(proc, fs);
    const libcs = libc ? [libc] : ['gnu', 'musl'];
    return { libc, names: libcs.map((l) => `linux-${arch}-${l}`) };
  }
  if (platform === 'win32') return { libc: null, names: [`win32-${arch}${windows}`] };
  return { libc: null, names: [`${platform}-${arch}`] };
}

/** The machine as an error message names it. */
function describe(proc, libc) {
  const shown = libc || (proc.platform === 'linux' ? 'unknown' : 'n/a');
  return `platform ${proc.platform}, arch ${proc.arch}, libc ${shown}`;
}

/** An error's first line, for a list of what was tried. */
function firstLine(error) {
  return String((error && error.message) || error).split('\n')[0];
}

module.exports = { libcOf, targetsOf, describe, firstLine };
