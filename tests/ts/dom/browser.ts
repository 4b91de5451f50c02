// Browsers and bundlers get the loader's own types: `init` fetches the .wasm
// (from a URL, a Response, bytes or a compiled module) and resolves to the
// module's exports.
import init, { peerBadge } from 'hapi-a2a-core';
import type { InitInput, InitOutput } from 'hapi-a2a-core';

export async function badge(wasmUrl: URL): Promise<string> {
  const input: InitInput = wasmUrl;
  const out: InitOutput = await init({ module_or_path: input });
  const memory: WebAssembly.Memory = out.memory;
  void memory;
  const answer = peerBadge({ meta: { sentFrom: 'peer' } });
  const node = document.createElement('span');
  node.textContent = answer.type === 'success' ? answer.label : answer.error.code;
  return node.outerHTML;
}
