// Runs the reference hub: `bun examples/hub/main.ts [db-file] [port]`.
// Prints the owner id and an owner token for the `default` namespace.

import { Hub } from './hub.ts';
import { serve } from './server.ts';

const [path = 'hub.sqlite', port = '3006'] = process.argv.slice(2);
const hub = new Hub({ path });
const server = serve(hub, Number(port));
console.log(`hub on http://127.0.0.1:${server.port}/ (database ${path})`);
console.log(`owner id ${hub.ownerId}`);
console.log(`owner token for namespace default: ${hub.issueToken('default')}`);
