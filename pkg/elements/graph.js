// The work graph of a view (the core's `graph`): drawn as SVG, left to
// right in time, with the same graph as a list beside it.
import { el, shownText, svg, when } from './dom.js';
import { DIP, GAP_X, NODE_H, NODE_W, layoutGraph } from './layout.js';
import { isObject, principalText, text } from './lists.js';

/** The most events and links a work graph draws; the rest are counted beside it. */
const GRAPH_NODES = 80;
const GRAPH_EDGES = 160;

/** The handoff a node opens: itself, or the handoff it links to. */
function handoffOf(id, edges, rows) {
  if (rows.get(id)?.eventType === 'handoff') return id;
  for (const e of edges) {
    const other = e.from === id ? e.to : e.to === id ? e.from : undefined;
    if (other !== undefined && rows.get(other)?.eventType === 'handoff') return other;
  }
  return undefined;
}

const statusOf = (row) => {
  const p = isObject(row.payloadJson) ? row.payloadJson : {};
  return text(p.status) || text(p.delivery_state) || '';
};
const principalShort = (p) => (isObject(p) ? `${text(p.kind) || '?'} ${text(p.id) || '?'}` : '(no principal)');
const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The work graph of a view, drawn and as a list. */
export function graphIn(viewer) {
  const { rowOf, eventRef, openView } = viewer;

  /**
   * The core's work graph of a view (`graph`: the events it draws, the
   * links between them, how many of each there were; each node's row named
   * in the answer's `rows`), drawn left to right in time, with the same
   * graph as a list beside it for readers that do not see the drawing. A
   * node opens its handoff (a click, or Enter).
   */
  function graphBox(name, graph, currentId) {
    if (!isObject(graph) || !Array.isArray(graph.nodes) || !Array.isArray(graph.edges)) return '';
    const rows = new Map();
    for (const id of graph.nodes.slice(0, GRAPH_NODES)) if (isObject(rowOf(id))) rows.set(id, rowOf(id));
    if (rows.size < 2) return '';
    const nodes = [...rows].map(([id, row]) => ({ id, ts: row.ts, row }));
    const edges = graph.edges.slice(0, GRAPH_EDGES).filter((e) => rows.has(e.from) && rows.has(e.to))
      .map((e) => ({ from: e.from, to: e.to, label: clip(text(e.relationType), 40) }));
    const events = Math.max(nodes.length, Number.isInteger(graph.events) ? graph.events : 0);
    const links = Math.max(edges.length, Number.isInteger(graph.links) ? graph.links : 0);
    const { at, width, height } = layoutGraph(nodes, edges);
    const descId = `${name}-graph-text`;
    const drawing = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `${name} graph: ${nodes.length} events, ${edges.length} links`, 'aria-describedby': descId, part: 'graph' });
    drawing.append(svg('defs', {}, svg('marker', { id: `${name}-arrow`, viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L8,4 L0,8 z' }))));
    // An edge between neighbouring layers runs side to side; a longer one
    // would cross the nodes between, so it leaves from below and dips under them.
    const long = (a, b) => Math.abs(a.x - b.x) > NODE_W + GAP_X;
    const dips = edges.some((e) => long(at.get(e.from), at.get(e.to)));
    const drawnHeight = height + (dips ? DIP + 14 : 0);
    drawing.setAttribute('height', drawnHeight);
    drawing.setAttribute('viewBox', `0 0 ${width} ${drawnHeight}`);
    for (const e of edges) {
      const a = at.get(e.from);
      const b = at.get(e.to);
      let d;
      let label;
      if (long(a, b)) {
        const x1 = a.x + NODE_W / 2;
        const x2 = b.x + NODE_W / 2;
        const y1 = a.y + NODE_H;
        const y2 = b.y + NODE_H;
        const low = Math.max(y1, y2) + DIP;
        d = `M${x1},${y1} C${x1},${low} ${x2},${low} ${x2},${y2}`;
        label = [(x1 + x2) / 2, Math.max(y1, y2) + DIP * 0.75 + 4];
      } else {
        const forward = a.x <= b.x;
        const x1 = forward ? a.x + NODE_W : a.x;
        const x2 = forward ? b.x : b.x + NODE_W;
        const y1 = a.y + NODE_H / 2;
        const y2 = b.y + NODE_H / 2;
        const bend = a.x === b.x ? 40 : (x2 - x1) / 2;
        d = `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
        label = [(x1 + x2) / 2, (y1 + y2) / 2 - 4];
      }
      drawing.append(svg('path', { class: 'edge', d, 'marker-end': `url(#${name}-arrow)` }),
        svg('text', { class: 'edge-label', x: label[0], y: label[1], 'text-anchor': 'middle' }, e.label));
    }
    for (const n of nodes) {
      const p = at.get(n.id);
      const opens = handoffOf(n.id, edges, rows);
      const status = statusOf(n.row);
      const label = clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}${status ? `, ${shownText(status)}` : ''}, by ${principalShort(n.row.principal)}${opens ? `: opens handoff ${shownText(opens)}` : ''}`, 600);
      const go = () => openView('handoff', opens);
      const g = svg('g', {
        class: `node${n.id === currentId ? ' current' : ''}`, 'data-event': n.id, transform: `translate(${p.x},${p.y})`,
        tabindex: opens ? 0 : undefined, role: opens ? 'link' : 'img', 'aria-label': label,
        onclick: opens ? go : undefined,
        onkeydown: opens ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } } : undefined,
      },
      svg('title', {}, label),
      svg('rect', { width: NODE_W, height: NODE_H, rx: 6 }),
      svg('text', { x: 8, y: 15, class: 'kind' }, clip(`${text(n.row.eventType) || 'event'} ${shownText(n.id)}`, 24)),
      svg('text', { x: 8, y: 31 }, clip(status || '—', 24)),
      svg('text', { x: 8, y: 47 }, clip(principalShort(n.row.principal), 24)));
      drawing.append(g);
    }
    const list = el('ol', { id: descId, class: 'graph-text-list' });
    for (const n of nodes) {
      const out = edges.filter((e) => e.from === n.id).map((e) => `${shownText(e.label)} → ${shownText(e.to)}`);
      list.append(el('li', {}, `${text(n.row.eventType) || 'event'} `, eventRef(n.id), ` ${statusOf(n.row) || ''} · ${principalText(n.row.principal)} · ${when(n.row.ts)}`,
        out.length ? el('span', { class: 'muted' }, ` (${out.join(', ')})`) : ''));
    }
    const where = name === 'thread' ? 'the receipts and links below' : 'the events below';
    const left = events > nodes.length || links > edges.length
      ? el('p', { class: 'muted small graph-left-out' },
        `Drawn: ${nodes.length} of ${events.toLocaleString('en')} events and ${edges.length} of ${links.toLocaleString('en')} links between them. `
        + `Every one is in ${where}; open a handoff to draw its thread.`)
      : '';
    return el('section', { class: 'graph', id: `${name}-graph`, 'aria-label': `${name} graph` },
      el('h3', {}, name === 'thread' ? 'The thread as a graph' : 'The session as a graph'), left,
      el('div', { class: 'graph-scroll', tabindex: -1 }, drawing),
      el('details', { class: 'graph-text' }, el('summary', {}, 'The graph as a list'), list));
  }

  return { graphBox };
}
