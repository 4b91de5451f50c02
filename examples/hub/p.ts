import { Hub } from './hub.ts';
import { handoffFor, receiptFor } from './test/load-plan.ts';
import { party } from './test/support.ts';
const path = process.argv[2];
const hub = new Hub({ path, ownerId: '4242' });
if (process.argv[3]) hub.store.db.exec(process.argv[3]);
const a = party(hub, 'ns', 'm1', 'A'); const b = party(hub, 'ns', 'm1', 'B');
const N = 1000;
let t = performance.now();
for (let k = 0; k < N; k++) {
  const h = hub.createHandoff(a.auth, handoffFor(`k${k}`, b.session.id, '4242'));
  hub.writeReceipt(b.auth, h.event.id, receiptFor(`k${k}`, b.session.id, '4242'));
}
console.log(path, process.argv[3] ?? '', 'pair ms', (performance.now() - t) / N);
