// The demo page: everything it shows comes from the core (the npm package,
// mapped to /pkg/ by the page's import map, or bundled), so the page renders
// exactly what the core decides.
import init, { capabilities, validate } from 'hapi-a2a-core';
import { startViewer } from './viewer.js';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
};

function showCapabilities() {
  const answer = capabilities({});
  if (answer.type !== 'success') throw new Error(answer.error.message);
  $('version').textContent = `core ${answer.version}, running in WebAssembly`;
  for (const c of answer.capabilities) {
    $('capabilities').append(el('li', {}, el('code', {}, c.name), ` — ${c.phase}: ${c.summary}`));
  }
  $('ops').textContent = answer.ops.join(', ');
  for (const kind of answer.kinds) $('validate-kind').append(el('option', {}, kind));
  $('validate-kind').value = 'principal';
}

function showValidation() {
  const out = $('validate-result');
  out.replaceChildren();
  let document;
  const call = { kind: $('validate-kind').value, mode: $('validate-mode').value };
  try {
    document = JSON.parse($('validate-input').value);
    call.document = document;
  } catch {
    call.documentText = $('validate-input').value;
  }
  const answer = validate(call);
  if (answer.type !== 'success') {
    out.append(el('p', { class: 'verdict invalid' }, `failure ${answer.error.code}: ${answer.error.message}`));
    return;
  }
  out.append(el('p', { class: `verdict ${answer.valid ? 'valid' : 'invalid'}`, id: 'verdict' },
    answer.valid ? 'valid' : 'refused'));
  for (const d of answer.diagnostics) {
    out.append(el('p', { class: `diag sev-${d.severity}` },
      `${d.severity} ${d.code} at ${d.instancePath || '(root)'}: ${d.message}`));
  }
}

await init();
showCapabilities();
await startViewer();
$('validate-form').addEventListener('submit', (e) => {
  e.preventDefault();
  showValidation();
});
showValidation();
