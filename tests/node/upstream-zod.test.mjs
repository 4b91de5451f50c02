// Differential: `validate` under `"profile": "upstream"` against zod 4.6.7
// itself, running schemas written here from upstream's documented rules
// (docs/profiles.md: field caps, the discriminated principal, the loose
// artifact ref, the payload byte refine, then the route's owner, reserved
// provenance and accountability checks). A seeded generator mutates
// documents (fields dropped, retyped, stretched to their bounds, repeated
// keys, escapes, numbers beyond the double range, lone surrogates) and every
// answer must equal zod's: the verdict, each issue's code, path and message in
// zod's order, and the data zod hands the store. The sample is the same on
// every run: no clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';

import { call } from 'hapi-a2a-core';

const OWNER = '7';
const NOTIFY = 'AGENT_NOTIFY_SUMMARY';

function bytesWithin(value) {
  if (value === undefined) return true;
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length <= 32768;
  } catch {
    return false;
  }
}
const str = (min, max) => (min > 0 ? z.string().min(min).max(max) : z.string().max(max));
const principal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), id: str(1, 256) }),
  z.object({ kind: z.literal('agent'), id: str(1, 256), on_behalf_of: str(1, 256) }),
  z.object({ kind: z.literal('service'), id: str(1, 256), on_behalf_of: str(1, 256) }),
]);
const artifactRef = z.looseObject({
  kind: str(1, 128),
  url: str(0, 8192).optional(),
  title: str(0, 512).optional(),
  ref: str(0, 8192).nullable().optional(),
  source: str(0, 128).optional(),
  created_at: z.number().optional(),
});
const json = (name) =>
  z.unknown().optional().refine(bytesWithin, { message: `${name} exceeds 32768 bytes` });
const eventCreate = z.object({
  source_kind: str(1, 128),
  source_ref: str(1, 8192),
  sink_kind: str(1, 128).optional(),
  sink_ref: str(1, 8192).optional(),
  event_type: str(1, 128),
  summary: str(0, 2048).optional(),
  payload_json: json('payload_json'),
  artifact_refs: z.array(artifactRef).max(32).optional(),
  tags: z.array(str(0, 256)).max(32).optional(),
  related_session_id: str(1, 256).optional(),
  related_event_id: str(1, 256).optional(),
  provenance: str(0, 512).optional(),
  idempotency_key: str(1, 512).optional(),
  dedupe_key: str(1, 512).optional(),
  confidence: z.number().optional(),
  severity: str(0, 64).optional(),
  expires_at: z.number().optional(),
  principal,
});
const linkCreate = z.object({
  from_event_id: str(1, 256),
  to_event_id: str(1, 256),
  relation_type: str(1, 128),
  metadata_json: json('metadata_json'),
});
const schemas = { event_create: eventCreate, link_create: linkCreate, principal, artifact_ref: artifactRef };

const blank = (s) => s.trim() === '';
// Upstream's isPrincipalAccountable: a human's id, anyone else's on_behalf_of.
const accountable = (p) => (p.kind === 'human' ? !blank(p.id) : typeof p.on_behalf_of === 'string' && !blank(p.on_behalf_of));
const owned = (p) => (p.kind === 'human' ? p.id === OWNER : p.on_behalf_of === OWNER);

/** Upstream's verdict on a text: zod, then the route's checks in its order. */
function upstream(kind, text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { valid: false, code: 'parse/invalid-json' };
  }
  const r = schemas[kind].safeParse(value);
  if (!r.success) return { valid: false, issues: r.error.issues.map((i) => [i.code, i.path, i.message]) };
  if (kind === 'event_create') {
    if (!owned(r.data.principal)) return { valid: false, code: 'principal/not-owner' };
    if (r.data.provenance === NOTIFY) return { valid: false, code: 'event/reserved-provenance' };
    if (!accountable(r.data.principal)) return { valid: false, code: 'principal/unaccountable' };
  }
  if (kind === 'principal' && !owned(r.data)) return { valid: false, code: 'principal/not-owner' };
  return { valid: true, data: r.data };
}

/** The core's answer in the same shape. */
function core(kind, text) {
  const owner = kind === 'event_create' || kind === 'principal' ? { owner: OWNER } : {};
  const a = JSON.parse(call('validate', JSON.stringify({ kind, profile: 'upstream', httpWriter: true, documentText: text, ...owner })));
  assert.equal(a.type, 'success', text);
  const errors = a.diagnostics.filter((d) => d.severity === 'error');
  if (!a.valid) {
    const issues = errors.filter((d) => d.upstream);
    if (issues.length === 0) return { valid: false, code: errors[0]?.code };
    const path = (p) => (p === '' ? [] : p.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')).map((t) => (/^\d+$/.test(t) ? Number(t) : t)));
    return { valid: false, issues: issues.map((d) => [d.upstream.code, path(d.instancePath), d.upstream.message]) };
  }
  return { valid: true, data: a.normalized, omitted: a.diagnostics.some((d) => d.code === 'upstream/not-normalized') };
}

// ---------------------------------------------------------------- generator

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(29);
const pick = (a) => a[Math.floor(random() * a.length)];
const values = () => [
  null, true, 0, -0, 1.5, 5, 'x', '', ' ', '\u00a0\t', 'human', 'agent', 'service', OWNER, ` ${OWNER}`,
  NOTIFY, 'e'.repeat(128), 'e'.repeat(129), '\u{1F600}'.repeat(256), '\u{1F600}'.repeat(257),
  'y'.repeat(2048), 'y'.repeat(2049), [], ['t'], Array(33).fill('t'), Array(300).fill(0), {}, { length: 99 },
  { kind: 'pr', url: 'https://example.test/1' }, [{ kind: '' }, 5], { kind: 'human', id: OWNER },
  { kind: 'agent', id: 'a', on_behalf_of: OWNER }, { kind: 'service', id: ' ', on_behalf_of: OWNER },
  { kind: 'agent', id: 'a', on_behalf_of: '8' }, 'z'.repeat(32766), { deep: [[[[['x']]]]] },
];
const fieldsOf = {
  event_create: Object.keys(eventCreate.shape).concat(['id', 'namespace', 'extra']),
  link_create: Object.keys(linkCreate.shape).concat(['x']),
  principal: ['kind', 'id', 'on_behalf_of', 'x'],
  artifact_ref: ['kind', 'url', 'title', 'ref', 'source', 'created_at', 'locality', '1', '0'],
};
const seeds = {
  event_create: () => ({ source_kind: 'session', source_ref: 's1', event_type: pick(['note', 'work_ad', 'handoff', 'handoff_receipt']), summary: 'done', tags: ['a'], principal: { kind: 'human', id: OWNER } }),
  link_create: () => ({ from_event_id: 'e1', to_event_id: 'e2', relation_type: 'follows' }),
  principal: () => ({ kind: pick(['human', 'agent', 'service']), id: OWNER, on_behalf_of: OWNER }),
  artifact_ref: () => ({ kind: 'pr', url: 'https://example.test/pr/1' }),
};

/** A document's text, mutated; sometimes with what only text can say. */
function sample(kind) {
  const doc = seeds[kind]();
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const f = pick(fieldsOf[kind]);
    if (random() < 0.25) delete doc[f];
    else if (kind === 'event_create' && random() < 0.2) doc.principal = { ...doc.principal, [pick(['kind', 'id', 'on_behalf_of', 'x'])]: pick(values()) };
    else doc[f] = pick(values());
  }
  let text = JSON.stringify(doc);
  const r = random();
  if (r < 0.05) text = text.replace(/^\{/, '{"summary":"' + 'q'.repeat(3000) + '",');
  else if (r < 0.1) text = text.replace(/"([a-z_]+)":/, (m, k) => `"${k}":1e400,${m}`);
  else if (r < 0.15) text = text.replace(/:"/, ':"\\ud83d\\u0041\\n');
  else if (r < 0.2) text = text.replace(/\}$/, ',"payload_json":{"n":1e400,"m":[-0,1e21,0.1]}}');
  else if (r < 0.25) text = pick(['null', '[]', '"x"', '1e400', 'true']);
  return text;
}

for (const kind of Object.keys(schemas)) {
  test(`the upstream profile answers ${kind} as zod 4.6.7 and upstream's route do`, () => {
    let accepted = 0;
    for (let n = 0; n < 1500; n++) {
      const text = sample(kind);
      const want = upstream(kind, text);
      const got = core(kind, text);
      if (want.valid && got.omitted) {
        assert.equal(got.valid, true, text);
        accepted++;
        continue;
      }
      delete got.omitted;
      // As text: key order counts (the store keeps zod's), and -0 is 0 in
      // JSON, as the store writes it.
      assert.equal(JSON.stringify(got), JSON.stringify(want), text);
      accepted += want.valid;
    }
    // The generator must reach both verdicts often.
    assert.ok(accepted > 150 && accepted < 1350, `${accepted} of 1500 accepted`);
  });
}
