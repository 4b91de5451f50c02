// The package as Node loads it (the `node` export condition): every export,
// typed without DOM or WebAssembly types, and an `init` that has nothing to
// do, since node.js instantiates the module when it is imported.
export * from "./api.js";

/** Already initialised on import; kept so browser code runs unchanged. */
export default function init(): Promise<void>;
