// Seeded inputs: valid documents and texts, then mutated around every bound.
// Case `i` of a function depends only on (seed, function, i), so any phase
// (either runtime) regenerates the same input without the others.

/** A PRNG (mulberry32) seeded from the seed, the function and the case index. */
export function rng(seed, name, index) {
  let h = 2166136261;
  for (const c of `${seed}/${name}/${index}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let s = h;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

// ------------------------------------------------------------------ strings

const POOLS = {
  ascii: [...'abcdefghijklmnopqrstuvwxyz0123456789-_ABCXYZ'],
  cjk: [...'漢字会話中文日本語한국어テスト'],
  astral: ['😀', '𝄞', '𠀀', '🧑', '💻', '\u{10FFFF}'],
  space: [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2028', '\u2029',
    '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b'],
  escape: ['"', '\\', '\u0000', '\u001f', '\u007f', '/', '\b', '<', '\u2028'],
  lone: ['\ud800', '\udbff', '\udc00', '\udfff'],
};
const MIXES = [['ascii'], ['ascii'], ['cjk'], ['astral'], ['ascii', 'cjk', 'astral'],
  ['ascii', 'escape'], ['space'], ['ascii', 'lone'], ['cjk', 'astral', 'escape']];

/** A string of exactly `len` UTF-16 units; a cut astral pair is kept as a lone surrogate half the time. */
export function str(r, len, mix = r.pick(MIXES)) {
  let out = '';
  while (out.length < len) out += r.pick(POOLS[r.pick(mix)]);
  out = out.slice(0, len);
  const last = out.charCodeAt(len - 1);
  if (last >= 0xd800 && last <= 0xdbff && !mix.includes('lone') && r.chance(0.5)) out = `${out.slice(0, -1)}a`;
  return out;
}

export const word = (r) => str(r, 1 + r.int(10), ['ascii']);
const hex = (r, n) => Array.from({ length: n }, () => '0123456789abcdef'[r.int(16)]).join('');
export const uuid = (r) => `${hex(r, 8)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 12)}`;
export const blank = (r) => str(r, 1 + r.int(3), ['space']);
export const spaces = (r) => (r.chance(0.5) ? '' : blank(r));

/** A length around a string field's bounds. */
function boundLength(r, min, max) {
  return r.pick([0, 1, min, Math.max(0, min - 1), max - 1, max, max, max + 1, max + 1, max + 2, r.int(max + 2)]);
}

// ------------------------------------------------------------------ values

/** Sets an own property, as JSON.parse does (so `__proto__` is an own key). */
export function put(o, key, value) {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

const ODD_NUMBERS = [() => -0, () => NaN, () => Infinity, () => -Infinity, () => JSON.parse('1e400'),
  () => JSON.parse('-0'), () => 2 ** 53 + 1, () => 123456789012345678901234567890, () => 1e21,
  () => 5e-324, () => 0.1, () => -1, () => Number.MAX_VALUE];

/** A value of some other type than a field wants. */
export function weird(r) {
  return r.pick([
    () => null, () => undefined, () => 0, () => true, () => 5n, () => '', () => ' ', () => word(r),
    () => r.pick(ODD_NUMBERS)(), () => [], () => [word(r)], () => ({}), () => ({ kind: 'human', id: 'x' }),
    () => new Date(0), () => function f() {}, () => Symbol('s'), () => Object.create(null),
    () => new Map([[1, 2]]), () => JSON.parse('{"__proto__":"x"}'), () => str(r, 3, ['lone']),
    () => new String('s'), () => ({ toJSON: () => 'j' }),
  ])();
}

/** What a value is, for a case's note. */
export function label(v) {
  if (typeof v === 'string') return v.length > 12 ? `string(${v.length})` : JSON.stringify(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return `array(${v.length})`;
  if (v !== null && typeof v === 'object') return v.constructor?.name ?? 'null-proto object';
  return String(typeof v === 'symbol' ? 'symbol' : v);
}

/** A JSON payload: small, at the byte cap, deep, or one JSON.stringify cannot write faithfully. */
export function payload(r, notes) {
  const v = r.int(16);
  const note = (s) => notes.push(s);
  switch (v) {
    case 0: case 1: case 2: return { ok: true, n: r.int(100), s: word(r), list: [1, 'a', null] };
    case 3: case 4: {
      const bytes = r.pick([32767, 32768, 32769, 32766, 32770]);
      const fill = r.pick(['ascii', 'cjk', 'astral', 'escape', 'lone']);
      note(`payload ${bytes} bytes (${fill})`);
      return { note: fillBytes(r, bytes - '{"note":""}'.length, fill) };
    }
    case 5: {
      const depth = r.pick([63, 64, 65, 66, 100, 128, 129, 257, 1000]);
      note(`payload depth ${depth}`);
      let x = r.chance(0.5) ? 1 : {};
      for (let i = 0; i < depth - 1; i += 1) x = r.chance(0.5) ? [x] : { a: x };
      return x;
    }
    case 6: note('payload odd numbers'); return { a: r.pick(ODD_NUMBERS)(), b: [r.pick(ODD_NUMBERS)()] };
    case 7: note('payload undefined inside'); return { a: undefined, b: [undefined, 1] };
    case 8: note('payload bigint'); return { a: 1n };
    case 9: { note('payload cycle'); const o = { a: 1 }; o.self = o; return o; }
    case 10: note('payload toJSON/Date'); return r.chance(0.5) ? { toJSON: () => 'x'.repeat(40000) } : { at: new Date(0) };
    case 11: note('payload lone surrogates'); return put({ [str(r, 2, ['lone'])]: str(r, 3, ['ascii', 'lone']) }, 'k', '\udfff');
    case 12: note('payload own __proto__'); return JSON.parse('{"__proto__":{"polluted":1},"a":[{"__proto__":null}]}');
    case 13: note('payload non-object'); return weird(r);
    case 14: note('payload wide'); return Array.from({ length: r.pick([4000, 6553, 6554, 10000]) }, () => 0);
    default: note('payload JSON.parse text'); return JSON.parse(r.pick(['1e400', '-0', '"\\ud800"', '[1e400,-0]', '{"a":1,"a":2}', '123456789012345678901234567890']));
  }
}

/** A string whose JSON.stringify adds exactly `bytes` UTF-8 bytes between the quotes. */
function fillBytes(r, bytes, fill) {
  const costs = { ascii: ['a', 1], cjk: ['漢', 3], astral: ['😀', 4], escape: ['"', 2], lone: ['\ud800', 6] };
  const [unit, cost] = costs[fill];
  const n = Math.max(0, Math.floor(bytes / cost) - r.int(3));
  return unit.repeat(n) + 'a'.repeat(Math.max(0, bytes - n * cost));
}

// --------------------------------------------------------------- documents

const S = (min, max, opt = false, extra = {}) => ({ t: 'str', min, max, opt, ...extra });
const PRINCIPAL = { kind: { t: 'kind' }, id: S(1, 256), on_behalf_of: S(1, 256, true) };
const ARTIFACT = {
  kind: S(1, 128), url: S(0, 8192, true), title: S(0, 512, true), ref: S(0, 8192, true, { nullable: true }),
  source: S(0, 128, true), created_at: { t: 'num', opt: true },
};
const EVENT = {
  source_kind: S(1, 128), source_ref: S(1, 8192), sink_kind: S(1, 128, true), sink_ref: S(1, 8192, true),
  event_type: S(1, 128), summary: S(0, 2048, true), payload_json: { t: 'payload', opt: true },
  artifact_refs: { t: 'refs', opt: true }, tags: { t: 'tags', opt: true },
  related_session_id: S(1, 256, true), related_event_id: S(1, 256, true), provenance: S(0, 512, true),
  idempotency_key: S(1, 512, true), dedupe_key: S(1, 512, true), confidence: { t: 'num', opt: true },
  severity: S(0, 64, true), expires_at: { t: 'num', opt: true }, principal: { t: 'principal' },
};
const LINK = { from_event_id: S(1, 256), to_event_id: S(1, 256), relation_type: S(1, 128), metadata_json: { t: 'payload', opt: true } };
export const TABLES = { principal: PRINCIPAL, artifact_ref: ARTIFACT, event_create: EVENT, link_create: LINK };

/** Every field name the schemas know (report paths keep these, other keys become `<key>`). */
export const KNOWN_KEYS = new Set([...Object.values(TABLES).flatMap(Object.keys),
  'status', 'action', 'project', 'agent', 'messageId', 'causeMessageId', 'causeText', 'causeKind', 'causeSeq',
  'causeCursorMessageId', 'version', 'visibleText', 'formErrors', 'fieldErrors']);

function validValue(r, spec, owner) {
  switch (spec.t) {
    case 'str': return str(r, Math.max(spec.min, r.int(Math.min(spec.max, 24) + 1)), r.pick([['ascii'], ['ascii'], ['cjk', 'ascii']]));
    case 'num': return r.pick([1700000000000, 0.5, 1, -3, 42]);
    case 'payload': return { status: 'done', n: r.int(10) };
    case 'refs': return Array.from({ length: r.int(3) }, () => validDoc(r, ARTIFACT));
    case 'tags': return Array.from({ length: r.int(4) }, () => word(r));
    case 'principal': return principal(r, owner);
    default: return r.pick(['human', 'agent', 'service']);
  }
}

function validDoc(r, table, owner) {
  const doc = {};
  for (const [name, spec] of Object.entries(table)) {
    if (spec.opt && r.chance(0.5)) continue;
    doc[name] = validValue(r, spec, owner);
  }
  return doc;
}

/** A well-formed principal; its owner is `owner` (when given) most of the time. */
export function principal(r, owner) {
  const kind = r.pick(['human', 'agent', 'service']);
  const who = () => (owner !== undefined && r.chance(0.7) ? String(owner) : r.pick([uuid(r), word(r), `${r.int(100)}`]));
  if (kind === 'human') return { kind, id: who() };
  return { kind, id: r.chance(0.5) ? `session:${uuid(r)}` : word(r), on_behalf_of: who() };
}

const STR_OPS = ['bound', 'bound', 'blank', 'retype'];
const OPS = ['drop', 'retype', 'bound', 'bound', 'bound', 'blank', 'unknown', 'nested', 'nested', 'number', 'order'];

/** Applies one mutation to `doc` (a document of `table`), noting it. */
function mutate(r, doc, table, notes, owner) {
  const names = Object.keys(table);
  const strings = names.filter((n) => table[n].t === 'str');
  const op = r.pick(OPS);
  const f = op === 'bound' || op === 'blank' ? r.pick(strings) : r.pick(names);
  const spec = table[f];
  switch (op) {
    case 'drop': delete doc[f]; notes.push(`-${f}`); return;
    case 'retype': { const v = weird(r); put(doc, f, v); notes.push(`${f}=${label(v)}`); return; }
    case 'bound': {
      const mix = r.pick(MIXES);
      const len = boundLength(r, spec.min, spec.max);
      put(doc, f, str(r, len, mix));
      notes.push(`${f} len ${len} ${mix.join('+')}`);
      return;
    }
    case 'blank': {
      const len = r.chance(0.3) ? boundLength(r, spec.min, spec.max) : 1 + r.int(3);
      put(doc, f, str(r, len, ['space']));
      notes.push(`${f} blank(${len})`);
      return;
    }
    case 'unknown': {
      const key = r.pick(['extra', '__proto__', 'constructor', 'toString', '', '\ud800', 'a/b~c', '0', 'toJSON', 'hasOwnProperty']);
      const value = key === 'toJSON' && r.chance(0.5) ? () => ({}) : r.pick([word(r), weird(r), { kind: 'human', id: 'evil' }]);
      put(doc, key, value);
      notes.push(`+${JSON.stringify(key)}=${label(value)}`);
      return;
    }
    case 'number': {
      const target = names.find((n) => table[n].t === 'num') ?? f;
      const v = r.pick(ODD_NUMBERS)();
      put(doc, target, v);
      notes.push(`${target}=${label(v)}`);
      return;
    }
    case 'order': {
      const entries = Object.entries(doc);
      for (const k of Object.keys(doc)) delete doc[k];
      for (let i = entries.length; i > 0; i -= 1) entries.push(...entries.splice(r.int(i), 1));
      for (const [k, v] of entries) put(doc, k, v);
      notes.push('keys shuffled');
      return;
    }
    default: nested(r, doc, table, notes, owner);
  }
}

function nested(r, doc, table, notes, owner) {
  if (table === PRINCIPAL) {
    const kind = r.pick(['Human', 'robot', '', ' human', 'agent', 'service', 'human']);
    put(doc, 'kind', kind);
    if (r.chance(0.5)) put(doc, 'on_behalf_of', r.pick([word(r), '', ' ', null, String(owner ?? 'x')]));
    notes.push(`kind=${JSON.stringify(kind)}`);
  } else if (table === EVENT && r.chance(0.3)) {
    const p = doc.principal && typeof doc.principal === 'object' ? doc.principal : principal(r, owner);
    mutate(r, p, PRINCIPAL, notes, owner);
    doc.principal = p;
  } else if (table === EVENT && r.chance(0.5)) {
    const which = r.pick(['tags', 'artifact_refs']);
    const len = r.pick([0, 1, 31, 32, 33, 40]);
    doc[which] = Array.from({ length: len }, () => (which === 'tags' ? word(r) : validDoc(r, ARTIFACT)));
    if (len > 0 && r.chance(0.6)) {
      const i = r.int(len);
      if (which === 'tags') doc.tags[i] = r.chance(0.5) ? str(r, r.pick([255, 256, 257]), r.pick(MIXES)) : weird(r);
      else mutate(r, doc.artifact_refs[i], ARTIFACT, notes);
    }
    notes.push(`${which} ${len} items`);
  } else if (table === ARTIFACT || r.chance(0.3)) {
    mutate(r, doc, table, notes, owner);
  } else {
    const key = table === LINK ? 'metadata_json' : 'payload_json';
    put(doc, key, payload(r, notes));
  }
}

/** A document of `kind`: valid, mutated 0-3 times, or sometimes not an object at all. */
export function document(r, kind, owner) {
  const table = TABLES[kind];
  const notes = [];
  const doc = kind === 'principal' ? principal(r, owner) : validDoc(r, table, owner);
  const rounds = r.pick([0, 1, 1, 1, 2, 2, 3]);
  for (let i = 0; i < rounds; i += 1) mutate(r, doc, table, notes, owner);
  const shape = r.int(40);
  if (shape === 0) { notes.push('not an object'); return { value: weird(r), notes }; }
  if (shape === 1) { notes.push('inherited fields'); return { value: Object.setPrototypeOf({}, doc), notes }; }
  if (shape === 2) { notes.push('null prototype'); return { value: Object.assign(Object.create(null), doc), notes }; }
  if (shape === 3) { notes.push('in an array'); return { value: [doc], notes }; }
  if (shape === 4) {
    try { return { value: JSON.parse(JSON.stringify(doc)), notes: [...notes, 'via JSON text'] }; } catch { /* a BigInt or a cycle: kept as it is */ }
  }
  return { value: doc, notes };
}

/** An owner id as a hub passes it (a number or a string), or something odd. */
export function owner(r) {
  return r.pick([() => 42, () => '42', () => uuid(r), () => 'owner', () => '', () => ' ', () => -0, () => 0,
    () => NaN, () => 1e21, () => 42n, () => null, () => undefined, () => ' owner ', () => str(r, 257, ['ascii']),
    () => str(r, 4, ['astral', 'lone']), () => ({ toString: () => 'owner' })])();
}
