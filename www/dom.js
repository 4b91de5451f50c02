// Small DOM helpers shared by the page's modules. Text always goes in as
// text nodes, never as HTML.

export const $ = (id) => document.getElementById(id);

/** `el(tag, attrs, ...children)`; `onclick` in attrs adds a listener. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'onclick') node.addEventListener('click', v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c);
  }
  return node;
}

/** A millisecond time as `YYYY-MM-DD HH:MM` UTC, or '' when it is not a number. */
export function when(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

/** One diagnostic as the core gave it: severity, code, pointer, message, help. */
export function diagnosticLine(d, extra) {
  return el('li', { class: `diag sev-${d.severity}` },
    el('span', { class: 'sev' }, d.severity), ' ',
    el('code', { class: 'diag-code' }, d.code), ' at ',
    el('code', { class: 'diag-pointer' }, d.instancePath || '(root)'),
    extra ?? '',
    el('span', { class: 'diag-message' }, `: ${d.message}`),
    d.help ? el('span', { class: 'muted' }, ` (${d.help})`) : '');
}
