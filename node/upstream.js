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
import { call } from '#core';

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
  constructor(issues) {
    // zod writes its issues as the message, two spaces a level.
    super(JSON.stringify(issues, null, 2));
    this.name = 'SchemaError';
    this.issues = issues;
  }

  /**
   * zod's `flatten()`: the messages of issues at the root as `formErrors`,
   * every other one under the first key of its path in `fieldErrors`, in
   * issue order. `mapper` turns an issue into what is listed (its message).
   */
  flatten(mapper = (issue) => issue.message) {
    const formErrors = [];
    const fieldErrors = {};
    for (const issue of this.issues) {
      if (issue.path.length === 0) {
        formErrors.push(mapper(issue));
      } else {
        const key = issue.path[0];
        (fieldErrors[key] ??= []).push(mapper(issue));
      }
    }
    return { formErrors, fieldErrors };
  }
}

/** An RFC 6901 pointer as a zod path: all-digit segments are array indices. */
function pathOf(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((raw) => {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment;
  });
}

/** The schema-level issues of a `validate` answer: the diagnostics upstream's zod reports. */
function issuesOf(answer) {
  return answer.diagnostics
    .filter((d) => d.upstream !== undefined)
    .map((d) => ({ code: d.upstream.code, path: pathOf(d.instancePath), message: d.upstream.message }));
}

/** An object JSON.stringify writes key by key. */
const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.toJSON !== 'function';

// The payload fields upstream measures as the UTF-8 bytes of
// `JSON.stringify(value)`, with their cap. A payload JSON.stringify cannot
// write (a BigInt, a cycle, a throwing `toJSON`) has no size upstream
// admits: its check refuses it with the size message.
const MEASURED = { event_create: 'payload_json', link_create: 'metadata_json' };
const MEASURED_CAP_BYTES = 32768;

/**
 * The JSON text of a value for the core, written as JSON.stringify writes
 * it. Where JSON.stringify cannot write it:
 *
 * - `undefined` (and a function or symbol, which it writes as nothing) is
 *   sent as `null`: JSON has no `undefined`, so the core's message says
 *   `received null` where zod's says `received undefined`; the code, the
 *   path and the verdict are the same;
 * - a measured payload it cannot write is sent as a string one byte over
 *   the payload cap, so the core refuses it with its own size issue, as
 *   upstream refuses it;
 * - a BigInt anywhere else, and the repeat of an object inside itself, are
 *   written as `null`, as JSON.stringify writes NaN and the infinities: a
 *   field that refuses them refuses `null` too (so does zod), with a
 *   message saying `received null`.
 */
function documentText(kind, input) {
  let text;
  try {
    text = JSON.stringify(input);
  } catch {
    return JSON.stringify(writable(kind, input), nullForUnwritable());
  }
  return text === undefined ? 'null' : text;
}

function writable(kind, input) {
  const key = MEASURED[kind];
  if (key === undefined || !isPlainObject(input) || !Object.prototype.hasOwnProperty.call(input, key)) return input;
  try {
    JSON.stringify(input[key]);
    return input;
  } catch {
    // Two quotes around one character fewer than the cap: one byte over it.
    return { ...input, [key]: 'x'.repeat(MEASURED_CAP_BYTES - 1) };
  }
}

/** A JSON.stringify replacer writing a BigInt, and an object inside itself, as `null`. */
function nullForUnwritable() {
  const open = [];
  return function replace(_key, value) {
    if (typeof value === 'bigint') return null;
    if (typeof value !== 'object' || value === null) return value;
    // `this` is the object holding `value`: the objects being written are
    // the ones from the root down to it.
    while (open.length > 0 && open[open.length - 1] !== this) open.pop();
    if (open.includes(value)) return null;
    open.push(value);
    return value;
  };
}

/** The core's `validate` answer on `input` under upstream's schema of `kind`. */
function validateUpstream(kind, input, extra) {
  return ask('validate', {
    kind,
    profile: 'upstream',
    documentText: documentText(kind, input),
    withNormalized: true,
    ...extra,
  });
}

/** zod's `safeParse` of `input` under the schema of `kind`, as the core answers it. */
function safeParseAs(kind, input) {
  const answer = validateUpstream(kind, input);
  const issues = issuesOf(answer);
  if (issues.length > 0) return { success: false, error: new SchemaError(issues) };
  return { success: true, data: dataOf(answer) };
}

/**
 * The parsed data of an input the schema accepts: the core's, present once
 * the schema passed (a route or store check may still refuse the write).
 */
function dataOf(answer) {
  if (answer.normalized !== undefined) return answer.normalized;
  // The core accepts what it cannot hand back (a lone surrogate, nesting
  // too deep for it): its note says so.
  const why = answer.diagnostics.find((d) => d.code === 'upstream/not-normalized');
  if (why !== undefined) throw new CoreCallError('validate', why);
  return undefined;
}

/** A schema with zod's `safeParse` and `parse`, answered by the core. */
function schema(kind) {
  const safeParse = (input) => safeParseAs(kind, input);
  return Object.freeze({
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw result.error;
      return result.data;
    },
  });
}

export const WorkGraphPrincipalSchema = schema('principal');
export const WorkGraphArtifactRefSchema = schema('artifact_ref');
export const WorkGraphEventCreateSchema = schema('event_create');
export const WorkGraphEventLinkCreateSchema = schema('link_create');

// --------------------------------------------------------------- principals

/**
 * Whether a principal has someone accountable for it: a well-formed
 * principal the core does not call `principal/unaccountable`.
 */
export function isPrincipalAccountable(principal) {
  const answer = validateUpstream('principal', principal);
  return issuesOf(answer).length === 0
    && !answer.diagnostics.some((d) => d.code === 'principal/unaccountable');
}

/**
 * Whether a principal resolves to the authenticated hub owner (a human by
 * its id, an agent or a service by `on_behalf_of`), compared exactly with
 * `String(ownerUserId)`: a well-formed principal the core does not call
 * `principal/not-owner`.
 */
export function principalMatchesAuthenticatedOwner(principal, ownerUserId) {
  const answer = validateUpstream('principal', principal, { owner: String(ownerUserId) });
  return issuesOf(answer).length === 0
    && !answer.diagnostics.some((d) => d.code === 'principal/not-owner');
}

// ------------------------------------------------------------ notify footer

// Upstream reads only a string: anything else is text without a footer,
// which is what the core answers for the empty text.
const textOf = (text) => (typeof text === 'string' ? text : '');

/** The `AGENT_NOTIFY_SUMMARY` footer of an agent turn, or `null`. */
export function extractNotifySummary(text) {
  return ask('notify.parse', { text: textOf(text) }).summary;
}

/** The footer and the prose before it (`{visibleText, summary}`), or `null` without a footer. */
export function splitNotifySummary(text) {
  const answer = ask('notify.parse', { text: textOf(text) });
  return answer.summary === null ? null : { visibleText: answer.visibleText, summary: answer.summary };
}

/** The text without its footer, or the text itself when it has none. */
export function stripNotifySummaryFooter(text) {
  const answer = ask('notify.parse', { text: textOf(text) });
  return answer.summary === null ? text : answer.visibleText;
}

/**
 * The `work_ad` event create upstream's hub writes for a footer (snake_case,
 * a POST body). `createdAt` is the assistant message's, in milliseconds;
 * `expiresAt`, when given, replaces `createdAt` plus 24 hours. `null` in an
 * optional field means it is absent.
 */
export function buildWorkAdFromNotify(params) {
  const { sessionId, messageId, notify, ownerUserId, createdAt, flavor, cause, relatedEventId, expiresAt } = params;
  const elevation = { sessionId, messageId, notify, ownerUserId, ts: createdAt };
  if (flavor != null) elevation.flavor = flavor;
  if (cause != null) elevation.cause = cause;
  if (relatedEventId != null) elevation.relatedEventId = relatedEventId;
  if (expiresAt != null) elevation.expiresAt = expiresAt;
  return ask('notify.elevate', elevation).event;
}

/**
 * The work-ad status of a footer's status, as the core elevates it: the
 * status of the create for a footer that has only that status.
 */
export function mapNotifyStatusToWorkAdStatus(status) {
  const notify = typeof status === 'string' ? { status } : {};
  const elevation = { sessionId: 's', messageId: 'm', notify, ownerUserId: 'owner', ts: 0 };
  return ask('notify.elevate', elevation).event.payload_json.status;
}

// ---------------------------------------------------------------- citations

/** Every session id the text cites, distinct, in first-seen order. */
export function extractSessionCitationIds(text) {
  return ask('citation.extract', { text }).ids;
}

/**
 * One pasted citation or id prefix as the id to resolve: the trimmed input
 * when it names no `/sessions/` path, `""` when it is ambiguous or cites
 * nothing usable.
 */
export function normalizeSessionIdPrefix(raw) {
  return ask('citation.normalize', { raw }).id;
}
