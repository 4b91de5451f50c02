// Shared fixtures for the hub's tests.

import { Hub, type Auth, type HubOptions, type Session } from '../hub.ts';

export const OWNER = '4242';
export const human = { kind: 'human', id: OWNER } as const;
export const agentOf = (sessionId: string) => ({ kind: 'agent', id: `session:${sessionId}`, on_behalf_of: OWNER });

export type Party = { session: Session; token: string; auth: Auth };

export function newHub(opts: Partial<HubOptions> = {}): Hub {
  return new Hub({ path: ':memory:', ownerId: OWNER, ...opts });
}

export function party(
  hub: Hub,
  namespace: string,
  machineId: string,
  name: string,
  capabilities?: string[],
): Party {
  const { session, token } = hub.createSession(namespace, { machineId, name, ...(capabilities ? { capabilities } : {}) });
  return { session, token, auth: hub.authenticate(token) as Auth };
}

/** A handoff body as a client posts it (the hub fills in the source). */
export function handoffBody(sinkId: string, extra: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) {
  return {
    sink_ref: sinkId,
    summary: 'Review implementation diff and run tests',
    payload_json: {
      intent: 'review_and_test',
      instructions: 'Focus on regressions in peer messaging.',
      constraints: ['no_git_push', 'read_repo_ok'],
      confirmation: { principal: human, source: 'human_approved_peer_tool' },
      ...payload,
    },
    artifact_refs: [{ kind: 'github_pr', url: 'https://github.com/tiann/hapi/pull/1228', source: 'worker' }],
    principal: human,
    ...extra,
  };
}

export function receiptBody(sinkId: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    summary: `receipt: ${status}`,
    payload_json: { status, checks: [] },
    principal: agentOf(sinkId),
    ...extra,
  };
}

/** Runs `fn` and answers the HubError it throws (fails when nothing is thrown). */
export function refusal(fn: () => unknown): { status: number; body: { error: string; code?: string; issues?: unknown } } {
  try {
    fn();
  } catch (e) {
    const err = e as { status?: number; body?: { error: string; code?: string } };
    if (typeof err.status === 'number' && err.body) return { status: err.status, body: err.body };
    throw e;
  }
  throw new Error('expected a refusal, the operation succeeded');
}

export function count(hub: Hub, table: string): number {
  return (hub.store.db.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}
