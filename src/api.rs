//! The JSON call facade: every operation of the public API, its wire types,
//! typed Rust functions, and the `call(op, json) -> json` dispatcher that the
//! CLI, the wasm exports and the golden tests all go through.
//!
//! Answers are tagged: `{"type":"success", ...}` or
//! `{"type":"failure","error":{"code","message"}}`. Op names and answer keys
//! are public API: add, never rename.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::capability::{self, Capability};
use crate::error::{self, CallError};
use crate::json;
use crate::pointer::Pointer;
use crate::validate::DocumentKind;

mod render;
pub use render::*;
mod artifact;
mod secrets;
pub use artifact::*;
pub use secrets::*;
mod text;
pub use text::*;
mod compat;
pub use compat::*;
mod ledger;
pub use ledger::*;
mod call_fields;
pub mod host;
mod validate;
pub use validate::*;
mod evidence;
pub use evidence::*;

/// The hard cap on a call's text, in bytes, whatever the op (a ledger of a
/// million events fits; anything larger is refused before parsing). It is
/// the cap of `ledger.view`; every other op has a smaller one ([`max_call_bytes`]).
pub const MAX_CALL_BYTES: usize = 512 * 1024 * 1024;

/// The cap of an op that reads one document, row or meta (`validate`, the
/// renderers, `artifact.locality`, `notify.elevate`, ...): sixteen times the
/// upstream HTTP body cap.
pub const MAX_DOCUMENT_CALL_BYTES: usize = 1024 * 1024;

/// The cap of an op that reads free text or any JSON (`secrets.scan`,
/// `schema.check`). Upstream's text parsers (`notify.parse`,
/// `citation.extract`, `citation.normalize`) answer any text upstream
/// answers, so they take up to [`MAX_CALL_BYTES`]: they are linear, and an
/// agent's message has no cap of its own.
pub const MAX_TEXT_CALL_BYTES: usize = 4 * 1024 * 1024;

/// How deep a call may nest: a document's own limit plus room for the call
/// around it.
pub const MAX_CALL_DEPTH: usize = json::MAX_DEPTH * 2;

/// An answer: success with the op's fields, or failure with an error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Answer<T> {
    /// The call was answered.
    Success(T),
    /// The call could not be answered.
    Failure {
        /// Why.
        error: CallError,
    },
}

impl<T> From<Result<T, CallError>> for Answer<T> {
    fn from(r: Result<T, CallError>) -> Self {
        match r {
            Ok(v) => Answer::Success(v),
            Err(error) => Answer::Failure { error },
        }
    }
}

// ---------------------------------------------------------------- capabilities

/// `capabilities`: optionally, what the asking client understands.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CapabilitiesCall {
    /// The client's declared capabilities and vocabularies; when given, the
    /// answer says what it may be sent (`offer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub client: Option<capability::ClientDeclaration>,
}

/// What this core knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CapabilitiesAnswer {
    /// The crate version.
    pub version: String,
    /// The A2A capabilities, in phase order.
    pub capabilities: Vec<Capability>,
    /// Every operation `call` answers.
    pub ops: Vec<String>,
    /// Every document kind `validate` knows.
    pub kinds: Vec<DocumentKind>,
    /// What the declaring client may be sent (only when `client` was given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub offer: Option<capability::Offer>,
}

/// `capabilities`: the version, the A2A capabilities, the ops and kinds, and
/// for a declaring client what it may be offered.
pub fn capabilities(call: &CapabilitiesCall) -> CapabilitiesAnswer {
    CapabilitiesAnswer {
        version: env!("CARGO_PKG_VERSION").to_owned(),
        capabilities: capability::all(),
        ops: OPS.iter().map(|op| op.name.to_owned()).collect(),
        kinds: DocumentKind::ALL.to_vec(),
        offer: call.client.as_ref().map(capability::offer),
    }
}

// ---------------------------------------------------------------- dispatch

/// Everything one dispatched call needs besides its typed input.
struct Raw {
    value: Value,
    duplicates: Vec<Pointer>,
}

type Handler = fn(Raw) -> String;

/// A shortcut for an op's common call shape: its answer read straight from
/// the call text, or `None` when the generic path must read the call (a test
/// holds both paths to the same answers).
type TextHandler = fn(&str) -> Option<String>;

/// One operation of the public API.
struct Op {
    /// The wire name (`project.handoff`).
    name: &'static str,
    /// The name of its typed export in the npm package (`projectHandoff`).
    js_name: &'static str,
    /// What it answers, one line, for the README's op table.
    summary: &'static str,
    /// The size cap of its call text, in bytes.
    cap: usize,
    /// The generic path: the typed call read from the call's tree.
    handler: Handler,
    /// The shortcut, for the ops that have one.
    text: Option<TextHandler>,
}

/// Every operation of the public API, declared once, one row each: what it
/// answers (the doc line, which becomes its row in the README), its Rust
/// name (also the name of the typed function of the wasm build), its wire
/// name and its JavaScript name, its size cap, its call and answer types
/// (with the TypeScript type of the typed export's answer, checked at
/// compile time), the function that answers it (given the typed call and
/// the pointers of keys the call text named twice), and optionally a
/// shortcut that reads a common call shape from the text.
///
/// `for_each_op!(callback)` hands the rows to `callback!`: the dispatch
/// table and the wire types here, the typed exports in `src/wasm.rs`.
/// Adding an op is one row plus its golden cases.
macro_rules! for_each_op {
    ($callback:ident) => {
        $callback! {
            /// version, the A2A capabilities, ops and document kinds; given a client's declared capabilities and vocabularies, what it may be `offer`ed (never Layer 1 to an old client, never an enum value it did not declare)
            capabilities ("capabilities", js "capabilities") [MAX_DOCUMENT_CALL_BYTES]
                => CapabilitiesCall => CapabilitiesAnswer ("Answer<CapabilitiesAnswer>") = |c, _| Ok(capabilities(&c));
            /// the verdict on one document (`event_create`, `event_row`, `link_create`, `link_row`, `principal`, `artifact_ref`, `peer_message`, `spawn_request`, `notify_summary`): upstream's limits byte-exact, typed `work_ad` / `handoff` / `handoff_receipt` payloads, principals, reserved provenance, secrets anywhere, and, given the `sink`, handoff refs the sink cannot resolve
            validate ("validate", js "validate") [MAX_DOCUMENT_CALL_BYTES]
                => ValidateCall => ValidateAnswer ("Answer<ValidateAnswer>") = |c, dups| {
                    let document = Pointer::root().key("document");
                    let dups: Vec<Pointer> = dups.iter().filter_map(|p| p.strip_prefix(&document)).collect();
                    validate_with_duplicates(&c, &dups)
                }, text validate::text::validate_call_text;
            /// the text a worker receives for a handoff: summary, intent, constraints, fenced instructions, artifacts with locality, the fetch handle; never the confirmation, principals or hub-owned mutable fields
            project_handoff ("project.handoff", js "projectHandoff") [MAX_DOCUMENT_CALL_BYTES]
                => ProjectHandoffCall => ProjectHandoffAnswer ("Answer<ProjectHandoffAnswer>") = |c, _| project_handoff(&c);
            /// the notice a source session receives when a receipt resolves its handoff (or a timeout notice, or a late resolution)
            notice_receipt ("notice.receipt", js "noticeReceipt") [MAX_DOCUMENT_CALL_BYTES]
                => NoticeReceiptCall => NoticeReceiptAnswer ("Answer<NoticeReceiptAnswer>") = |c, _| notice_receipt(&c);
            /// the stored peer meta, derived from the authenticated source only
            peer_meta ("peer.meta", js "peerMeta") [MAX_DOCUMENT_CALL_BYTES]
                => PeerMetaCall => PeerMetaAnswer ("Answer<PeerMetaAnswer>") = |c, _| peer_meta(&c);
            /// what the receiving agent sees of a peer message (`From: /sessions/<id>`)
            peer_annotate ("peer.annotate", js "peerAnnotate") [MAX_DOCUMENT_CALL_BYTES]
                => PeerAnnotateCall => PeerAnnotateAnswer ("Answer<PeerAnnotateAnswer>") = |c, _| Ok(peer_annotate(&c));
            /// the webapp's badge for a peer message: label, tooltip, link
            peer_badge ("peer.badge", js "peerBadge") [MAX_DOCUMENT_CALL_BYTES]
                => PeerBadgeCall => PeerBadgeAnswer ("Answer<PeerBadgeAnswer>") = |c, _| peer_badge(&c);
            /// whether a sink can resolve an artifact ref, with a code and a reason, and the ref's canonical identity
            artifact_locality ("artifact.locality", js "artifactLocality") [MAX_DOCUMENT_CALL_BYTES]
                => ArtifactLocalityCall => ArtifactLocalityAnswer ("Answer<ArtifactLocalityAnswer>") = |c, _| artifact_locality(&c);
            /// secret findings in any JSON value: rule and pointer, never the value
            secrets_scan ("secrets.scan", js "secretsScan") [MAX_TEXT_CALL_BYTES]
                => SecretsScanCall => SecretsScanAnswer ("Answer<SecretsScanAnswer>") = |c, _| secrets_scan(&c),
                text secrets::secrets_scan_call_text;
            /// upstream's `AGENT_NOTIFY_SUMMARY` footer parsing: the summary and the visible text
            notify_parse ("notify.parse", js "notifyParse") [MAX_CALL_BYTES]
                => NotifyParseCall => NotifyParseAnswer ("Answer<NotifyParseAnswer>") = |c, _| Ok(notify_parse(&c));
            /// a parsed footer's elevation to a `work_ad` create, as upstream elevates it
            notify_elevate ("notify.elevate", js "notifyElevate") [MAX_DOCUMENT_CALL_BYTES]
                => NotifyElevateCall => NotifyElevateAnswer ("Answer<NotifyElevateAnswer>") = |c, _| notify_elevate(&c);
            /// upstream's session citation parsing: every cited session id; ambiguity fails closed
            citation_extract ("citation.extract", js "citationExtract") [MAX_CALL_BYTES]
                => CitationExtractCall => CitationExtractAnswer ("Answer<CitationExtractAnswer>") = |c, _| Ok(citation_extract(&c));
            /// one raw citation normalised to a session id; ambiguity fails closed to `""`
            citation_normalize ("citation.normalize", js "citationNormalize") [MAX_CALL_BYTES]
                => CitationNormalizeCall => CitationNormalizeAnswer ("Answer<CitationNormalizeAnswer>") = |c, _| Ok(citation_normalize(&c));
            /// the compatibility of two JSON Schemas: backward, forward, full, and every change
            schema_check ("schema.check", js "schemaCheck") [MAX_TEXT_CALL_BYTES]
                => SchemaCheckCall => SchemaCheckAnswer ("Answer<SchemaCheckAnswer>") = |c, _| schema_check(&c);
            /// a pure fold of event and link rows at a given `now`: a handoff thread, a session's history, everything touching an artifact, the fleet's current work ads, a project
            ledger_view ("ledger.view", js "ledgerView") [MAX_CALL_BYTES]
                => LedgerViewCall => LedgerViewAnswer ("Answer<LedgerViewAnswer>") = |c, _| ledger_view(c),
                text ledger::ledger_view_call_text;
            /// whether a handoff's delivery state may move from one state to another
            delivery_transition ("delivery.transition", js "deliveryTransition") [MAX_DOCUMENT_CALL_BYTES]
                => DeliveryTransitionCall => DeliveryTransitionAnswer ("Answer<DeliveryTransitionAnswer>") = |c, _| Ok(delivery_transition(&c));
            /// the digest set of some bytes (`text`, hashed as UTF-8, or `base64`): sha256 unless other algorithms are asked for, ready to be a ref's `digest`
            digest_compute ("digest.compute", js "digestCompute") [MAX_CALL_BYTES]
                => DigestComputeCall => DigestComputeAnswer ("Answer<DigestComputeAnswer>") = |c, _| digest_compute(&c);
            /// bytes, or the caller's digest set, against the digest set a ref carries: match, mismatch or nothing to compare, per algorithm, never echoing bytes or digests
            digest_verify ("digest.verify", js "digestVerify") [MAX_CALL_BYTES]
                => DigestVerifyCall => DigestVerifyAnswer ("Answer<DigestVerifyAnswer>") = |c, _| digest_verify(&c);
            /// a receipt and its handoff as an in-toto Statement v1 to sign: every digested artifact and check output a subject, the facts as the predicate, deterministic bytes; refused when nothing is bound
            receipt_attest ("receipt.attest", js "receiptAttest") [MAX_DOCUMENT_CALL_BYTES]
                => ReceiptAttestCall => ReceiptAttestAnswer ("Answer<ReceiptAttestAnswer>") = |c, _| receipt_attest(&c);
        }
    };
}
#[cfg(feature = "wasm")]
pub(crate) use for_each_op;

/// Whether two strings are equal, at compile time.
const fn same(a: &str, b: &str) -> bool {
    const fn bytes(a: &[u8], b: &[u8]) -> bool {
        match (a, b) {
            ([], []) => true,
            ([x, a @ ..], [y, b @ ..]) => *x == *y && bytes(a, b),
            _ => false,
        }
    }
    bytes(a.as_bytes(), b.as_bytes())
}

/// The dispatch table and the list of wire types the TypeScript
/// declarations are derived from, from [`for_each_op!`]'s rows.
macro_rules! wire_ops {
    (@text) => { None };
    (@text $text:expr) => { Some($text) };
    ($(
        $(#[doc = $doc:literal])*
        $id:ident ($op:literal, js $js:literal) [$cap:expr]
            => $call:ident => $answer:ident ($answer_ts:literal) = $f:expr $(, text $text:expr)?;
    )*) => {
        /// Every operation, in the order `capabilities` lists them.
        const OPS: &[Op] = &[
            $( Op {
                name: $op,
                js_name: $js,
                summary: concat!($($doc),*),
                cap: $cap,
                handler: |raw: Raw| {
                    let f: fn($call, &[Pointer]) -> Result<$answer, CallError> = $f;
                    respond(typed::<$call>(raw.value).and_then(|call| f(call, &raw.duplicates)))
                },
                text: wire_ops!(@text $($text)?),
            }, )*
        ];

        // The typed export's TypeScript answer type is the answer type's.
        $( const _: () = assert!(same($answer_ts, concat!("Answer<", stringify!($answer), ">"))); )*

        /// Visits every call and answer type of the public API (for the
        /// generated TypeScript declarations).
        #[cfg(feature = "ts")]
        pub(crate) fn visit_wire_types(v: &mut impl ts_rs::TypeVisitor) {
            $(
                v.visit::<$call>();
                v.visit::<$answer>();
                v.visit::<Answer<$answer>>();
            )*
        }
    };
}

for_each_op!(wire_ops);

/// The README's op table: every op, its typed export, its size cap and what
/// it answers, from the op declarations (a test keeps the README current).
pub fn ops_markdown() -> String {
    let mut s = String::from("| op | typed export | cap | what it answers |\n|---|---|---|---|\n");
    for op in OPS {
        let cap = match op.cap {
            c if c >= 1024 * 1024 => format!("{} MiB", c / (1024 * 1024)),
            c => format!("{c} B"),
        };
        s.push_str(&format!(
            "| `{}` | `{}` | {cap} | {} |\n",
            op.name,
            op.js_name,
            op.summary.trim().replace('|', "\\|")
        ));
    }
    s
}

/// The README's caps table: each cap on the call text and the ops that have
/// it, from the op declarations (a test keeps the README current).
pub fn caps_markdown() -> String {
    let mut caps: Vec<(usize, Vec<&str>)> = Vec::new();
    for op in OPS {
        match caps.iter_mut().find(|(cap, _)| *cap == op.cap) {
            Some((_, ops)) => ops.push(op.name),
            None => caps.push((op.cap, vec![op.name])),
        }
    }
    caps.sort_by_key(|(cap, _)| *cap);
    let mut s = String::from("| cap on the call text | ops |\n|---|---|\n");
    for (cap, ops) in caps {
        let cap = match cap {
            c if c % (1024 * 1024) == 0 => format!("{} MiB", c / (1024 * 1024)),
            c => format!("{c} B"),
        };
        let ops: Vec<String> = ops.iter().map(|o| format!("`{o}`")).collect();
        s.push_str(&format!("| {cap} | {} |\n", ops.join(", ")));
    }
    s
}

/// The call as its typed form. A call is a JSON object whose keys are the
/// call type's fields: an array (which serde would read positionally) or
/// any other value is refused, and so is a key the op does not take, in the
/// call or in any object nested in it (`call/unknown-field`, with the
/// pointer to the object).
fn typed<T: DeserializeOwned>(value: Value) -> Result<T, CallError> {
    if !value.is_object() {
        return Err(CallError::new(
            error::INVALID_CALL,
            format!(
                "the call is {}; a call is a JSON object of named fields",
                crate::fields::type_name(&value)
            ),
        ));
    };
    call_fields::read(value).map_err(|refusal| match refusal {
        call_fields::Refusal::Unknown { at, key, fields } => {
            let fields = fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
            let key = crate::diagnostic::quote(&key);
            let message = if at == Pointer::root() {
                format!("the call has no field {key}; its fields are {fields}")
            } else {
                format!("the call's object at `{at}` has no field {key}; its fields are {fields}")
            };
            CallError::new(error::UNKNOWN_FIELD, message)
        }
        call_fields::Refusal::UnknownBy(at, e) => {
            let message = e.to_string();
            let rest = message.strip_prefix("unknown field ").unwrap_or(&message);
            let object = if at == Pointer::root() {
                "the call".to_owned()
            } else {
                format!("the call's object at `{at}`")
            };
            CallError::new(error::UNKNOWN_FIELD, format!("{object} has no field {rest}"))
        }
        call_fields::Refusal::Invalid(at, e) => {
            CallError::new(error::INVALID_CALL, call_fields::phrase(&e.to_string(), &at))
        }
    })
}

fn respond<T: Serialize>(result: Result<T, CallError>) -> String {
    respond_with_room(result, 0)
}

/// The tag the answer's own keys follow, written first.
const SUCCESS_TAG: &[u8] = br#"{"type":"success""#;

/// [`respond`] into a buffer with `room` bytes beyond a small answer (an
/// answer about as long as the call, such as `validate`'s normalized
/// document, is then written without the buffer growing).
fn respond_with_room<T: Serialize>(result: Result<T, CallError>, room: usize) -> String {
    // The answer alone is serialized per type, after the tag; one shared
    // function splices the two (serde's tagged-enum path would be
    // instantiated for every answer type, and writes the same bytes).
    respond_text(result.and_then(|v| {
        let mut out = Vec::with_capacity(64 + room);
        out.extend_from_slice(SUCCESS_TAG);
        serde_json::to_writer(&mut out, &v).map_err(unwritable)?;
        Ok(out)
    }))
}

fn unwritable(e: impl std::fmt::Display) -> CallError {
    CallError::new(error::INVALID_CALL, format!("the answer could not be written: {e}"))
}

/// `{"type":"success", ...the answer's keys}` or the failure answer.
#[inline(never)]
fn respond_text(result: Result<Vec<u8>, CallError>) -> String {
    let error = match result {
        // The tag, then the answer's object: its `{` becomes the comma
        // after the tag, or an empty answer leaves the tag alone.
        Ok(mut out) => match out.get(SUCCESS_TAG.len()..) {
            Some(b"{}") => return r#"{"type":"success"}"#.to_owned(),
            Some([b'{', ..]) => {
                if let Some(brace) = out.get_mut(SUCCESS_TAG.len()) {
                    *brace = b',';
                }
                match String::from_utf8(out) {
                    Ok(text) => return text,
                    Err(e) => unwritable(e),
                }
            }
            _ => unwritable("the answer is not an object"),
        },
        Err(error) => error,
    };
    // Every failure message is shown as it would be read: a value a
    // message quotes (serde's or a layer's words included) cannot carry a
    // bidi control or an invisible character to the reader.
    let error = CallError { message: crate::diagnostic::escape(&error.message), ..error };
    let failure: Answer<()> = Answer::Failure { error };
    serde_json::to_string(&failure).unwrap_or_else(|e| {
        let failure: Answer<()> = Answer::Failure { error: unwritable(e) };
        serde_json::to_string(&failure).unwrap_or_default()
    })
}

/// Answers one call: `op` names the operation, `input` is the call's JSON
/// text. Always returns a tagged answer as compact JSON; never panics.
///
/// Empty input (nothing, or only JSON whitespace) is the empty call `{}`, on
/// every face: the CLI given no input, the npm package's `call(op)` and
/// `call(op, "")`, and the typed exports given `undefined` or `null`.
pub fn call(op: &str, input: &str) -> String {
    if input.len() > MAX_CALL_BYTES {
        return too_large(input.len(), MAX_CALL_BYTES);
    }
    let Some(found) = OPS.iter().find(|o| o.name == op) else {
        return unknown_op(op);
    };
    if input.len() > found.cap {
        return too_large(input.len(), found.cap);
    }
    let input = if input.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) { "{}" } else { input };
    if let Some(text) = found.text
        && let Some(answer) = text(input)
    {
        return answer;
    }
    dispatch(found.handler, input)
}

/// [`call`] without the shortcuts for common call shapes (the reference the
/// shortcuts are tested against).
#[cfg(test)]
fn call_generic(op: &str, input: &str) -> String {
    match OPS.iter().find(|o| o.name == op) {
        Some(found) => dispatch(found.handler, input),
        None => unknown_op(op),
    }
}

/// Call text read into its typed form as the generic path reads a call:
/// the same codes and messages for text that is not JSON, a key named twice,
/// an unknown key or a field of the wrong type.
pub(crate) fn read_typed<T: DeserializeOwned>(input: &str) -> Result<T, CallError> {
    let parsed = json::parse(input, MAX_CALL_DEPTH).map_err(|e| {
        let detail = e.message.strip_prefix("not JSON: ").unwrap_or(&e.message);
        CallError::new(e.code, format!("the call is not JSON: {detail}"))
    })?;
    if let Some(dup) = parsed.duplicate_keys.first() {
        return Err(CallError::new(error::DUPLICATE_KEY, format!("the call names the key at `{dup}` twice")));
    }
    typed(parsed.value)
}

/// The generic path: the whole call is parsed into a tree and the op's call
/// type read from that.
fn dispatch(handler: Handler, input: &str) -> String {
    let parsed = match json::parse(input, MAX_CALL_DEPTH) {
        Ok(p) => p,
        Err(e) => {
            // The parser's own message starts "not JSON" for text that is not.
            let detail = e.message.strip_prefix("not JSON: ").unwrap_or(&e.message);
            return respond::<()>(Err(CallError::new(e.code, format!("the call is not JSON: {detail}"))));
        }
    };
    let document = Pointer::root().key("document");
    if let Some(dup) = parsed.duplicate_keys.iter().find(|p| !p.starts_with(&document)) {
        return respond::<()>(Err(CallError::new(
            error::DUPLICATE_KEY,
            format!("the call names the key at `{dup}` twice"),
        )));
    }
    handler(Raw { value: parsed.value, duplicates: parsed.duplicate_keys })
}

fn unknown_op(op: &str) -> String {
    respond::<()>(Err(CallError::new(
        error::UNKNOWN_OP,
        format!("unknown operation {}; known: {}", crate::diagnostic::quote(op), ops().join(", ")),
    )))
}

/// [`call`] on bytes that should be UTF-8 text (what the CLI reads): bytes
/// that are not UTF-8 answer `parse/invalid-utf8`, naming the offset of the
/// first bad byte.
pub fn call_bytes(op: &str, input: &[u8]) -> String {
    match std::str::from_utf8(input) {
        Ok(text) => call(op, text),
        Err(e) => respond::<()>(Err(CallError::new(
            error::INVALID_UTF8,
            format!("the call is not UTF-8 text: an invalid byte at offset {}", e.valid_up_to()),
        ))),
    }
}

/// [`call_bytes`] with the op's name as bytes too (a command-line argument
/// need not be UTF-8): a name that is not UTF-8 answers `parse/invalid-utf8`,
/// as call text that is not does.
pub fn call_raw(op: &[u8], input: &[u8]) -> String {
    match std::str::from_utf8(op) {
        Ok(op) => call_bytes(op, input),
        Err(e) => respond::<()>(Err(CallError::new(
            error::INVALID_UTF8,
            format!("the op name is not UTF-8 text: an invalid byte at offset {}", e.valid_up_to()),
        ))),
    }
}

/// The size cap of `op`'s call text, in bytes (`None` for an unknown op).
pub fn max_call_bytes(op: &str) -> Option<usize> {
    OPS.iter().find(|o| o.name == op).map(|o| o.cap)
}

fn too_large(len: usize, cap: usize) -> String {
    respond::<()>(Err(CallError::new(
        error::TOO_LARGE,
        format!("the call is {len} bytes, over the cap of {cap}"),
    )))
}

/// The names of every operation.
pub fn ops() -> Vec<&'static str> {
    OPS.iter().map(|o| o.name).collect()
}

#[cfg(test)]
mod tests;
