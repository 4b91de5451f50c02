// A strict TypeScript user of `hapi-a2a-core/upstream`: a hub's code written
// against upstream's names, type-checked with only its imports changed.
import {
  WorkGraphEventCreateSchema,
  WorkGraphPrincipalSchema,
  buildWorkAdFromNotify,
  extractNotifySummary,
  isPrincipalAccountable,
  mapNotifyStatusToWorkAdStatus,
  normalizeSessionIdPrefix,
  principalMatchesAuthenticatedOwner,
  splitNotifySummary,
  stripNotifySummaryFooter,
  extractSessionCitationIds,
  CoreCallError,
  SchemaError,
} from 'hapi-a2a-core/upstream';
import type {
  NotifySummary,
  SchemaIssue,
  WorkAdCreate,
  WorkAdStatus,
  WorkGraphEventCreate,
  WorkGraphPrincipal,
} from 'hapi-a2a-core/upstream';

export function postEvent(body: unknown, ownerUserId: number): { status: number; body: unknown } {
  const parsed = WorkGraphEventCreateSchema.safeParse(body);
  if (!parsed.success) {
    const first: SchemaIssue | undefined = parsed.error.issues[0];
    const path: Array<string | number> = first ? first.path : [];
    void path;
    const flat = parsed.error.flatten();
    const summary: string[] | undefined = flat.fieldErrors['summary'];
    void summary;
    return { status: 400, body: { error: 'Invalid body', issues: flat } };
  }
  const event: WorkGraphEventCreate = parsed.data;
  if (!principalMatchesAuthenticatedOwner(event.principal, ownerUserId)) return { status: 403, body: {} };
  if (!isPrincipalAccountable(event.principal)) return { status: 403, body: {} };
  const principal: WorkGraphPrincipal = event.principal;
  const owner: string = principal.kind === 'human' ? principal.id : principal.on_behalf_of;
  // @ts-expect-error: a human principal has no on_behalf_of.
  if (principal.kind === 'human') void principal.on_behalf_of;
  return { status: 201, body: { event, owner } };
}

export function ingest(text: string, sessionId: string, messageId: string): WorkAdCreate | null {
  const summary: NotifySummary | null = extractNotifySummary(text);
  if (summary === null) return null;
  const split = splitNotifySummary(text);
  const visible: string = split ? split.visibleText : stripNotifySummaryFooter(text);
  void visible;
  const status: WorkAdStatus = mapNotifyStatusToWorkAdStatus(summary.status);
  void status;
  try {
    return buildWorkAdFromNotify({ sessionId, messageId, notify: summary, ownerUserId: 42, ts: Date.now(), relatedEventId: null, expiresAt: 0 });
  } catch (e) {
    if (!(e instanceof CoreCallError)) throw e;
    const code: string = e.code;
    void code;
    return null;
  }
}

export function resolve(raw: string): string[] {
  const id: string = normalizeSessionIdPrefix(raw);
  const principal = WorkGraphPrincipalSchema.parse({ kind: 'human', id });
  const ids: string[] = extractSessionCitationIds(raw);
  void principal;
  try {
    WorkGraphPrincipalSchema.parse(null);
  } catch (e) {
    if (e instanceof SchemaError) ids.push(...e.flatten((i) => i.code).formErrors);
  }
  // @ts-expect-error: buildWorkAdFromNotify needs the message's ts.
  buildWorkAdFromNotify({ sessionId: 's', messageId: 'm', notify: {}, ownerUserId: 1 });
  return ids;
}
