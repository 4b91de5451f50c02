// The work graph's layout: where each node of a drawing goes. Plain
// arithmetic, no DOM.

export const NODE_W = 150;
export const NODE_H = 56;
const GAP_X = 64;
const GAP_Y = 20;
/** How far below its nodes an edge over several layers dips. */
const DIP = 34;
const PAD = 8;

/**
 * A layered layout, left to right in time: `nodes` are `{id, ts}`, `edges`
 * `{from, to}`. Each distinct time is a layer (missing times, and times
 * that are not finite numbers, go last, in
 * the order given); within a layer, nodes are ordered by the mean row of
 * the nodes they link to in earlier layers, so edges cross less. Returns
 * each node's `{x, y}` (its top-left corner) and the drawing's size.
 */
export function layoutGraph(nodes, edges) {
  const times = [...new Set(nodes.map((n) => n.ts).filter(Number.isFinite))].sort((a, b) => a - b);
  const layerOf = new Map();
  let spare = times.length;
  for (const n of nodes) layerOf.set(n.id, Number.isFinite(n.ts) ? times.indexOf(n.ts) : spare++);
  const layers = [];
  for (const n of nodes) {
    const l = layerOf.get(n.id);
    (layers[l] ??= []).push(n.id);
  }
  const dense = layers.filter((l) => l && l.length);
  const near = new Map(nodes.map((n) => [n.id, []]));
  for (const e of edges) {
    if (!near.has(e.from) || !near.has(e.to)) continue;
    near.get(e.from).push(e.to);
    near.get(e.to).push(e.from);
  }
  const row = new Map();
  const at = new Map();
  dense.forEach((ids, li) => {
    const key = (id) => {
      const rows = near.get(id).filter((o) => row.has(o)).map((o) => row.get(o));
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Infinity;
    };
    const order = ids.map((id, i) => [id, key(id), i]).sort((a, b) => a[1] - b[1] || a[2] - b[2]);
    const taken = new Set();
    for (const [id, k] of order) {
      // The nearest free row to the wanted one.
      const want = Number.isFinite(k) ? Math.max(0, Math.round(k)) : 0;
      let r = want;
      for (let d = 1; taken.has(r); d += 1) {
        const step = Math.ceil(d / 2) * (d % 2 ? 1 : -1);
        if (want + step >= 0) r = want + step;
      }
      taken.add(r);
      row.set(id, r);
      at.set(id, { x: PAD + li * (NODE_W + GAP_X), y: PAD + r * (NODE_H + GAP_Y) });
    }
  });
  const rows = Math.max(1, ...[...row.values()].map((r) => r + 1));
  return {
    at,
    width: PAD * 2 + Math.max(1, dense.length) * (NODE_W + GAP_X) - GAP_X,
    height: PAD * 2 + rows * (NODE_H + GAP_Y) - GAP_Y,
  };
}

export { GAP_X, DIP };
