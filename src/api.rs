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
use crate::diagnostic::Diagnostic;
use crate::error::{self, CallError};
use crate::fields::Mode;
use crate::json;
use crate::pointer::Pointer;
use crate::validate::{self, DocumentKind};

mod ledger;
pub use ledger::*;

/// The hard cap on a call's text, in bytes (a ledger of a million events
/// fits; anything larger is refused before parsing).
pub const MAX_CALL_BYTES: usize = 512 * 1024 * 1024;

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

/// `capabilities` takes no fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CapabilitiesCall {}

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
}

/// `capabilities`: the version, the A2A capabilities, the ops and kinds.
pub fn capabilities(_call: &CapabilitiesCall) -> CapabilitiesAnswer {
    CapabilitiesAnswer {
        version: env!("CARGO_PKG_VERSION").to_owned(),
        capabilities: capability::all(),
        ops: OPS.iter().map(|(name, _)| (*name).to_owned()).collect(),
        kinds: DocumentKind::ALL.to_vec(),
    }
}

// ---------------------------------------------------------------- validate

/// `validate`: one document of a known kind, in a mode.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ValidateCall {
    /// The document kind (`principal`, `event_create`, ...).
    #[cfg_attr(feature = "ts", ts(as = "DocumentKind"))]
    pub kind: String,
    /// `strict` (a writer; the default) or `lenient` (a reader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mode: Option<Mode>,
    /// The document as JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub document: Option<Value>,
    /// The document as raw JSON text (for parse-level checks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub document_text: Option<String>,
    /// The writer is an HTTP client: reserved provenance is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub http_writer: Option<bool>,
    /// Also run the published JSON Schema (needs the `schema` feature).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_schema: Option<bool>,
}

/// The JSON Schema engine's own report, when asked for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SchemaReport {
    /// The schema accepts the document.
    pub valid: bool,
    /// What the schema engine found (code `schema/violation`, with `schemaPath`).
    pub diagnostics: Vec<Diagnostic>,
}

/// The verdict on one document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ValidateAnswer {
    /// No error diagnostics.
    pub valid: bool,
    /// Every finding, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The document as stored (strict, when valid) or as read (lenient).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub normalized: Option<Value>,
    /// The JSON Schema engine's report, when `withSchema` was set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub schema: Option<SchemaReport>,
}

/// `validate`: runs the typed rules of `kind` in `mode`.
pub fn validate(call: &ValidateCall) -> Result<ValidateAnswer, CallError> {
    validate_with_duplicates(call, &[])
}

fn validate_with_duplicates(
    call: &ValidateCall,
    duplicates: &[Pointer],
) -> Result<ValidateAnswer, CallError> {
    let kind = DocumentKind::from_name(&call.kind).ok_or_else(|| {
        let known: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.name()).collect();
        CallError::new(
            error::UNKNOWN_KIND,
            format!("unknown document kind `{}`; known kinds: {}", call.kind, known.join(", ")),
        )
    })?;
    let mode = call.mode.unwrap_or_default();
    let options = validate::Options { http_writer: call.http_writer.unwrap_or(false) };
    let outcome = match (&call.document, &call.document_text) {
        (Some(doc), None) => validate::validate_value_with_duplicates(kind, mode, doc, duplicates, &options),
        (None, Some(text)) => validate::validate_text(kind, mode, text, &options),
        _ => {
            return Err(CallError::new(
                error::DOCUMENT_MISSING,
                "give exactly one of `document` (JSON) and `documentText` (JSON text)",
            ));
        }
    };
    let schema = if call.with_schema == Some(true) {
        let doc = match (&call.document, &call.document_text) {
            (Some(doc), _) => Some(doc.clone()),
            (None, Some(text)) => json::parse(text, json::MAX_DEPTH).ok().map(|p| p.value),
            _ => None,
        };
        doc.map(|d| schema_report(kind, &d)).transpose()?
    } else {
        None
    };
    Ok(ValidateAnswer {
        valid: outcome.valid,
        diagnostics: outcome.diagnostics,
        normalized: outcome.normalized,
        schema,
    })
}

#[cfg(feature = "schema")]
fn schema_report(kind: DocumentKind, document: &Value) -> Result<SchemaReport, CallError> {
    match crate::schema::run(kind.name(), document) {
        Some(Ok(diagnostics)) => Ok(SchemaReport { valid: diagnostics.is_empty(), diagnostics }),
        Some(Err(e)) => {
            Err(CallError::new(error::FEATURE_UNAVAILABLE, format!("the schema does not compile: {e}")))
        }
        None => Err(CallError::new(
            error::FEATURE_UNAVAILABLE,
            format!("no JSON Schema is published for `{}`", kind.name()),
        )),
    }
}

#[cfg(not(feature = "schema"))]
fn schema_report(_kind: DocumentKind, _document: &Value) -> Result<SchemaReport, CallError> {
    Err(CallError::new(
        error::FEATURE_UNAVAILABLE,
        "this build has no JSON Schema engine; use a build with the `schema` feature",
    ))
}

// ---------------------------------------------------------------- dispatch

/// Everything one dispatched call needs besides its typed input.
struct Raw {
    value: Value,
    duplicates: Vec<Pointer>,
}

type Handler = fn(Raw) -> String;

/// Every operation, in the order `capabilities` lists them.
const OPS: &[(&str, Handler)] = &[
    ("capabilities", |raw| respond(typed::<CapabilitiesCall>(raw.value).map(|c| capabilities(&c)))),
    ("validate", |raw| {
        let document = Pointer::root().key("document");
        let dups: Vec<Pointer> = raw.duplicates.iter().filter_map(|p| p.strip_prefix(&document)).collect();
        respond(typed::<ValidateCall>(raw.value).and_then(|c| validate_with_duplicates(&c, &dups)))
    }),
    ("ledger.view", |raw| respond(typed::<LedgerViewCall>(raw.value).and_then(ledger_view))),
    ("delivery.transition", |raw| {
        respond(typed::<DeliveryTransitionCall>(raw.value).map(|c| delivery_transition(&c)))
    }),
];

fn typed<T: DeserializeOwned>(value: Value) -> Result<T, CallError> {
    serde_json::from_value(value).map_err(|e| CallError::new(error::INVALID_CALL, format!("the call {e}")))
}

fn respond<T: Serialize>(result: Result<T, CallError>) -> String {
    let answer: Answer<T> = result.into();
    serde_json::to_string(&answer).unwrap_or_else(|e| {
        let failure: Answer<()> = Answer::Failure {
            error: CallError::new(error::INVALID_CALL, format!("the answer could not be written: {e}")),
        };
        serde_json::to_string(&failure).unwrap_or_default()
    })
}

/// Answers one call: `op` names the operation, `input` is the call's JSON
/// text. Always returns a tagged answer as compact JSON; never panics.
pub fn call(op: &str, input: &str) -> String {
    if input.len() > MAX_CALL_BYTES {
        return respond::<()>(Err(CallError::new(
            error::TOO_LARGE,
            format!("the call is {} bytes, over the cap of {MAX_CALL_BYTES}", input.len()),
        )));
    }
    let Some((_, handler)) = OPS.iter().find(|(name, _)| *name == op) else {
        let known: Vec<&str> = OPS.iter().map(|(name, _)| *name).collect();
        return respond::<()>(Err(CallError::new(
            error::UNKNOWN_OP,
            format!("unknown operation {}; known: {}", crate::diagnostic::quote(op), known.join(", ")),
        )));
    };
    // A ledger is the one call that can be hundreds of megabytes: read it
    // without building a tree of it (falls back to the generic path when the
    // text is not a well-formed call, so failures keep their codes).
    if op == "ledger.view"
        && let Some(answer) = ledger::ledger_view_text(input)
    {
        return respond(answer);
    }
    let parsed = match json::parse(input, MAX_CALL_DEPTH) {
        Ok(p) => p,
        Err(e) => {
            return respond::<()>(Err(CallError::new(
                e.code,
                format!("the call is not JSON: {}", e.message),
            )));
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

/// The names of every operation.
pub fn ops() -> Vec<&'static str> {
    OPS.iter().map(|(name, _)| *name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answer(op: &str, input: &str) -> Value {
        serde_json::from_str(&call(op, input)).unwrap_or(Value::Null)
    }

    #[test]
    fn unknown_op_is_a_failure_answer() {
        let a = answer("nope", "{}");
        assert_eq!(a["type"], "failure");
        assert_eq!(a["error"]["code"], "call/unknown-op");
    }

    #[test]
    fn bad_json_is_a_failure_with_a_parse_code() {
        assert_eq!(answer("validate", "{")["error"]["code"], "parse/invalid-json");
        assert_eq!(answer("validate", "[1e400]")["error"]["code"], "parse/number-out-of-range");
    }

    #[test]
    fn duplicate_keys_outside_the_document_are_refused() {
        let a = answer("validate", r#"{"kind":"principal","kind":"principal","document":{}}"#);
        assert_eq!(a["error"]["code"], "call/duplicate-key");
    }

    #[test]
    fn duplicate_keys_inside_the_document_are_diagnostics() {
        let a = answer("validate", r#"{"kind":"principal","document":{"kind":"human","id":"1","id":"2"}}"#);
        assert_eq!(a["type"], "success");
        assert_eq!(a["valid"], false);
        assert_eq!(a["diagnostics"][0]["code"], "parse/duplicate-key");
        assert_eq!(a["diagnostics"][0]["instancePath"], "/id");
    }

    #[test]
    fn unknown_kind_is_a_failure_with_a_code() {
        let a = answer("validate", r#"{"kind":"spaceship","document":{}}"#);
        assert_eq!(a["error"]["code"], "validate/unknown-kind");
    }

    #[test]
    fn strict_agent_without_owner_is_invalid() {
        let a = answer(
            "validate",
            &json!({"kind":"principal","mode":"strict","document":{"kind":"agent","id":"a"}}).to_string(),
        );
        assert_eq!(a["type"], "success");
        assert_eq!(a["valid"], false);
        assert_eq!(a["diagnostics"][0]["code"], "principal/unaccountable");
    }

    #[test]
    fn capabilities_lists_every_op() {
        let a = answer("capabilities", "{}");
        let ops: Vec<&str> = a["ops"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        assert_eq!(ops, super::ops());
    }
}
