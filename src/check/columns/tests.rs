use serde_json::{Value, json};

use super::*;

fn columns(text: &str) -> Value {
    serde_json::from_str(&from_stored_text(DocumentKind::EventCreate, text).unwrap()).unwrap()
}

#[test]
fn an_event_has_every_column_in_the_schemas_order_with_the_stores_defaults() {
    let c = columns(
        r#"{"source_kind":"agent","source_ref":"s","event_type":"note","principal":{"kind":"human","id":"1"}}"#,
    );
    let names: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(names.first(), Some(&"source_kind"));
    assert_eq!(names.last(), Some(&"principal_json"));
    assert_eq!(names.len(), event::CREATE_FIELDS);
    assert_eq!(c["payload_json"], Value::Null, "no payload is no text, not the text `null`");
    assert_eq!(c["artifact_refs"], "[]");
    assert_eq!(c["tags"], "[]");
    assert_eq!(c["sink_ref"], Value::Null);
    assert_eq!(c["principal_json"], r#"{"kind":"human","id":"1"}"#);
}

#[test]
fn json_columns_spell_numbers_as_javascript_does_and_scalars_stay_values() {
    let c = columns(
        r#"{"confidence":0.5,"expires_at":1785320480000,"payload_json":{"a":[1.0,1e21,1e-7,0.000001,-2.5e-300,12345678901234567168],"b":null,"payload_json":"{\"x\":[1.0]}"},"tags":["x"]}"#,
    );
    assert_eq!(
        c["payload_json"],
        r#"{"a":[1,1e+21,1e-7,0.000001,-2.5e-300,12345678901234567000],"b":null,"payload_json":"{\"x\":[1.0]}"}"#
    );
    assert_eq!(c["confidence"], json!(0.5));
    assert_eq!(c["expires_at"], json!(1785320480000_i64));
    assert_eq!(c["tags"], r#"["x"]"#);
}

#[test]
fn strings_are_kept_as_written_lone_surrogates_and_brackets_in_them_too() {
    let text = r#"{"summary":"a\ud800b","payload_json":{"k":"}]\"\\\ud800 é\n"}}"#;
    let written = from_stored_text(DocumentKind::EventCreate, text).unwrap();
    assert!(written.contains(r#""summary":"a\ud800b""#), "{written}");
    assert!(written.contains(r#""payload_json":"{\"k\":\"}]\\\"\\\\\\ud800 é\\n\"}""#), "{written}");
}

#[test]
fn a_link_has_its_four_columns_and_other_kinds_none() {
    let c: Value = serde_json::from_str(
        &from_stored_text(
            DocumentKind::LinkCreate,
            r#"{"from_event_id":"a","to_event_id":"b","relation_type":"cites","metadata_json":{"n":2.0}}"#,
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        c,
        json!({"from_event_id":"a","to_event_id":"b","relation_type":"cites","metadata_json":"{\"n\":2}"})
    );
    assert_eq!(from_stored_text(DocumentKind::Principal, "{}"), None);
    assert!(!has_columns(DocumentKind::Principal) && has_columns(DocumentKind::LinkCreate));
    assert_eq!(from_stored_text(DocumentKind::EventCreate, "[1]"), None);
    assert_eq!(from_stored_text(DocumentKind::EventCreate, r#"{"a":}"#), None);
}

#[test]
fn a_value_lists_array_index_keys_first_as_json_parse_does() {
    let stored: Value = serde_json::from_str(
        r#"{"payload_json":{"b":1,"10":2,"2":3.0,"01":4,"4294967295":5,"4294967294":6,"-1":7}}"#,
    )
    .unwrap();
    let c: Value = serde_json::from_str(&from_value(DocumentKind::EventCreate, &stored).unwrap()).unwrap();
    assert_eq!(c["payload_json"], r#"{"2":3,"10":2,"4294967294":6,"b":1,"01":4,"4294967295":5,"-1":7}"#);
    assert_eq!(c["artifact_refs"], "[]");
    assert_eq!(from_value(DocumentKind::EventCreate, &json!([1])), None);
}

#[test]
fn deep_nesting_is_stepped_over_without_a_stack() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let text = format!(r#"{{"payload_json":{deep},"tags":[]}}"#);
    let c = columns(&text);
    assert_eq!(c["payload_json"].as_str().map(str::len), Some(200_000));
    assert_eq!(c["tags"], "[]");
}

#[test]
fn fields_out_of_the_schemas_order_give_the_same_columns() {
    let ordered = r#"{"source_kind":"agent","source_ref":"s","event_type":"note","payload_json":{"a":[1.0,"x\"]"]},"tags":["t"],"principal":{"kind":"human","id":"1"}}"#;
    let shuffled = r#"{"principal":{"kind":"human","id":"1"},"tags":["t"],"payload_json":{"a":[1.0,"x\"]"]},"event_type":"note","source_ref":"s","source_kind":"agent"}"#;
    let want = from_stored_text(DocumentKind::EventCreate, ordered).unwrap();
    assert_eq!(from_stored_text(DocumentKind::EventCreate, shuffled).unwrap(), want);
    assert_eq!(columns(ordered)["payload_json"], r#"{"a":[1,"x\"]"]}"#);
    assert_eq!(from_stored_text(DocumentKind::EventCreate, "{}").map(|c| c.len() > 10), Some(true));
}

#[test]
fn an_artifact_refs_index_keys_come_first_as_a_javascript_object_lists_them() {
    let stored = r#"{"artifact_refs":[{"kind":"file","ref":"a.txt","2":{"k":1.0},"10":[],"z":"y"},"x"],"principal":{"kind":"human","id":"1"}}"#;
    assert_eq!(
        columns(stored)["artifact_refs"],
        r#"[{"2":{"k":1},"10":[],"kind":"file","ref":"a.txt","z":"y"},"x"]"#
    );
}

#[test]
fn integers_stand_as_written_where_javascript_writes_them_so_and_are_respelled_elsewhere() {
    for (token, plain) in [
        ("0", true),
        ("7", true),
        ("-12", true),
        ("123456789012345", true),
        ("-0", false),
        ("1234567890123456", false),
        ("1.0", false),
        ("1e3", false),
        ("-", false),
        ("", false),
    ] {
        assert_eq!(plain_integer(token), plain, "{token}");
        if plain {
            assert_eq!(js_number(json_number(token)), token, "the general reading agrees on {token}");
        }
    }
    let c = columns(r#"{"payload_json":{"a":[-0,0,42,-7,1234567890123456789]}}"#);
    assert_eq!(c["payload_json"], r#"{"a":[0,0,42,-7,1234567890123456800]}"#);
}

#[test]
fn a_token_without_an_escape_is_escaped_as_the_general_way_escapes_it() {
    for token in [r#""""#, r#""a""#, r#""plain text, é and 🙂""#, r#""a\"b""#, r#""\\""#, r#""x\\\"y""#] {
        let mut fast = String::new();
        escape_token(token, &mut fast);
        // The general way, a byte at a time.
        let mut slow = String::new();
        for c in token.chars() {
            if c == '"' || c == '\\' {
                slow.push('\\');
            }
            slow.push(c);
        }
        assert_eq!(fast, slow, "{token}");
    }
}
