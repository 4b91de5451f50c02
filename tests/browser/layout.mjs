// The browser tests' look at a page: a query that crosses the ledger
// view's shadow root, and the layout check every view must pass.
import assert from 'node:assert/strict';

/**
 * `q(selector)` in the page: the element in the ledger view's shadow root,
 * or in the document; `deepActive()`: the focused element inside any shadow
 * root. Installed before the page's scripts run.
 */
export function deepQuery() {
  window.q = (s) => document.querySelector('hapi-ledger-view')?.shadowRoot?.querySelector(s) ?? document.querySelector(s);
  window.deepActive = () => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  window.allElements = () => {
    const out = [];
    const walk = (root) => {
      for (const e of root.querySelectorAll('*')) {
        out.push(e);
        if (e.shadowRoot) walk(e.shadowRoot);
      }
    };
    walk(document.body);
    return out;
  };
}

/**
 * Nothing sticks out of the viewport (content inside a scrolling box may), and
 * the main panels do not overlap. Returns the page's and the viewport's width.
 */
export async function assertLayout(page, label) {
  const report = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    // The parent across a shadow root's boundary too.
    const up = (p) => p.parentElement ?? (p.parentNode instanceof ShadowRoot ? p.parentNode.host : null);
    const clipped = (e) => {
      for (let p = up(e); p && p !== document.body; p = up(p)) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
      }
      return false;
    };
    const wide = [];
    for (const e of window.allElements()) {
      if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (e.classList.contains('sr-only') || clipped(e)) continue;
      if (r.left < -1 || r.right > vw + 1) wide.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    const panels = ['open-panel', 'fleet-panel', 'detail-panel', 'findings-panel']
      .map((id) => [id, window.q(`#${id}`).getBoundingClientRect()]);
    const overlaps = [];
    for (let i = 0; i < panels.length; i += 1) {
      for (let j = i + 1; j < panels.length; j += 1) {
        const [a, ra] = panels[i];
        const [b, rb] = panels[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 0.5 && h > 0.5) overlaps.push(`${a} and ${b}`);
      }
    }
    return { wide, overlaps, scrollWidth: document.documentElement.scrollWidth, vw };
  });
  assert.deepEqual(report.wide, [], `${label}: elements wider than the viewport`);
  assert.deepEqual(report.overlaps, [], `${label}: main panels overlap`);
  assert.ok(report.scrollWidth <= report.vw, `${label}: the page scrolls sideways (${report.scrollWidth} > ${report.vw})`);
  return { scrollWidth: report.scrollWidth, vw: report.vw };
}
