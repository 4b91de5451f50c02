// The hub's one door to hapi-a2a-core. Every decision the hub acts on
// (validation, projection text, notices, peer meta, notify elevation,
// delivery moves, capability offers, ledger views) is asked here; the rest
// of the hub only stores and delivers what these answers say.
//
// The core is the Node-API addon (`node/`, built by scripts/build-addon.sh).
// `HAPI_HUB_CORE=wasm` runs the same hub on the npm package (`pkg/`)
// instead: both faces take the same calls and give the same answers.
//
// A `failure` answer means the call itself could not be answered (a bug in
// the hub's call, never a verdict about a document), so it is thrown as a
// CoreCallError; findings about documents come back as data.
//
// The hub restates no rule of its own: whether a principal resolves to the
// owner, where a `confirmation` may stand and who sets `delivery_state` are
// all `validate`'s verdicts (given `owner` and `httpWriter`). Which rules
// decide is the route's choice (`profile`): upstream's generic work-graph
// routes ask for `upstream`, the handoff and receipt routes for `a2a`.

import type {
  Answer,
  CapabilitiesAnswer,
  CapabilitiesCall,
  DeliveryTransitionAnswer,
  Endpoint,
  LedgerViewAnswer,
  LedgerViewCall,
  NoticeReceiptAnswer,
  NoticeReceiptCall,
  NotifyElevateAnswer,
  NotifyElevateCall,
  NotifyParseAnswer,
  PeerMetaAnswer,
  PeerMetaCall,
  ProjectHandoffAnswer,
  ProjectHandoffCall,
  ValidateAnswer,
  ValidateCall,
} from '../../ts/wire.d.ts';

export type { Endpoint, LedgerViewAnswer, ValidateAnswer };

/** A finding; under the `upstream` profile a schema error carries zod's issue (`upstream`). */
export type Diagnostic = ValidateAnswer['diagnostics'][number];

/** zod's `flatten()` of a refusal: root issues' messages, and the others' under their first key. */
export type FlattenedIssues = { formErrors: string[]; fieldErrors: Record<string, string[]> };

/** The typed functions the hub uses, as both core faces export them. */
interface CoreFace {
  call(op: string, input: string): string;
  validate(call: ValidateCall): Answer<ValidateAnswer>;
  projectHandoff(call: ProjectHandoffCall): Answer<ProjectHandoffAnswer>;
  noticeReceipt(call: NoticeReceiptCall): Answer<NoticeReceiptAnswer>;
  peerMeta(call: PeerMetaCall): Answer<PeerMetaAnswer>;
  notifyParse(call: { text: string }): Answer<NotifyParseAnswer>;
  notifyElevate(call: NotifyElevateCall): Answer<NotifyElevateAnswer>;
  deliveryTransition(call: { from: string; to: string }): Answer<DeliveryTransitionAnswer>;
  capabilities(call: CapabilitiesCall): Answer<CapabilitiesAnswer>;
  ledgerView(call: LedgerViewCall): Answer<LedgerViewAnswer>;
  validateDocument(document: string | Uint8Array, kind: string, options?: DocumentEntryOptions): true | string;
}

/** The options of the document entry (`ts/document-entry.d.ts`). */
type DocumentEntryOptions = {
  mode?: 'strict' | 'lenient';
  profile?: 'a2a' | 'upstream';
  owner?: string;
  httpWriter?: boolean;
  withNormalized?: boolean;
  withColumns?: boolean;
};

const CLEAN: ValidateAnswer = { valid: true, diagnostics: [] };

/** Which face answers: `addon` (the default) or `wasm`. */
export const coreFace: 'addon' | 'wasm' = process.env.HAPI_HUB_CORE === 'wasm' ? 'wasm' : 'addon';

const face = (coreFace === 'wasm' ? await import('../../pkg/node.js') : await import('../../node/index.js')) as unknown as CoreFace;

// The drop-in module of the same face (`./upstream` of either package):
// its error class and its zod `flatten()` are the hub's too.
const upstream = (
  coreFace === 'wasm' ? await import('../../pkg/upstream.js') : await import('../../node/upstream.js')
) as typeof import('../../node/upstream.js');

/** A call the core answered with a failure (`op`, `code`, the core's message). */
export const CoreCallError = upstream.CoreCallError;
export type CoreCallError = InstanceType<typeof upstream.CoreCallError>;

function ok<T>(op: string, answer: Answer<T> | string): T {
  const a = (typeof answer === 'string' ? JSON.parse(answer) : answer) as Answer<T>;
  if (a.type === 'failure') throw new CoreCallError(op, a.error);
  return a as T;
}

/**
 * zod's `flatten()` of the issues the core reports under the `upstream`
 * profile: each error's upstream message, in the core's (zod's) order, at
 * the root in `formErrors`, else under the first key of its path.
 */
export function flatten(diagnostics: readonly Diagnostic[]): FlattenedIssues {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return upstream.flattenIssues(upstream.upstreamIssues(errors));
}

export const core = {
  validate: (call: ValidateCall) => ok('validate', face.validate(call)),
  projectHandoff: (call: ProjectHandoffCall) => ok('project.handoff', face.projectHandoff(call)),
  noticeReceipt: (call: NoticeReceiptCall) => ok('notice.receipt', face.noticeReceipt(call)),
  peerMeta: (call: PeerMetaCall) => ok('peer.meta', face.peerMeta(call)),
  notifyParse: (text: string) => ok('notify.parse', face.notifyParse({ text })),
  notifyElevate: (call: NotifyElevateCall) => ok('notify.elevate', face.notifyElevate(call)),
  deliveryTransition: (from: string, to: string) =>
    ok('delivery.transition', face.deliveryTransition({ from, to })),
  capabilities: (call: CapabilitiesCall) => ok('capabilities', face.capabilities(call)),
  ledgerView: (call: LedgerViewCall) => ok('ledger.view', face.ledgerView(call)),
  /**
   * `validate` through the document entry: the body as received (text or
   * bytes) goes in as it is, never escaped inside call JSON.
   */
  validateDocument: (document: string | Uint8Array, kind: string, options: DocumentEntryOptions): ValidateAnswer => {
    const answer = face.validateDocument(document, kind, options);
    return answer === true ? CLEAN : ok('validate', answer);
  },
  /** The JSON text door, for callers that hold text already. */
  callText: (op: string, input: string) => face.call(op, input),
};
