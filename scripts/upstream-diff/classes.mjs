// A disagreement as the facts it is made of, each a class: an outcome that
// differs (returns / throws / accepts / refuses), an issue only one side
// reports (named by its code and the kind of value it is about), a message,
// a place in the data. One case can show several facts.
import { KNOWN_KEYS } from './gen.mjs';
import { diffs, quote, show } from './values.mjs';

const keyName = (k) => (KNOWN_KEYS.has(k) || k === '__proto__' ? k : '<key>');
export const pathText = (path) => `/${path.map((s) => (typeof s === 'number' ? '*' : keyName(s))).join('/')}`;
const issueKey = (i) => `${i.code}@${pathText(i.path)}`;

// A thrown error's name, code and message, numbers and long quotes elided (they vary with the input).
const thrownClass = (thrown) => thrown.replace(/`[^`]{25,}`|'[^']{25,}'|"[^"]{25,}"/g, '…').replace(/\d+/g, 'N').slice(0, 120);
/** A returned value's type (its value, for a boolean, null or an odd number). */
const briefly = (e) => {
  if (typeof e === 'boolean' || e === null) return String(e);
  if (typeof e !== 'object') return typeof e;
  return Array.isArray(e) ? 'array' : { num: e.v, str: 'string' }[e.$] ?? e.$;
};

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The kind of value an issue is about: its type (for a string, what makes it odd), or that it is inherited. */
function kindAt(input, path) {
  let v = input;
  for (const seg of path) {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function') || !(seg in v)) return 'a missing field';
    if (!Object.prototype.hasOwnProperty.call(v, seg)) return 'an inherited field';
    v = v[seg];
  }
  switch (typeof v) {
    case 'string': {
      if (v === '') return 'empty string';
      const odd = [/[\ud800-\udbff][\udc00-\udfff]/.test(v) && 'astral', LONE.test(v) && 'lone-surrogate', v.trim() === '' && 'blank'];
      return [...odd.filter(Boolean), 'string'].join(' ');
    }
    case 'number': return Number.isNaN(v) ? 'NaN' : !Number.isFinite(v) ? 'Infinity' : Object.is(v, -0) ? '-0' : 'number';
    case 'object': {
      if (v === null || Array.isArray(v)) return v === null ? 'null' : 'array';
      const proto = Object.getPrototypeOf(v);
      return proto === null ? 'null-prototype object' : proto === Object.prototype ? 'object' : (proto.constructor?.name ?? 'object');
    }
    default: return typeof v;
  }
}

/** Without a multiset's common part: what only `a` has. */
function minus(a, b) {
  const rest = [...b];
  return a.filter((x) => { const i = rest.indexOf(x.key); if (i < 0) return true; rest.splice(i, 1); return false; });
}

/** Where two messages differ: their words between the common first and last ones. */
function middle(a, b) {
  const [x, y] = [a.split(' '), b.split(' ')];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j += 1;
  const part = (w) => quote(w.slice(i, w.length - j).join(' ').slice(0, 60));
  return `${part(x)}→${part(y)}`;
}

const placeFacts = (where, found) => found.map((d) => ({ signature: `${where}${d.path ? ` ${d.path}` : ''}: ${d.kind}`, found: [d] }));

/**
 * The facts of a disagreement between two views (none when they agree).
 * `input` gives the call's first argument, to name what a lone issue is about.
 */
export function facts(up, mod, input) {
  if ('throws' in up || 'throws' in mod) {
    if ('throws' in up && 'throws' in mod) return [];
    if ('throws' in up) return [{ signature: `upstream throws ${thrownClass(up.throws)}; module returns ${'value' in mod ? briefly(mod.value) : `success ${mod.success}`}`, found: [] }];
    return [{ signature: `upstream returns, module throws ${thrownClass(mod.throws)}`, found: [] }];
  }
  if ('value' in up) return placeFacts('value', diffs(up.value, mod.value, keyName));
  if (up.success && mod.success) return placeFacts('data', diffs(up.data, mod.data, keyName));
  const keyed = (issues) => (issues ?? []).map((i) => ({ ...i, key: issueKey(i) }));
  const [a, b] = [keyed(up.issues), keyed(mod.issues)];
  const lone = (side, issues) => issues.map((i) => ({ signature: `${side} only ${i.code} on ${kindAt(input(), i.path)}`, found: [] }));
  const out = [...lone('upstream', minus(a, b.map((i) => i.key))), ...lone('module', minus(b, a.map((i) => i.key)))];
  if (up.success !== mod.success) out.unshift({ signature: up.success ? 'upstream accepts, module refuses' : 'upstream refuses, module accepts', found: [] });
  const unique = (xs) => [...new Map(xs.map((x) => [x.signature, x])).values()];
  if (out.length > 0) return unique(out);
  if (a.map((i) => i.key).join() !== b.map((i) => i.key).join()) return [{ signature: 'the same issues, in another order', found: [] }];
  const messages = a.flatMap((x, j) => (x.message === b[j].message ? [] : [{ signature: `message of ${x.code}: ${middle(x.message, b[j].message)}`, found: [] }]));
  if (messages.length > 0) return unique(messages);
  return placeFacts('flatten()', diffs(up.flatten, mod.flatten, keyName));
}

/** A view as one line: the value, the data, the issues, or what was thrown. */
export function showView(v) {
  let text;
  if ('throws' in v) text = `throws ${v.throws}`;
  else if ('value' in v) text = show(v.value);
  else if (v.success) text = `success, data ${show(v.data)}`;
  else text = `refuses: ${v.issues.map((i) => `${i.code} at ${pathText(i.path)} ${quote(i.message)}`).join('; ')}`;
  return text.length > 900 ? `${text.slice(0, 900)}…` : text;
}
