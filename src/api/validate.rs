//! `validate`: one document of a known kind, in a mode — the call, the
//! answer, the typed function, and (in `text`) the shortcut that reads the
//! common call shape straight from its text.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::error::{self, CallError};
use crate::fields::Mode;
use crate::json;
use crate::pointer::Pointer;
use crate::validate::{self, DocumentKind};

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
    /// The document as JSON (`null` is a document too).
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
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
    /// `peer_message` only: the meta was derived by the hub from the
    /// authenticated source (a stored row). Without it a strict check treats
    /// the meta as a client's write, where any `peer` is a forgery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub hub_derived: Option<bool>,
    /// `event_create` / `event_row` of a handoff: the sink it is for. Refs
    /// the sink cannot resolve are errors for writers, warnings for readers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink: Option<crate::locality::Endpoint>,
    /// `event_create`: the authenticated owner's id; a principal of the write
    /// that does not resolve to it is `principal/not-owner`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub owner: Option<String>,
    /// Whose rules decide: `a2a` (the default: the RFC's rules) or
    /// `upstream` (upstream's P1 rules exactly; `docs/profiles.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<validate::Profile>"))]
    pub profile: Option<String>,
    /// `false` leaves `normalized` out of the answer and changes nothing
    /// else (a caller that holds the document need not read it again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_normalized: Option<bool>,
    /// `upstream` only: the document text is a JavaScript caller's, which
    /// may also spell `NaN`, `undefined`, `bigint`, `function` and `symbol`
    /// where a value stands (the `./upstream` adapters write it so that the
    /// verdict is zod's on their caller's value; `docs/profiles.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub js_values: Option<bool>,
    /// `true` adds `columns` to the answer of a valid `event_create` or
    /// `link_create`: the row a store writes for it, each JSON column as
    /// the text `JSON.stringify` writes (`docs/call-contract.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_columns: Option<bool>,
    /// `true` hands back errors alone: warnings and notes are left out, and
    /// under `upstream` the rules that only warn (the secret scan, a sink's
    /// locality) do not run. The verdict is the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub errors_only: Option<bool>,
    /// `upstream` and `documentText` only: `normalized` is left out where
    /// it holds the document's own keys in the document's order in every
    /// object it rebuilds (the root, an event's principal, each artifact
    /// ref), so that a caller holding the document as a value has zod's
    /// data by copying those objects. No effect with `withColumns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub keys_as_given: Option<bool>,
}

/// A field that is there, `null` included (serde reads a `null` `Option` as
/// absent).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
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
    /// The row a store writes for the document, when `withColumns` was set
    /// and the document is a valid `event_create` or `link_create`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub columns: Option<Columns>,
    /// The JSON Schema engine's report, when `withSchema` was set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub schema: Option<SchemaReport>,
}

/// The row a store writes for a valid create, as a JSON object of its
/// columns: an event's `source_kind` … `expires_at` and `principal_json`,
/// a link's `from_event_id`, `to_event_id`, `relation_type` and
/// `metadata_json`. Scalars are the field's value (`null` when absent);
/// `payload_json`, `artifact_refs`, `tags`, `principal_json` and
/// `metadata_json` are text, as upstream's store writes them with
/// `JSON.stringify` (`artifact_refs` and `tags` `"[]"` when absent).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(type = "Record<string, string | number | null>"))]
pub struct Columns(String);

impl Columns {
    /// The columns as the JSON object's text.
    pub fn as_text(&self) -> &str {
        &self.0
    }
}

impl Serialize for Columns {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Written as it stands: a string column may hold a lone surrogate
        // (as its escape), which no `Value` can.
        let raw =
            serde_json::value::RawValue::from_string(self.0.clone()).map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Columns {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        Ok(Columns(raw.get().to_owned()))
    }
}

/// `validate`: runs the typed rules of `kind` in `mode`.
///
/// The typed path. A `validate` call given as text in its common shape
/// (`kind`, `documentText` and the few plain options) does not come here:
/// the op table's shortcut (`text::validate_call_text`) reads it in one
/// pass and answers from the same rules, and `call` falls back to this
/// function's path for any other shape. Tests replay every golden call
/// through both and hold them to the same bytes.
pub fn validate(call: &ValidateCall) -> Result<ValidateAnswer, CallError> {
    validate_with_duplicates(call, &[])
}

pub(super) fn validate_with_duplicates(
    call: &ValidateCall,
    duplicates: &[Pointer],
) -> Result<ValidateAnswer, CallError> {
    let kind = DocumentKind::from_name(&call.kind).ok_or_else(|| {
        let known: Vec<&str> = DocumentKind::ALL.iter().map(|k| k.name()).collect();
        CallError::new(
            error::UNKNOWN_KIND,
            format!(
                "unknown document kind {}; known kinds: {}",
                crate::diagnostic::quote(&call.kind),
                known.join(", ")
            ),
        )
    })?;
    let mode = call.mode.unwrap_or_default();
    let profile = profile(call.profile.as_deref(), kind)?;
    if call.with_columns == Some(true) {
        columns_of(kind, call.js_values == Some(true))?;
    }
    let options = validate::Options {
        http_writer: call.http_writer.unwrap_or(false),
        hub_derived: call.hub_derived.unwrap_or(false),
        sink: call.sink.clone(),
        owner: call.owner.clone(),
        profile,
        js_values: call.js_values.unwrap_or(false),
        errors_only: call.errors_only.unwrap_or(false),
    };
    let with_normalized = call.with_normalized != Some(false);
    let as_given = call.keys_as_given == Some(true) && call.with_columns != Some(true);
    let outcome = match (&call.document, &call.document_text) {
        (Some(doc), None) if with_normalized => {
            validate::validate_value_with_duplicates(kind, mode, doc, duplicates, &options)
        }
        (Some(doc), None) => {
            let v = validate::verdict_value_with_duplicates(kind, mode, doc, duplicates, &options);
            validate::Outcome { valid: v.valid, diagnostics: v.diagnostics, normalized: None }
        }
        (None, Some(text)) if with_normalized && as_given => {
            validate::validate_text_unless_as_given(kind, mode, text, &options)
        }
        (None, Some(text)) if with_normalized => validate::validate_text(kind, mode, text, &options),
        (None, Some(text)) => {
            let v = validate::verdict_text(kind, mode, text, &options);
            validate::Outcome { valid: v.valid, diagnostics: v.diagnostics, normalized: None }
        }
        _ => return Err(document_missing()),
    };
    // The generic path reads the document once more for its row: the
    // common shapes take the shortcut, which reads it once.
    let columns = match (&call.document, &call.document_text) {
        _ if call.with_columns != Some(true) || !outcome.valid => None,
        (Some(doc), _) => validate::validate_value_with_columns(kind, mode, doc, duplicates, &options).2,
        (None, Some(text)) => validate::validate_text_with_columns(kind, mode, text, &options).2,
        (None, None) => None,
    }
    .map(Columns);
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
        columns,
        schema,
    })
}

/// Whether `withColumns` may be asked of `kind`: only a create that is a
/// row of its own has columns, and only a JSON document (`jsValues` text
/// may hold an `undefined`, which no column text spells).
pub(crate) fn columns_of(kind: DocumentKind, js_values: bool) -> Result<(), CallError> {
    if !crate::columns::has_columns(kind) {
        return Err(CallError::new(
            error::NO_COLUMNS,
            format!(
                "`withColumns` asks for the row of an event_create or a link_create; a `{}` is no row",
                kind.name()
            ),
        ));
    }
    if js_values {
        return Err(CallError::new(
            error::NO_COLUMNS,
            "`withColumns` asks for the row of a JSON document; with `jsValues` the text may hold JavaScript values no column spells",
        ));
    }
    Ok(())
}

fn document_missing() -> CallError {
    CallError::new(
        error::DOCUMENT_MISSING,
        "give exactly one of `document` (JSON) and `documentText` (JSON text)",
    )
}

/// The profile a call names, checked against its kind.
pub(crate) fn profile(name: Option<&str>, kind: DocumentKind) -> Result<validate::Profile, CallError> {
    let Some(name) = name else { return Ok(validate::Profile::default()) };
    let profile = validate::Profile::from_name(name).ok_or_else(|| {
        CallError::new(
            error::UNKNOWN_PROFILE,
            format!("unknown profile {}; known profiles: a2a, upstream", crate::diagnostic::quote(name)),
        )
    })?;
    if profile == validate::Profile::Upstream && !crate::upstream::DECIDES.contains(&kind) {
        return Err(CallError::new(
            error::PROFILE_KIND,
            format!(
                "the `upstream` profile decides event_create, link_create, principal and artifact_ref, not `{}`",
                kind.name()
            ),
        ));
    }
    Ok(profile)
}

#[cfg(feature = "schema")]
fn schema_report(kind: DocumentKind, document: &Value) -> Result<SchemaReport, CallError> {
    match crate::schema::run(kind.name(), document) {
        Some(Ok(mut diagnostics)) => {
            // The schema engine's messages quote the document's values as
            // they are: shown here as every other message shows them.
            for d in &mut diagnostics {
                d.message = crate::diagnostic::escape(&d.message);
            }
            Ok(SchemaReport { valid: diagnostics.is_empty(), diagnostics })
        }
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

pub(super) mod text;
mod document;
pub use document::{
    DocumentAnswer, DocumentOptions, MAX_DOCUMENT_BYTES, validate_document, validate_document_bytes,
};
