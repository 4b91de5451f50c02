// `hapi-a2a-core/elements`: the custom elements `<hapi-peer-badge>` and
// `<hapi-ledger-view>`, and the loader they read ledgers with. Importing it
// where there is no DOM defines nothing and touches nothing.
import type { Answer, PeerBadgeAnswer } from "./api.js";

/** A ledger as the view folds it: rows as the hub stores them, and the time to fold at. */
export interface Ledger {
  events: unknown;
  links?: unknown;
  now?: number;
  namespace?: string;
  note?: string;
}

/** What a ledger view opens: a handoff thread, a session, an artifact (its URL or ref JSON), or a badge's peer link. */
export type OpenKind = "handoff" | "session" | "artifact" | "peer";

/** `hapi-open`: the user opened a view (cancelable: `preventDefault()` keeps the element where it is, so the app can route). */
export interface OpenDetail {
  kind: OpenKind;
  id: string;
}

/** `hapi-ledger-open`: a ledger was folded and shown. */
export interface LedgerOpenDetail {
  label: string;
  namespace: string;
  events: number;
  links: number;
}

/** `hapi-ledger-error`: a ledger could not be opened; the open one stays. */
export interface LedgerErrorDetail {
  code: string;
  message: string;
}

/** A ledger that could not be opened: a stable code, a message, and the core's diagnostics if any. */
export class LoadError extends Error {
  constructor(code: string, message: string, diagnostics?: unknown[]);
  code: string;
  diagnostics: unknown[];
}

export function ledgerFromText(text: string): Ledger;
export function ledgerFromValue(doc: unknown): Ledger;
export function readFile(file: { name: string; text(): Promise<string> } | null | undefined): Promise<string>;
export function fetchLedger(url: string): Promise<Ledger>;
export function fetchHub(input: string, options?: {
  token?: string;
  maxRequests?: number;
  onProgress?: (p: { requests: number; events: number; links: number }) => void;
}): Promise<{ ledger: { events: unknown[]; links: unknown[] }; requests: number; failed: number; truncated: boolean }>;

/** The work graph's layered layout: each node's top-left corner, and the drawing's size. */
export function layoutGraph(
  nodes: ReadonlyArray<{ id: string; ts: unknown }>,
  edges: ReadonlyArray<{ from: string; to: string }>,
): { at: Map<string, { x: number; y: number }>; width: number; height: number };
export const NODE_W: number;
export const NODE_H: number;

/**
 * The longest text the elements lay out as it is, in code points (8,192);
 * a longer one is shown cut, with a button that shows it whole.
 */
export const TEXT_LIMIT: number;

/**
 * Defines both elements in `registry` (the page's `customElements` by
 * default), once. The module calls it itself where a DOM exists; returns
 * false, defining nothing, where there is none.
 */
export function defineElements(registry?: CustomElementRegistry): boolean;

/** `<hapi-peer-badge meta='{"sentFrom":"peer",...}' source-listed describe>` */
export interface HapiPeerBadgeElement extends HTMLElement {
  /** The message's `meta`; the `meta` attribute holds it as JSON. */
  meta: unknown;
  /** Whether the source session is listed for this user (`source-listed`). */
  sourceListed: boolean;
  /** The core's last answer. */
  readonly answer: Answer<PeerBadgeAnswer> | undefined;
}

/** `<hapi-ledger-view src="ledger.json" | hub="…/api/work-graph/…" token="…" hub-origins="https://hub.example" openers hash-routing theme="dark">` */
export interface HapiLedgerViewElement extends HTMLElement {
  /** The open ledger; setting it folds and shows it. */
  ledger: Ledger | null;
  /** The bearer token sent to the hub (never reflected to an attribute). */
  token: string;
  /**
   * The app's own verifications of receipts' evidence (it fetched an output
   * and asked `digestVerify`): a handoff's receipts show them. Entries with
   * another code are left out.
   */
  verified: { eventId: string; instancePath: string; code: 'digest/match' | 'digest/mismatch' | 'digest/nothing-to-compare' }[];
  /**
   * The origins besides the page's own that a hub named by the page's
   * address may be on while the element holds a token (`hub-origins`).
   */
  get hubOrigins(): string[];
  set hubOrigins(origins: string | readonly string[]);
  /** Whether views follow the page's address (`hash-routing`). */
  readonly hashRouting: boolean;
  /** Settles when the first ledger is open (true) or could not be (false). */
  readonly loaded: Promise<boolean | void> | undefined;
  /** Opens a view, as a link to it would (a `hapi-open` event first). */
  open(kind: "handoff" | "session" | "artifact", id: string): boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    "hapi-peer-badge": HapiPeerBadgeElement;
    "hapi-ledger-view": HapiLedgerViewElement;
  }
  interface HTMLElementEventMap {
    "hapi-open": CustomEvent<OpenDetail>;
    "hapi-ledger-open": CustomEvent<LedgerOpenDetail>;
    "hapi-ledger-error": CustomEvent<LedgerErrorDetail>;
  }
}
