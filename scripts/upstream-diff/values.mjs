// Values as JSON-safe trees that keep what JSON loses (-0, NaN, the
// infinities, undefined, BigInt, own `__proto__` keys, key order, prototypes),
// a strict structural diff over them, and a compact display with explicit
// markers.

const LONG = 4096;

/** FNV-1a over UTF-16 units, twice (two offsets): equal strings, equal hashes, in any runtime. */
function hash(s) {
  let a = 2166136261;
  let b = 0x811c9dc5 ^ 0x5bd1e995;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 16777619) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The string with each lone surrogate replaced by U+FFFD (what a UTF-8 round trip makes of it). */
const wellFormed = (s) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/**
 * A value as a tree JSON writes and reads back unchanged. Objects are
 * `{$:'object', entries, proto?}`; what JSON lacks is `{$:tag, v?}`. With
 * `short`, a string over 4096 units becomes its length and hash.
 */
export function enc(v, short = true, seen = []) {
  switch (typeof v) {
    case 'string': return short && v.length > LONG ? { $: 'str', len: v.length, hash: hash(v), wellFormed: hash(wellFormed(v)), head: v.slice(0, 40), tail: v.slice(-12) } : v;
    case 'number': return Number.isFinite(v) && !Object.is(v, -0) ? v : { $: 'num', v: Object.is(v, -0) ? '-0' : String(v) };
    case 'boolean': return v;
    case 'undefined': return { $: 'undefined' };
    case 'bigint': return { $: 'bigint', v: String(v) };
    case 'symbol': return { $: 'symbol', v: v.description ?? '' };
    case 'function': return { $: 'function', v: v.name };
    default:
  }
  if (v === null) return null;
  if (seen.includes(v)) return { $: 'cycle' };
  if (seen.length > 3000) return { $: 'deep' };
  seen.push(v);
  try {
    if (Array.isArray(v)) return Array.from({ length: v.length }, (_, i) => (i in v ? enc(v[i], short, seen) : { $: 'hole' }));
    const entries = Object.keys(v).map((k) => {
      const d = Object.getOwnPropertyDescriptor(v, k);
      return [k, 'value' in d ? enc(d.value, short, seen) : { $: 'getter' }];
    });
    const out = { $: 'object', entries };
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype) out.proto = proto === null ? null : (proto.constructor?.name ?? '?');
    if (proto !== null && proto !== Object.prototype && proto.constructor === Object) out.inherits = enc(proto, short, seen);
    if (v instanceof Date) out.v = Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    return out;
  } finally {
    seen.pop();
  }
}

const tagOf = (e) => {
  if (e === null) return 'null';
  if (Array.isArray(e)) return 'array';
  if (typeof e !== 'object') return typeof e;
  return { num: 'number', str: 'string' }[e.$] ?? e.$;
};
// A number as a class names it: the odd ones (and 0, which -0 becomes) by value, the others as `number`.
const numText = (e) => (typeof e !== 'number' ? e.v : e === 0 ? '0' : 'number');
const lenOf = (e) => (typeof e === 'string' ? e.length : e.len);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** How the module's string differs from upstream's: cut, extended, lone surrogates replaced, or otherwise. */
function stringChange(up, mod) {
  const longer = lenOf(mod) > lenOf(up) ? 'longer' : lenOf(mod) < lenOf(up) ? 'shorter' : 'value';
  if (typeof up !== 'string' || typeof mod !== 'string') {
    return up.wellFormed !== undefined && up.wellFormed === mod.hash ? 'lone surrogates→U+FFFD' : longer;
  }
  const fixed = wellFormed(up);
  const replaced = fixed !== up ? 'lone surrogates→U+FFFD' : '';
  if (fixed === mod) return replaced;
  const how = mod.startsWith(fixed) ? 'longer (a prefix of it upstream)' : fixed.startsWith(mod) ? 'shorter (a prefix of upstream\'s)' : longer;
  return replaced && how !== longer ? `${replaced}, ${how}` : how;
}

/**
 * Where `mod` differs from `up`: `{path, kind, up, mod}` for each place, with
 * `keyName` turning an object key into its path segment and array indices
 * written `*`.
 */
export function diffs(up, mod, keyName, path = '', out = []) {
  const [ta, tb] = [tagOf(up), tagOf(mod)];
  const add = (kind, at, a, b) => out.push({ path: at ?? path, kind, up: at === undefined ? up : a, mod: at === undefined ? mod : b });
  const named = (e, t) => (t === 'number' ? numText(e) : t);
  if (ta !== tb) return add(`${named(up, ta)}→${named(mod, tb)}`), out;
  if (ta === 'array') {
    if (up.length !== mod.length) add(`length ${up.length}→${mod.length}`);
    for (let i = 0; i < Math.min(up.length, mod.length); i += 1) diffs(up[i], mod[i], keyName, `${path}/*`, out);
  } else if (ta === 'object') {
    if (up.proto !== mod.proto || !same(up.inherits, mod.inherits)) add(`prototype ${up.proto}→${mod.proto}`);
    const b = new Map(mod.entries);
    const a = new Map(up.entries);
    const before = out.length;
    for (const [k, v] of up.entries) {
      const at = `${path}/${keyName(k)}`;
      if (!b.has(k)) add(tagOf(v) === 'undefined' ? 'undefined-valued key missing' : 'missing', at, v, undefined);
      else diffs(v, b.get(k), keyName, at, out);
    }
    for (const [k, v] of mod.entries) if (!a.has(k)) add(tagOf(v) === 'undefined' ? 'undefined-valued key extra' : 'extra', `${path}/${keyName(k)}`, undefined, v);
    const order = (entries, other) => entries.map(([k]) => k).filter((k) => other.has(k)).join('\u0000');
    if (out.length === before && order(up.entries, b) !== order(mod.entries, a)) add('key order');
  } else if (ta === 'number') {
    if (!same(up, mod)) add(typeof up === 'number' && typeof mod === 'number' ? 'value' : `${numText(up)}→${numText(mod)}`);
  } else if (ta === 'string') {
    if (!same(up, mod)) add(stringChange(up, mod));
  } else if (!same(up, mod)) {
    add(ta === 'boolean' ? `${up}→${mod}` : 'value');
  }
  return out;
}

/** A rough size of an encoded value (string lengths and nodes), to pick the smallest example. */
export function size(e) {
  if (typeof e === 'string') return e.length + 1;
  if (Array.isArray(e)) return e.reduce((n, x) => n + size(x), 1);
  if (e !== null && typeof e === 'object') {
    if (e.$ === 'str') return e.len;
    if (e.$ === 'object') return e.entries.reduce((n, [k, v]) => n + k.length + size(v), 1);
  }
  return 1;
}

// ----------------------------------------------------------------- display

const VISIBLE_ESCAPES = new Set([0xa0, 0x1680, 0x180e, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff, 0x85]);

function esc(ch) {
  const cp = ch.codePointAt(0);
  const named = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }[ch];
  if (named) return named;
  if (cp >= 0xd800 && cp <= 0xdfff) return `⟨lone \\u${cp.toString(16).toUpperCase()}⟩`;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0x2000 && cp <= 0x200b) || VISIBLE_ESCAPES.has(cp)) {
    return `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return ch;
}

/** A string literal with runs written `"x"×N` and a length mark past 60 units. */
export function quote(s) {
  const runs = [];
  for (const ch of s) {
    const last = runs[runs.length - 1];
    if (last && last[0] === ch) last[1] += 1;
    else runs.push([ch, 1]);
  }
  const pieces = [];
  let literal = '';
  for (const [ch, n] of runs) {
    if (n >= 6) {
      if (literal) pieces.push(`"${literal}"`);
      literal = '';
      pieces.push(`"${esc(ch)}"×${n}`);
    } else {
      literal += esc(ch).repeat(n);
    }
  }
  if (literal) pieces.push(`"${literal}"`);
  let text = pieces.length > 10 ? `${pieces.slice(0, 8).join(' + ')} + …` : pieces.join(' + ');
  if (text.length > 160) text = `${text.slice(0, 140)}…`;
  return (s.length > 60 || pieces.length !== 1) && s.length > 0 ? `${text}⟨${s.length} units⟩` : text || '""';
}

const key = (k) => (k === '__proto__' ? '"__proto__"⟨own⟩' : quote(k));
const depthOf = (e) => (Array.isArray(e) ? 1 + Math.max(0, ...e.slice(0, 3).map(depthOf))
  : e?.$ === 'object' ? 1 + Math.max(0, ...e.entries.slice(0, 3).map(([, v]) => depthOf(v))) : 0);

/** An encoded value as short JSON-like text: `-0`, `NaN`, `undefined`, `5n`, `⟨lone \uD800⟩`, `"__proto__"⟨own⟩`. */
export function show(e, level = 0) {
  if (typeof e === 'string') return quote(e);
  if (e === null || typeof e !== 'object' || tagOf(e) === 'number') return e === null || typeof e !== 'object' ? String(e) : e.v;
  if (level > 5) return `…⟨${depthOf(e)} more levels⟩`;
  if (Array.isArray(e)) {
    if (e.length > 4 && e.every((x) => same(x, e[0]))) return `[${show(e[0], level + 1)} ×${e.length}]`;
    const items = e.slice(0, 4).map((x) => show(x, level + 1));
    return `[${items.join(', ')}${e.length > 4 ? `, …⟨${e.length} items⟩` : ''}]`;
  }
  switch (e.$) {
    case 'str': return `${quote(e.head)}…${quote(e.tail)}⟨${e.len} units⟩`;
    case 'undefined': case 'cycle': case 'hole': case 'getter': case 'deep': return e.$ === 'undefined' ? 'undefined' : `⟨${e.$}⟩`;
    case 'bigint': return `${e.v}n`;
    case 'symbol': case 'function': return `⟨${e.$} ${e.v}⟩`;
    default: {
      const inherits = e.inherits ? `inherits ${show(e.inherits, level + 1)}` : '';
      const proto = e.proto === undefined ? '' : `⟨${inherits || (e.proto === null ? 'null-proto' : e.proto)}${e.v ? ` ${e.v}` : ''}⟩`;
      const items = e.entries.slice(0, 12).map(([k, v]) => `${key(k)}: ${show(v, level + 1)}`);
      return `${proto}{${items.join(', ')}${e.entries.length > 12 ? `, …⟨${e.entries.length} keys⟩` : ''}}`;
    }
  }
}
