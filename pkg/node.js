// Node entry point: Node's fetch cannot read file: URLs, so the module is
// compiled from the bytes next to this file, synchronously, at import time.
// `await init()` still works (it resolves at once), so code written for the
// browser runs unchanged.
import { readFileSync } from 'node:fs';
import { initSync } from './hapi_a2a_core.js';

initSync({ module: readFileSync(new URL('./hapi_a2a_core_bg.wasm', import.meta.url)) });

export * from './hapi_a2a_core.js';

/** Already initialised on import; kept so browser code runs unchanged. */
export default async function init() {}
