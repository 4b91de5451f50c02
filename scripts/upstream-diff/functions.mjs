// The compared functions: each one's case generator, how it is called on an
// implementation (upstream's modules or the module under test, which share
// the names), and its outcome as an encoded view.
import { document, owner } from './gen.mjs';
import { citationText, notifyText, status, workAdParams } from './texts.mjs';
import { enc } from './values.mjs';

/** zod's `safeParse` answer: the data, or the issues (code, path, message) and `flatten()`. */
function parsed(result) {
  if (result.success) return { success: true, data: enc(result.data) };
  const issues = result.error.issues.map((i) => ({ code: i.code, path: enc(i.path), message: i.message }));
  return { success: false, issues, flatten: enc(result.error.flatten()) };
}

const schema = (name, kind) => ({
  name: `${name}.safeParse`,
  gen: (r) => { const { value, notes } = document(r, kind); return { args: [value], notes }; },
  call: (m, [x]) => parsed(m[name].safeParse(x)),
});

const plain = (name, gen) => ({ name, gen, call: (m, args) => ({ value: enc(m[name](...args)) }) });

export const FUNCTIONS = [
  schema('WorkGraphPrincipalSchema', 'principal'),
  schema('WorkGraphArtifactRefSchema', 'artifact_ref'),
  schema('WorkGraphEventCreateSchema', 'event_create'),
  schema('WorkGraphEventLinkCreateSchema', 'link_create'),
  plain('isPrincipalAccountable', (r) => { const { value, notes } = document(r, 'principal'); return { args: [value], notes }; }),
  plain('principalMatchesAuthenticatedOwner', (r) => {
    const o = owner(r);
    const { value, notes } = document(r, 'principal', typeof o === 'object' && o !== null ? 'owner' : o);
    return { args: [value, o], notes };
  }),
  plain('extractNotifySummary', notifyText),
  plain('splitNotifySummary', notifyText),
  plain('stripNotifySummaryFooter', notifyText),
  plain('extractSessionCitationIds', citationText),
  plain('normalizeSessionIdPrefix', citationText),
  plain('buildWorkAdFromNotify', workAdParams),
  plain('mapNotifyStatusToWorkAdStatus', status),
];

/** The outcome of one call: its view, or that it threw (any throw is the outcome `throws`). */
export function outcome(fn, impl, args) {
  try {
    return fn.call(impl, args);
  } catch (error) {
    const code = typeof error?.code === 'string' ? ` ${error.code}` : '';
    return { throws: `${error?.name ?? typeof error}${code}: ${String(error?.message ?? error).slice(0, 300)}` };
  }
}
