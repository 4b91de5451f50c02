// Upstream HAPI's names over the core (see upstream.js). The types of the
// core's own answers (the footer, the work_ad create) are the package's
// wire types; the rest describe upstream's zod schemas and functions.
// Where the module still differs from upstream, and why: the package's
// docs/profiles.md, "The drop-in".
import type { Diagnostic, NotifySummary, OwnerId, WorkAdCreate } from "#core";

export type { NotifySummary, OwnerId, WorkAdCreate };

/** A call the core answered with a failure: its code and message, verbatim. */
export declare class CoreCallError extends Error {
  /** The failure of `op`, as the core's answer carries it. */
  constructor(op: string, error: { code: string; message: string });
  /** The op that failed (`validate`, `notify.parse`, ...). */
  readonly op: string;
  /** The core's stable code (`call/too-large`, `notify/empty-session-id`, ...). */
  readonly code: string;
}

/** One schema issue, as zod reports it. */
export type SchemaIssue = {
  /** zod's issue code (`invalid_type`, `too_small`, `too_big`, `custom`, `invalid_union`, ...). */
  code: string;
  /** Where: object keys, and array indices as numbers; `[]` is the input itself. */
  path: Array<string | number>;
  /** zod's message. */
  message: string;
};

/** zod's `flatten()`: root messages, and the others by the first key of their path. */
export type FlattenedSchemaError<T = string> = {
  formErrors: T[];
  fieldErrors: { [key: string]: T[] };
};

/** zod's `flatten()` of a list of issues (what `SchemaError.flatten` answers). */
export declare function flattenIssues(issues: readonly SchemaIssue[]): FlattenedSchemaError;
export declare function flattenIssues<T>(
  issues: readonly SchemaIssue[],
  mapper: (issue: SchemaIssue) => T,
): FlattenedSchemaError<T>;

/** The zod issues among a `validate` answer's diagnostics (those that carry `upstream`), in order. */
export declare function upstreamIssues(diagnostics: readonly Diagnostic[]): SchemaIssue[];

/** The issues of a refused input (zod's error shape). */
export declare class SchemaError extends Error {
  readonly issues: SchemaIssue[];
  flatten(): FlattenedSchemaError;
  flatten<T>(mapper: (issue: SchemaIssue) => T): FlattenedSchemaError<T>;
}

/** What `safeParse` answers. */
export type SafeParseResult<T> =
  | { success: true; data: T; error?: never }
  | { success: false; error: SchemaError; data?: never };

/** A schema with zod's `safeParse` and `parse`. */
export interface UpstreamSchema<T> {
  /**
   * The parsed data (unknown keys stripped; the values the caller's own), or
   * the issues. Never throws, but for a document over 1 MiB of JSON text
   * (`CoreCallError`, `call/too-large`). The value is read as zod reads it
   * (fields by `for…in`, inherited ones too; no `toJSON`); a payload as
   * `JSON.stringify` writes it.
   */
  safeParse(input: unknown): SafeParseResult<T>;
  /** The parsed data; throws the SchemaError on a refusal. */
  parse(input: unknown): T;
}

/** A principal as upstream's schema parses it (a human carries no `on_behalf_of`). */
export type WorkGraphPrincipal =
  | { kind: "human"; id: string }
  | { kind: "agent"; id: string; on_behalf_of: string }
  | { kind: "service"; id: string; on_behalf_of: string };

/** An artifact ref as upstream's schema parses it: other keys are kept. */
export type WorkGraphArtifactRef = {
  kind: string;
  url?: string;
  title?: string;
  ref?: string | null;
  source?: string;
  created_at?: number;
  [key: string]: unknown;
};

/** An event create (a POST body) as upstream's schema parses it. */
export type WorkGraphEventCreate = {
  source_kind: string;
  source_ref: string;
  sink_kind?: string;
  sink_ref?: string;
  event_type: string;
  summary?: string;
  payload_json?: unknown;
  artifact_refs?: WorkGraphArtifactRef[];
  tags?: string[];
  related_session_id?: string;
  related_event_id?: string;
  provenance?: string;
  idempotency_key?: string;
  dedupe_key?: string;
  confidence?: number;
  severity?: string;
  expires_at?: number;
  principal: WorkGraphPrincipal;
};

/** A link create (a POST body) as upstream's schema parses it. */
export type WorkGraphEventLinkCreate = {
  from_event_id: string;
  to_event_id: string;
  relation_type: string;
  metadata_json?: unknown;
};

export declare const WorkGraphPrincipalSchema: UpstreamSchema<WorkGraphPrincipal>;
export declare const WorkGraphArtifactRefSchema: UpstreamSchema<WorkGraphArtifactRef>;
export declare const WorkGraphEventCreateSchema: UpstreamSchema<WorkGraphEventCreate>;
export declare const WorkGraphEventLinkCreateSchema: UpstreamSchema<WorkGraphEventLinkCreate>;

/**
 * Upstream's rule, whatever the schema says: a human by a non-blank `id`,
 * anything else by a non-blank string `on_behalf_of`. Throws a TypeError
 * where upstream's does (no object; a human whose `id` is not a string).
 */
export declare function isPrincipalAccountable(principal: WorkGraphPrincipal): boolean;

/** Whether the principal resolves to `String(ownerUserId)` (a human by `id`, else `on_behalf_of`), exactly. */
export declare function principalMatchesAuthenticatedOwner(principal: WorkGraphPrincipal, ownerUserId: OwnerId): boolean;

/** The footer on the last non-blank line of an agent turn, or `null`. */
export declare function extractNotifySummary(text: string): NotifySummary | null;

/** The footer and the prose before it, or `null` when there is no footer. */
export declare function splitNotifySummary(text: string): { visibleText: string; summary: NotifySummary } | null;

/** The text without its footer, or the text itself when it has none. */
export declare function stripNotifySummaryFooter(text: string): string;

/** The user message that caused an agent turn, as upstream's hub resolves it. */
export type WorkAdCause = {
  causeMessageId: string;
  causeText: string | null;
  causeKind: string | null;
  causeSeq: number | null;
  causeCursorMessageId: string | null;
};

/** What `buildWorkAdFromNotify` needs (upstream's parameters); all of it comes from the hub. */
export type BuildWorkAdFromNotifyParams = {
  /** The session of the agent turn. */
  sessionId: string;
  /** The assistant message that carried the footer. */
  messageId: string;
  /** The footer, as `extractNotifySummary` answers it. */
  notify: NotifySummary;
  /** The hub owner the session acts for (written with `String(...)`). */
  ownerUserId: string | number;
  /** The assistant message's `createdAt`, in milliseconds; it anchors the default `expires_at`. */
  ts: number;
  /** The session's agent flavor (tagged `flavor:<f>` when non-empty). */
  flavor?: string | null;
  /** When the ad stops being current, in milliseconds (default: `ts` plus 24 hours). */
  expiresAt?: number;
  /** The user message that caused the turn, as the hub resolved it. */
  cause?: WorkAdCause | null;
  /** The previous notify work ad of the session. */
  relatedEventId?: string | null;
};

/**
 * The `work_ad` event create upstream's hub writes for a footer. Refuses
 * nothing, as upstream's builder: the store's schema refuses what it must.
 */
export declare function buildWorkAdFromNotify(params: BuildWorkAdFromNotifyParams): WorkAdCreate;

/** The work-ad statuses a footer's status maps to. */
export type WorkAdStatus = "in_progress" | "blocked" | "needs_decision" | "done" | "failed" | "stale" | "unknown";

/** A footer's status as a work-ad status (`stalled` is `blocked`, anything unknown is `unknown`). */
export declare function mapNotifyStatusToWorkAdStatus(status?: string | null): WorkAdStatus;

/** Every session id the text cites, distinct, in first-seen order. */
export declare function extractSessionCitationIds(text: string): string[];

/** A pasted citation or id prefix as the one id to resolve; `""` when ambiguous. */
export declare function normalizeSessionIdPrefix(raw: string): string;
