// Wire types of hapi-a2a-core, generated from the Rust types; do not edit.
// Raw JSON is `unknown`, never `any`.

/**
 * An answer: success with the op's fields, or failure with an error.
 */
export type Answer<T> = { "type": "success" } & T | { "type": "failure", 
/**
 * Why.
 */
error: CallError, };

/**
 * The verdict on one ref.
 */
export type ArtifactLocalityAnswer = { 
/**
 * The sink can fetch it without the source machine.
 */
resolvable: boolean, 
/**
 * Stable code saying why (`artifact/*`).
 */
code: string, 
/**
 * One line for a human; never contains the handle's text.
 */
reason: string, 
/**
 * The canonical identity of what the ref points at
 * (`github_pr:owner/repo#123`, ...), when it has one and carries no secret.
 */
identity?: string, };

/**
 * `artifact.locality`: one ref, the sink, and the source when known.
 */
export type ArtifactLocalityCall = { 
/**
 * The artifact ref as written (`{kind, url?, ref?, locality?, ...}`, snake_case inside).
 */
ref: unknown, 
/**
 * Where the ref was written, when known (`{machineId, sessionId}`).
 */
source?: Endpoint, 
/**
 * Where it is to be resolved (`{machineId, sessionId, namespace?}`).
 */
sink: Endpoint, };

/**
 * Why a call could not be answered.
 */
export type CallError = { 
/**
 * Stable code, `area/kebab-case`.
 */
code: string, 
/**
 * One line, lowercase start, no trailing period.
 */
message: string, };

/**
 * What this core knows.
 */
export type CapabilitiesAnswer = { 
/**
 * The crate version.
 */
version: string, 
/**
 * The A2A capabilities, in phase order.
 */
capabilities: Array<Capability>, 
/**
 * Every operation `call` answers.
 */
ops: Array<string>, 
/**
 * Every document kind `validate` knows.
 */
kinds: Array<DocumentKind>, };

/**
 * `capabilities` takes no fields.
 */
export type CapabilitiesCall = Record<symbol, never>;

/**
 * One A2A capability.
 */
export type Capability = { 
/**
 * Stable name (camelCase, as upstream's `/health` capabilities).
 */
name: string, 
/**
 * The RFC layer it belongs to: `0` (chat path) or `1` (ledger objects).
 */
layer: number, 
/**
 * The RFC phase that ships it (`P0.4`, `P0.5`, `P1`, `P2`, `P3`).
 */
phase: string, 
/**
 * One line on what it is.
 */
summary: string, };

/**
 * One finding about a document.
 */
export type Diagnostic = { 
/**
 * Stable code, `area/kebab-case`.
 */
code: string, 
/**
 * How much it matters.
 */
severity: Severity, 
/**
 * One line, lowercase start, no trailing period; user values in backticks.
 */
message: string, 
/**
 * Where, as an RFC 6901 pointer into the document.
 */
instancePath: string, 
/**
 * Where in the JSON Schema, when the finding comes from one.
 */
schemaPath?: string, 
/**
 * What to do about it.
 */
help?: string, };

/**
 * The kinds of document `validate` knows.
 */
export type DocumentKind = "principal";

/**
 * One end of a handoff: where a session runs.
 */
export type Endpoint = { 
/**
 * The machine the session runs on (`""` when unknown).
 */
machineId: string, 
/**
 * The session (`""` when unknown).
 */
sessionId: string, 
/**
 * The hub namespace, when known.
 */
namespace?: string, };

/**
 * Writer or reader.
 */
export type Mode = "strict" | "lenient";

/**
 * Which notice this is.
 */
export type NoticeKind = "receipt" | "late_receipt" | "timeout";

/**
 * The notice the source session gets.
 */
export type NoticeReceiptAnswer = { 
/**
 * `receipt`, `late_receipt` or `timeout`.
 */
kind: NoticeKind, 
/**
 * The handoff's `notify_source` (only an explicit `false` turns it off).
 */
notifySource: boolean, 
/**
 * The notice text; `null` when `notifySource` is false (nothing is sent).
 */
text: string | null, };

/**
 * `notice.receipt`: the handoff and, when there is one, its receipt.
 */
export type NoticeReceiptCall = { 
/**
 * The handoff's event row (`eventType` `handoff`).
 */
handoff: unknown, 
/**
 * The receipt's event row (`eventType` `handoff_receipt`, `relatedEventId`
 * naming the handoff); absent for a timeout notice.
 */
receipt?: unknown, 
/**
 * A timeout notice for this handoff already went out (the receipt is late).
 */
timeoutNoticeSent?: boolean, 
/**
 * The time of a timeout notice, in ms since the epoch.
 */
now?: number, };

/**
 * The text the receiving agent sees.
 */
export type PeerAnnotateAnswer = { 
/**
 * The text with upstream's `From:` provenance line(s).
 */
text: string, };

/**
 * `peer.annotate`: a stored message meta and the message text.
 */
export type PeerAnnotateCall = { 
/**
 * The message's `meta` (any JSON; only `sentFrom:"peer"` annotates).
 */
meta: unknown, 
/**
 * The message text, kept literal.
 */
text: string, 
/**
 * `prefix` (the default) or `suffix`.
 */
placement?: Placement, };

/**
 * The sender chip, exactly as the webapp renders it.
 */
export type PeerBadgeAnswer = { 
/**
 * `@<title>`, `@<first 8 of id>` or `@peer`.
 */
label: string, 
/**
 * The hover text (lines joined with `\n`).
 */
tooltip: string, 
/**
 * Whether the hub named the source session.
 */
attributed: boolean, 
/**
 * Whether the chip links to the source session.
 */
navigable: boolean, 
/**
 * The link, when navigable.
 */
href?: string, };

/**
 * `peer.badge`: a stored message meta and what the webapp knows of the source.
 */
export type PeerBadgeCall = { 
/**
 * The message's `meta`.
 */
meta: unknown, 
/**
 * The source session's title in the live session list, if any.
 */
sourceTitle?: string, 
/**
 * Whether the source session is in the live session list.
 */
sourceListed?: boolean, };

/**
 * The meta the hub stores on the delivered user message.
 */
export type PeerMetaAnswer = { 
/**
 * `{sentFrom:"peer", deliveryMode?, peer?:{sourceSessionId, sourceName?}}`.
 */
meta: unknown, 
/**
 * A `peer/body-field-ignored` warning for each source claim in the body.
 */
diagnostics: Array<Diagnostic>, };

/**
 * `peer.meta`: what the hub authenticated, and the request body.
 */
export type PeerMetaCall = { 
/**
 * The source session id the hub authenticated (the peer-messages
 * route's path id); absent for an unattributed peer delivery.
 */
authenticatedSourceSessionId?: string, 
/**
 * The hub's snapshot of the source session's name.
 */
sourceName?: string, 
/**
 * The request body as the client sent it (never authoritative for the source).
 */
body: unknown, };

/**
 * Where the provenance line goes: before the text (the default) or after
 * it (upstream's Pi placement, so a first-line command stays first).
 */
export type Placement = "prefix" | "suffix";

/**
 * The message the worker reads.
 */
export type ProjectHandoffAnswer = { 
/**
 * The rendered projection.
 */
text: string, 
/**
 * The projection's own format version (independent of storage).
 */
formatVersion: string, };

/**
 * `project.handoff`: a stored handoff row and where the worker runs.
 */
export type ProjectHandoffCall = { 
/**
 * The handoff's event row (camelCase top level, `payloadJson` verbatim).
 */
event: unknown, 
/**
 * The hub handle to print (default `/api/work-graph/events/<id>`).
 */
handle?: string, 
/**
 * Where the worker (the sink) runs; without it refs are not checked.
 */
sink?: Endpoint, 
/**
 * Where the requester (the source) runs, when known.
 */
source?: Endpoint, };

/**
 * The JSON Schema engine's own report, when asked for.
 */
export type SchemaReport = { 
/**
 * The schema accepts the document.
 */
valid: boolean, 
/**
 * What the schema engine found (code `schema/violation`, with `schemaPath`).
 */
diagnostics: Array<Diagnostic>, };

/**
 * One secret found: the rule and the place, never the value.
 */
export type SecretFinding = { 
/**
 * The rule, a `secret/*` code.
 */
code: string, 
/**
 * Where in `value`, as an RFC 6901 pointer.
 */
instancePath: string, };

/**
 * Every finding, sorted by pointer then code.
 */
export type SecretsScanAnswer = { 
/**
 * What was found; empty when the value is clean.
 */
findings: Array<SecretFinding>, };

/**
 * `secrets.scan`: any JSON value.
 */
export type SecretsScanCall = { 
/**
 * The value to scan (strings and object keys, at any depth).
 */
value: unknown, };

/**
 * How much a finding matters.
 */
export type Severity = "error" | "warning" | "info";

/**
 * The verdict on one document.
 */
export type ValidateAnswer = { 
/**
 * No error diagnostics.
 */
valid: boolean, 
/**
 * Every finding, sorted.
 */
diagnostics: Array<Diagnostic>, 
/**
 * The document as stored (strict, when valid) or as read (lenient).
 */
normalized?: unknown, 
/**
 * The JSON Schema engine's report, when `withSchema` was set.
 */
schema?: SchemaReport, };

/**
 * `validate`: one document of a known kind, in a mode.
 */
export type ValidateCall = { 
/**
 * The document kind (`principal`, `event_create`, ...).
 */
kind: DocumentKind, 
/**
 * `strict` (a writer; the default) or `lenient` (a reader).
 */
mode?: Mode, 
/**
 * The document as JSON.
 */
document?: unknown, 
/**
 * The document as raw JSON text (for parse-level checks).
 */
documentText?: string, 
/**
 * The writer is an HTTP client: reserved provenance is refused.
 */
httpWriter?: boolean, 
/**
 * Also run the published JSON Schema (needs the `schema` feature).
 */
withSchema?: boolean, };

/** Every operation name `call` answers. */
export type Op = "capabilities" | "validate" | "project.handoff" | "notice.receipt" | "peer.meta" | "peer.annotate" | "peer.badge" | "artifact.locality" | "secrets.scan";
