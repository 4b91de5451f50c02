// The reference hub: it stores and delivers; hapi-a2a-core decides.
//
// Every operation is one SQLite transaction (BEGIN IMMEDIATE), so a crash or
// a thrown error at any step leaves the database holding all of the
// operation or none of it. `faults` lets tests abort an operation at a named
// step.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Diagnostic, type Endpoint, type LedgerViewAnswer, core, flatten } from './core.ts';
import {
  type EventColumns,
  type EventCreate,
  type EventRow,
  type LinkColumns,
  type LinkRow,
  type Message,
  type Session,
  Store,
  openDatabase,
  rowOf,
} from './store.ts';

export type { EventRow, LinkRow, Message, Session };

/** Who is calling: a namespace, and the session when the token is session-bound. */
export type Auth = { namespace: string; sessionId: string | null };

/** A refusal with the HTTP status and body upstream's routes would answer. */
export class HubError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; code?: string; issues?: unknown },
  ) {
    super(body.error);
  }
}

export type HubOptions = {
  /** The SQLite file (`:memory:` for a throwaway hub). */
  path: string;
  /** The hub owner id every principal must resolve to (created once, kept in the database). */
  ownerId?: string;
  /** Milliseconds since the epoch. */
  clock?: () => number;
  /** Called at each named step inside an operation's transaction; a throw aborts it. */
  faults?: (step: string) => void;
};

type Query = Parameters<typeof core.ledgerView>[0]['query'];

const HANDOFF_STEPS = ['event', 'links', 'deliver', 'state', 'commit'] as const;
export const handoffSteps: readonly string[] = HANDOFF_STEPS;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON with object keys sorted: the identity of a request body. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * On the handoff and receipt routes (the `a2a` profile): the core's error
 * codes that get a refusal of their own rather than
 * `Invalid body`, in the order they are answered: an unaccountable principal
 * (the store's check upstream, `principal_refused`), the two fields only the
 * hub writes (`Invalid body` under the core's code), a principal that is not
 * the authenticated owner and reserved provenance (upstream's route bodies).
 * Any other error is `Invalid body`, `invalid_event`, and comes first.
 */
const REFUSALS: readonly { codes: readonly string[]; status: number; error: string; code?: string }[] = [
  {
    codes: ['principal/unaccountable', 'principal/blank-id'],
    status: 403,
    error: 'Non-human principal requires a resolvable human owner via on_behalf_of',
    code: 'principal_refused',
  },
  { codes: ['handoff/confirmation-outside-handoff'], status: 400, error: 'Invalid body' },
  { codes: ['handoff/delivery-state-hub-owned'], status: 400, error: 'Invalid body' },
  { codes: ['principal/not-owner'], status: 403, error: 'Principal must resolve to the authenticated hub owner' },
  { codes: ['event/reserved-provenance'], status: 400, error: 'Reserved provenance' },
];
const SPECIFIC = new Set(REFUSALS.flatMap((r) => r.codes));

/**
 * The refusal for a strict `validate`'s errors, or null when there are none:
 * upstream's status and `{error}` body, with the core's `code` and the
 * diagnostics as `issues`.
 */
function refusalOf(errors: Diagnostic[]): HubError | null {
  if (errors.length === 0) return null;
  if (errors.some((d) => !SPECIFIC.has(d.code))) {
    return new HubError(400, { error: 'Invalid body', code: 'invalid_event', issues: errors });
  }
  for (const r of REFUSALS) {
    const issues = errors.filter((d) => r.codes.includes(d.code));
    const first = issues[0];
    if (!first) continue;
    return new HubError(r.status, { error: r.error, code: r.code ?? first.code, issues });
  }
  return null;
}

/**
 * Upstream's answers on its generic routes, after its schema (`Invalid body`
 * with zod's `flatten()`), in the order its route and store check them: the
 * owner, reserved provenance, then the store's accountability check. The
 * core reports only the first stage that fails; the hub only names the HTTP
 * answer of each stage's code.
 */
const UPSTREAM_REFUSALS: readonly { codes: readonly string[]; status: number; body: HubError['body'] }[] = [
  {
    codes: ['principal/not-owner'],
    status: 403,
    body: { error: 'Principal must resolve to the authenticated hub owner' },
  },
  { codes: ['event/reserved-provenance'], status: 400, body: { error: 'Reserved provenance' } },
  {
    codes: ['principal/unaccountable'],
    status: 403,
    body: { error: 'Non-human principal requires a resolvable human owner via on_behalf_of', code: 'principal_refused' },
  },
];

/** The refusal for an `upstream` verdict's errors, or null when there are none. */
function upstreamRefusalOf(errors: Diagnostic[]): HubError | null {
  if (errors.length === 0) return null;
  if (errors.some((d) => d.upstream)) return new HubError(400, { error: 'Invalid body', issues: flatten(errors) });
  for (const r of UPSTREAM_REFUSALS) {
    if (errors.some((d) => r.codes.includes(d.code))) return new HubError(r.status, r.body);
  }
  // A code this table does not know is a hub that has not caught up with
  // its core: upstream answers what it cannot place with a 500 too.
  throw new Error(`the upstream profile answered codes the hub does not map: ${errors.map((d) => d.code).join(', ')}`);
}

export class Hub {
  readonly store: Store;
  readonly ownerId: string;
  private readonly clock: () => number;
  private readonly faults: (step: string) => void;

  constructor(opts: HubOptions) {
    this.store = new Store(openDatabase(opts.path));
    this.clock = opts.clock ?? Date.now;
    this.faults = opts.faults ?? (() => {});
    const wanted = opts.ownerId ?? String(randomBytes(6).readUIntBE(0, 6));
    this.ownerId = this.store.tx(() => this.store.setMetaOnce('owner_id', wanted));
  }

  close(): void {
    this.store.db.close();
  }

  // ---- sessions and tokens (the chat substrate the hub delivers into) ----

  /** Registers a session; `capabilities` are what its client declared (default: all of today's). */
  createSession(
    namespace: string,
    opts: { machineId: string; name?: string; capabilities?: string[]; id?: string },
  ): { session: Session; token: string } {
    const capabilities = opts.capabilities ?? core.capabilities({}).capabilities.map((c) => c.name);
    return this.store.tx(() => {
      const session: Session = {
        id: opts.id ?? randomUUID(),
        namespace,
        machineId: opts.machineId,
        name: opts.name ?? null,
        capabilities,
        archived: false,
        createdAt: this.clock(),
      };
      this.store.insertSession(session);
      return { session, token: this.issueTokenIn(namespace, session.id) };
    });
  }

  archiveSession(auth: Auth, id: string): void {
    this.store.tx(() => this.store.archive(auth.namespace, id));
  }

  /** A token for the namespace's owner (no session), or bound to one session. */
  issueToken(namespace: string, sessionId: string | null = null): string {
    return this.store.tx(() => this.issueTokenIn(namespace, sessionId));
  }

  private issueTokenIn(namespace: string, sessionId: string | null): string {
    const token = randomBytes(24).toString('base64url');
    this.store.insertToken(token, namespace, sessionId);
    return token;
  }

  authenticate(token: string): Auth | null {
    const t = this.store.token(token);
    return t ? { namespace: t.namespace, sessionId: t.sessionId } : null;
  }

  session(auth: Auth, id: string): Session | null {
    const s = this.store.session(id);
    return s && s.namespace === auth.namespace ? s : null;
  }

  messages(auth: Auth, sessionId: string): Message[] {
    if (!this.session(auth, sessionId)) throw new HubError(404, { error: 'Session not found' });
    return this.store.messages(sessionId);
  }

  // ---- the checks every ledger write goes through ----

  /**
   * Strict validation by the core, with the authenticated owner every
   * principal must resolve to; answers the normalized create, or throws the
   * refusal the core's errors map to.
   */
  private checkCreate(body: unknown, opts: { httpWriter: boolean; sink?: Endpoint }): EventCreate {
    if (!isObject(body)) throw new HubError(400, { error: 'Invalid body', code: 'invalid_event' });
    const v = core.validate({
      kind: 'event_create',
      mode: 'strict',
      document: body,
      httpWriter: opts.httpWriter,
      owner: this.ownerId,
      ...(opts.sink ? { sink: opts.sink } : {}),
    });
    const refused = refusalOf(v.diagnostics.filter((d) => d.severity === 'error'));
    if (refused) throw refused;
    return v.normalized as EventCreate;
  }

  /** Inside a transaction: the row for the create's idempotency key, or a new row. */
  private insertOnce(
    namespace: string,
    create: EventCreate,
    ts: number,
    requestHash: string,
    id: string = randomUUID(),
  ): { event: EventRow; inserted: boolean } {
    const key = create.idempotency_key;
    if (typeof key === 'string') {
      const existing = this.store.eventByKey(namespace, key);
      if (existing) {
        if (this.store.requestHash(existing.id) !== requestHash) {
          throw new HubError(409, {
            error: 'idempotency_key was used before with a different body',
            code: 'idempotency_conflict',
          });
        }
        return { event: existing, inserted: false };
      }
    }
    return { event: this.store.insertEvent(create, id, ts, namespace, requestHash), inserted: true };
  }

  // ---- events and links: upstream's generic routes, decided by upstream's rules ----

  /**
   * The `upstream` profile's verdict on a body as received, and the row the
   * store writes for it (the core's `columns`), or the refusal upstream's
   * route answers. A text that is not JSON is judged as upstream judges it,
   * as if the body were `null`.
   */
  private checkUpstream(kind: 'event_create', text: string): EventColumns;
  private checkUpstream(kind: 'link_create', text: string): LinkColumns;
  private checkUpstream(kind: 'event_create' | 'link_create', text: string): EventColumns | LinkColumns {
    const ask = (body: string) =>
      core.validateDocument(body, kind, {
        mode: 'strict',
        profile: 'upstream',
        httpWriter: true,
        withColumns: true,
        ...(kind === 'event_create' ? { owner: this.ownerId } : {}),
      });
    let v = ask(text);
    let errors = v.diagnostics.filter((d) => d.severity === 'error');
    if (errors.some((d) => d.code.startsWith('parse/'))) {
      v = ask('null');
      errors = v.diagnostics.filter((d) => d.severity === 'error');
    }
    const refused = upstreamRefusalOf(errors);
    if (refused) throw refused;
    if (v.columns === undefined) throw new Error(`the core accepted a ${kind} and wrote no row for it`);
    return v.columns as EventColumns | LinkColumns;
  }

  /** `POST /api/work-graph/events` with the body's text as received. */
  postEvent(auth: Auth, text: string): { event: EventRow; inserted: boolean } {
    const columns = this.checkUpstream('event_create', text);
    // The columns are the stored form, in a fixed order: their text stands
    // for the request.
    const requestHash = sha256(JSON.stringify(columns));
    return this.store.tx(() => {
      // Upstream's replay: the namespace's row for the key, unchanged, whatever the new body says.
      const key = columns.idempotency_key;
      const existing = typeof key === 'string' ? this.store.eventByKey(auth.namespace, key) : null;
      if (existing) return { event: existing, inserted: false };
      return { event: this.store.insertColumns(columns, randomUUID(), this.clock(), auth.namespace, requestHash), inserted: true };
    });
  }

  /** `POST /api/work-graph/events` with a body as a value (`JSON.stringify`'s text of it). */
  writeEvent(auth: Auth, body: unknown): { event: EventRow; inserted: boolean } {
    return this.postEvent(auth, JSON.stringify(body) ?? '');
  }

  /** `POST /api/work-graph/event-links` with the body's text: both ends must be in the caller's namespace, `from` first. */
  postLink(auth: Auth, text: string): { link: LinkRow } {
    const link = this.checkUpstream('link_create', text);
    return this.store.tx(() => {
      for (const end of ['from_event_id', 'to_event_id'] as const) {
        if (!this.store.event(auth.namespace, link[end])) {
          throw new HubError(404, { error: `${end} not found in namespace`, code: 'not_found' });
        }
      }
      return { link: this.store.insertLinkColumns(auth.namespace, randomUUID(), this.clock(), link) };
    });
  }

  /** `POST /api/work-graph/event-links` with a body as a value. */
  writeLink(auth: Auth, body: unknown): { link: LinkRow } {
    return this.postLink(auth, JSON.stringify(body) ?? '');
  }

  // ---- handoffs ----

  private endpoint(s: Session): Endpoint {
    return { machineId: s.machineId, sessionId: s.id, namespace: s.namespace };
  }

  private sourceSession(auth: Auth): Session {
    const s = auth.sessionId ? this.session(auth, auth.sessionId) : null;
    if (!s) {
      throw new HubError(403, { error: 'This route needs a session-bound token', code: 'session_required' });
    }
    return s;
  }

  private deliver(
    target: Session,
    kind: Message['kind'],
    text: string,
    meta: unknown,
    eventId: string | null,
    role: Message['role'] = 'user',
  ): Message {
    return this.store.insertMessage({
      id: randomUUID(),
      namespace: target.namespace,
      sessionId: target.id,
      role,
      kind,
      text,
      meta,
      eventId,
      createdAt: this.clock(),
    });
  }

  private peerMetaFrom(source: Session | null, body: unknown = {}): unknown {
    return core.peerMeta({
      ...(source ? { authenticatedSourceSessionId: source.id } : {}),
      ...(source?.name ? { sourceName: source.name } : {}),
      body,
    }).meta;
  }

  private ledgerView(namespace: string, query: Query, extra: EventRow[] = []): LedgerViewAnswer {
    return core.ledgerView({
      events: [...this.store.events(namespace), ...extra],
      links: this.store.links(namespace),
      now: this.clock(),
      query,
      namespace,
    });
  }

  /**
   * Creates a handoff atomically: the row, its links, its delivery record and
   * the worker's projection delivered with peer meta, or nothing.
   */
  createHandoff(
    auth: Auth,
    body: unknown,
    opts: { retries?: string } = {},
  ): { event: EventRow; inserted: boolean; delivery: Message | null } {
    const source = this.sourceSession(auth);
    if (!isObject(body)) throw new HubError(400, { error: 'Invalid body', code: 'invalid_event' });
    if (body.source_ref !== undefined && body.source_ref !== source.id) {
      throw new HubError(403, {
        error: 'source_ref must be the authenticated session',
        code: 'source_not_authenticated',
      });
    }
    const draft: Record<string, unknown> = {
      ...body,
      event_type: body.event_type ?? 'handoff',
      source_kind: 'session',
      source_ref: source.id,
      sink_kind: body.sink_kind ?? 'session',
    };
    if (draft.event_type !== 'handoff') {
      throw new HubError(400, { error: 'event_type must be handoff', code: 'invalid_event' });
    }
    const sink = typeof draft.sink_ref === 'string' ? this.session(auth, draft.sink_ref) : null;
    if (!sink || draft.sink_kind !== 'session') {
      // Another namespace's session is not found either: nothing crosses namespaces.
      throw new HubError(404, { error: 'sink session not found in namespace', code: 'not_found' });
    }
    if (!this.offered(sink.capabilities).includes('handoff')) {
      throw new HubError(409, {
        error: "the sink session's client was not offered handoffs",
        code: 'capability_not_offered',
      });
    }
    const create = this.checkCreate(draft, { httpWriter: true, sink: this.endpoint(sink) });
    const requestHash = sha256(canonical(create));
    const stored = { ...create, payload_json: { ...(create.payload_json as object), delivery_state: 'queued' } };
    this.checkDelegatedAuthority(auth.namespace, stored);

    // The core's answers (projection, peer meta, the delivery move) are asked
    // for the row as it will be stored, before the write lock is taken; the
    // transaction only stores them, unless the sink changed in between.
    const id = randomUUID();
    const ts = this.clock();
    const row = rowOf(stored, id, ts, auth.namespace);
    const plan = (archived: boolean) => {
      const projection = archived ? null : core.projectHandoff({ event: row, sink: this.endpoint(sink), source: this.endpoint(source) });
      const to = archived ? 'undeliverable' : 'delivered';
      return { text: projection?.text ?? null, to, move: core.deliveryTransition('queued', to) };
    };
    let decided = plan(sink.archived);
    const meta = this.peerMetaFrom(source);

    return this.store.tx(() => {
      const { event, inserted } = this.insertOnce(auth.namespace, stored, ts, requestHash, id);
      if (!inserted) return { event, inserted, delivery: null };
      this.faults('event');
      if (opts.retries) {
        if (!this.store.event(auth.namespace, opts.retries)) {
          throw new HubError(404, { error: 'to_event_id not found in namespace', code: 'not_found' });
        }
        this.store.insertLink(auth.namespace, randomUUID(), event.id, opts.retries, 'retries', this.clock(), undefined);
      }
      this.faults('links');
      const archived = this.store.session(sink.id)?.archived ?? true;
      if (archived !== sink.archived) decided = plan(archived);
      const delivery = decided.text === null ? null : this.deliver(sink, 'handoff', decided.text, meta, event.id);
      this.faults('deliver');
      if (!decided.move.allowed) throw new HubError(409, { error: decided.move.message, code: decided.move.code });
      const moved = this.setDeliveryState(auth.namespace, event, decided.to);
      this.faults('state');
      this.faults('commit');
      return { event: moved, inserted, delivery };
    });
  }

  /** A delegated handoff must trace its grants to a human: the core's audit decides. */
  private checkDelegatedAuthority(namespace: string, create: EventCreate): void {
    const payload = create.payload_json as Record<string, unknown>;
    const confirmation = isObject(payload.confirmation) ? payload.confirmation : null;
    if (confirmation?.source !== 'delegated_authority') return;
    const candidate = rowOf(create, `candidate-${randomUUID()}`, this.clock(), namespace);
    const view = this.ledgerView(namespace, { by: 'handoff', eventId: candidate.id }, [candidate]).view;
    const audit = view.by === 'handoff' ? view.thread?.audit : undefined;
    if (!audit?.endsAtHuman) {
      throw new HubError(403, {
        error: 'delegated authority does not end at a human grant',
        code: audit?.code ?? 'ledger/audit-not-human',
      });
    }
  }

  /** A retry is a new handoff linked `retries` to the attempt it retries, never a rewrite. */
  retryHandoff(
    auth: Auth,
    handoffId: string,
    body: { idempotency_key?: string; sink_ref?: string } = {},
  ): { event: EventRow; inserted: boolean; delivery: Message | null } {
    const prior = this.store.event(auth.namespace, handoffId);
    if (!prior || prior.eventType !== 'handoff') throw new HubError(404, { error: 'Event not found' });
    const { delivery_state: _hubOwned, ...payload } = prior.payloadJson as Record<string, unknown>;
    const create: Record<string, unknown> = {
      sink_kind: prior.sinkKind,
      sink_ref: body.sink_ref ?? prior.sinkRef,
      event_type: 'handoff',
      payload_json: payload,
      artifact_refs: prior.artifactRefs,
      tags: prior.tags,
      principal: prior.principal,
      idempotency_key: body.idempotency_key ?? `retries:${prior.id}`,
    };
    if (prior.summary !== null) create.summary = prior.summary;
    if (prior.relatedSessionId !== null) create.related_session_id = prior.relatedSessionId;
    return this.createHandoff(auth, create, { retries: prior.id });
  }

  private handoff(auth: Auth, id: string): EventRow {
    const h = this.store.event(auth.namespace, id);
    if (!h || h.eventType !== 'handoff') throw new HubError(404, { error: 'Event not found' });
    return h;
  }

  private moveInTx(namespace: string, event: EventRow, to: string): EventRow {
    const payload = event.payloadJson as Record<string, unknown>;
    const from = typeof payload.delivery_state === 'string' ? payload.delivery_state : 'queued';
    const t = core.deliveryTransition(from, to);
    if (!t.allowed) throw new HubError(409, { error: t.message, code: t.code });
    return this.setDeliveryState(namespace, event, to);
  }

  private setDeliveryState(namespace: string, event: EventRow, to: string): EventRow {
    const next = { ...(event.payloadJson as Record<string, unknown>), delivery_state: to };
    this.store.setPayload(namespace, event.id, next);
    return { ...event, payloadJson: next };
  }

  /** Moves a handoff's delivery state, only where the core allows it. */
  moveDelivery(auth: Auth, handoffId: string, to: string): { event: EventRow } {
    return this.store.tx(() => {
      const h = this.handoff(auth, handoffId);
      if (auth.sessionId !== null && auth.sessionId !== h.sinkRef) {
        throw new HubError(403, { error: 'only the sink session moves its delivery', code: 'not_sink' });
      }
      return { event: this.moveInTx(auth.namespace, h, to) };
    });
  }

  /**
   * A receipt: linked `resolves` (or `blocked_by` when blocked) to its handoff,
   * and with `notify_source` the core's notice delivered back to the source.
   */
  writeReceipt(
    auth: Auth,
    handoffId: string,
    body: unknown,
  ): { event: EventRow; inserted: boolean; notice: Message | null } {
    const h = this.handoff(auth, handoffId);
    const writer = auth.sessionId ? this.session(auth, auth.sessionId) : null;
    if (auth.sessionId !== null && auth.sessionId !== h.sinkRef) {
      throw new HubError(403, { error: "only the handoff's sink session writes its receipt", code: 'not_sink' });
    }
    if (!isObject(body)) throw new HubError(400, { error: 'Invalid body', code: 'invalid_event' });
    if (body.related_event_id !== undefined && body.related_event_id !== h.id) {
      throw new HubError(400, { error: 'related_event_id must name the handoff', code: 'invalid_event' });
    }
    if (writer && body.source_ref !== undefined && body.source_ref !== writer.id) {
      throw new HubError(403, {
        error: 'source_ref must be the authenticated session',
        code: 'source_not_authenticated',
      });
    }
    const draft = {
      ...body,
      event_type: body.event_type ?? 'handoff_receipt',
      source_kind: body.source_kind ?? 'session',
      source_ref: writer?.id ?? body.source_ref ?? h.sinkRef,
      related_event_id: h.id,
    };
    if (draft.event_type !== 'handoff_receipt') {
      throw new HubError(400, { error: 'event_type must be handoff_receipt', code: 'invalid_event' });
    }
    const create = this.checkCreate(draft, { httpWriter: true });
    const requestHash = sha256(canonical(create));
    const id = randomUUID();
    const ts = this.clock();
    const row = rowOf(create, id, ts, auth.namespace);
    const source = this.session(auth, h.sourceRef);
    const meta = this.peerMetaFrom(writer);
    // Asked before the write lock for the handoff as read now; asked again
    // inside the transaction only if the handoff moved in between.
    const plan = (handoff: EventRow, timeoutNoticeSent: boolean) => {
      const state = (handoff.payloadJson as Record<string, unknown>).delivery_state;
      const consume = state === 'delivered' && core.deliveryTransition('delivered', 'consumed').allowed;
      const after = consume
        ? { ...handoff, payloadJson: { ...(handoff.payloadJson as object), delivery_state: 'consumed' } }
        : handoff;
      const n = core.noticeReceipt({ handoff: after, receipt: row, timeoutNoticeSent });
      return { handoff, timeoutNoticeSent, consume, text: n.text };
    };
    const timeoutSent = () => this.store.messagesForEvent(h.id, 'timeout_notice').length > 0;
    let decided = plan(h, timeoutSent());
    const status = (row.payloadJson as Record<string, unknown> | null)?.status;
    const relation = status === 'blocked' ? 'blocked_by' : 'resolves';

    return this.store.tx(() => {
      const { event, inserted } = this.insertOnce(auth.namespace, create, ts, requestHash, id);
      if (!inserted) return { event, inserted, notice: null };
      this.store.insertLink(auth.namespace, randomUUID(), event.id, h.id, relation, this.clock(), undefined);
      const now = this.handoff(auth, h.id);
      const sent = timeoutSent();
      if (canonical(now.payloadJson) !== canonical(decided.handoff.payloadJson) || sent !== decided.timeoutNoticeSent) {
        decided = plan(now, sent);
      }
      if (decided.consume) this.setDeliveryState(auth.namespace, now, 'consumed');
      const notice =
        decided.text !== null && source ? this.deliver(source, 'receipt_notice', decided.text, meta, event.id) : null;
      return { event, inserted, notice };
    });
  }

  /** The timeout notice: the source hears "inspect, do not decide"; nothing is recorded as failed. */
  timeoutHandoff(auth: Auth, handoffId: string): { notice: Message | null } {
    return this.store.tx(() => {
      const h = this.handoff(auth, handoffId);
      const n = core.noticeReceipt({ handoff: h, now: this.clock() });
      const source = this.session(auth, h.sourceRef);
      const notice = n.text !== null && source ? this.deliver(source, 'timeout_notice', n.text, this.peerMetaFrom(null), h.id) : null;
      return { notice };
    });
  }

  // ---- Layer 0: peer messages, webapp messages, spawn ----

  /** `POST /cli/sessions/:source/peer-messages`: the source is the token's session, never the body. */
  sendPeerMessage(auth: Auth, body: unknown): { ok: true; message: Message } {
    const source = this.sourceSession(auth);
    if (!isObject(body) || typeof body.text !== 'string' || body.text.length === 0) {
      throw new HubError(400, { error: 'Invalid body', code: 'invalid_body' });
    }
    const target = typeof body.targetSessionId === 'string' ? this.session(auth, body.targetSessionId) : null;
    if (!target) throw new HubError(404, { error: 'Session not found' });
    return this.store.tx(() => ({
      ok: true,
      message: this.deliver(target, 'peer', body.text as string, this.peerMetaFrom(source, body), null),
    }));
  }

  /** `POST /api/sessions/:id/messages`: an operator's message; body claims of a source are ignored. */
  sendUserMessage(auth: Auth, sessionId: string, body: unknown): { ok: true; message: Message } {
    if (!isObject(body) || typeof body.text !== 'string' || body.text.length === 0) {
      throw new HubError(400, { error: 'Invalid body', code: 'invalid_body' });
    }
    const target = this.session(auth, sessionId);
    if (!target) throw new HubError(404, { error: 'Session not found' });
    return this.store.tx(() => ({
      ok: true,
      message: this.deliver(target, 'webapp', body.text as string, { sentFrom: 'webapp' }, null),
    }));
  }

  /** `POST /cli/sessions/:source/spawn-peer`: refused before any child exists, or a child with its remit. */
  spawnPeer(auth: Auth, body: unknown): { sessionId: string; message: Message } {
    const source = this.sourceSession(auth);
    if (!isObject(body)) throw new HubError(400, { error: 'Invalid body', code: 'invalid_body' });
    const { machineId, ...request } = body;
    const document = {
      ...request,
      via: 'spawn_peer',
      sourceCapabilities: source.capabilities,
      sourceSessionId: source.id,
    };
    const v = core.validate({ kind: 'spawn_request', mode: 'strict', document });
    const errors = v.diagnostics.filter((d) => d.severity === 'error');
    if (!v.valid) {
      throw new HubError(400, { error: errors[0]?.message ?? 'Invalid body', code: errors[0]?.code, issues: errors });
    }
    const spawn = v.normalized as { remit: string; name?: string };
    return this.store.tx(() => {
      const child: Session = {
        id: randomUUID(),
        namespace: auth.namespace,
        machineId: typeof machineId === 'string' ? machineId : source.machineId,
        name: spawn.name ?? null,
        capabilities: core.capabilities({}).capabilities.map((c) => c.name),
        archived: false,
        createdAt: this.clock(),
      };
      this.store.insertSession(child);
      this.faults('spawn-child');
      const message = this.deliver(child, 'remit', spawn.remit, this.peerMetaFrom(source), null);
      this.faults('spawn-remit');
      if (this.store.messages(child.id).length === 0) {
        throw new HubError(500, { error: 'the child has no remit', code: 'empty_session' });
      }
      return { sessionId: child.id, message };
    });
  }

  /** `POST /api/machines/:id/spawn`: an empty session; a remit in the body is refused by the core's rule. */
  machineSpawn(auth: Auth, machineId: string, body: unknown): { type: 'success'; sessionId: string } {
    const v = core.validate({ kind: 'spawn_request', mode: 'strict', document: body });
    const errors = v.diagnostics.filter((d) => d.severity === 'error');
    if (!v.valid) {
      throw new HubError(400, { error: errors[0]?.message ?? 'Invalid body', code: errors[0]?.code, issues: errors });
    }
    const { session } = this.createSession(auth.namespace, { machineId });
    return { type: 'success', sessionId: session.id };
  }

  // ---- Layer 1 ingest of agent turns ----

  /**
   * An agent message: stored; a valid `AGENT_NOTIFY_SUMMARY` footer becomes a
   * work ad (idempotent per message), linked `follows` to the session's previous one.
   */
  ingestAgentMessage(
    auth: Auth,
    sessionId: string,
    msg: { id: string; text: string; createdAt?: number; flavor?: string },
  ): { message: Message; event: EventRow | null; inserted: boolean } {
    const session = this.session(auth, sessionId);
    if (!session) throw new HubError(404, { error: 'Session not found' });
    return this.store.tx(() => {
      const createdAt = msg.createdAt ?? this.clock();
      const message =
        this.store.message(session.id, msg.id) ??
        this.store.insertMessage({
          id: msg.id,
          namespace: auth.namespace,
          sessionId: session.id,
          role: 'agent',
          kind: 'agent',
          text: msg.text,
          meta: null,
          eventId: null,
          createdAt,
        });
      const parsed = core.notifyParse(message.text);
      if (parsed.summary === null) return { message, event: null, inserted: false };
      const previous = this.store.lastNotifyAd(auth.namespace, session.id);
      const create = core.notifyElevate({
        sessionId: session.id,
        messageId: message.id,
        notify: parsed.summary,
        ownerUserId: this.ownerId,
        ts: message.createdAt,
        ...(msg.flavor ? { flavor: msg.flavor } : {}),
        ...(previous ? { relatedEventId: previous } : {}),
      }).event as unknown as EventCreate;
      // Replayed turns come back with the row of their first ingest, whatever came since.
      const key = create.idempotency_key as string;
      const earlier = this.store.eventByKey(auth.namespace, key);
      if (earlier) return { message, event: earlier, inserted: false };
      const v = core.validate({ kind: 'event_create', mode: 'strict', document: create, httpWriter: false, owner: this.ownerId });
      if (!v.valid) return { message, event: null, inserted: false };
      const normalized = v.normalized as EventCreate;
      const { event, inserted } = this.insertOnce(auth.namespace, normalized, message.createdAt, sha256(canonical(normalized)));
      if (inserted && previous) {
        this.store.insertLink(auth.namespace, randomUUID(), event.id, previous, 'follows', this.clock(), undefined);
      }
      return { message, event, inserted };
    });
  }

  // ---- queries: every one through the core's ledger view ----

  view(auth: Auth, query: Query): LedgerViewAnswer {
    return this.ledgerView(auth.namespace, query);
  }

  /** `GET /api/work-graph/events/:id`: the complete row, found through the handoff view. */
  getEvent(auth: Auth, id: string): EventRow | null {
    const v = this.view(auth, { by: 'handoff', eventId: id }).view;
    if (v.by !== 'handoff' || !v.found) return null;
    return (v.thread?.handoff ?? v.event) as EventRow;
  }

  /**
   * `GET /api/work-graph/events?related_session_id=`: upstream's list, the
   * rows whose `related_session_id` is the session, newest first, `limit`
   * clamped to 1..500.
   */
  eventsByRelatedSession(auth: Auth, sessionId: string, limit = 100): EventRow[] {
    return this.store.eventsByRelatedSession(auth.namespace, sessionId, Math.min(Math.max(limit, 1), 500));
  }

  /**
   * A session's history as the core's session view reads it: every event
   * it is the source, sink or related session of, newest first.
   */
  listEvents(auth: Auth, sessionId: string, limit = 100): EventRow[] {
    const v = this.view(auth, { by: 'session', sessionId }).view;
    if (v.by !== 'session') return [];
    return v.events.slice(0, Math.min(Math.max(limit, 1), 500)).map((e) => e.event as EventRow);
  }

  /** `GET /api/work-graph/events/:id/links`: both directions, oldest first; null when the event is not the namespace's. */
  linksOf(auth: Auth, id: string): LinkRow[] | null {
    if (!this.getEvent(auth, id)) return null;
    return this.store.linksFor(auth.namespace, id);
  }

  // ---- capabilities ----

  private readonly offers = new Map<string, string[]>();

  /** The capabilities the core offers a client declaring `declared` (asked once per distinct set). */
  private offered(declared: string[]): string[] {
    const key = JSON.stringify(declared);
    let offer = this.offers.get(key);
    if (!offer) {
      offer = core.capabilities({ client: { capabilities: declared } }).offer?.capabilities ?? [];
      this.offers.set(key, offer);
    }
    return offer;
  }

  health(): { status: 'ok'; protocolVersion: 1; capabilities: Record<string, boolean> } {
    const caps: Record<string, boolean> = { workGraph: true };
    for (const c of core.capabilities({}).capabilities) caps[c.name] = true;
    return { status: 'ok', protocolVersion: 1, capabilities: caps };
  }

  /** What a client that declares `capabilities` may be offered. */
  offer(client: { capabilities: string[]; vocabularies?: Record<string, string[]> }) {
    return core.capabilities({ client }).offer;
  }
}
