// DOM helpers of the elements: text always goes in as text nodes, never as
// HTML, as the core says to show it, and a value too long to lay out is cut.

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The longest text the elements lay out as it is, in code points: the
 * longest string field the protocol allows (the core's `MAX_STRING`; a test
 * of the crate holds the two equal), so no value within the caps is cut. A
 * longer one is shown cut, with a button that shows it whole, so a value of
 * a megabyte never reaches layout unless someone asks for it.
 */
export const TEXT_LIMIT = 8192;

/** The index just past the first `limit` code points of `s`, or -1 when `s` has no more than that. */
function cutAt(s, limit) {
  if (s.length <= limit) return -1;
  let i = 0;
  for (let n = 0; n < limit && i < s.length; n += 1) i += s.codePointAt(i) > 0xffff ? 2 : 1;
  return i < s.length ? i : -1;
}

function codePoints(s) {
  let n = 0;
  for (let i = 0; i < s.length; i += s.codePointAt(i) > 0xffff ? 2 : 1) n += 1;
  return n;
}

/**
 * `s` as nodes to lay out: itself when it is short enough; else its first
 * `TEXT_LIMIT` code points, an ellipsis and a button that puts the whole
 * text in their place. The whole text goes in as pieces of `TEXT_LIMIT`
 * code points with a line-break opportunity (`<wbr>`) between them, so
 * the browser never wraps one unbroken word of a megabyte.
 */
function cutText(s) {
  const end = cutAt(s, TEXT_LIMIT);
  if (end < 0) return s;
  const box = document.createElement('span');
  box.className = 'cut';
  const whole = document.createElement('button');
  whole.type = 'button';
  whole.className = 'link-button show-whole';
  whole.textContent = `show the whole value (${codePoints(s).toLocaleString('en')} characters)`;
  whole.addEventListener('click', () => {
    const pieces = [];
    for (let rest = s; rest;) {
      const at = cutAt(rest, TEXT_LIMIT);
      if (at < 0) {
        pieces.push(rest);
        break;
      }
      pieces.push(rest.slice(0, at), document.createElement('wbr'));
      rest = rest.slice(at);
    }
    box.className = 'cut whole';
    // A box that scrolls, reached with Tab and scrolled with the arrow keys.
    box.tabIndex = 0;
    box.replaceChildren(...pieces);
    box.focus();
  });
  box.append(s.slice(0, end), '… ', whole);
  return box;
}

// The display form of every row string the core has answered one for
// (`ledgerView`'s `shown`: bidi, invisible and control characters shown as
// `<U+XXXX>`, a look-alike id's foreign letters marked): text is rendered
// through it, so no row string is shown as written when the core says it
// must not be.
const DISPLAY = new Map();

/** `s` as the core says to show it. */
function shownText(s) {
  return DISPLAY.get(s) ?? s;
}

function build(node, attrs, children, cut = true) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'onclick') node.addEventListener('click', v);
    else if (k === 'onkeydown') node.addEventListener('keydown', v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    const shown = typeof c === 'string' ? shownText(c) : c;
    node.append(cut && typeof shown === 'string' ? cutText(shown) : shown);
  }
  return node;
}

/**
 * `el(tag, attrs, ...children)`; `onclick` and `onkeydown` in attrs add
 * listeners. A string child longer than `TEXT_LIMIT` code points goes in
 * cut, with a button to show it whole.
 */
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element; its text children are the caller's to keep short (see `clip`). */
function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children, false);
}

/** A millisecond time as `YYYY-MM-DD HH:MM` UTC, or '' when it is not a number. */
export function when(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

const SEVERITIES = ['error', 'warning', 'info'];

/** One diagnostic as the core gave it: severity, code, pointer, message, help. */
export function diagnosticLine(d, extra) {
  return el('li', { class: `diag sev-${SEVERITIES.includes(d.severity) ? d.severity : 'info'}` },
    el('span', { class: 'sev' }, d.severity), ' ',
    el('code', { class: 'diag-code' }, d.code), ' at ',
    el('code', { class: 'diag-pointer' }, d.instancePath || '(root)'),
    extra ?? '',
    el('span', { class: 'diag-message' }, `: ${d.message}`),
    d.help ? el('span', { class: 'muted' }, ` (${d.help})`) : '');
}

export { DISPLAY, shownText, svg };
