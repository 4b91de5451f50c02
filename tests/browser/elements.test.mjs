// hapi-a2a-core/elements where there is no DOM (a server rendering the
// app): importing it touches no `document`, `window` or `HTMLElement` and
// defines nothing; the loader and the graph's layout still work.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const touched = [];
for (const name of ['document', 'window', 'HTMLElement', 'customElements', 'ShadowRoot']) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touched.push(name);
      return undefined;
    },
  });
}
const elements = await import('hapi-a2a-core/elements');
const atImport = [...touched];

test('importing the elements without a DOM touches no document and defines nothing', () => {
  // The one guarded look: whether there is a registry to define the elements in.
  assert.deepEqual(atImport, ['customElements']);
  assert.equal(elements.defineElements(), false);
  assert.equal(elements.defineElements(undefined), false);
  assert.ok(!touched.includes('document') && !touched.includes('HTMLElement') && !touched.includes('window'), touched.join(', '));
});

test('the loader reads ledgers in Node, and the core names what is not JSON', () => {
  assert.deepEqual(elements.ledgerFromText('[{"id":"a"}]'), { events: [{ id: 'a' }], links: [] });
  assert.throws(() => elements.ledgerFromText('{"events": [}'), (e) => e instanceof elements.LoadError && e.code.startsWith('parse/'));
});

const box = (at, id) => ({ ...at.get(id), w: elements.NODE_W, h: elements.NODE_H });
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

test('the layout puts each time in its own layer, left to right, and no two nodes on each other', () => {
  const nodes = [
    { id: 'late', ts: 30 }, { id: 'first', ts: 10 }, { id: 'mid-a', ts: 20 }, { id: 'mid-b', ts: 20 }, { id: 'mid-c', ts: 20 },
    { id: 'untimed', ts: null },
  ];
  const edges = [{ from: 'mid-a', to: 'first' }, { from: 'late', to: 'mid-c' }, { from: 'x', to: 'first' }];
  const { at, width, height } = elements.layoutGraph(nodes, edges);
  const x = (id) => at.get(id).x;
  assert.ok(x('first') < x('mid-a') && x('mid-a') < x('late') && x('late') < x('untimed'));
  assert.equal(x('mid-a'), x('mid-b'));
  assert.equal(x('mid-b'), x('mid-c'));
  const ids = nodes.map((n) => n.id);
  for (let i = 0; i < ids.length; i += 1) {
    for (let j = i + 1; j < ids.length; j += 1) {
      assert.ok(!overlap(box(at, ids[i]), box(at, ids[j])), `${ids[i]} and ${ids[j]} overlap`);
    }
    const b = box(at, ids[i]);
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.w <= width && b.y + b.h <= height, `${ids[i]} lies inside the drawing`);
  }
  // A node linked to an earlier one sits on its row: mid-a beside first.
  assert.equal(at.get('mid-a').y, at.get('first').y);
});

test('the layout of one node, and of none', () => {
  const one = elements.layoutGraph([{ id: 'a', ts: 1 }], []);
  assert.deepEqual(one.at.get('a'), { x: 8, y: 8 });
  assert.equal(one.width, elements.NODE_W + 16);
  const none = elements.layoutGraph([], []);
  assert.equal(none.at.size, 0);
});
