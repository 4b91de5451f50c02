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
 * Writer or reader.
 */
export type Mode = "strict" | "lenient";

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
export type Op = "capabilities" | "validate";
