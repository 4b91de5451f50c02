// A hub process that dies (SIGKILL, no cleanup) at one named step of a handoff
// retry, for the crash-safety test. Arguments: database file, token, handoff
// id, new sink session id, step ("none" runs to the end).

import { Hub } from '../hub.ts';

const [path, token, handoffId, sinkId, step] = process.argv.slice(2);
const hub = new Hub({
  path,
  faults: (s) => {
    if (s === step) process.kill(process.pid, 'SIGKILL');
  },
});
const auth = hub.authenticate(token);
if (!auth) throw new Error('unknown token');
hub.retryHandoff(auth, handoffId, { sink_ref: sinkId });
hub.close();
