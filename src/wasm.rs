//! The wasm-bindgen adapter: the only file that knows JavaScript exists.
//!
//! Every export decodes its input, calls the facade in [`crate::api`] and
//! encodes the answer. `call(op, json)` takes and returns JSON text; the typed
//! exports take and return plain objects (through `JSON.stringify` /
//! `JSON.parse`, so their answers are the same bytes as `call`'s). Nothing
//! throws: every problem is a `failure` answer.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const WIRE_TYPES: &str = include_str!("../ts/wire.d.ts");

/// Answers one call given as JSON text, as JSON text.
#[wasm_bindgen(js_name = call)]
pub fn call(op: &str, input: &str) -> String {
    crate::api::call(op, input)
}

/// Every operation name `call` answers.
#[wasm_bindgen(js_name = ops)]
pub fn ops() -> Vec<String> {
    crate::api::ops().into_iter().map(str::to_owned).collect()
}

fn call_object(op: &str, input: JsValue) -> JsValue {
    let text = if input.is_undefined() || input.is_null() {
        "{}".to_owned()
    } else {
        match js_sys::JSON::stringify(&input) {
            Ok(s) => s.as_string().unwrap_or_default(),
            // A cyclic object or a BigInt: answer with a failure, never throw.
            Err(_) => String::from("\u{0}"),
        }
    };
    let answer = crate::api::call(op, &text);
    js_sys::JSON::parse(&answer).unwrap_or(JsValue::NULL)
}

/// `"jsName" => ...` exports the op named `jsName`; `"jsName" ("op.name") => ...`
/// exports op `op.name` under the JavaScript name `jsName`.
macro_rules! typed_exports {
    (@op $js:literal) => { $js };
    (@op $js:literal $op:literal) => { $op };
    ($( $js:literal $(($op:literal))? => $func:ident($call_ty:ident: $call_ts:literal) -> $answer_ty:ident: $answer_ts:literal; )*) => {
        #[wasm_bindgen]
        extern "C" {
            $(
                #[doc = concat!("The `", $js, "` call object.")]
                #[wasm_bindgen(typescript_type = $call_ts)]
                pub type $call_ty;
                #[doc = concat!("The `", $js, "` answer object.")]
                #[wasm_bindgen(typescript_type = $answer_ts)]
                pub type $answer_ty;
            )*
        }
        $(
            #[doc = concat!("`", $js, "` with a plain object in and a tagged answer object out.")]
            #[wasm_bindgen(js_name = $js)]
            pub fn $func(call: $call_ty) -> $answer_ty {
                call_object(typed_exports!(@op $js $($op)?), call.into()).unchecked_into()
            }
        )*
    };
}

typed_exports! {
    "capabilities" => capabilities(CapabilitiesCallJs: "CapabilitiesCall") -> CapabilitiesAnswerJs: "Answer<CapabilitiesAnswer>";
    "validate" => validate(ValidateCallJs: "ValidateCall") -> ValidateAnswerJs: "Answer<ValidateAnswer>";
    "projectHandoff" ("project.handoff") => project_handoff(ProjectHandoffCallJs: "ProjectHandoffCall") -> ProjectHandoffAnswerJs: "Answer<ProjectHandoffAnswer>";
    "noticeReceipt" ("notice.receipt") => notice_receipt(NoticeReceiptCallJs: "NoticeReceiptCall") -> NoticeReceiptAnswerJs: "Answer<NoticeReceiptAnswer>";
    "peerMeta" ("peer.meta") => peer_meta(PeerMetaCallJs: "PeerMetaCall") -> PeerMetaAnswerJs: "Answer<PeerMetaAnswer>";
    "peerAnnotate" ("peer.annotate") => peer_annotate(PeerAnnotateCallJs: "PeerAnnotateCall") -> PeerAnnotateAnswerJs: "Answer<PeerAnnotateAnswer>";
    "peerBadge" ("peer.badge") => peer_badge(PeerBadgeCallJs: "PeerBadgeCall") -> PeerBadgeAnswerJs: "Answer<PeerBadgeAnswer>";
    "artifactLocality" ("artifact.locality") => artifact_locality(ArtifactLocalityCallJs: "ArtifactLocalityCall") -> ArtifactLocalityAnswerJs: "Answer<ArtifactLocalityAnswer>";
    "notifyParse" ("notify.parse") => notify_parse(NotifyParseCallJs: "NotifyParseCall") -> NotifyParseAnswerJs: "Answer<NotifyParseAnswer>";
    "notifyElevate" ("notify.elevate") => notify_elevate(NotifyElevateCallJs: "NotifyElevateCall") -> NotifyElevateAnswerJs: "Answer<NotifyElevateAnswer>";
    "citationExtract" ("citation.extract") => citation_extract(CitationExtractCallJs: "CitationExtractCall") -> CitationExtractAnswerJs: "Answer<CitationExtractAnswer>";
    "citationNormalize" ("citation.normalize") => citation_normalize(CitationNormalizeCallJs: "CitationNormalizeCall") -> CitationNormalizeAnswerJs: "Answer<CitationNormalizeAnswer>";
    "schemaCheck" ("schema.check") => schema_check(SchemaCheckCallJs: "SchemaCheckCall") -> SchemaCheckAnswerJs: "Answer<SchemaCheckAnswer>";
    "secretsScan" ("secrets.scan") => secrets_scan(SecretsScanCallJs: "SecretsScanCall") -> SecretsScanAnswerJs: "Answer<SecretsScanAnswer>";
    "ledgerView" ("ledger.view") => ledger_view(LedgerViewCallJs: "LedgerViewCall") -> LedgerViewAnswerJs: "Answer<LedgerViewAnswer>";
    "deliveryTransition" ("delivery.transition") => delivery_transition(DeliveryTransitionCallJs: "DeliveryTransitionCall") -> DeliveryTransitionAnswerJs: "Answer<DeliveryTransitionAnswer>";
}
