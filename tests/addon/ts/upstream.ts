// A strict TypeScript user of the addon's `upstream` module
// (node/upstream.js): the same names, types and wire types as the npm
// package's.
import { WorkGraphEventLinkCreateSchema, WorkGraphArtifactRefSchema, buildWorkAdFromNotify } from "../../../node/upstream.js";
import type { SafeParseResult, WorkGraphArtifactRef, WorkGraphEventLinkCreate, WorkAdCreate } from "../../../node/upstream.js";
import type { WorkAdPayload } from "../../../node/index.js";

const link: SafeParseResult<WorkGraphEventLinkCreate> = WorkGraphEventLinkCreateSchema.safeParse({});
if (link.success) {
  const relation: string = link.data.relation_type;
  const metadata: unknown = link.data.metadata_json;
  void relation;
  void metadata;
} else {
  const messages: string[] = link.error.flatten().formErrors;
  void messages;
}

const ref: WorkGraphArtifactRef = WorkGraphArtifactRefSchema.parse({ kind: "file", locality: "m" });
const locality: unknown = ref["locality"];
const url: string | undefined = ref.url;
void locality;
void url;

const ad: WorkAdCreate = buildWorkAdFromNotify({
  sessionId: "s",
  messageId: "m",
  notify: { status: "done" },
  ownerUserId: "42",
  ts: 0,
  cause: { causeMessageId: "u", causeText: null, causeKind: null, causeSeq: null, causeCursorMessageId: null },
});
const payload: WorkAdPayload = ad.payload_json;
void payload;

// @ts-expect-error: the notify footer is an object, not its text.
buildWorkAdFromNotify({ sessionId: "s", messageId: "m", notify: "AGENT_NOTIFY_SUMMARY {}", ownerUserId: 1, ts: 0 });
