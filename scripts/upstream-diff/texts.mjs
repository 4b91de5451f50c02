// Seeded texts: agent turns with (or without) a notify footer, citation
// pastes, and the hub's arguments to the work-ad elevation.
import { blank, label, put, spaces, str, uuid, weird, word } from './gen.mjs';

const PREFIX = 'AGENT_NOTIFY_SUMMARY ';
const STATUSES = ['done', 'blocked', 'stalled', 'needs_decision', 'needs_review', 'failed', 'in_progress',
  'stale', 'unknown', 'Done', ' done', 'done ', '', 'working', '__proto__', 'constructor', 'toString'];

const prose = (r) => Array.from({ length: 1 + r.int(8) }, () => (r.chance(0.1) ? str(r, 3, ['cjk', 'astral']) : word(r))).join(' ');

/** A JSON string literal, written with escapes JSON.stringify would not use. */
function jsonString(r) {
  const pieces = Array.from({ length: r.int(5) }, () => r.pick([
    () => word(r), () => '\\"', () => '\\\\', () => '\\/', () => '\\u0000', () => '\\ud800', () => '\\udc00x',
    () => '\\ud83d\\ude00', () => '\\n', () => '漢', () => '😀', () => ' ', () => '\\u2028', () => PREFIX,
    () => '\\u0041', () => '\\t',
  ])());
  if (r.chance(0.05)) pieces.push('x'.repeat(r.pick([2047, 2048, 2049, 8192, 70000])));
  return `"${pieces.join('')}"`;
}

function jsonValue(r, depth = 0) {
  return r.pick([
    () => jsonString(r), () => jsonString(r), () => String(r.int(10)), () => '1e400', () => '-0', () => '-1e400',
    () => '123456789012345678901234567890', () => '0.1e-400', () => 'true', () => 'null', () => '[]',
    () => (depth < 3 ? `{"a":${jsonValue(r, depth + 1)}}` : '{}'),
  ])();
}

/** A footer's JSON text: an object of the summary's fields, sometimes broken. */
function footerJson(r) {
  const ws = () => r.pick(['', '', ' ', '\t', '\u00a0']);
  const entries = [];
  const fields = ['version', 'agent', 'project', 'status', 'action', 'summary', 'extra', 'status'];
  for (const key of fields) {
    if (!r.chance(0.45)) continue;
    let value = jsonValue(r);
    if (key === 'status' && r.chance(0.7)) value = JSON.stringify(r.pick(STATUSES));
    if (key === 'version' && r.chance(0.6)) value = r.pick(['1', '2', '1.5', '-0', '1e400', '"1"']);
    entries.push(`${ws()}"${r.chance(0.03) ? '__proto__' : key}"${ws()}:${ws()}${value}${ws()}`);
  }
  const body = `{${entries.join(',')}}`;
  return r.pick([
    () => body, () => body, () => body, () => body,
    () => `${body}}`, () => body.slice(0, -1), () => `${body} trailing`, () => `[${body}]`, () => `${body},`,
    () => `{${entries.join(',')},}`, () => `${body} ${PREFIX}${body}`, () => `{"a":"${PREFIX}{}"}`,
    () => `{"s":"\ud800"}`, () => `{"s":"x\u0000"}`, () => '{}', () => '{ }', () => 'null', () => '{"a":1e400}',
  ])();
}

const EOL = ['\n', '\n', '\r\n'];

/** An agent turn: prose lines, then (usually) a footer line, with odd whitespace around it. */
export function notifyText(r) {
  const notes = [];
  if (r.chance(0.03)) { const v = weird(r); notes.push(`not text: ${label(v)}`); return { args: [v], notes }; }
  const eol = r.pick(EOL);
  const lines = Array.from({ length: r.int(4) }, () => prose(r));
  if (r.chance(0.85)) {
    const glue = r.pick(['', '', '', 'Done.', '  ', '\t', 'Example: ', 'x\u00a0', 'x\u3000', '漢', '😀', `${PREFIX}{"a":1} `, '\ufeff']);
    const after = r.pick(['', '', '', ' ', '\t', ' trailing', '\r', '\u3000', '\u2028', '\u0085', '\ufeff']);
    lines.push(`${glue}${r.chance(0.95) ? PREFIX : 'AGENT_NOTIFY_SUMMARY'}${r.chance(0.2) ? ' ' : ''}${footerJson(r)}${after}`);
    notes.push('footer');
    if (r.chance(0.1)) { lines.push(prose(r)); notes.push('prose after footer'); }
  }
  let text = lines.join(eol) + r.pick(['', '', eol, `${eol}${eol}  ${eol}`, '\n\u3000', '\r\n\r\n', '\n\u2028']);
  if (r.chance(0.02)) {
    const mb = 1 + r.int(4);
    const para = `${prose(r)}${eol}`;
    text = para.repeat(Math.ceil((mb << 20) / para.length)) + text;
    notes.push(`${mb} MB`);
  }
  if (r.chance(0.05)) {
    const cut = text.indexOf('😀') >= 0 ? text.indexOf('😀') + 1 : r.int(text.length + 1);
    text = text.slice(0, cut) + (r.chance(0.5) ? '' : text.slice(cut + 1));
    notes.push('cut in a surrogate pair');
  }
  return { args: [text], notes };
}

/** A session id as pasted: plausible, dotted, percent-encoded, with trailing punctuation, or odd. */
function sessionId(r) {
  return r.pick([
    () => uuid(r), () => uuid(r), () => uuid(r).slice(0, 8), () => 'chat.tsx', () => `${uuid(r)}.`, () => `${word(r)},`,
    () => `${word(r)}!?`, () => '%41bc', () => '%E0%A4%A', () => '%2F', () => '%', () => 'a%20b', () => '漢字',
    () => '😀', () => '\ud800', () => '...', () => `${word(r)}.${word(r)}`, () => `${word(r)}?q=1`, () => `${word(r)}#x`,
    () => `${word(r)})`, () => `${word(r)}"`, () => '', () => '-', () => `${uuid(r)}/messages`, () => `${word(r)}\u00a0x`,
  ])();
}

function citation(r, steer) {
  const base = r.pick(['/', '/', '', './', '../', 'https://hapi.example.com/', 'https://h.example/app/', 'web/src/routes/',
    'x', '//', 'my', 'a.b/', '-/']);
  const path = `${base}sessions/${sessionId(r)}`;
  return r.pick([
    () => path, () => `[${prose(r)}](${path})`, () => `(${path})`, () => `"${path}"`,
    () => `See session "${r.pick([prose(r), 'a \\" b', 'x /sessions/other', '"'])}" (${path}) for context${r.chance(0.5) ? `.${steer}` : ''}`,
    () => `See HAPI session ${path} for context${r.chance(0.3) ? `.${steer}` : ''}`,
  ])();
}

/** A text citing sessions: prose, citation forms, odd whitespace. */
export function citationText(r, consts) {
  const notes = [];
  if (r.chance(0.03)) { const v = weird(r); notes.push(`not text: ${label(v)}`); return { args: [v], notes }; }
  const parts = Array.from({ length: 1 + r.int(4) }, () => (r.chance(0.6) ? citation(r, consts.steer) : prose(r)));
  let text = spaces(r) + parts.join(r.pick([' ', '\n', '', ', ', '\t', '\u3000'])) + spaces(r);
  if (r.chance(0.2)) text = r.pick([uuid(r), uuid(r).slice(0, 6), ` ${word(r)} `, '', blank(r), '\ufeffabc\u0085']);
  if (r.chance(0.01)) { text = `${text} `.repeat(Math.ceil(100000 / (text.length + 1))); notes.push('long'); }
  return { args: [text], notes };
}

// ------------------------------------------------------------- elevation

/** A footer as extractNotifySummary answers it, its strings around the clamps; sometimes mistyped. */
function notify(r, notes) {
  const out = {};
  const long = (caps) => {
    const len = r.pick(caps) + r.pick([-2, -1, 0, 1, 2]);
    const mix = r.pick([['ascii'], ['cjk'], ['astral'], ['ascii', 'escape'], ['ascii', 'lone'], ['space', 'ascii']]);
    notes.push(`len ${len} ${mix.join('+')}`);
    return str(r, Math.max(0, len), mix);
  };
  if (r.chance(0.5)) out.status = r.pick(STATUSES);
  for (const key of ['summary', 'action', 'project', 'agent']) {
    if (!r.chance(0.5)) continue;
    out[key] = r.pick([() => word(r), () => prose(r), () => blank(r), () => '', () => `  ${word(r)}  `,
      () => long(key === 'summary' ? [2048, 683, 512] : [8192, 2731, 2048, 248, 250])])();
  }
  if (r.chance(0.3)) out.version = r.pick([1, 2, -0, NaN]);
  if (r.chance(0.05)) { const k = r.pick(['summary', 'status', 'action', 'project']); put(out, k, weird(r)); notes.push(`notify.${k} mistyped`); }
  return out;
}

/** The hub's arguments to buildWorkAdFromNotify, every one at and past its caps. */
export function workAdParams(r) {
  const notes = [];
  const pick = (name, options) => {
    const [v, note] = r.pick(options)();
    if (note) notes.push(`${name} ${note}`);
    return v;
  };
  const long = (n, mix = ['ascii']) => [str(r, n, mix), `len ${n} ${mix.join('+')}`];
  const sessionLen = r.pick([247, 248, 249, 256, 257]);
  const params = {
    sessionId: pick('sessionId', [() => [uuid(r)], () => [uuid(r)], () => [''], () => long(sessionLen),
      () => long(sessionLen, ['astral']), () => long(sessionLen, ['cjk']), () => [str(r, 4, ['ascii', 'lone']), 'lone']]),
    messageId: pick('messageId', [() => [uuid(r)], () => [uuid(r)], () => ['', 'empty'], () => long(r.pick([256, 257, 480, 600])),
      () => long(300, ['cjk'])]),
    notify: notify(r, notes),
    ownerUserId: pick('ownerUserId', [() => [42], () => ['owner'], () => [uuid(r)], () => ['', 'empty'], () => [' ', 'blank'],
      () => [0], () => [-0, '-0'], () => [NaN, 'NaN'], () => long(257), () => [42n, 'bigint'], () => [null, 'null']]),
    ts: pick('ts', [() => [1700000000000], () => [1700000000000], () => [0], () => [-0, '-0'], () => [NaN, 'NaN'],
      () => [JSON.parse('1e400'), 'Infinity'], () => [8.64e15], () => [1.5], () => [2 ** 53 + 1]]),
  };
  const optional = (name, options) => { if (r.chance(0.6)) put(params, name, pick(name, options)); };
  optional('flavor', [() => ['claude'], () => ['', 'empty'], () => [null, 'null'], () => [undefined, 'undefined'], () => long(250), () => long(260, ['cjk'])]);
  optional('expiresAt', [() => [1700086400000], () => [0, '0'], () => [undefined, 'undefined'], () => [null, 'null'], () => [NaN, 'NaN'], () => [-0, '-0']]);
  optional('relatedEventId', [() => [uuid(r)], () => ['', 'empty'], () => [null, 'null'], () => [undefined, 'undefined'], () => long(256), () => long(257)]);
  optional('cause', [() => [null, 'null'], () => [cause(r, notes)], () => [cause(r, notes)], () => [cause(r, notes)]]);
  return { args: [params], notes };
}

function cause(r, notes) {
  const id = r.pick([() => uuid(r), () => '', () => str(r, r.pick([256, 257, 300]), r.pick([['ascii'], ['cjk'], ['ascii', 'escape']]))])();
  const c = { causeMessageId: id, causeText: null, causeKind: null, causeSeq: null, causeCursorMessageId: null };
  if (r.chance(0.7)) c.causeText = r.pick([() => prose(r), () => '', () => str(r, r.pick([2047, 2048, 2049, 700, 1024]), r.pick([['ascii'], ['cjk'], ['astral'], ['ascii', 'escape'], ['ascii', 'lone']]))])();
  if (r.chance(0.6)) c.causeKind = r.pick([() => 'web', () => '', () => str(r, r.pick([255, 256, 257, 100]), r.pick([['ascii'], ['cjk'], ['ascii', 'escape']]))])();
  if (r.chance(0.6)) c.causeSeq = r.pick([3, 0, -0, 1.5, NaN, 2 ** 53 + 1]);
  if (r.chance(0.5)) c.causeCursorMessageId = r.pick([() => uuid(r), () => '', () => str(r, 257, ['ascii'])])();
  if (r.chance(0.1)) { const k = r.pick(['causeText', 'causeKind', 'causeSeq', 'causeCursorMessageId']); delete c[k]; notes.push(`cause -${k}`); }
  notes.push(`cause id len ${id.length}`);
  return c;
}

/** A footer's status, as the hub passes it to mapNotifyStatusToWorkAdStatus. */
export function status(r) {
  if (r.chance(0.15)) { const v = weird(r); return { args: [v], notes: [label(v)] }; }
  return { args: [r.chance(0.1) ? undefined : r.pick(STATUSES)], notes: [] };
}
