//! Event links: typed edges between two events of one namespace
//! (`event_links`). A client writes a `LinkCreate` (snake_case body of
//! `POST /api/work-graph/event-links`); the hub stores and returns a
//! `LinkRow` (camelCase, `metadataJson` verbatim).
//!
//! Upstream rules: `from_event_id` and `to_event_id` 1..256,
//! `relation_type` 1..128 (open vocabulary: `resolves, blocked_by, retries,
//! supersedes, follows` are known; anything else is kept), `metadata_json`
//! any JSON of at most 32,768 UTF-8 bytes as compact `JSON.stringify`.
//! Links carry no principal; self-links and duplicates are accepted.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::fields::{Presence, Report, UNKNOWN};
use crate::limits::{MAX_ID, MAX_KIND};
use crate::pointer::Pointer;
use crate::vocab::RELATION_TYPE;

/// A link as a client writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LinkCreate {
    /// The event the edge starts at (a receipt, a newer work ad).
    pub from_event_id: String,
    /// The event it points to (the handoff, the older work ad).
    pub to_event_id: String,
    /// `resolves`, `blocked_by`, `retries`, `supersedes`, `follows`, or any other string.
    pub relation_type: String,
    /// Free JSON, kept verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub metadata_json: Option<Value>,
}

/// A link as the hub stores and returns it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkRow {
    /// Hub-assigned id.
    pub id: String,
    /// See [`LinkCreate::from_event_id`].
    pub from_event_id: String,
    /// See [`LinkCreate::to_event_id`].
    pub to_event_id: String,
    /// See [`LinkCreate::relation_type`].
    pub relation_type: String,
    /// Hub-assigned time, milliseconds since the epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created_at: Number,
    /// See [`LinkCreate::metadata_json`] (`null` when absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub metadata_json: Option<Value>,
    /// The writer's namespace.
    pub namespace: String,
}

/// The stored row of a link create, given the hub-assigned values.
pub fn to_row(create: &LinkCreate, id: &str, created_at: i64, namespace: &str) -> LinkRow {
    LinkRow {
        id: id.to_owned(),
        from_event_id: create.from_event_id.clone(),
        to_event_id: create.to_event_id.clone(),
        relation_type: create.relation_type.clone(),
        created_at: Number::from(created_at),
        metadata_json: create.metadata_json.clone(),
        namespace: namespace.to_owned(),
    }
}

/// The create body a link row was written from (inverse of [`to_row`]).
pub fn from_row(row: &LinkRow) -> LinkCreate {
    LinkCreate {
        from_event_id: row.from_event_id.clone(),
        to_event_id: row.to_event_id.clone(),
        relation_type: row.relation_type.clone(),
        metadata_json: row.metadata_json.clone().filter(|v| !v.is_null()),
    }
}

const CREATE: &[&str] = &["from_event_id", "to_event_id", "relation_type", "metadata_json"];
const ROW: &[&str] =
    &["id", "fromEventId", "toEventId", "relationType", "createdAt", "metadataJson", "namespace"];

/// Checks a link create body.
pub fn check_create(v: &Value, at: &Pointer, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a link create body") else { return };
    report.string(obj, "from_event_id", at, Presence::Required, 1, MAX_ID);
    report.string(obj, "to_event_id", at, Presence::Required, 1, MAX_ID);
    if let Some(r) = report.string(obj, "relation_type", at, Presence::Required, 1, MAX_KIND) {
        report.vocab(r, &RELATION_TYPE, &at.key("relation_type"));
    }
    if let Some(m) = report.field(obj, "metadata_json", at, Presence::Optional) {
        crate::event::check_json_size(m, &at.key("metadata_json"), "metadata_json", report);
    }
    unknown(obj, CREATE, at, report, "a link create body", "upstream strips it");
}

/// Checks a stored link row.
pub fn check_row(v: &Value, at: &Pointer, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a link row") else { return };
    report.string(obj, "id", at, Presence::Required, 1, MAX_ID);
    report.string(obj, "fromEventId", at, Presence::Required, 1, MAX_ID);
    report.string(obj, "toEventId", at, Presence::Required, 1, MAX_ID);
    if let Some(r) = report.string(obj, "relationType", at, Presence::Required, 1, MAX_KIND) {
        report.vocab(r, &RELATION_TYPE, &at.key("relationType"));
    }
    report.number(obj, "createdAt", at, Presence::Required);
    if let Some(m) = report.field(obj, "metadataJson", at, Presence::Nullable) {
        crate::event::check_json_size(m, &at.key("metadataJson"), "metadataJson", report);
    }
    report.string(obj, "namespace", at, Presence::Required, 0, MAX_ID);
    unknown(obj, ROW, at, report, "a link row", "kept as it is");
}

fn unknown(
    obj: &Map<String, Value>,
    known: &[&str],
    at: &Pointer,
    report: &mut Report,
    what: &str,
    fate: &str,
) {
    for k in obj.keys() {
        if known.contains(&k.as_str()) {
            continue;
        }
        let here = at.key(k);
        let mut d = if report.strict() {
            Diagnostic::warning(UNKNOWN, &here, format!("{what} does not declare {}; {fate}", quote(k)))
        } else {
            Diagnostic::info(UNKNOWN, &here, format!("{what} does not declare {}; kept as it is", quote(k)))
        };
        let squash = |s: &str| s.replace('_', "").to_ascii_lowercase();
        if let Some(other) = known.iter().find(|o| squash(o) == squash(k)) {
            d = d.with_help(format!("did you mean `{other}`?"));
        }
        report.push(d);
    }
}

/// A strict link create as upstream stores it: unknown keys stripped.
pub fn normalize_create(v: &Value) -> Value {
    retain(v, CREATE)
}

/// A strict link row: undeclared keys dropped.
pub fn normalize_row(v: &Value) -> Value {
    retain(v, ROW)
}

fn retain(v: &Value, keys: &[&str]) -> Value {
    let mut out = v.clone();
    if let Value::Object(map) = &mut out {
        map.retain(|k, _| keys.contains(&k.as_str()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use serde_json::json;

    fn codes(v: Value, mode: Mode) -> Vec<String> {
        let mut r = Report::new(mode);
        check_create(&v, &Pointer::root(), &mut r);
        r.diagnostics.iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
    }

    #[test]
    fn unknown_relation_is_kept_silently_because_the_vocabulary_is_open() {
        assert!(
            codes(json!({"from_event_id":"a","to_event_id":"a","relation_type":"caused_by"}), Mode::Strict)
                .is_empty()
        );
    }

    #[test]
    fn empty_relation_is_refused() {
        assert_eq!(
            codes(json!({"from_event_id":"a","to_event_id":"b","relation_type":""}), Mode::Strict),
            vec!["limit/string-too-short@/relation_type"]
        );
    }

    #[test]
    fn camel_case_key_gets_a_hint() {
        let mut r = Report::new(Mode::Strict);
        check_create(
            &json!({"from_event_id":"a","to_event_id":"b","relation_type":"follows","metadataJson":{}}),
            &Pointer::root(),
            &mut r,
        );
        assert_eq!(r.diagnostics[0].help.as_deref(), Some("did you mean `metadata_json`?"));
    }

    #[test]
    fn create_becomes_a_row_and_back() {
        let c = LinkCreate {
            from_event_id: "r".into(),
            to_event_id: "h".into(),
            relation_type: "resolves".into(),
            metadata_json: None,
        };
        let row = to_row(&c, "l1", 5, "ns");
        let v = serde_json::to_value(&row).unwrap();
        assert_eq!(v["metadataJson"], Value::Null);
        assert_eq!(from_row(&row), c);
        let mut r = Report::new(Mode::Strict);
        check_row(&v, &Pointer::root(), &mut r);
        assert!(r.diagnostics.is_empty());
    }
}
