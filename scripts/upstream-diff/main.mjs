// The harness's phases (run.sh calls them):
//
//   cases  --side upstream --tree DIR  --seed S --n N --out FILE --consts FILE   (Bun: imports upstream's .ts)
//   cases  --side module --module FILE --seed S --n N --out FILE --consts FILE   (Bun or Node)
//   report --seed S --n N --consts FILE --upstream FILE --target LABEL=FILE... [--report FILE] [--title TEXT]
//
// `cases` calls every function on its generated inputs and writes the
// outcomes; `report` compares each target's outcomes with upstream's,
// groups the disagreements into classes and exits 1 if there are any.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTIONS, outcome } from './functions.mjs';
import { facts, showView } from './classes.mjs';
import { rng } from './gen.mjs';
import { enc, show, size } from './values.mjs';

const UPSTREAM_MODULES = ['shared/src/workGraph.ts', 'shared/src/messages.ts', 'shared/src/sessionCitation.ts',
  'hub/src/sync/workGraphNotifyIngest.ts'];
const EXAMPLES = 3;

function options(argv) {
  const out = { target: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (Array.isArray(out[name])) out[name].push(argv[i + 1]);
    else out[name] = argv[i + 1];
  }
  return out;
}

const runtime = () => (globalThis.Bun ? `bun ${globalThis.Bun.version}` : `node ${process.versions.node}`);
const only = (o) => FUNCTIONS.filter((f) => !o.only || o.only.split(',').includes(f.name.split('.')[0]));
const caseOf = (o, consts, fn, i) => fn.gen(rng(o.seed, fn.name, i), consts);

async function cases(o) {
  let impl;
  let consts;
  if (o.side === 'upstream') {
    const modules = await Promise.all(UPSTREAM_MODULES.map((p) => import(pathToFileURL(join(o.tree, p)).href)));
    impl = Object.assign({}, ...modules);
    const missing = FUNCTIONS.map((f) => f.name.split('.')[0]).filter((name) => impl[name] === undefined);
    if (missing.length > 0) throw new Error(`upstream no longer exports ${missing.join(', ')}`);
    consts = { steer: impl.SESSION_REFERENCE_STEER_SUFFIX };
    writeFileSync(o.consts, JSON.stringify(consts));
  } else {
    impl = await import(pathToFileURL(o.module).href);
    consts = JSON.parse(readFileSync(o.consts, 'utf8'));
  }
  const views = {};
  const ms = {};
  for (const fn of only(o)) {
    const t0 = performance.now();
    views[fn.name] = Array.from({ length: Number(o.n) }, (_, i) => outcome(fn, impl, caseOf(o, consts, fn, i).args));
    ms[fn.name] = Math.round(performance.now() - t0);
  }
  writeFileSync(o.out, JSON.stringify({ side: o.side, runtime: runtime(), views, ms }));
}

/** One target's classes, per function, each with its smallest examples. */
function compare(o, consts, upstream, target) {
  const functions = {};
  for (const fn of only(o)) {
    const ups = upstream.views[fn.name];
    const mods = target.views[fn.name];
    if (!ups || !mods) continue;
    const classes = new Map();
    let disagreements = 0;
    ups.forEach((up, i) => {
      if (JSON.stringify(up) === JSON.stringify(mods[i])) return;
      const raw = caseOf(o, consts, fn, i).args;
      const found = facts(up, mods[i], () => raw[0]);
      if (found.length === 0) return;
      disagreements += 1;
      const args = enc(raw, false);
      for (const fact of found) {
        const entry = classes.get(fact.signature) ?? { signature: fact.signature, count: 0, examples: [] };
        classes.set(fact.signature, entry);
        entry.count += 1;
        entry.examples.push({ size: size(args), index: i, args, up, mod: mods[i], found: fact.found });
        entry.examples.sort((x, y) => x.size - y.size || x.index - y.index).splice(EXAMPLES);
      }
    });
    functions[fn.name] = {
      cases: ups.length,
      disagreements,
      classes: [...classes.values()].sort((x, y) => y.count - x.count).map((c) => ({
        ...c,
        examples: c.examples.map((e) => ({
          case: e.index,
          notes: caseOf(o, consts, fn, e.index).notes.join('; '),
          input: e.args.map((a) => show(a)).join(', '),
          upstream: showView(e.up),
          module: showView(e.mod),
          where: e.found.slice(0, 4).map((d) => `${d.path || '/'}: ${d.kind}, upstream ${d.up === undefined ? '(absent)' : show(d.up)}, module ${d.mod === undefined ? '(absent)' : show(d.mod)}`),
        })),
      })),
    };
  }
  return functions;
}

function print(label, functions, first) {
  console.log(`\n== ${label}`);
  for (const [name, f] of Object.entries(functions)) {
    const head = `${name}: ${f.cases} cases, ${f.disagreements} disagree, ${f.classes.length} classes of disagreement`;
    const same = first?.[name] && JSON.stringify(first[name].classes.map((c) => [c.signature, c.count]))
      === JSON.stringify(f.classes.map((c) => [c.signature, c.count]));
    if (same && f.classes.length > 0) { console.log(`${head} (the same as the first target's)`); continue; }
    console.log(head);
    for (const c of f.classes) {
      const e = c.examples[0];
      console.log(`  [${c.count}] ${c.signature}`);
      console.log(`      input (case ${e.case}${e.notes ? `; ${e.notes}` : ''}): ${e.input.length > 600 ? `${e.input.slice(0, 600)}…` : e.input}`);
      console.log(`      upstream: ${e.upstream}`);
      console.log(`      module:   ${e.module}`);
      for (const w of e.where) console.log(`      at ${w.length > 400 ? `${w.slice(0, 400)}…` : w}`);
    }
  }
}

function report(o) {
  const consts = JSON.parse(readFileSync(o.consts, 'utf8'));
  const upstream = JSON.parse(readFileSync(o.upstream, 'utf8'));
  const targets = o.target.map((spec) => {
    const [label, file] = spec.split(/=(.*)/s);
    const target = JSON.parse(readFileSync(file, 'utf8'));
    return { label: `${label} under ${target.runtime}`, ms: target.ms, functions: compare(o, consts, upstream, target) };
  });
  if (o.title) console.log(o.title);
  console.log(`seed ${o.seed}, ${o.n} cases per function; upstream under ${upstream.runtime}`);
  targets.forEach((t, i) => print(t.label, t.functions, i > 0 ? targets[0].functions : undefined));
  const total = targets.reduce((n, t) => n + Object.values(t.functions).reduce((m, f) => m + f.disagreements, 0), 0);
  console.log(`\n${total === 0 ? 'no disagreements' : `${total} disagreements`} over ${targets.length} target(s)`);
  if (o.report) {
    writeFileSync(o.report, `${JSON.stringify({ title: o.title, seed: Number(o.seed), n: Number(o.n),
      upstream: { runtime: upstream.runtime, ms: upstream.ms }, targets, disagreements: total }, null, 2)}\n`);
  }
  process.exitCode = total === 0 ? 0 : 1;
}

// Exit 1 means disagreements: anything else going wrong is 2.
const [phase, ...rest] = process.argv.slice(2);
try {
  if (phase === 'cases') await cases(options(rest));
  else if (phase === 'report') report(options(rest));
  else throw new Error('usage: main.mjs cases|report --option value...');
} catch (error) {
  console.error(error);
  process.exitCode = 2;
}
