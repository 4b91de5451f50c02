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
}
