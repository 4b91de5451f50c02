/** The options of `validateDocument`, each as a `validate` call names it. */
export interface DocumentEntryOptions {
  mode?: "strict" | "lenient";
  profile?: "a2a" | "upstream";
  owner?: string;
  httpWriter?: boolean;
  /** Hand back the normalized document too (the verdict alone when absent). */
  withNormalized?: boolean;
  /** The text may spell JavaScript values JSON has none for (`NaN`, `undefined`, ...). */
  jsValues?: boolean;
  /** Hand back the row a store writes for a valid `event_create` or `link_create` (`columns`). */
  withColumns?: boolean;
  /** Hand back errors alone; under `upstream` what only warns (the secret scan, a sink's locality) is not looked for. */
  errorsOnly?: boolean;
  /** `upstream`, with `withNormalized`: leave `normalized` out where it is the document's own keys in its order (`true` when there is then nothing to say). */
  keysAsGiven?: boolean;
}
