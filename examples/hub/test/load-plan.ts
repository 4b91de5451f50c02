// The load test's shared plan: sessions, tokens and the bodies every worker writes.

export type Plan = {
  owner: string;
  units: number;
  shared: number;
  sources: { id: string; token: string }[];
  sinks: { id: string; token: string }[];
};

export function handoffFor(key: string, sinkId: string, owner: string) {
  return {
    sink_ref: sinkId,
    summary: `load ${key}`,
    payload_json: {
      intent: 'review_and_test',
      instructions: `Run the checks for ${key} and report.`,
      constraints: ['no_git_push'],
      confirmation: { principal: { kind: 'human', id: owner }, source: 'human_approved_peer_tool' },
    },
    artifact_refs: [{ kind: 'github_pr', url: `https://github.com/tiann/hapi/pull/${1000 + (key.length % 97)}` }],
    tags: ['load'],
    principal: { kind: 'human', id: owner },
    idempotency_key: `handoff:${key}`,
  };
}

export function receiptFor(key: string, sinkId: string, owner: string) {
  return {
    summary: `done ${key}`,
    payload_json: {
      status: 'completed',
      notes: 'all green',
      checks: [
        {
          command: 'npm test',
          exit_code: 0,
          passed: true,
          output_ref: { kind: 'log_url', url: `https://ci.example.com/runs/${key}` },
        },
      ],
    },
    principal: { kind: 'agent', id: `session:${sinkId}`, on_behalf_of: owner },
    idempotency_key: `receipt:${key}`,
  };
}
