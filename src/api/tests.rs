//! The facade's dispatch: failures, duplicate keys, unknown fields, empty
//! input, size caps and the op table.

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
    let message = answer("validate", "{")["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.starts_with("the call is not JSON: EOF while parsing"), "{message}");
    assert_eq!(message.matches("not JSON").count(), 1, "{message}");
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
fn spliced_success_answers_are_serdes_tagged_answers() {
    let a = capabilities(&CapabilitiesCall::default());
    assert_eq!(respond(Ok(a.clone())), serde_json::to_string(&Answer::Success(a)).unwrap_or_default());
    #[derive(Clone, Serialize)]
    struct Empty {
        #[serde(skip_serializing_if = "Option::is_none")]
        x: Option<u8>,
    }
    let empty = Empty { x: None };
    assert_eq!(
        respond(Ok(empty.clone())),
        serde_json::to_string(&Answer::Success(empty.clone())).unwrap_or_default()
    );
    assert_eq!(respond(Ok(empty.clone())), r#"{"type":"success"}"#);
}

#[test]
fn an_array_is_not_a_positional_call() {
    let a = answer("validate", r#"["principal","strict",{"kind":"human","id":"1"}]"#);
    assert_eq!(a["type"], "failure");
    assert_eq!(a["error"]["code"], "call/invalid-call");
    assert_eq!(a["error"]["message"], "the call is an array; a call is a JSON object of named fields");
    for text in ["1", "\"validate\"", "null", "true"] {
        assert_eq!(answer("capabilities", text)["error"]["code"], "call/invalid-call", "{text}");
    }
}

#[test]
fn messages_name_no_rust_type() {
    let a = answer("artifact.locality", r#"{"ref":{"kind":"url"},"sink":5}"#);
    let message = a["error"]["message"].as_str().unwrap_or_default().to_owned();
    assert_eq!(a["error"]["code"], "call/invalid-call");
    assert!(!message.contains("Endpoint") && !message.contains("struct"), "{message}");
    assert!(message.contains("expected an object"), "{message}");
    assert_eq!(call_fields::plain("expected struct Endpoint with 3 elements"), "expected an object");
    assert_eq!(
        call_fields::plain("invalid length 1, expected tuple struct X"),
        "invalid length 1, expected an object"
    );
    assert_eq!(call_fields::plain("a struct field"), "a struct field");
    assert_eq!(call_fields::plain("missing field `ts`"), "missing field `ts`");
}

#[test]
fn unknown_call_fields_are_refused_by_name() {
    let a =
        answer("validate", r#"{"kind":"principal","mdoe":"lenient","document":{"kind":"agent","id":"a"}}"#);
    assert_eq!(a["type"], "failure");
    assert_eq!(a["error"]["code"], "call/unknown-field");
    let message = a["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("the call has no field `mdoe`; its fields are `kind`, `mode`,"), "{message}");
    let a = answer("peer.badge", r#"{"meta":{"sentFrom":"peer"},"sourceTitel":"x"}"#);
    assert_eq!(a["error"]["code"], "call/unknown-field");
}

#[test]
fn every_op_refuses_an_unknown_call_field() {
    // The check reads serde's own field list of each call type; a call
    // type whose Deserialize is not a plain struct would let any key by.
    for op in ops() {
        let a = answer(op, r#"{"noSuchField":1}"#);
        assert_eq!(a["error"]["code"], "call/unknown-field", "{op}");
        let message = a["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with("the call has no field `noSuchField`; its fields are `"), "{message}");
    }
}

#[test]
fn unknown_keys_of_nested_call_objects_are_refused_with_their_pointer() {
    let cases = [
        (
            "validate",
            json!({"kind":"principal","document":{},"sink":{"machineID":"m"}}),
            "/sink",
            "machineID",
        ),
        (
            "artifact.locality",
            json!({"ref":{"kind":"url"},"sink":{"machineId":"m"},"source":{"sesionId":"s"}}),
            "/source",
            "sesionId",
        ),
        ("project.handoff", json!({"event":{},"sink":{"namespce":"n"}}), "/sink", "namespce"),
        ("capabilities", json!({"client":{"capabilites":["ledger"]}}), "/client", "capabilites"),
        (
            "ledger.view",
            json!({"events":[],"now":1,"query":{"by":"handoff","eventID":"e","eventId":"e"}}),
            "/query",
            "eventID",
        ),
        (
            "notify.elevate",
            json!({"sessionId":"s","messageId":"m","notify":{},"ownerUserId":"u","ts":1,
                   "cause":{"messageId":"c","txt":"t"}}),
            "/cause",
            "txt",
        ),
    ];
    for (op, call, at, key) in cases {
        let a = answer(op, &call.to_string());
        assert_eq!(a["error"]["code"], "call/unknown-field", "{op} {call}");
        let message = a["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message
                .starts_with(&format!("the call's object at `{at}` has no field `{key}`; its fields are `")),
            "{message}"
        );
    }
    // The same calls without the typo are read.
    let a =
        answer("validate", &json!({"kind":"principal","document":{},"sink":{"machineId":"m"}}).to_string());
    assert_eq!(a["type"], "success");
}

#[test]
fn a_nested_call_object_is_not_read_positionally() {
    let a = answer("artifact.locality", r#"{"ref":{"kind":"url"},"sink":["m","s"]}"#);
    assert_eq!(a["error"]["code"], "call/invalid-call");
    assert_eq!(a["error"]["message"], "the call's field `/sink` is an array; expected an object");
    // Nor is a notify footer, which is otherwise read as a document.
    let call = r#"{"sessionId":"s","messageId":"m","ownerUserId":1,"ts":1,"notify":[7,"A","P","done"]}"#;
    let a = answer("notify.elevate", call);
    assert_eq!(
        a["error"]["message"],
        "the call's field `/notify` is an array; expected an object (a footer)"
    );
}

#[test]
fn a_ledger_query_is_an_object_of_its_own_fields() {
    let view = |query: &str| {
        answer("ledger.view", &format!(r#"{{"events":[],"links":[],"now":0,"query":{query}}}"#))
    };
    let a = view(r#"["fleet"]"#);
    assert_eq!(a["error"]["message"], "the call's field `/query` is an array; expected an object");
    for (query, key) in [
        (r#"{"by":"fleet","sessionId":"x"}"#, "sessionId"),
        (r#"{"by":"session","sessionId":"s","eventId":"e"}"#, "eventId"),
        (r#"{"by":"handoff","eventId":"e","project":"p"}"#, "project"),
        (r#"{"by":"project","project":"p","ref":{}}"#, "ref"),
    ] {
        let a = view(query);
        assert_eq!(a["error"]["code"], "call/unknown-field", "{query}");
        let message = a["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(&format!("the call's object at `/query` has no field `{key}` for `by: ")),
            "{message}"
        );
    }
    assert_eq!(view(r#"{"by":"session","sessionId":"s"}"#)["type"], "success");
}

#[test]
fn an_enum_field_is_one_of_its_strings_and_nothing_else() {
    let cases = [
        ("validate", r#"{"kind":"principal","document":{},"mode":{"lenient":null}}"#, "/mode", "an object"),
        ("validate", r#"{"kind":"principal","document":{},"mode":["lenient"]}"#, "/mode", "an array"),
        ("validate", r#"{"kind":"principal","document":{},"mode":0}"#, "/mode", "the number `0`"),
        ("peer.annotate", r#"{"text":"x","placement":{"suffix":null}}"#, "/placement", "an object"),
    ];
    for (op, call, at, found) in cases {
        let a = answer(op, call);
        assert_eq!(a["error"]["code"], "call/invalid-call", "{call}");
        let message = a["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(&format!("the call's field `{at}` is {found}; expected `")), "{message}");
    }
    // The string form is read.
    let a =
        answer("validate", r#"{"kind":"principal","document":{"kind":"human","id":"1"},"mode":"lenient"}"#);
    assert_eq!(a["type"], "success");
}

#[test]
fn messages_name_the_field_and_speak_of_json_types() {
    let cases = [
        (
            "notice.receipt",
            r#"{"now":"x"}"#,
            "the call's field `/now` is the string \"x\"; expected a number",
        ),
        ("validate", r#"{"kind":3}"#, "the call's field `/kind` is the number `3`; expected a string"),
        ("validate", "{}", "the call lacks the field `kind`"),
        (
            "artifact.locality",
            r#"{"ref":{"kind":"url"},"sink":{"machineId":3}}"#,
            "the call's field `/sink/machineId` is the number `3`; expected a string",
        ),
        (
            "capabilities",
            r#"{"client":{"capabilities":[1]}}"#,
            "the call's field `/client/capabilities/0` is the number `1`; expected a string",
        ),
        ("capabilities", r#"{"client":[]}"#, "the call's field `/client` is an array; expected an object"),
    ];
    for (op, call, want) in cases {
        assert_eq!(answer(op, call)["error"]["message"], want, "{op} {call}");
    }
    // No Rust type is named by any op's answer to a field of the wrong type.
    for op in crate::api::ops() {
        for bad in ["1", "\"x\"", "[]", "{}", "true", "-1.5"] {
            for field in
                ["kind", "now", "ts", "sink", "mode", "client", "query", "text", "value", "meta", "event"]
            {
                let text = call(op, &format!("{{\"{field}\":{bad}}}"));
                for word in [
                    " f64",
                    " u64",
                    " i64",
                    "usize",
                    "struct ",
                    "sequence",
                    " map",
                    "enum ",
                    "variant",
                    "Option",
                    "unit value",
                ] {
                    assert!(!text.contains(word), "{op} {field}={bad}: {word:?} in {text}");
                }
            }
        }
    }
}

#[test]
fn empty_input_is_the_empty_call_for_every_op() {
    for op in ops() {
        for empty in ["", " ", "\n\t\r "] {
            assert_eq!(call(op, empty), call(op, "{}"), "{op} {empty:?}");
        }
        assert!(!call(op, "").contains("parse/invalid-json"), "{op}");
    }
    // Only JSON's own whitespace is nothing.
    assert_eq!(answer("capabilities", "\u{a0}")["error"]["code"], "parse/invalid-json");
}

#[test]
fn every_op_has_a_size_cap() {
    for op in ops() {
        let cap = max_call_bytes(op).unwrap_or(0);
        assert!((MAX_DOCUMENT_CALL_BYTES..=MAX_CALL_BYTES).contains(&cap), "{op}");
        let over = format!("{{\"x\":\"{}\"}}", "a".repeat(cap.min(MAX_TEXT_CALL_BYTES) + 1));
        if cap < MAX_CALL_BYTES {
            let a = answer(op, &over);
            assert_eq!(a["error"]["code"], "call/too-large", "{op}");
        }
    }
    assert_eq!(max_call_bytes("peer.badge"), Some(MAX_DOCUMENT_CALL_BYTES));
    assert_eq!(max_call_bytes("ledger.view"), Some(MAX_CALL_BYTES));
    assert_eq!(max_call_bytes("nope"), None);
    // A badge for a 2 MiB name is refused before anything is read.
    let name = "n".repeat(2 * 1024 * 1024);
    let big = json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": "s", "sourceName": name}}});
    assert_eq!(answer("peer.badge", &big.to_string())["error"]["code"], "call/too-large");
}

#[test]
fn bytes_that_are_not_utf8_answer_invalid_utf8() {
    let a: Value =
        serde_json::from_str(&call_bytes("validate", b"{\"kind\":\"\xff\"}")).unwrap_or(Value::Null);
    assert_eq!(a["error"]["code"], "parse/invalid-utf8");
    assert_eq!(a["error"]["message"], "the call is not UTF-8 text: an invalid byte at offset 9");
    assert_eq!(call_bytes("capabilities", b"{}"), call("capabilities", "{}"));
}

#[test]
fn every_typed_export_is_named_after_its_op() {
    // `project.handoff` is `projectHandoff`: the camel case of the wire name.
    for op in OPS {
        let mut want = String::new();
        let mut upper = false;
        for c in op.name.chars() {
            if c == '.' {
                upper = true;
            } else if upper {
                want.extend(c.to_uppercase());
                upper = false;
            } else {
                want.push(c);
            }
        }
        assert_eq!(op.js_name, want, "{}", op.name);
        assert!(!op.summary.trim().is_empty(), "{} has no summary", op.name);
    }
}

#[test]
fn capabilities_lists_every_op() {
    let a = answer("capabilities", "{}");
    let ops: Vec<&str> = a["ops"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert_eq!(ops, super::ops());
}
