// Wire types of hapi-a2a-core, generated from the Rust types; do not edit.
// Raw JSON is `unknown`, never `any`.

/**
 * An answer: success with the op's fields, or failure with an error.
 */
export type Answer<T> = { "type": "success" } & T | {
  "type": "failure",
  /**
   * Why.
   */
  error: CallError,
};

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
  identity?: string,
};

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
  sink: Endpoint,
};

/**
 * An event whose refs match an artifact.
 */
export type ArtifactMatch = {
  /**
   * The event's id.
   */
  eventId: string,
  /**
   * Where in the row the matching refs are.
   */
  matchedAt: Array<string>,
  /**
   * The full row.
   */
  event: unknown,
};

/**
 * `by: artifact`.
 */
export type ArtifactView = {
  /**
   * The queried ref, as given.
   */
  ref: unknown,
  /**
   * Its canonical identity (`github_pr:owner/repo#123`, ...).
   */
  identity?: string,
  /**
   * Handoffs touching it, newest first.
   */
  handoffs: Array<ArtifactMatch>,
  /**
   * Receipts touching it (refs or check outputs), newest first.
   */
  receipts: Array<ArtifactMatch>,
  /**
   * Work ads touching it, newest first.
   */
  ads: Array<ArtifactMatch>,
  /**
   * Other events touching it, newest first.
   */
  others: Array<ArtifactMatch>,
};

/**
 * Where a delegated authority comes from.
 */
export type AuditChain = {
  /**
   * The grants followed, nearest first.
   */
  grants: Array<string>,
  /**
   * Whether the chain ends at a human principal.
   */
  endsAtHuman: boolean,
  /**
   * That human principal.
   */
  human?: unknown,
  /**
   * Why not, when it does not.
   */
  code?: string,
};

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
  message: string,
};

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
  kinds: Array<DocumentKind>,
  /**
   * What the declaring client may be sent (only when `client` was given).
   */
  offer?: Offer,
};

/**
 * `capabilities`: optionally, what the asking client understands.
 */
export type CapabilitiesCall = {
  /**
   * The client's declared capabilities and vocabularies; when given, the
   * answer says what it may be sent (`offer`).
   */
  client?: ClientDeclaration,
};

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
  summary: string,
};

/**
 * The user message that caused the agent turn, as the hub resolved it.
 */
export type Cause = {
  /**
   * The cause message id (`causeMessageId`); when empty, no cause keys
   * are written at all, as upstream.
   */
  messageId: string,
  /**
   * The cause text (`causeText`, `null` when absent).
   */
  text?: string,
  /**
   * How it arrived, the trimmed `meta.sentFrom` (`causeKind`, `null` when absent).
   */
  kind?: string,
  /**
   * The cursor sequence number (`causeSeq`, `null` when absent).
   */
  seq?: number,
  /**
   * The cursor message id (`causeCursorMessageId`, written only when non-empty).
   */
  cursorMessageId?: string,
};

/**
 * One change between the schemas.
 */
export type Change = {
  /**
   * Where, as a JSON Pointer into the schemas (the new schema's layout; the
   * old one's for removals; a shared `$ref` target is reported at the target).
   */
  path: string,
  /**
   * Stable code, `compat/kebab-case`.
   */
  code: string,
  /**
   * The verdict for a new reader of old data.
   */
  backward: Verdict,
  /**
   * The verdict for an old reader of new data.
   */
  forward: Verdict,
  /**
   * One line, lowercase start, no trailing period.
   */
  message: string,
};

/**
 * The cited session ids.
 */
export type CitationExtractAnswer = {
  /**
   * Distinct ids, in first-seen order.
   */
  ids: Array<string>,
};

/**
 * `citation.extract`: chat text.
 */
export type CitationExtractCall = {
  /**
   * The text to scan.
   */
  text: string,
};

/**
 * The one id (or bare prefix) to resolve.
 */
export type CitationNormalizeAnswer = {
  /**
   * The id, the trimmed input when it cites no `/sessions/` path, or `""`
   * when the paste is ambiguous or cites nothing usable (fail closed).
   */
  id: string,
};

/**
 * `citation.normalize`: a pasted citation or session id prefix.
 */
export type CitationNormalizeCall = {
  /**
   * What the user or agent pasted.
   */
  raw: string,
};

/**
 * What a client says it understands.
 */
export type ClientDeclaration = {
  /**
   * Capability names (`ledger`, `handoff`, ...). Absent means none.
   */
  capabilities: Array<string>,
  /**
   * Per vocabulary (keys as in [`VOCABULARIES`]), the values the client
   * understands. A vocabulary left out means its v1 values.
   */
  vocabularies?: { [key in string]: Array<string> },
};

/**
 * The row a store writes for a valid create, as a JSON object of its
 * columns: an event's `source_kind` … `expires_at` and `principal_json`,
 * a link's `from_event_id`, `to_event_id`, `relation_type` and
 * `metadata_json`. Scalars are the field's value (`null` when absent);
 * `payload_json`, `artifact_refs`, `tags`, `principal_json` and
 * `metadata_json` are text, as upstream's store writes them with
 * `JSON.stringify` (`artifact_refs` and `tags` `"[]"` when absent).
 */
export type Columns = Record<string, string | number | null>;

/**
 * A session's current work ad.
 */
export type CurrentAd = {
  /**
   * The session.
   */
  sessionId: string,
  /**
   * The ad's event id.
   */
  eventId: string,
  /**
   * `stale` when `expiresAt` ≤ now, else the reported status (`unknown`
   * when absent; unknown values verbatim).
   */
  status: string,
  /**
   * Whether `status` is exactly one of v1's work-ad statuses
   * (`in_progress`, `blocked`, `needs_decision`, `done`, `failed`,
   * `stale`, `unknown`: so `true` for a stale ad and for one reporting no
   * status); `false` for anything else (`done` followed by a zero-width
   * space is not `done`). A badge takes its colour from this verdict,
   * never from the string.
   */
  statusKnown: boolean,
  /**
   * `payloadJson.status` as reported.
   */
  reportedStatus?: string,
  /**
   * Whether `expiresAt` ≤ now.
   */
  stale: boolean,
  /**
   * The project (payload `project`, else a `project:` tag).
   */
  project?: string,
  /**
   * The full row.
   */
  event: unknown,
};

/**
 * Whether the move is legal, and why.
 */
export type DeliveryTransitionAnswer = {
  /**
   * Whether the hub may record it.
   */
  allowed: boolean,
  /**
   * `delivery/legal` or the refusal's code.
   */
  code: string,
  /**
   * One line saying why.
   */
  message: string,
};

/**
 * `delivery.transition`: one proposed move of a handoff's delivery state.
 */
export type DeliveryTransitionCall = {
  /**
   * The current state.
   */
  from: string,
  /**
   * The proposed state.
   */
  to: string,
};

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
  help?: string,
  /**
   * Under the `upstream` profile, the issue upstream's schema reports for
   * this finding (its zod issue code and message, word for word), so a
   * hub can answer upstream's error bodies from the core's verdict.
   */
  upstream?: UpstreamIssue,
};

/**
 * One algorithm of the reference and what came of comparing it.
 */
export type DigestComparison = {
  /**
   * The algorithm, as the reference names it (shown: on one line, with
   * invisible and control characters as `<U+XXXX>`).
   */
  algorithm: string,
  /**
   * `digest/match`, `digest/mismatch` or `digest/not-compared`.
   */
  code: string,
  /**
   * One line; names the algorithm, never the bytes or a digest.
   */
  message: string,
};

/**
 * The digest set of the bytes, ready to be a ref's `digest`.
 */
export type DigestComputeAnswer = {
  /**
   * Algorithm to lowercase hex, by algorithm name (in-toto's DigestSet).
   */
  digest: { [key in string]: string },
  /**
   * How many bytes were hashed.
   */
  size: bigint,
};

/**
 * `digest.compute`: some bytes, as `text` (hashed as its UTF-8 bytes) or
 * as `base64` (standard base64, the bytes it decodes to), exactly one.
 */
export type DigestComputeCall = {
  /**
   * The bytes as text: its UTF-8 bytes are hashed.
   */
  text?: string,
  /**
   * The bytes in standard base64 (RFC 4648 alphabet, `=` padding optional).
   */
  base64?: string,
  /**
   * The algorithms (`sha256`, `sha384`, `sha512`); `["sha256"]` when absent or empty.
   */
  algorithms?: Array<string>,
};

/**
 * The verdict.
 */
export type DigestVerifyAnswer = {
  /**
   * `digest/match` (every algorithm compared is equal, at least one was
   * compared), `digest/mismatch` (one differs) or
   * `digest/nothing-to-compare` (the reference binds nothing the other
   * side can be held to).
   */
  code: string,
  /**
   * Each algorithm of the reference, by name.
   */
  compared: Array<DigestComparison>,
};

/**
 * `digest.verify`: the reference (`ref`, an artifact ref whose `digest` is
 * read, or `expected`, a digest set), and what is checked against it: the
 * bytes (`text` or `base64`) or the caller's own digest set (`digest`),
 * exactly one.
 */
export type DigestVerifyCall = {
  /**
   * The artifact ref (or check `output_ref`) as written; its `digest` is the reference.
   */
  ref?: unknown,
  /**
   * The reference's digest set itself, in place of `ref`.
   */
  expected?: unknown,
  /**
   * The bytes as text: its UTF-8 bytes are hashed.
   */
  text?: string,
  /**
   * The bytes in standard base64.
   */
  base64?: string,
  /**
   * A digest set the caller computed, in place of the bytes.
   */
  digest?: unknown,
};

/**
 * The kinds of document `validate` knows.
 */
export type DocumentKind = "event_create" | "event_row" | "link_create" | "link_row" | "principal" | "artifact_ref" | "peer_message" | "spawn_request" | "notify_summary";

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
  namespace?: string,
};

/**
 * What of a receipt's evidence is bound by content: its artifact refs and
 * check outputs, each with the digest algorithms it carries.
 */
export type Evidence = {
  /**
   * Whether any of them carries a digest the core can vouch for the
   * shape of. `false`: the receipt is reported, not bound (which does
   * not make it false).
   */
  bound: boolean,
  /**
   * The artifact refs, then each check's `output_ref`, in the row's order.
   */
  items: Array<EvidenceItem>,
};

/**
 * One artifact or check output of a receipt.
 */
export type EvidenceItem = {
  /**
   * Where in the receipt's row (`/artifactRefs/0`,
   * `/payloadJson/checks/0/output_ref`).
   */
  instancePath: string,
  /**
   * The algorithms of its digest that bind it (known, of the right
   * shape), by name; empty when nothing binds it.
   */
  algorithms: Array<string>,
  /**
   * What the caller found when it fetched the bytes and compared them
   * (`digest/match`, `digest/mismatch`, `digest/nothing-to-compare`), as
   * it passed it in the call's `verified`; absent when it passed none.
   */
  verified?: string,
};

/**
 * `by: fleet`.
 */
export type FleetView = {
  /**
   * How many sessions have a work ad.
   */
  sessions: number,
  /**
   * Current ads by derived status.
   */
  counts: { [key in string]: number },
  /**
   * Current ads grouped by project (named projects first, by name; ads
   * without a project last).
   */
  projects: Array<ProjectGroup>,
};

/**
 * A bounded work graph: events as nodes (their rows in
 * [`ViewAnswer::rows`]) and the ledger's links between them.
 */
export type Graph = {
  /**
   * The events drawn, at most [`GRAPH_NODES`]: a thread's handoff, its
   * attempts, its links' other ends and its receipts; a session's newest
   * events.
   */
  nodes: Array<string>,
  /**
   * The links between them, in the ledger's order, at most
   * [`GRAPH_EDGES`].
   */
  edges: Array<GraphEdge>,
  /**
   * How many events the graph could draw.
   */
  events: number,
  /**
   * How many links join the events drawn.
   */
  links: number,
};

/**
 * One link of a graph.
 */
export type GraphEdge = {
  /**
   * The link's id.
   */
  linkId: string,
  /**
   * The event it goes from.
   */
  from: string,
  /**
   * The event it goes to.
   */
  to: string,
  /**
   * Its relation type, verbatim.
   */
  relationType: string,
};

/**
 * One handoff of [`HandoffsView`].
 */
export type HandoffEntry = {
  /**
   * The handoff's event id.
   */
  eventId: string,
  /**
   * The full handoff row, verbatim.
   */
  event: unknown,
};

/**
 * `by: handoff`: the handle fetch.
 */
export type HandoffView = {
  /**
   * The queried id.
   */
  eventId: string,
  /**
   * Whether an event with that id is in the namespace.
   */
  found: boolean,
  /**
   * The event itself when it is not a handoff.
   */
  event?: unknown,
  /**
   * The thread, when the event is a handoff.
   */
  thread?: Thread,
};

/**
 * `by: handoffs`: a way into every thread.
 */
export type HandoffsView = {
  /**
   * The handoffs (the row kept for each id), newest first, then by id.
   */
  handoffs: Array<HandoffEntry>,
};

/**
 * The view and the findings about the ledger.
 */
export type LedgerViewAnswer = {
  /**
   * The namespace the view answers for.
   */
  namespace: string,
  /**
   * The view, tagged by `by`.
   */
  view: View,
  /**
   * Findings about rows of that namespace (inconsistencies, unknown
   * values, conflicts, look-alike ids), sorted.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * What to show instead of a string of `view` (or `namespace`) that
   * must not be shown as it is: raw string → display form, for every
   * string whose display form differs (ids one-line with hidden
   * characters and other-script letters marked `<U+XXXX>`, other text
   * with bidi, invisible and control characters marked). Absent when
   * every string shows as itself. Which strings are ids, and the marks:
   * `docs/viewer.md`, "Display-safe text".
   */
  shown?: { [key in string]: string },
  /**
   * For every list a paged answer carries only part of (see `page`):
   * its JSON pointer in this answer (`/view/events`,
   * `/view/projects/0/ads`, `/diagnostics`) → the whole list's length.
   */
  totals?: { [key in string]: number },
  /**
   * Paged: event id → the row the ledger keeps for it, for every event
   * the page names by id without carrying its row (a thread's lineage,
   * grants and links, the graph's nodes, the rows the carried
   * diagnostics point into).
   */
  rows?: Record<string, unknown>,
  /**
   * Paged: row pointer (`/events/12`, `/links/3`) → that row's id, for
   * every row a carried diagnostic points into.
   */
  rowIds?: { [key in string]: string },
  /**
   * Paged: the findings of this query alone (a thread's receipt
   * conflicts and authority chain, an event not found), sorted and paged
   * as `diagnostics`, which holds them among the ledger's own.
   */
  viewDiagnostics?: Array<Diagnostic>,
  /**
   * Paged: the work graph of a handoff or session view.
   */
  graph?: Graph,
};

/**
 * `ledger.view`: rows, a time and a query.
 */
export type LedgerViewCall = {
  /**
   * Event rows as the hub returns them (camelCase top level).
   */
  events: unknown[],
  /**
   * Link rows as the hub returns them.
   */
  links: unknown[],
  /**
   * The time staleness is judged at, in ms since the epoch.
   */
  now: number,
  /**
   * What to show.
   */
  query: Query,
  /**
   * The namespace to answer for (default: the rows' only namespace, or
   * the queried handoff's).
   */
  namespace?: string,
  /**
   * Carry only this page of each list of the view (and of the
   * diagnostics), with what the page names: see `docs/viewer.md`,
   * "Paged views". Absent: every list whole.
   */
  page?: Page,
  /**
   * The caller's own verifications of receipts' artifacts and outputs
   * (it fetched the bytes and asked `digest.verify`), shown on each
   * receipt's `evidence` in a handoff view. Absent: none.
   */
  verified?: Array<Verified>,
};

/**
 * Attempts before and after a handoff.
 */
export type Lineage = {
  /**
   * Handoffs this one retries.
   */
  retries: Array<string>,
  /**
   * Handoffs that retry this one.
   */
  retriedBy: Array<string>,
  /**
   * Handoffs this one supersedes.
   */
  supersedes: Array<string>,
  /**
   * Handoffs that supersede this one.
   */
  supersededBy: Array<string>,
  /**
   * Every attempt connected by `retries` / `supersedes`, oldest first
   * (this one included); when there are more than `MAX_CHAIN` (32), the
   * 32 nearest this one.
   */
  attempts: Array<string>,
  /**
   * How many attempts there are, when `attempts` lists only some
   * (absent otherwise).
   */
  attemptCount?: number,
  /**
   * The newest attempt.
   */
  latest: string,
};

/**
 * A link shown beside a thread.
 */
export type LinkEntry = {
  /**
   * The link's id.
   */
  linkId: string,
  /**
   * Its relation type, verbatim.
   */
  relationType: string,
  /**
   * `out` (from this event) or `in` (to it).
   */
  direction: string,
  /**
   * The event at the other end.
   */
  eventId: string,
  /**
   * The full link row, verbatim.
   */
  link: unknown,
};

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
  text: string | null,
};

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
  now?: number,
};

/**
 * The work ad to write.
 */
export type NotifyElevateAnswer = {
  /**
   * The `work_ad` event create (POST body shape, snake_case).
   */
  event: WorkAdCreate,
};

/**
 * `notify.elevate`: a parsed footer and what the hub knows about its message.
 */
export type NotifyElevateCall = {
  /**
   * The session of the agent turn.
   */
  sessionId: string,
  /**
   * The assistant message that carried the footer.
   */
  messageId: string,
  /**
   * The footer, as `notify.parse` answers it (unknown keys are ignored).
   */
  notify: NotifySummary,
  /**
   * The hub owner id (a number or a string; written with `String(...)`).
   */
  ownerUserId: OwnerId,
  /**
   * The assistant message's `createdAt`, in milliseconds.
   */
  ts: number,
  /**
   * The session's agent flavor (tagged `flavor:<f>` when non-empty).
   */
  flavor?: string,
  /**
   * The user message that caused the turn, as the hub resolved it.
   */
  cause?: Cause,
  /**
   * The previous notify work ad of the session (omitted when empty).
   */
  relatedEventId?: string,
  /**
   * When the ad expires, in milliseconds (upstream's `expiresAt`
   * override); by default `ts` plus 24 hours.
   */
  expiresAt?: number,
  /**
   * `true` answers the create even where upstream's store would refuse
   * it (an empty `sessionId`, an id over its cap, a blank owner), as
   * upstream's own builder does: for a caller that hands it to a store
   * deciding as upstream's (`./upstream`'s `buildWorkAdFromNotify`).
   * By default those are refused with a `notify/*` code.
   */
  unchecked?: boolean,
  /**
   * With `unchecked`: the characters that stand for lone surrogates in
   * the call's strings (a JavaScript caller's, whose strings may hold
   * them and which no call text can): the clamps count each as the six
   * bytes of the surrogate's `\uXXXX` escape, as upstream's do. The
   * caller picks characters its strings do not hold, and maps them back.
   */
  standIns?: string,
};

/**
 * The footer of a text and the prose that stays visible.
 */
export type NotifyParseAnswer = {
  /**
   * The type-filtered footer, or `null` when the text has no valid one.
   */
  summary: NotifySummary | null,
  /**
   * The text without the footer (a prefix of the input, end-trimmed), or
   * `null` exactly when `summary` is `null` (show the original text then).
   */
  visibleText: string | null,
  /**
   * Asked for with `withFooterAt`: where the footer's JSON object stands
   * in the text, as `[start, end)` in UTF-16 units (JavaScript's string
   * indices): the text upstream hands to `JSON.parse`. A JavaScript
   * caller parses that slice of its own string to hold the footer's
   * values exactly as upstream does (a lone surrogate, `1e400` as
   * `Infinity`, `-0`), keeping the fields `summary` has.
   */
  footerAt?: [number, number],
};

/**
 * `notify.parse`: an agent turn's text.
 */
export type NotifyParseCall = {
  /**
   * The assistant text, as the hub extracted it.
   */
  text: string,
  /**
   * `true` adds `footerAt` to an answer with a footer.
   */
  withFooterAt?: boolean,
};

/**
 * The parsed footer, type-filtered: each key is present only when the
 * footer had it with the right JSON type.
 */
export type NotifySummary = {
  /**
   * The footer's `version` when it is a JSON number. A number beyond the
   * range of a double is kept as infinite and written `null`, as
   * `JSON.stringify` writes it.
   */
  version?: number | null,
  /**
   * The agent's self-label (advisory only).
   */
  agent?: string,
  /**
   * The project.
   */
  project?: string,
  /**
   * The status as written (not validated, not normalised).
   */
  status?: string,
  /**
   * The next action.
   */
  action?: string,
  /**
   * The one-line triage summary.
   */
  summary?: string,
};

/**
 * What a client may be sent.
 */
export type Offer = {
  /**
   * Offered capabilities, in phase order.
   */
  capabilities: Array<string>,
  /**
   * Whether any Layer 1 (ledger) capability is offered.
   */
  layer1: boolean,
  /**
   * Per vocabulary, the values the client may be sent (v1 order).
   */
  vocabularies: { [key in string]: Array<string> },
  /**
   * Declared capabilities that are not offered, sorted by name.
   */
  withheld: Array<Withheld>,
};

/**
 * The hub owner id as upstream holds it: a number (the random owner id)
 * or a string. It is written with JavaScript's `String(...)`.
 */
export type OwnerId = string | number;

/**
 * A page of a view: which part of each of its lists an answer carries.
 *
 * The lists of the view itself (a session's events and threads, a
 * project's ads, events and threads, the fleet's projects, the handoffs, a
 * thread's receipts and links, an artifact's matches) and the answer's
 * diagnostics carry their items `offset .. offset + size`; a list inside an
 * item (a project's ads in the fleet, a thread's receipts and links in a
 * session) carries its first `size`, and the narrower view pages it
 * further. Every finding and every count is the whole ledger's, whatever
 * the page: paging changes what is carried, never what is decided.
 */
export type Page = {
  /**
   * How many items of each list, 1 to [`MAX_PAGE`].
   */
  size: number,
  /**
   * The first item carried of each of the view's own lists (default 0).
   */
  offset?: number,
  /**
   * Fleet only: the index of one project in the fleet's whole
   * `projects` list; the answer carries that project alone, its `ads`
   * from `offset` (how a reader pages one project's ads).
   */
  item?: number,
};

/**
 * The text the receiving agent sees.
 */
export type PeerAnnotateAnswer = {
  /**
   * The text with upstream's `From:` provenance line(s).
   */
  text: string,
};

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
  placement?: Placement,
};

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
  href?: string,
};

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
  sourceListed?: boolean,
};

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
  diagnostics: Array<Diagnostic>,
};

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
  body: unknown,
};

/**
 * Where the provenance line goes: before the text (the default) or after
 * it (upstream's Pi placement, so a first-line command stays first).
 */
export type Placement = "prefix" | "suffix";

/**
 * Which data model the check assumes.
 */
export type Policy = "strict" | "lenient";

/**
 * A principal as it is written to and stored in the ledger (snake_case, as
 * upstream keeps it inside rows).
 */
export type Principal = {
  /**
   * Human, agent or service.
   */
  kind: PrincipalKind,
  /**
   * Who (for agents upstream writes `session:<id>`).
   */
  id: string,
  /**
   * The accountable human owner; required for agents and services.
   */
  on_behalf_of?: string,
};

/**
 * The kinds of principal.
 */
export type PrincipalKind = "human" | "agent" | "service";

/**
 * Whose rules decide: the RFC's (`a2a`, the default) or upstream's P1
 * rules exactly (`upstream`; `docs/profiles.md` says who asks for which).
 */
export type Profile = "a2a" | "upstream";

/**
 * The current ads of one project.
 */
export type ProjectGroup = {
  /**
   * The project, or `null` for ads naming none.
   */
  project: string | null,
  /**
   * Its ads by derived status.
   */
  counts: { [key in string]: number },
  /**
   * Its current ads, newest first.
   */
  ads: Array<CurrentAd>,
};

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
  formatVersion: string,
};

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
  source?: Endpoint,
};

/**
 * `by: project`.
 */
export type ProjectView = {
  /**
   * The queried project.
   */
  project: string,
  /**
   * The current ads by derived status.
   */
  counts: { [key in string]: number },
  /**
   * Each session's latest ad about this project, newest first.
   */
  ads: Array<CurrentAd>,
  /**
   * Every event naming the project, newest first.
   */
  events: Array<SessionEvent>,
  /**
   * The threads of the project's handoffs, latest activity first.
   */
  threads: Array<Thread>,
};

/**
 * What a view query asks for.
 */
export type Query = {
  "by": "handoff",
  /**
   * The handoff event's id.
   */
  eventId: string,
} | {
  "by": "session",
  /**
   * The session id (source, sink or related session).
   */
  sessionId: string,
} | {
  "by": "artifact",
  /**
   * An artifact ref; matched by canonical identity.
   */
  ref: unknown,
} | { "by": "fleet" } | {
  "by": "project",
  /**
   * The project name (payload `project` or a `project:` tag).
   */
  project: string,
} | { "by": "handoffs" };

/**
 * The receipt's Statement, ready to be signed.
 */
export type ReceiptAttestAnswer = {
  /**
   * The in-toto Statement v1 as the exact bytes to sign (compact JSON,
   * keys in a fixed order): the same rows always give the same text.
   */
  statement: string,
  /**
   * The DSSE payload type to sign it under: `application/vnd.in-toto+json`.
   */
  payloadType: string,
  /**
   * The Statement's `predicateType`.
   */
  predicateType: string,
  /**
   * How many subjects the Statement names.
   */
  subjects: number,
  /**
   * The refs and outputs that carry no digest the Statement can use, as
   * pointers into the call: reported, not bound.
   */
  unbound: Array<string>,
};

/**
 * `receipt.attest`: a receipt and the handoff it answers, as the ledger's
 * rows hold them (camelCase top level, `payloadJson` nested verbatim).
 */
export type ReceiptAttestCall = {
  /**
   * The handoff's event row.
   */
  handoff: unknown,
  /**
   * The receipt's event row (`relatedEventId` names the handoff).
   */
  receipt: unknown,
};

/**
 * One receipt of a handoff.
 */
export type ReceiptEntry = {
  /**
   * The receipt event's id.
   */
  receiptId: string,
  /**
   * `payloadJson.status` as stored.
   */
  status?: string,
  /**
   * Whether `status` is exactly one of v1's receipt statuses
   * (`accepted`, `rejected`, `completed`, `incomplete`, `blocked`,
   * `failed`); `false` when it is absent or anything else (`completed`
   * followed by a zero-width space is not `completed`). A badge takes its
   * colour from this verdict, never from the string.
   */
  statusKnown: boolean,
  /**
   * Whether the status decides the handoff.
   */
  terminal: boolean,
  /**
   * It came after an `incomplete` receipt or after the handoff expired.
   */
  late: boolean,
  /**
   * How it is tied to the handoff: `resolves`, `blocked_by`, `relatedEventId`.
   */
  relations: Array<string>,
  /**
   * Which of its artifacts and check outputs a digest binds; absent when
   * it names none.
   */
  evidence?: Evidence,
  /**
   * The full receipt row.
   */
  event: unknown,
};

/**
 * The verdicts and every change.
 */
export type SchemaCheckAnswer = {
  /**
   * New readers accept old data: `compatible` or `breaking`.
   */
  backward: Verdict,
  /**
   * Old readers accept new data: `compatible` or `breaking`.
   */
  forward: Verdict,
  /**
   * Both.
   */
  full: Verdict,
  /**
   * Every change, sorted by path, then code.
   */
  changes: Array<Change>,
  /**
   * With `witness: true`: an instance the old schema accepts and the new
   * one refuses (`backward`), or the reverse (`forward`), for each
   * `breaking` direction where one could be built and checked.
   */
  witness?: Witness,
};

/**
 * `schema.check`: two JSON Schemas and a policy.
 */
export type SchemaCheckCall = {
  /**
   * The old (released) schema.
   */
  old: unknown,
  /**
   * The new schema.
   */
  new: unknown,
  /**
   * `strict` (the default: any schema-valid value may be old data) or
   * `lenient` (writers emit only declared properties).
   */
  policy?: Policy,
  /**
   * Count `format` changes as assertions (default: annotations, `info`).
   */
  assertFormat?: boolean,
  /**
   * Also name a witness for each `breaking` direction (default: no).
   */
  witness?: boolean,
};

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
  diagnostics: Array<Diagnostic>,
};

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
  instancePath: string,
};

/**
 * Every finding, sorted by pointer then code.
 */
export type SecretsScanAnswer = {
  /**
   * What was found; empty when the value is clean.
   */
  findings: Array<SecretFinding>,
};

/**
 * `secrets.scan`: any JSON value.
 */
export type SecretsScanCall = {
  /**
   * The value to scan (strings and object keys, at any depth).
   */
  value: unknown,
};

/**
 * One event of a session's history.
 */
export type SessionEvent = {
  /**
   * The event's id.
   */
  eventId: string,
  /**
   * Its type, verbatim.
   */
  eventType: string,
  /**
   * `source`, `sink`, `related`.
   */
  roles: Array<string>,
  /**
   * The threads (handoff ids) it belongs to.
   */
  threadIds: Array<string>,
  /**
   * The full row.
   */
  event: unknown,
};

/**
 * `by: session`.
 */
export type SessionView = {
  /**
   * The queried session.
   */
  sessionId: string,
  /**
   * Every event where it is source, sink or related session, newest first.
   */
  events: Array<SessionEvent>,
  /**
   * The handoff threads those events belong to, latest activity first.
   */
  threads: Array<Thread>,
};

/**
 * How much a finding matters.
 */
export type Severity = "error" | "warning" | "info";

/**
 * A handoff, its delivery state, its receipts, its lineage and its outcome.
 */
export type Thread = {
  /**
   * The handoff event's id.
   */
  handoffId: string,
  /**
   * The source session.
   */
  sourceRef?: string,
  /**
   * The sink session.
   */
  sinkRef?: string,
  /**
   * `payloadJson.delivery_state` as stored (unknown values verbatim).
   */
  deliveryState?: string,
  /**
   * Whether `deliveryState` is exactly one of v1's delivery states
   * (`queued`, `delivered`, `consumed`, `undeliverable`); `false` when it
   * is absent or anything else, however alike it looks. A badge takes
   * its colour from this verdict, never from the string.
   */
  deliveryStateKnown: boolean,
  /**
   * `open`, `accepted`, `incomplete`, `blocked`, `completed`, `failed`,
   * `rejected`, `conflict` or `undeliverable`.
   */
  outcome: string,
  /**
   * The receipts that decide the outcome (several when they conflict).
   */
  decidedBy: Array<string>,
  /**
   * Every receipt, oldest first.
   */
  receipts: Array<ReceiptEntry>,
  /**
   * Retry and supersede lineage.
   */
  lineage: Lineage,
  /**
   * The delegated-authority chain, when the handoff claims one.
   */
  audit?: AuditChain,
  /**
   * Other links touching the handoff (`follows`, unknown relations, ...).
   */
  links: Array<LinkEntry>,
  /**
   * The full handoff row, verbatim.
   */
  handoff: unknown,
};

/**
 * An issue as upstream's zod schema reports it: the path is the
 * diagnostic's `instancePath`.
 */
export type UpstreamIssue = {
  /**
   * zod's issue code: `invalid_type`, `too_small`, `too_big`, `custom`
   * or `invalid_union`.
   */
  code: string,
  /**
   * zod's message, as upstream's error bodies carry it.
   */
  message: string,
};

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
   * The row a store writes for the document, when `withColumns` was set
   * and the document is a valid `event_create` or `link_create`.
   */
  columns?: Columns,
  /**
   * The JSON Schema engine's report, when `withSchema` was set.
   */
  schema?: SchemaReport,
};

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
   * The document as JSON (`null` is a document too).
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
  withSchema?: boolean,
  /**
   * `peer_message` only: the meta was derived by the hub from the
   * authenticated source (a stored row). Without it a strict check treats
   * the meta as a client's write, where any `peer` is a forgery.
   */
  hubDerived?: boolean,
  /**
   * `event_create` / `event_row` of a handoff: the sink it is for. Refs
   * the sink cannot resolve are errors for writers, warnings for readers.
   */
  sink?: Endpoint,
  /**
   * `event_create`: the authenticated owner's id; a principal of the write
   * that does not resolve to it is `principal/not-owner`.
   */
  owner?: string,
  /**
   * Whose rules decide: `a2a` (the default: the RFC's rules) or
   * `upstream` (upstream's P1 rules exactly; `docs/profiles.md`).
   */
  profile?: Profile,
  /**
   * `false` leaves `normalized` out of the answer and changes nothing
   * else (a caller that holds the document need not read it again).
   */
  withNormalized?: boolean,
  /**
   * `upstream` only: the document text is a JavaScript caller's, which
   * may also spell `NaN`, `undefined`, `bigint`, `function` and `symbol`
   * where a value stands (the `./upstream` adapters write it so that the
   * verdict is zod's on their caller's value; `docs/profiles.md`).
   */
  jsValues?: boolean,
  /**
   * `true` adds `columns` to the answer of a valid `event_create` or
   * `link_create`: the row a store writes for it, each JSON column as
   * the text `JSON.stringify` writes (`docs/call-contract.md`).
   */
  withColumns?: boolean,
  /**
   * `true` hands back errors alone: warnings and notes are left out, and
   * under `upstream` the rules that only warn (the secret scan, a sink's
   * locality) do not run. The verdict is the same.
   */
  errorsOnly?: boolean,
  /**
   * `upstream` and `documentText` only: `normalized` is left out where
   * it holds the document's own keys in the document's order in every
   * object it rebuilds (the root, an event's principal, each artifact
   * ref), so that a caller holding the document as a value has zod's
   * data by copying those objects. No effect with `withColumns`.
   */
  keysAsGiven?: boolean,
};

/**
 * A verdict for one direction.
 */
export type Verdict = "compatible" | "breaking" | "info";

/**
 * A verification the caller made of one artifact or output (it fetched
 * the bytes and asked `digest.verify`), for `ledger.view` to show on the
 * receipt's evidence.
 */
export type Verified = {
  /**
   * The receipt event's id.
   */
  eventId: string,
  /**
   * Where in its row (`/payloadJson/checks/0/output_ref`).
   */
  instancePath: string,
  /**
   * `digest.verify`'s code: `digest/match`, `digest/mismatch` or
   * `digest/nothing-to-compare`.
   */
  code: string,
};

/**
 * One of the five views, tagged by the query's `by`.
 */
export type View = { "by": "handoff" } & HandoffView | { "by": "session" } & SessionView | { "by": "artifact" } & ArtifactView | { "by": "fleet" } & FleetView | { "by": "project" } & ProjectView | { "by": "handoffs" } & HandoffsView;

/**
 * A declared capability that is not offered, and why.
 */
export type Withheld = {
  /**
   * The declared name.
   */
  name: string,
  /**
   * `capability/unknown` or `capability/needs-dependency`.
   */
  code: string,
  /**
   * One line.
   */
  reason: string,
};

/**
 * Instances that show a verdict is `breaking`.
 */
export type Witness = {
  /**
   * Valid under the old schema, refused by the new one.
   */
  backward?: unknown,
  /**
   * Valid under the new schema, refused by the old one.
   */
  forward?: unknown,
};

/**
 * The `work_ad` event create an elevation yields: a POST body, snake_case,
 * keys in upstream's order.
 */
export type WorkAdCreate = {
  /**
   * Always `session`.
   */
  source_kind: string,
  /**
   * The session id.
   */
  source_ref: string,
  /**
   * Always `work_ad`.
   */
  event_type: string,
  /**
   * The summary line, at most 2,048 UTF-8 bytes.
   */
  summary: string,
  /**
   * The work-ad payload.
   */
  payload_json: WorkAdPayload,
  /**
   * `notify_summary` and the non-empty `project:`, `agent:`, `flavor:` tags.
   */
  tags: Array<string>,
  /**
   * The session id.
   */
  related_session_id: string,
  /**
   * The previous notify work ad, when there is one.
   */
  related_event_id?: string,
  /**
   * Always `AGENT_NOTIFY_SUMMARY`.
   */
  provenance: string,
  /**
   * `session:<sessionId>:message:<messageId>:notify`.
   */
  idempotency_key: string,
  /**
   * `ts` plus 24 hours, in milliseconds.
   */
  expires_at: number,
  /**
   * The session's agent, acting for the hub owner.
   */
  principal: Principal,
};

/**
 * `payload_json` of an elevated work ad (camelCase keys, as upstream).
 */
export type WorkAdPayload = {
  /**
   * The mapped work-ad status.
   */
  status: string,
  /**
   * The footer's action, cut, or `null`.
   */
  action: string | null,
  /**
   * The footer's project, cut, or `null`.
   */
  project: string | null,
  /**
   * The footer's agent label, cut, or `null`.
   */
  agent: string | null,
  /**
   * The assistant message id.
   */
  messageId: string,
  /**
   * The cause message id (present only with a cause).
   */
  causeMessageId?: string,
  /**
   * The cause text or `null` (present only with a cause).
   */
  causeText?: string | null,
  /**
   * The cause kind or `null` (present only with a cause).
   */
  causeKind?: string | null,
  /**
   * The cause sequence number or `null` (present only with a cause).
   */
  causeSeq?: number | null,
  /**
   * The cause cursor message id (present only with a non-empty one).
   */
  causeCursorMessageId?: string,
};

/** Every operation name `call` answers. */
export type Op =
  | "capabilities"
  | "validate"
  | "project.handoff"
  | "notice.receipt"
  | "peer.meta"
  | "peer.annotate"
  | "peer.badge"
  | "artifact.locality"
  | "secrets.scan"
  | "notify.parse"
  | "notify.elevate"
  | "citation.extract"
  | "citation.normalize"
  | "schema.check"
  | "ledger.view"
  | "delivery.transition"
  | "digest.compute"
  | "digest.verify"
  | "receipt.attest"
;
