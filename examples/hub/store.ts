// Storage: upstream's ledger DDL verbatim, plus the small chat substrate a
// hub delivers into (sessions and their messages) and the bookkeeping the
// reference hub needs (tokens, the request hash behind each idempotency key).
// Nothing here decides anything; it maps rows between SQLite and the wire.

import { Database } from 'bun:sqlite';

const LEDGER_DDL = `
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, ts INTEGER NOT NULL,
  source_kind TEXT NOT NULL, source_ref TEXT NOT NULL, sink_kind TEXT, sink_ref TEXT,
  event_type TEXT NOT NULL, summary TEXT, payload_json TEXT,
  artifact_refs TEXT NOT NULL DEFAULT '[]', tags TEXT NOT NULL DEFAULT '[]',
  related_session_id TEXT, related_event_id TEXT, provenance TEXT,
  idempotency_key TEXT, dedupe_key TEXT, confidence REAL, severity TEXT, expires_at INTEGER,
  namespace TEXT NOT NULL, principal_json TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS idx_events_namespace_ts ON events(namespace, ts DESC);
CREATE INDEX IF NOT EXISTS idx_events_namespace_related_session ON events(namespace, related_session_id, ts DESC);
CREATE INDEX IF NOT EXISTS idx_events_namespace_expires ON events(namespace, expires_at);
CREATE UNIQUE INDEX IF NOT EXISTS idx_events_namespace_idempotency ON events(namespace, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE TABLE IF NOT EXISTS event_links (
  id TEXT PRIMARY KEY, from_event_id TEXT NOT NULL, to_event_id TEXT NOT NULL,
  relation_type TEXT NOT NULL, created_at INTEGER NOT NULL, metadata_json TEXT, namespace TEXT NOT NULL,
  FOREIGN KEY (from_event_id) REFERENCES events(id) ON DELETE CASCADE,
  FOREIGN KEY (to_event_id) REFERENCES events(id) ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS idx_event_links_namespace_from ON event_links(namespace, from_event_id);
CREATE INDEX IF NOT EXISTS idx_event_links_namespace_to ON event_links(namespace, to_event_id);
`;

const HUB_DDL = `
CREATE TABLE IF NOT EXISTS hub_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, namespace TEXT NOT NULL, machine_id TEXT NOT NULL, name TEXT,
  capabilities_json TEXT NOT NULL DEFAULT '[]', archived INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS idx_sessions_namespace ON sessions(namespace);
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY, namespace TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, meta_json TEXT,
  event_id TEXT REFERENCES events(id) ON DELETE CASCADE, created_at INTEGER NOT NULL,
  UNIQUE (session_id, seq));
CREATE INDEX IF NOT EXISTS idx_messages_event ON messages(event_id, kind);
CREATE TABLE IF NOT EXISTS event_requests (
  event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE, request_sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY, namespace TEXT NOT NULL, session_id TEXT REFERENCES sessions(id));
`;

const BUSY_WAIT_MS = 30_000;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Opens (and creates) a hub database: WAL, foreign keys on, a busy wait for other writers. */
export function openDatabase(path: string): Database {
  const db = new Database(path, { create: true, strict: true });
  db.exec('PRAGMA busy_timeout = 30000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(LEDGER_DDL);
    db.exec(HUB_DDL);
    db.exec('COMMIT');
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
  // From here on, waiting for the write lock is Store.tx's job: SQLite's own
  // handler sleeps in steps of up to 100 ms, long after the lock is free.
  db.exec('PRAGMA busy_timeout = 0');
  return db;
}

export type EventRow = {
  id: string;
  ts: number;
  sourceKind: string;
  sourceRef: string;
  sinkKind: string | null;
  sinkRef: string | null;
  eventType: string;
  summary: string | null;
  payloadJson: unknown;
  artifactRefs: unknown[];
  tags: string[];
  relatedSessionId: string | null;
  relatedEventId: string | null;
  provenance: string | null;
  idempotencyKey: string | null;
  dedupeKey: string | null;
  confidence: number | null;
  severity: string | null;
  expiresAt: number | null;
  namespace: string;
  principal: unknown;
};

export type LinkRow = {
  id: string;
  fromEventId: string;
  toEventId: string;
  relationType: string;
  createdAt: number;
  metadataJson: unknown;
  namespace: string;
};

export type EventCreate = Record<string, unknown> & {
  source_kind: string;
  source_ref: string;
  event_type: string;
  principal: unknown;
};

type SqlEvent = {
  id: string;
  ts: number;
  source_kind: string;
  source_ref: string;
  sink_kind: string | null;
  sink_ref: string | null;
  event_type: string;
  summary: string | null;
  payload_json: string | null;
  artifact_refs: string;
  tags: string;
  related_session_id: string | null;
  related_event_id: string | null;
  provenance: string | null;
  idempotency_key: string | null;
  dedupe_key: string | null;
  confidence: number | null;
  severity: string | null;
  expires_at: number | null;
  namespace: string;
  principal_json: string;
};

type SqlLink = {
  id: string;
  from_event_id: string;
  to_event_id: string;
  relation_type: string;
  created_at: number;
  metadata_json: string | null;
  namespace: string;
};

function parseOr<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function eventRow(r: SqlEvent): EventRow {
  return {
    id: r.id,
    ts: r.ts,
    sourceKind: r.source_kind,
    sourceRef: r.source_ref,
    sinkKind: r.sink_kind,
    sinkRef: r.sink_ref,
    eventType: r.event_type,
    summary: r.summary,
    payloadJson: parseOr<unknown>(r.payload_json, null),
    artifactRefs: parseOr<unknown[]>(r.artifact_refs, []),
    tags: parseOr<string[]>(r.tags, []),
    relatedSessionId: r.related_session_id,
    relatedEventId: r.related_event_id,
    provenance: r.provenance,
    idempotencyKey: r.idempotency_key,
    dedupeKey: r.dedupe_key,
    confidence: r.confidence,
    severity: r.severity,
    expiresAt: r.expires_at,
    namespace: r.namespace,
    principal: parseOr<unknown>(r.principal_json, { kind: 'human', id: 'invalid' }),
  };
}

export function linkRow(r: SqlLink): LinkRow {
  return {
    id: r.id,
    fromEventId: r.from_event_id,
    toEventId: r.to_event_id,
    relationType: r.relation_type,
    createdAt: r.created_at,
    metadataJson: parseOr<unknown>(r.metadata_json, null),
    namespace: r.namespace,
  };
}

function opt<T>(v: unknown): T | null {
  return v === undefined ? null : (v as T);
}

function sqlEventOf(create: EventCreate, id: string, ts: number, namespace: string): SqlEvent {
  const c = create as Record<string, unknown>;
  return {
    id,
    ts,
    source_kind: c.source_kind as string,
    source_ref: c.source_ref as string,
    sink_kind: opt(c.sink_kind),
    sink_ref: opt(c.sink_ref),
    event_type: c.event_type as string,
    summary: opt(c.summary),
    payload_json: 'payload_json' in c ? JSON.stringify(c.payload_json) : null,
    artifact_refs: JSON.stringify(c.artifact_refs ?? []),
    tags: JSON.stringify(c.tags ?? []),
    related_session_id: opt(c.related_session_id),
    related_event_id: opt(c.related_event_id),
    provenance: opt(c.provenance),
    idempotency_key: opt(c.idempotency_key),
    dedupe_key: opt(c.dedupe_key),
    confidence: opt(c.confidence),
    severity: opt(c.severity),
    expires_at: opt(c.expires_at),
    namespace,
    principal_json: JSON.stringify(c.principal),
  };
}

/** The columns of an event row that come from its body, as the core's `columns` hands them over. */
export type EventColumns = Omit<SqlEvent, 'id' | 'ts' | 'namespace'>;

/** The columns of a link row that come from its body. */
export type LinkColumns = { from_event_id: string; to_event_id: string; relation_type: string; metadata_json: string | null };

/** The row a create becomes once stored with this id, time and namespace (as `Store.event` reads it). */
export function rowOf(create: EventCreate, id: string, ts: number, namespace: string): EventRow {
  return eventRow(sqlEventOf(create, id, ts, namespace));
}

/** Prepared statements over one open database. */
export class Store {
  readonly db: Database;
  private readonly q;

  constructor(db: Database) {
    this.db = db;
    this.q = {
      insertEvent: db.prepare(
        `INSERT INTO events (id, ts, source_kind, source_ref, sink_kind, sink_ref, event_type, summary,
          payload_json, artifact_refs, tags, related_session_id, related_event_id, provenance,
          idempotency_key, dedupe_key, confidence, severity, expires_at, namespace, principal_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)`,
      ),
      insertRequest: db.prepare('INSERT INTO event_requests (event_id, request_sha256) VALUES (?1, ?2)'),
      requestOf: db.prepare<{ request_sha256: string }, [string]>(
        'SELECT request_sha256 FROM event_requests WHERE event_id = ?1',
      ),
      eventById: db.prepare<SqlEvent, [string, string]>('SELECT * FROM events WHERE id = ?1 AND namespace = ?2'),
      eventByKey: db.prepare<SqlEvent, [string, string]>(
        'SELECT * FROM events WHERE namespace = ?1 AND idempotency_key = ?2',
      ),
      eventsOf: db.prepare<SqlEvent, [string]>('SELECT * FROM events WHERE namespace = ?1 ORDER BY rowid'),
      byRelatedSession: db.prepare<SqlEvent, [string, string, number]>(
        'SELECT * FROM events WHERE namespace = ?1 AND related_session_id = ?2 ORDER BY ts DESC LIMIT ?3',
      ),
      linksOf: db.prepare<SqlLink, [string]>('SELECT * FROM event_links WHERE namespace = ?1 ORDER BY rowid'),
      insertLink: db.prepare(
        `INSERT INTO event_links (id, from_event_id, to_event_id, relation_type, created_at, metadata_json, namespace)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
      ),
      linksFor: db.prepare<SqlLink, [string, string]>(
        `SELECT * FROM event_links WHERE namespace = ?1 AND (from_event_id = ?2 OR to_event_id = ?2)
         ORDER BY created_at ASC, rowid ASC`,
      ),
      setPayload: db.prepare('UPDATE events SET payload_json = ?1 WHERE id = ?2 AND namespace = ?3'),
      lastNotifyAd: db.prepare<{ id: string }, [string, string]>(
        `SELECT id FROM events WHERE namespace = ?1 AND source_ref = ?2 AND event_type = 'work_ad'
         AND provenance = 'AGENT_NOTIFY_SUMMARY' ORDER BY rowid DESC LIMIT 1`,
      ),
      session: db.prepare<SqlSession, [string]>('SELECT * FROM sessions WHERE id = ?1'),
      insertSession: db.prepare(
        `INSERT INTO sessions (id, namespace, machine_id, name, capabilities_json, archived, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)`,
      ),
      archive: db.prepare('UPDATE sessions SET archived = 1 WHERE id = ?1 AND namespace = ?2'),
      nextSeq: db.prepare<{ seq: number }, [string]>(
        'SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM messages WHERE session_id = ?1',
      ),
      insertMessage: db.prepare(
        `INSERT INTO messages (id, namespace, session_id, seq, role, kind, text, meta_json, event_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
      ),
      messagesOf: db.prepare<SqlMessage, [string]>('SELECT * FROM messages WHERE session_id = ?1 ORDER BY seq'),
      messagesForEvent: db.prepare<SqlMessage, [string, string]>(
        'SELECT * FROM messages WHERE event_id = ?1 AND kind = ?2 ORDER BY created_at',
      ),
      messageById: db.prepare<SqlMessage, [string, string]>('SELECT * FROM messages WHERE id = ?1 AND session_id = ?2'),
      token: db.prepare<{ namespace: string; session_id: string | null }, [string]>(
        'SELECT namespace, session_id FROM tokens WHERE token = ?1',
      ),
      insertToken: db.prepare('INSERT INTO tokens (token, namespace, session_id) VALUES (?1, ?2, ?3)'),
      meta: db.prepare<{ value: string }, [string]>('SELECT value FROM hub_meta WHERE key = ?1'),
      setMeta: db.prepare('INSERT OR IGNORE INTO hub_meta (key, value) VALUES (?1, ?2)'),
    };
  }

  /**
   * Runs `fn` in one `BEGIN IMMEDIATE` transaction: all of it or none. When
   * another process holds the write lock, waits a little (jittered, well
   * under SQLite's own busy handler's steps) and runs the whole of `fn` again.
   */
  tx<T>(fn: () => T): T {
    const deadline = performance.now() + BUSY_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return this.db.transaction(fn).immediate();
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code !== 'SQLITE_BUSY' || performance.now() > deadline) throw e;
        Atomics.wait(PAUSE, 0, 0, Math.min(4, 0.05 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random()));
      }
    }
  }

  insertEvent(create: EventCreate, id: string, ts: number, namespace: string, requestSha256: string): EventRow {
    return this.insertRow(sqlEventOf(create, id, ts, namespace), requestSha256);
  }

  /** Stores the columns the core wrote for a body, as they are. */
  insertColumns(columns: EventColumns, id: string, ts: number, namespace: string, requestSha256: string): EventRow {
    return this.insertRow({ ...columns, id, ts, namespace }, requestSha256);
  }

  private insertRow(r: SqlEvent, requestSha256: string): EventRow {
    const id = r.id;
    this.q.insertEvent.run(
      r.id,
      r.ts,
      r.source_kind,
      r.source_ref,
      r.sink_kind,
      r.sink_ref,
      r.event_type,
      r.summary,
      r.payload_json,
      r.artifact_refs,
      r.tags,
      r.related_session_id,
      r.related_event_id,
      r.provenance,
      r.idempotency_key,
      r.dedupe_key,
      r.confidence,
      r.severity,
      r.expires_at,
      r.namespace,
      r.principal_json,
    );
    this.q.insertRequest.run(id, requestSha256);
    return eventRow(r);
  }

  requestHash(eventId: string): string | null {
    return this.q.requestOf.get(eventId)?.request_sha256 ?? null;
  }

  event(namespace: string, id: string): EventRow | null {
    const r = this.q.eventById.get(id, namespace);
    return r ? eventRow(r) : null;
  }

  eventByKey(namespace: string, key: string): EventRow | null {
    const r = this.q.eventByKey.get(namespace, key);
    return r ? eventRow(r) : null;
  }

  events(namespace: string): EventRow[] {
    return this.q.eventsOf.all(namespace).map(eventRow);
  }

  /** The namespace's events whose `related_session_id` is `sessionId`, newest first, at most `limit`. */
  eventsByRelatedSession(namespace: string, sessionId: string, limit: number): EventRow[] {
    return this.q.byRelatedSession.all(namespace, sessionId, limit).map(eventRow);
  }

  links(namespace: string): LinkRow[] {
    return this.q.linksOf.all(namespace).map(linkRow);
  }

  linksFor(namespace: string, eventId: string): LinkRow[] {
    return this.q.linksFor.all(namespace, eventId).map(linkRow);
  }

  insertLink(
    namespace: string,
    id: string,
    from: string,
    to: string,
    relation: string,
    createdAt: number,
    metadata: unknown,
  ): LinkRow {
    const metadataText = metadata === undefined ? null : JSON.stringify(metadata);
    this.q.insertLink.run(id, from, to, relation, createdAt, metadataText, namespace);
    return { id, fromEventId: from, toEventId: to, relationType: relation, createdAt, metadataJson: metadata ?? null, namespace };
  }

  /** Stores the columns the core wrote for a link body, as they are. */
  insertLinkColumns(namespace: string, id: string, createdAt: number, c: LinkColumns): LinkRow {
    this.q.insertLink.run(id, c.from_event_id, c.to_event_id, c.relation_type, createdAt, c.metadata_json, namespace);
    return {
      id,
      fromEventId: c.from_event_id,
      toEventId: c.to_event_id,
      relationType: c.relation_type,
      createdAt,
      metadataJson: parseOr<unknown>(c.metadata_json, null),
      namespace,
    };
  }

  setPayload(namespace: string, id: string, payload: unknown): void {
    this.q.setPayload.run(JSON.stringify(payload), id, namespace);
  }

  lastNotifyAd(namespace: string, sessionId: string): string | null {
    return this.q.lastNotifyAd.get(namespace, sessionId)?.id ?? null;
  }

  session(id: string): Session | null {
    const r = this.q.session.get(id);
    return r ? sessionOf(r) : null;
  }

  insertSession(s: Session): void {
    this.q.insertSession.run(s.id, s.namespace, s.machineId, s.name, JSON.stringify(s.capabilities), s.createdAt);
  }

  archive(namespace: string, id: string): void {
    this.q.archive.run(id, namespace);
  }

  insertMessage(m: Omit<Message, 'seq'>): Message {
    const seq = this.q.nextSeq.get(m.sessionId)?.seq ?? 1;
    this.q.insertMessage.run(
      m.id,
      m.namespace,
      m.sessionId,
      seq,
      m.role,
      m.kind,
      m.text,
      m.meta === null ? null : JSON.stringify(m.meta),
      m.eventId,
      m.createdAt,
    );
    return { ...m, seq };
  }

  messages(sessionId: string): Message[] {
    return this.q.messagesOf.all(sessionId).map(messageOf);
  }

  messagesForEvent(eventId: string, kind: string): Message[] {
    return this.q.messagesForEvent.all(eventId, kind).map(messageOf);
  }

  message(sessionId: string, id: string): Message | null {
    const r = this.q.messageById.get(id, sessionId);
    return r ? messageOf(r) : null;
  }

  token(token: string): { namespace: string; sessionId: string | null } | null {
    const r = this.q.token.get(token);
    return r ? { namespace: r.namespace, sessionId: r.session_id } : null;
  }

  insertToken(token: string, namespace: string, sessionId: string | null): void {
    this.q.insertToken.run(token, namespace, sessionId);
  }

  meta(key: string): string | null {
    return this.q.meta.get(key)?.value ?? null;
  }

  setMetaOnce(key: string, value: string): string {
    this.q.setMeta.run(key, value);
    return this.meta(key) as string;
  }
}

type SqlSession = {
  id: string;
  namespace: string;
  machine_id: string;
  name: string | null;
  capabilities_json: string;
  archived: number;
  created_at: number;
};

export type Session = {
  id: string;
  namespace: string;
  machineId: string;
  name: string | null;
  capabilities: string[];
  archived: boolean;
  createdAt: number;
};

function sessionOf(r: SqlSession): Session {
  return {
    id: r.id,
    namespace: r.namespace,
    machineId: r.machine_id,
    name: r.name,
    capabilities: parseOr<string[]>(r.capabilities_json, []),
    archived: r.archived !== 0,
    createdAt: r.created_at,
  };
}

type SqlMessage = {
  id: string;
  namespace: string;
  session_id: string;
  seq: number;
  role: string;
  kind: string;
  text: string;
  meta_json: string | null;
  event_id: string | null;
  created_at: number;
};

/** A message in a session's transcript; `kind` says which hub path delivered it. */
export type Message = {
  id: string;
  namespace: string;
  sessionId: string;
  seq: number;
  role: 'user' | 'agent';
  kind: 'handoff' | 'receipt_notice' | 'timeout_notice' | 'peer' | 'webapp' | 'remit' | 'agent';
  text: string;
  meta: unknown;
  eventId: string | null;
  createdAt: number;
};

function messageOf(r: SqlMessage): Message {
  return {
    id: r.id,
    namespace: r.namespace,
    sessionId: r.session_id,
    seq: r.seq,
    role: r.role as Message['role'],
    kind: r.kind as Message['kind'],
    text: r.text,
    meta: parseOr<unknown>(r.meta_json, null),
    eventId: r.event_id,
    createdAt: r.created_at,
  };
}
