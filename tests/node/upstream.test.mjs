// The npm package's `upstream` module (hapi-a2a-core/upstream), imported by
// its package name as a hub or a webapp imports it: upstream's behaviours,
// the same suite the addon's module runs (tests/addon/upstream-suite.mjs).
import * as upstream from 'hapi-a2a-core/upstream';

import { upstreamSuite } from '../addon/upstream-suite.mjs';

upstreamSuite(upstream, 'npm package');
