//! The published JSON Schemas and the typed rules give the same verdict on
//! every golden `validate` case.
//!
//! Compared: every strict case with a `document` (lenient cases answer as a
//! reader, which the schemas do not describe, and so do cases of the
//! `upstream` profile, which decides as upstream's passthrough schemas do:
//! an artifact ref's `digest` of any shape is kept there; `httpWriter`, `hubDerived` and
//! `sink` are facts about the call, not the document; `documentText` cases are about parsing). A
//! document whose only errors are ones JSON Schema cannot express (listed in
//! [`BEYOND_SCHEMA`]) must be schema-valid. A warning-only document is valid
//! for both.
#![cfg(feature = "schema")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use hapi_a2a_core::api::{ValidateCall, validate};
use hapi_a2a_core::{Mode, Severity};

#[path = "support/golden.rs"]
mod golden;

/// Rules the typed checks enforce that JSON Schema 2020-12 cannot state.
const BEYOND_SCHEMA: &[&str] = &[
    // A size of the compact `JSON.stringify` text, in UTF-8 bytes.
    "limit/json-too-large",
    // A comparison between two fields.
    "receipt/check-time-order",
];

/// Families of codes JSON Schema cannot express: secret detection (it reads
/// inside strings, after percent-decoding).
const BEYOND_SCHEMA_FAMILIES: &[&str] = &["secret/"];

#[test]
fn typed_rules_and_schemas_agree_on_every_golden_case() {
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for (case, path) in golden::cases_of("validate") {
        let call: ValidateCall = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Some(document) = call.document.clone() else { continue };
        if call.mode == Some(Mode::Lenient)
            || call.profile.as_deref() == Some("upstream")
            || call.http_writer == Some(true)
            || call.hub_derived == Some(true)
            || call.sink.is_some()
            || call.owner.is_some()
        {
            continue;
        }
        if hapi_a2a_core::validate::DocumentKind::from_name(&call.kind).is_none() {
            continue; // a failure case about the call itself
        }
        if call.with_columns == Some(true) && !["event_create", "link_create"].contains(&call.kind.as_str()) {
            continue; // refused: the kind is no row
        }
        let typed = validate(&call).unwrap();
        let schema = hapi_a2a_core::schema::run(&call.kind, &document).unwrap().unwrap();
        let schema_valid = schema.is_empty();
        let errors: Vec<&str> = typed
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.code.as_str())
            .collect();
        let typed_verdict = if !errors.is_empty()
            && errors
                .iter()
                .all(|c| BEYOND_SCHEMA.contains(c) || BEYOND_SCHEMA_FAMILIES.iter().any(|f| c.starts_with(f)))
        {
            true
        } else {
            typed.valid
        };
        compared += 1;
        if typed_verdict != schema_valid {
            let what: Vec<String> =
                schema.iter().map(|d| format!("{} {}", d.instance_path, d.message)).collect();
            disagreements.push(format!("{case}: typed {errors:?}, schema {what:?}"));
        }
    }
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    assert!(compared >= 150, "only {compared} cases compared");
}
