// The demo page: everything it shows comes from the core (the npm package,
// mapped to /pkg/ by the page's import map, or bundled), so the page renders
// exactly what the core decides. The ledger viewer and the peer badges are
// the package's elements (`hapi-a2a-core/elements`); this module adds the
// core's capabilities and a validation form.
import init, { capabilities, validate } from 'hapi-a2a-core';
import { el, diagnosticLine } from 'hapi-a2a-core/elements';

const $ = (id) => document.getElementById(id);

function showCapabilities() {
  const answer = capabilities({});
  if (answer.type !== 'success') {
    $('version').textContent = `the core answered ${answer.error.code}: ${answer.error.message}`;
    return;
  }
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
  const call = { kind: $('validate-kind').value, mode: $('validate-mode').value };
  try {
    call.document = JSON.parse($('validate-input').value);
  } catch {
    // Not JSON for the browser: the core parses the text and says why.
    call.documentText = $('validate-input').value;
  }
  const answer = validate(call);
  if (answer.type !== 'success') {
    out.append(el('p', { class: 'verdict invalid' }, `failure ${answer.error.code}: ${answer.error.message}`));
    return;
  }
  out.append(el('p', { class: `verdict ${answer.valid ? 'valid' : 'invalid'}`, id: 'verdict' },
    answer.valid ? 'valid' : 'refused'));
  const list = el('ul', { class: 'diagnostics' });
  for (const d of answer.diagnostics) list.append(diagnosticLine(d));
  if (answer.diagnostics.length) out.append(list);
}

try {
  await init();
  showCapabilities();
  $('validate-form').addEventListener('submit', (e) => {
    e.preventDefault();
    showValidation();
  });
  showValidation();
} catch (e) {
  // Only the package failing to load lands here; say so instead of a blank page.
  $('version').textContent = `the core could not be loaded: ${e instanceof Error ? e.message : String(e)}`;
  $('version').classList.add('invalid');
}
