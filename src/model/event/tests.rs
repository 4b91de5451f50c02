//! Tests of `event`.

use super::*;
use crate::fields::Mode;
use serde_json::json;

fn base() -> Value {
    json!({
        "source_kind": "session", "source_ref": "s1", "event_type": "note",
        "principal": {"kind": "human", "id": "1"}
    })
}

fn codes_of(v: &Value, shape: Shape, http: bool, mode: Mode) -> Vec<String> {
    let mut r = Report::new(mode);
    check(v, shape, http, &Pointer::root(), &mut r);
    crate::diagnostic::sort(&mut r.diagnostics);
    r.diagnostics.iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
}

fn codes(v: Value) -> Vec<String> {
    codes_of(&v, Shape::Create, false, Mode::Strict)
}

fn with(key: &str, val: Value) -> Value {
    let mut v = base();
    v[key] = val;
    v
}

#[test]
fn minimal_create_is_clean() {
    assert!(codes(base()).is_empty());
}

#[test]
fn empty_or_null_sink_kind_is_refused() {
    assert_eq!(codes(with("sink_kind", json!(""))), vec!["limit/string-too-short@/sink_kind"]);
    assert_eq!(codes(with("sink_kind", Value::Null)), vec!["field/wrong-type@/sink_kind"]);
}

#[test]
fn empty_summary_is_accepted_and_null_summary_refused() {
    assert!(codes(with("summary", json!(""))).is_empty());
    assert_eq!(codes(with("summary", Value::Null)), vec!["field/wrong-type@/summary"]);
}

#[test]
fn summary_cap_counts_code_points() {
    assert!(codes(with("summary", json!("😀".repeat(2048)))).is_empty());
    assert_eq!(codes(with("summary", json!("😀".repeat(2049)))), vec!["limit/string-too-long@/summary"]);
}

#[test]
fn payload_cap_is_byte_exact() {
    assert!(codes(with("payload_json", json!("x".repeat(32_766)))).is_empty());
    assert_eq!(
        codes(with("payload_json", json!("x".repeat(32_767)))),
        vec!["limit/json-too-large@/payload_json"]
    );
}

#[test]
fn tags_may_be_empty_strings_but_not_too_many() {
    assert!(codes(with("tags", json!(["", "a"]))).is_empty());
    let many: Vec<Value> = (0..33).map(|i| json!(i.to_string())).collect();
    assert_eq!(codes(with("tags", json!(many))), vec!["limit/too-many-items@/tags"]);
}

#[test]
fn server_assigned_fields_are_warned_and_stripped() {
    let v = with("id", json!("x"));
    assert_eq!(codes(v.clone()), vec!["event/server-assigned@/id"]);
    assert!(normalize(&v, Shape::Create).get("id").is_none());
}

#[test]
fn camel_case_key_on_create_gets_a_hint() {
    let mut r = Report::new(Mode::Strict);
    check(&with("sinkRef", json!("s2")), Shape::Create, false, &Pointer::root(), &mut r);
    assert_eq!(
        r.diagnostics[0].help.as_deref(),
        Some("create bodies are snake_case: did you mean `sink_ref`?")
    );
}

#[test]
fn reserved_provenance_is_refused_only_for_http_writers() {
    let v = with("provenance", json!(NOTIFY_PROVENANCE));
    assert!(codes_of(&v, Shape::Create, false, Mode::Strict).is_empty());
    assert_eq!(
        codes_of(&v, Shape::Create, true, Mode::Strict),
        vec!["event/reserved-provenance@/provenance"]
    );
}

#[test]
fn artifact_ref_url_null_is_refused_and_ref_null_accepted() {
    assert!(codes(with("artifact_refs", json!([{"kind":"url","ref":null,"extra":1}]))).is_empty());
    assert_eq!(
        codes(with("artifact_refs", json!([{"kind":"url","url":null}]))),
        vec!["field/wrong-type@/artifact_refs/0/url"]
    );
}

#[test]
fn typed_event_without_payload_is_refused() {
    let mut v = with("event_type", json!("work_ad"));
    assert_eq!(codes(v.clone()), vec!["event/payload-missing@/payload_json"]);
    v["payload_json"] = json!({"status": "done"});
    assert!(codes(v).is_empty());
}

#[test]
fn create_becomes_a_row_and_back() {
    let create: EventCreate = serde_json::from_value(with("payload_json", json!({"a": 1.5}))).unwrap();
    let row = to_row(&create, "e1", 1_785_320_200_000, "default");
    let json = serde_json::to_value(&row).unwrap();
    assert_eq!(json["sourceKind"], "session");
    assert_eq!(json["sinkRef"], Value::Null);
    assert_eq!(json["ts"], json!(1_785_320_200_000_i64));
    assert_eq!(json["payloadJson"], json!({"a": 1.5}));
    assert_eq!(from_row(&row), create);
    assert!(codes_of(&json, Shape::Row, false, Mode::Strict).is_empty());
}

#[test]
fn row_with_snake_case_key_is_noted_for_readers() {
    let create: EventCreate = serde_json::from_value(base()).unwrap();
    let mut row = serde_json::to_value(to_row(&create, "e1", 1, "n")).unwrap();
    row["source_ref"] = json!("x");
    assert_eq!(codes_of(&row, Shape::Row, false, Mode::Lenient), vec!["field/unknown@/source_ref"]);
}

/// A document holding every field of `shape`, each with a valid value.
fn every_field(shape: Shape) -> Value {
    let mut doc = serde_json::Map::new();
    for name in field_names(shape) {
        let value = match name {
            "principal" => json!({"kind": "human", "id": "1"}),
            "payload_json" | "payloadJson" => json!({"a": 1}),
            "artifact_refs" | "artifactRefs" | "tags" => json!([]),
            "confidence" | "expires_at" | "expiresAt" | "ts" => json!(1),
            _ => json!("x"),
        };
        doc.insert(name.to_owned(), value);
    }
    Value::Object(doc)
}

fn sorted_keys(v: &Value) -> Vec<String> {
    let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

#[test]
fn the_wire_types_carry_exactly_the_listed_fields() {
    // Non-empty lists, so that no field is skipped when serialised.
    for (shape, refs, tags) in
        [(Shape::Create, "artifact_refs", "tags"), (Shape::Row, "artifactRefs", "tags")]
    {
        let mut doc = every_field(shape);
        doc[refs] = json!([{"kind": "url", "url": "https://example.com/"}]);
        doc[tags] = json!(["t"]);
        let back = match shape {
            Shape::Create => {
                serde_json::to_value(serde_json::from_value::<EventCreate>(doc.clone()).unwrap())
            }
            Shape::Row => serde_json::to_value(serde_json::from_value::<EventRow>(doc.clone()).unwrap()),
        }
        .unwrap();
        assert_eq!(sorted_keys(&back), sorted_keys(&doc), "{shape:?}");
    }
}

#[test]
fn a_document_with_every_listed_field_is_clean() {
    assert!(codes(every_field(Shape::Create)).is_empty());
    assert!(codes_of(&every_field(Shape::Row), Shape::Row, false, Mode::Strict).is_empty());
}
