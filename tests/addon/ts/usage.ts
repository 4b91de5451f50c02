// A strict TypeScript user of the addon's entry (node/index.js): the same
// calls as a user of the npm package, type-checked against the types the
// build writes beside the addon (the package's wire types).
import init, { call, ops, validate, projectHandoff, ledgerView } from "../../../node/index.js";
import type { Answer, ValidateAnswer, ProjectHandoffCall } from "../../../node/index.js";

await init();

const verdict: Answer<ValidateAnswer> = validate({
  kind: "event_create",
  mode: "strict",
  document: { kind: "work_ad", summary: "s" },
});
if (verdict.type === "success") {
  const valid: boolean = verdict.valid;
  void valid;
} else {
  const code: string = verdict.error.code;
  void code;
}

const text: string = call("validate", "{}");
const names: string[] = ops();

declare const handoff: ProjectHandoffCall;
const projected = projectHandoff(handoff);
if (projected.type === "success") void projected;

const view = ledgerView({ events: [], links: [], now: 0, query: { by: "fleet" } });
void view;
void text;
void names;

// @ts-expect-error: a typed export takes its own call type, not text.
validate("{}");
