// Upstream HAPI's names over the core: the work-graph schemas with zod's
// `safeParse` / `parse` shape, the principal checks, the notify footer
// parser and its elevation to a `work_ad`, and the session citation parser.
// A hub written against upstream's functions changes only its imports.
//
// One file for both packages: this one is the addon's (hapi-a2a-core-node),
// and scripts/build-pkg.sh copies it into the npm package (pkg/, pkg-full/).
// `#core` is each package's own face, named in its package.json `imports`:
// the addon here; in the npm package the wasm module (in a browser, await
// the package's `init()` before calling anything here).
//
// Every answer is the core's: this file only turns upstream's arguments into
// a call and the core's answer into upstream's return shape. It decides no
// verdict and writes no message. A call the core refuses (text over an op's
// cap, an argument of the wrong type) throws a CoreCallError carrying the
// core's code and message, where upstream has no failure to report.
import { call, documentEntry, validateDocument } from '#core';

/** A call the core answered with a failure: its code and message, verbatim. */
export class CoreCallError extends Error {
  constructor(op, error) {
    super(error.message);
    this.name = 'CoreCallError';
    this.op = op;
    this.code = error.code;
  }
}

/** The success answer of `op` for `input` (a value JSON.stringify writes). */
function ask(op, input) {
  const answer = JSON.parse(call(op, JSON.stringify(input)));
  if (answer.type !== 'success') throw new CoreCallError(op, answer.error);
  return answer;
}

// ------------------------------------------------------------------ schemas

/** The zod issues of a refusal, with zod's `flatten()`. */
export class SchemaError extends Error {
  #message;

  constructor(issues) {
    super();
    this.name = 'SchemaError';
    this.issues = issues;
  }

  /**
   * zod's message: the issues as JSON, two spaces a level, written when it
   * is first read (most refusals are answered from `issues` alone).
   */
  get message() {
    return (this.#message ??= JSON.stringify(this.issues, null, 2));
  }

  set message(value) {
    this.#message = value;
  }

  /**
   * zod's `flatten()`: the messages of issues at the root as `formErrors`,
   * every other one under the first key of its path in `fieldErrors`, in
   * issue order. `mapper` turns an issue into what is listed (its message).
   */
  flatten(mapper = (issue) => issue.message) {
    return flattenIssues(this.issues, mapper);
  }
}

/**
 * zod's `flatten()` of a list of issues: the messages of issues at the root
 * as `formErrors`, every other one under the first key of its path in
 * `fieldErrors`, in issue order. `mapper` turns an issue into what is
 * listed (its message).
 */
export function flattenIssues(issues, mapper = (issue) => issue.message) {
  const formErrors = [];
  const fieldErrors = {};
  for (const issue of issues) {
    if (issue.path.length === 0) {
      formErrors.push(mapper(issue));
    } else {
      const key = issue.path[0];
      (fieldErrors[key] ??= []).push(mapper(issue));
    }
  }
  return { formErrors, fieldErrors };
}

/** An RFC 6901 pointer as a zod path: all-digit segments are array indices. */
function pathOf(pointer) {
  if (pointer === '') return [];
  const segments = pointer.slice(1).split('/');
  const escaped = pointer.includes('~');
  for (let i = 0; i < segments.length; i += 1) {
    const segment = escaped ? segments[i].replace(/~1/g, '/').replace(/~0/g, '~') : segments[i];
    segments[i] = isIndex(segment) ? Number(segment) : segment;
  }
  return segments;
}

/** `0` or digits not starting with `0`: an array index as a pointer writes it. */
function isIndex(segment) {
  const n = segment.length;
  if (n === 0 || (n > 1 && segment.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i += 1) {
    const c = segment.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The SchemaError `safeParse` hands back, made without a stack trace:
 * it is never thrown (zod's is no Error at all, and a trace costs more
 * than the rest of a refusal); `parse` throws one of its own, with its
 * trace.
 */
function handedBack(issues) {
  // An engine without the setting (Firefox) is left without it.
  const had = Object.hasOwn(Error, 'stackTraceLimit');
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    return new SchemaError(issues);
  }
  try {
    return new SchemaError(issues);
  } finally {
    if (had) Error.stackTraceLimit = limit;
    else delete Error.stackTraceLimit;
  }
}

/** The zod issues among a `validate` answer's diagnostics (those that carry `upstream`), in order. */
export function upstreamIssues(diagnostics) {
  const issues = [];
  for (const d of diagnostics) {
    if (d.upstream !== undefined) {
      issues.push({ code: d.upstream.code, path: pathOf(d.instancePath), message: d.upstream.message });
    }
  }
  return issues;
}

// ------------------------------------------------------ the caller's value

// JSON text cannot spell every value a caller hands over, and zod decides
// on the value itself: `NaN` is not a number to it, `undefined` in an
// optional field is absent, a BigInt is a `bigint`. The document text is
// therefore written with JavaScript's own words where JSON has none, and
// the call says so (`jsValues`): the core reads `NaN`, `undefined`,
// `bigint`, `function(length)` and `symbol` where a value stands. The
// infinities are written `1e400` and `-1e400`, which JSON.parse reads as
// they are; `-0` and lone surrogates need nothing (zod's data is the
// caller's own value, below).

/** The word for a number JSON.stringify would not write as itself. */
function numberWord(value) {
  if (value !== value) return 'NaN';
  if (value === Infinity) return '1e400';
  if (value === -Infinity) return '-1e400';
  return undefined;
}

/**
 * A payload's text (`payload_json`, `metadata_json`): upstream measures it
 * as `JSON.stringify(value)` writes it in the same runtime, so that is its
 * text (`toJSON` applied, own fields only, NaN as null, nothing for
 * `undefined`); where JSON.stringify writes nothing the word `undefined`,
 * and where it throws (a BigInt, a cycle, nesting past what the runtime's
 * stack allows) the word `bigint`, a value upstream's size check cannot
 * write either.
 */
function payloadText(value) {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return 'bigint';
  }
}

// zod reads the rest of a document as property reads: a field is
// `input[key]` (an inherited one too), the keys beside a schema's are those
// of `for…in`, `toJSON` is never called, and a value of the wrong type is
// named by its type or, for an object whose prototype is not
// Object.prototype, by its class (`received Date`). The document text is
// written the same way: an object's class as `@"Date"` before it, a
// function as `function(length)`, and of a value where the schema wants a
// string or a number only what zod reads of it (its type, its class, its
// `length`).

/** The document text of `input` under upstream's schema of `kind`, for a call with `jsValues`. */
function documentText(kind, input) {
  return schemaObject(kind, input);
}

/** An object the schema of `kind` reads field by field (anything else is a leaf). */
function schemaObject(kind, value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return leaf(value);
  let out = `${classOf(value)}{`;
  let first = true;
  for (const key in value) {
    out += `${first ? '' : ','}${JSON.stringify(key)}:${field(kind, key, value[key])}`;
    first = false;
  }
  return `${out}}`;
}

/** A field of a `kind` object: a nested schema, a payload, or a leaf. */
function field(kind, key, value) {
  if (kind === 'event_create') {
    if (key === 'principal') return schemaObject('principal', value);
    if (key === 'artifact_refs') return items(value, (ref) => schemaObject('artifact_ref', ref));
    if (key === 'tags') return items(value, leaf);
    if (key === 'payload_json') return payloadText(value);
  } else if (kind === 'link_create' && key === 'metadata_json') {
    return payloadText(value);
  }
  return leaf(value);
}

/** An array zod reads item by item (`input[i]` up to its length), or a leaf. */
function items(value, each) {
  if (!Array.isArray(value)) return leaf(value);
  const out = [];
  for (let i = 0; i < value.length; i += 1) out.push(each(value[i]));
  return `[${out.join(',')}]`;
}

/** What zod reads of a value where the schema wants a string or a number. */
function leaf(value) {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return numberWord(value) ?? JSON.stringify(value);
    case 'boolean':
      return String(value);
    case 'undefined':
    case 'bigint':
    case 'symbol':
      return typeof value;
    case 'function': {
      const length = value.length;
      return `function(${typeof length === 'number' && Number.isFinite(length) ? length : 0})`;
    }
    default:
      if (value === null) return 'null';
      // Of an array its length counts; of an object its class and `length`.
      if (Array.isArray(value)) return `[${Array(value.length).fill('null').join(',')}]`;
      return `${classOf(value)}{${'length' in value ? `"length":${leaf(value.length)}` : ''}}`;
  }
}

/** zod's name for an object whose prototype is not Object.prototype, as `@"Name"`. */
function classOf(value) {
  if (Object.getPrototypeOf(value) === Object.prototype || !('constructor' in value) || !value.constructor) return '';
  return `@${JSON.stringify(String(value.constructor.name))}`;
}

/**
 * zod's data for `input`: the core's stored form says which keys zod keeps
 * and in which order; every value is the caller's own, as zod hands back
 * (so `-0`, `NaN` in a payload, a lone surrogate, a `Date` stay what they
 * were). An event create's principal and artifact refs are objects zod
 * builds anew; everything else is taken whole.
 */
function dataFrom(kind, stored, input) {
  const out = {};
  for (const key of Object.keys(stored)) {
    const value = input[key];
    if (kind === 'event_create' && key === 'principal') {
      out[key] = dataFrom('principal', stored[key], value);
    } else if (kind === 'event_create' && key === 'artifact_refs' && Array.isArray(stored[key])) {
      out[key] = stored[key].map((ref, i) => dataFrom('artifact_ref', ref, value[i]));
    } else if (key === 'tags' && kind === 'event_create' && Array.isArray(stored[key])) {
      out[key] = Array.from(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * zod's data for `input` where the core found its stored form to be the
 * caller's own keys in their order (`keysAsGiven`): the objects zod builds
 * anew (the root, an event create's principal and artifact refs, its tags)
 * copied key by key as `for…in` lists them, every value the caller's own.
 */
function copyAsGiven(kind, input) {
  const out = {};
  for (const key in input) {
    const value = input[key];
    if (kind === 'event_create' && key === 'principal' && isObject(value)) {
      out[key] = copyAsGiven('principal', value);
    } else if (kind === 'event_create' && key === 'artifact_refs' && Array.isArray(value)) {
      out[key] = value.map((ref) => copyAsGiven('artifact_ref', ref));
    } else if (kind === 'event_create' && key === 'tags' && Array.isArray(value)) {
      out[key] = Array.from(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

const isObject = (value) => typeof value === 'object' && value !== null;

/**
 * `copyAsGiven` of a plain document (`isPlainDocument`), whose own keys
 * are the ones `for…in` lists: the root copied by the engine's own object
 * copy, which is the cheaper, unless it holds a symbol key (a copy would
 * keep it; zod's data has none).
 */
function copyPlain(kind, input) {
  if (Object.getOwnPropertySymbols(input).length > 0) return copyAsGiven(kind, input);
  const out = { ...input };
  if (kind === 'event_create') {
    // Each assigned only where it is a key already: its place is kept.
    const { principal, artifact_refs: refs, tags } = out;
    if (isObject(principal)) out.principal = copyAsGiven('principal', principal);
    if (Array.isArray(refs)) out.artifact_refs = refs.map((ref) => copyAsGiven('artifact_ref', ref));
    if (Array.isArray(tags)) out.tags = Array.from(tags);
  }
  return out;
}

// Most callers hand over what `JSON.parse` made: plain objects, arrays,
// strings, finite numbers, booleans and `null`. For those `JSON.stringify`
// writes the very text `documentText` would (the core then reads plain
// JSON), and it is the engine's own writer, several times faster. Anything
// else takes `documentText`.

/**
 * Whether JavaScript's own objects are as a plain value expects them: no
 * enumerable key inherited by every object (which `for…in`, and so zod,
 * would read and `JSON.stringify` would not), no inherited `toJSON`.
 */
function prototypesUntouched() {
  for (const key in EMPTY) return false;
  return EMPTY.toJSON === undefined && NO_ITEMS.toJSON === undefined;
}
const EMPTY = {};
const NO_ITEMS = [];

/** A string, finite number, boolean or `null`: what both writers spell alike. */
function isLeaf(value) {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return value - value === 0;
    default:
      return value === null;
  }
}

/** An object whose prototype is Object.prototype or none, so zod names no class for it. */
function isPlainObject(value) {
  if (!isObject(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A plain object whose every value is a leaf. */
function isFlat(value) {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!isLeaf(value[key])) return false;
  return true;
}

/** An array whose every item passes `each` (a hole is `undefined`, which fails). */
function isArrayOf(value, each) {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!each(value[i])) return false;
  return true;
}

/**
 * A payload `JSON.stringify` writes inside its object as `payloadText`
 * writes it alone: present, and with no `toJSON` of its own at the top
 * (which would be given its key); a BigInt or a cycle makes the whole
 * write throw, and the caller falls back.
 */
function isPayload(value) {
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
    case 'object':
      return value === null || typeof value.toJSON !== 'function';
    default:
      return true;
  }
}

/** A flat object or a leaf: an artifact ref, or what stands in its place. */
const isRefLike = (value) => isLeaf(value) || isFlat(value);

/** Whether a field of a `kind` object is written alike by `JSON.stringify` and `field`. */
function isPlainField(kind, key, value) {
  if (kind === 'event_create') {
    switch (key) {
      case 'principal':
        return isLeaf(value) || isFlat(value);
      case 'artifact_refs':
        return isLeaf(value) || isArrayOf(value, isRefLike);
      case 'tags':
        return isLeaf(value) || isArrayOf(value, isLeaf);
      case 'payload_json':
        return isPayload(value);
      default:
        return isLeaf(value);
    }
  }
  return kind === 'link_create' && key === 'metadata_json' ? isPayload(value) : isLeaf(value);
}

/** Whether `JSON.stringify(input)` is `documentText(kind, input)` in what the core reads. */
function isPlainDocument(kind, input) {
  if (!isPlainObject(input)) return false;
  for (const key in input) if (!isPlainField(kind, key, input[key])) return false;
  return prototypesUntouched();
}

/** `JSON.stringify(input)` for a plain document, else `undefined`. */
function plainText(kind, input) {
  if (!isPlainDocument(kind, input)) return undefined;
  try {
    return JSON.stringify(input);
  } catch {
    // A BigInt or a cycle in a payload: the caller spells it.
    return undefined;
  }
}

/**
 * The core's `validate` answer on `input` under upstream's schema of `kind`,
 * through the document entry: the document's text goes in as it is, never
 * escaped inside call JSON.
 */
function validateUpstream(kind, input, extra) {
  const options = { profile: 'upstream', jsValues: true, withNormalized: true, ...extra };
  const answer = JSON.parse(validateDocument(documentText(kind, input), kind, options));
  if (answer.type !== 'success') throw new CoreCallError('validate', answer.error);
  return answer;
}

// What `safeParse` asks of the core: zod's issues (errors alone; what only
// warns is not looked for), and the stored form only where it is not the
// caller's own keys in their order.
const SAFE_PARSE = Object.freeze({ profile: 'upstream', withNormalized: true, errorsOnly: true, keysAsGiven: true });
const SAFE_PARSE_JS = Object.freeze({ ...SAFE_PARSE, jsValues: true });

// Each kind's entry, its options read once (made at the first call: in a
// browser the module is not ready before `init()`).
const entries = new Map();

/** The entry deciding a plain (`plain`) or spelt document of `kind` for `safeParse`. */
function entryFor(kind, plain) {
  const key = plain ? kind : `${kind} js`;
  let entry = entries.get(key);
  if (entry === undefined) {
    entry = documentEntry(kind, plain ? SAFE_PARSE : SAFE_PARSE_JS);
    entries.set(key, entry);
  }
  return entry;
}

/** zod's `safeParse` of `input` under the schema of `kind`, as the core answers it. */
function safeParseAs(kind, input) {
  const text = plainText(kind, input);
  const plain = text !== undefined;
  const answer = plain ? entryFor(kind, true)(text) : entryFor(kind, false)(documentText(kind, input));
  if (answer === true) return { success: true, data: plain ? copyPlain(kind, input) : copyAsGiven(kind, input) };
  const read = JSON.parse(answer);
  if (read.type !== 'success') throw new CoreCallError('validate', read.error);
  const issues = upstreamIssues(read.diagnostics);
  if (issues.length > 0) return { success: false, error: handedBack(issues) };
  if (read.normalized !== undefined) return { success: true, data: dataFrom(kind, read.normalized, input) };
  return { success: true, data: plain ? copyPlain(kind, input) : copyAsGiven(kind, input) };
}

/** A schema with zod's `safeParse` and `parse`, answered by the core. */
function schema(kind) {
  const safeParse = (input) => safeParseAs(kind, input);
  return Object.freeze({
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw new SchemaError(result.error.issues);
      return result.data;
    },
  });
}

export const WorkGraphPrincipalSchema = schema('principal');
export const WorkGraphArtifactRefSchema = schema('artifact_ref');
export const WorkGraphEventCreateSchema = schema('event_create');
export const WorkGraphEventLinkCreateSchema = schema('link_create');

// --------------------------------------------------------------- principals

// Upstream's two principal functions read the object without its schema
// (a human by `id`, anything else by `on_behalf_of`); the core answers them
// whatever the schema says of the rest. What they throw on (no object at
// all; a human whose `id` has no `trim`) throws here the same way.

/**
 * Whether a principal has someone accountable for it: the core does not
 * call it `principal/unaccountable` (a human with a blank `id`, anything
 * else without a non-blank string `on_behalf_of`).
 */
export function isPrincipalAccountable(principal) {
  // A human's `id` that is no string (a String object, say) has no text
  // the core could read: upstream's own expression decides it, or throws.
  if (principal.kind === 'human' && typeof principal.id !== 'string') return principal.id.trim().length > 0;
  const answer = validateUpstream('principal', principal);
  return !answer.diagnostics.some((d) => d.code === 'principal/unaccountable');
}

/**
 * Whether a principal resolves to the authenticated hub owner (a human by
 * its id, anything else by `on_behalf_of`), compared exactly with
 * `String(ownerUserId)`: the core does not call it `principal/not-owner`.
 */
export function principalMatchesAuthenticatedOwner(principal, ownerUserId) {
  const owner = String(ownerUserId);
  const human = principal.kind === 'human';
  if (owner !== wellFormed(owner)) {
    // The core's strings are Unicode and cannot hold an owner id with half
    // a surrogate pair: that one is compared here, exactly, with the field
    // upstream reads.
    return (human ? principal.id : principal.on_behalf_of) === owner;
  }
  const answer = validateUpstream('principal', principal, { owner });
  return !answer.diagnostics.some((d) => d.code === 'principal/not-owner');
}

// ------------------------------------------------------------ notify footer

// The core reads text as Unicode. A JavaScript string may hold half a
// surrogate pair (a string cut by `slice`), which upstream's parsers pass
// through: it is sent as U+FFFD, one UTF-16 unit for one, so every index
// the core answers is an index of the caller's own string, and what the
// answer holds of the text is taken from that string.
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = typeof String.prototype.toWellFormed === 'function'
  ? (text) => text.toWellFormed()
  : (text) => text.replace(LONE, '\uFFFD');

// Where the core answers strings built from the caller's (ids, clamped
// fields), each distinct half pair is sent as a stand-in instead: a
// private-use character none of the caller's strings holds, mapped back in
// the answer. The core counts a stand-in as upstream counts the surrogate
// where a count matters (notify.elevate's `standIns`).
const PRIVATE_USE = /[\uE000-\uF8FF]/g;

/** Every string of a call's value, mapped by `f` (objects and arrays walked). */
function mapStrings(value, f) {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, f));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, f);
  return out;
}

/**
 * The stand-ins for the half pairs in `value`'s strings, or `null` where
 * there are none: `encode` and `decode` map a string there and back,
 * `chars` lists them. There are 6,400 private-use characters and 2,048
 * surrogates; should a caller's strings take so many of the first that none
 * is left, U+FFFD stands in, as for the text functions.
 */
function standInsFor(value) {
  const lone = new Set();
  const taken = new Set();
  mapStrings(value, (text) => {
    for (const [unit] of text.matchAll(LONE)) lone.add(unit);
    if (lone.size > 0) for (const [char] of text.matchAll(PRIVATE_USE)) taken.add(char);
    return text;
  });
  if (lone.size === 0) return null;
  const to = new Map();
  const from = new Map();
  let code = 0xe000;
  for (const unit of lone) {
    while (code <= 0xf8ff && taken.has(String.fromCharCode(code))) code += 1;
    const char = code <= 0xf8ff ? String.fromCharCode(code) : '\uFFFD';
    code += 1;
    to.set(unit, char);
    if (char !== '\uFFFD') from.set(char, unit);
  }
  return {
    chars: [...from.keys()].join(''),
    encode: (text) => text.replace(LONE, (unit) => to.get(unit)),
    decode: (text) => text.replace(PRIVATE_USE, (char) => from.get(char) ?? char),
  };
}

/**
 * The footer and the prose before it, as upstream holds them, or `null`:
 * the footer's fields are the ones the core keeps, each parsed from the
 * caller's own text where the footer stands (`JSON.parse`, as upstream).
 */
function footerOf(text) {
  if (typeof text !== 'string' || text.length === 0) return null;
  const answer = ask('notify.parse', { text: wellFormed(text), withFooterAt: true });
  if (answer.summary === null) return null;
  const [start, end] = answer.footerAt;
  const parsed = JSON.parse(text.slice(start, end));
  const summary = {};
  for (const key of Object.keys(answer.summary)) summary[key] = parsed[key];
  return { visibleText: text.slice(0, answer.visibleText.length), summary };
}

/** The `AGENT_NOTIFY_SUMMARY` footer of an agent turn, or `null`. */
export function extractNotifySummary(text) {
  return footerOf(text)?.summary ?? null;
}

/** The footer and the prose before it (`{visibleText, summary}`), or `null` without a footer. */
export function splitNotifySummary(text) {
  return footerOf(text);
}

/** The text without its footer, or the text itself when it has none. */
export function stripNotifySummaryFooter(text) {
  return footerOf(text)?.visibleText ?? text;
}

/**
 * The `work_ad` event create upstream's hub writes for a footer (snake_case,
 * a POST body), with upstream's parameters: `ts` is the assistant
 * message's `createdAt` in milliseconds; `expiresAt`, when given, replaces
 * `ts` plus 24 hours; `cause` is upstream's `WorkAdCause`. As upstream's
 * builder, it refuses nothing: a create upstream's store would refuse (an
 * empty session id, an id over its cap, a blank owner) is answered, and the
 * store's schema refuses it.
 */
export function buildWorkAdFromNotify(params) {
  const { sessionId, messageId, notify, ownerUserId, ts, flavor, cause, relatedEventId, expiresAt } = params;
  // Numbers JSON cannot carry (NaN, the infinities, -0) are the caller's
  // arithmetic, not a decision: the core gets a stand-in, the create the
  // number upstream's `expiresAt ?? ts + 24 h` gives (a non-finite `ts`
  // stays what it is when 24 hours are added).
  const spelt = (x) => typeof x === 'number' && Number.isFinite(x) && !Object.is(x, -0);
  const expires = expiresAt ?? (Number.isFinite(ts) ? undefined : ts);
  let elevation = {
    sessionId,
    messageId,
    notify: footerFields(notify),
    ownerUserId: String(ownerUserId),
    ts: Number.isFinite(ts) ? ts : 0,
    unchecked: true,
  };
  if (flavor) elevation.flavor = flavor;
  if (cause) elevation.cause = causeOf(cause);
  if (relatedEventId) elevation.relatedEventId = relatedEventId;
  if (expires != null) elevation.expiresAt = spelt(expires) ? expires : 0;
  const lone = standInsFor(elevation);
  if (lone !== null) elevation = { ...mapStrings(elevation, lone.encode), standIns: lone.chars };
  let event = ask('notify.elevate', elevation).event;
  if (lone !== null) event = mapStrings(event, lone.decode);
  if (expires != null && !spelt(expires)) event.expires_at = expires;
  // Upstream writes the cause's sequence number as it was given.
  if ('causeMessageId' in event.payload_json) event.payload_json.causeSeq = cause.causeSeq;
  // Upstream's object names `related_event_id` even when it holds nothing.
  const { related_event_id: related, provenance, ...head } = event;
  const { source_kind, source_ref, event_type, summary, payload_json, tags, related_session_id, ...tail } = head;
  return {
    source_kind, source_ref, event_type, summary, payload_json, tags, related_session_id,
    related_event_id: related, provenance, ...tail,
  };
}

/** Upstream's `WorkAdCause` as the core's cause. */
function causeOf(cause) {
  const out = { messageId: cause.causeMessageId };
  if (cause.causeText != null) out.text = cause.causeText;
  if (cause.causeKind != null) out.kind = cause.causeKind;
  if (typeof cause.causeSeq === 'number' && Number.isFinite(cause.causeSeq)) out.seq = cause.causeSeq;
  if (cause.causeCursorMessageId) out.cursorMessageId = cause.causeCursorMessageId;
  return out;
}

/** The footer's fields the builder reads (upstream's never reads `version`). */
function footerFields(notify) {
  const out = {};
  for (const key of ['agent', 'project', 'status', 'action', 'summary']) {
    if (notify[key] !== undefined) out[key] = notify[key];
  }
  return out;
}

/**
 * The work-ad status of a footer's status, as the core elevates it: the
 * status of the create for a footer that has only that status.
 */
export function mapNotifyStatusToWorkAdStatus(status) {
  const notify = typeof status === 'string' ? { status: wellFormed(status) } : {};
  const elevation = { sessionId: 's', messageId: 'm', notify, ownerUserId: 'owner', ts: 0 };
  return ask('notify.elevate', elevation).event.payload_json.status;
}

// ---------------------------------------------------------------- citations

/** Every session id the text cites, distinct, in first-seen order. */
export function extractSessionCitationIds(text) {
  if (!text) return [];
  // As upstream's regular expression reads it (a symbol throws).
  const string = `${text}`;
  const lone = standInsFor(string);
  if (lone === null) return ask('citation.extract', { text: string }).ids;
  return ask('citation.extract', { text: lone.encode(string) }).ids.map(lone.decode);
}

/**
 * One pasted citation or id prefix as the id to resolve: the trimmed input
 * when it names no `/sessions/` path, `""` when it is ambiguous or cites
 * nothing usable.
 */
export function normalizeSessionIdPrefix(raw) {
  raw.trim(); // upstream's first step: a TypeError for what is no string
  const lone = standInsFor(raw);
  if (lone === null) return ask('citation.normalize', { raw }).id;
  return lone.decode(ask('citation.normalize', { raw: lone.encode(raw) }).id);
}
