export * from './hapi_a2a_core.js';
/** Already initialised on import; kept so browser code runs unchanged. */
export default function init(): Promise<void>;
