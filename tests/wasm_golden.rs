//! The golden corpus through the wasm build, under Node.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[rustfmt::skip]
#[path = "golden/index.rs"]
mod index;
#[path = "support/wasm.rs"]
mod wasm_support;

#[wasm_bindgen_test]
fn every_golden_case_answers_the_same_in_wasm_under_node() {
    let n = wasm_support::run_all();
    // Printed so that a run that saw no cases cannot pass unnoticed.
    console_log!("wasm golden cases (node): {n}");
}

fn code_of(answer: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(answer).unwrap_or_default();
    v.pointer("/error/code").and_then(serde_json::Value::as_str).unwrap_or_default().to_owned()
}

#[wasm_bindgen_test]
fn call_refuses_arguments_of_the_wrong_javascript_type_unread() {
    use hapi_a2a_core::wasm::call;
    use wasm_bindgen::{JsCast, JsValue};
    let number: js_sys::JsString = JsValue::from(42).unchecked_into();
    assert_eq!(code_of(&call("validate".into(), Some(number))), "call/invalid-argument");
    let object: js_sys::JsString = js_sys::Object::new().unchecked_into();
    assert_eq!(code_of(&call("validate".into(), Some(object))), "call/invalid-argument");
    assert_eq!(code_of(&call(JsValue::from(1), Some("{}".into()))), "call/invalid-argument");
    // Absent input is the empty call.
    assert_eq!(call("capabilities".into(), None), hapi_a2a_core::call("capabilities", "{}"));
}

#[wasm_bindgen_test]
fn a_raw_lone_surrogate_is_refused_as_the_escaped_one_is() {
    use hapi_a2a_core::wasm::call;
    let before = js_sys::JsString::from(r#"{"kind":"principal","document":{"kind":"human","id":"a"#);
    let after = js_sys::JsString::from(r#"b"}}"#);
    let text = before.concat(&js_sys::JsString::from_char_code1(0xD800)).concat(&after);
    let raw = call("validate".into(), Some(text));
    let escaped = hapi_a2a_core::call(
        "validate",
        r#"{"kind":"principal","document":{"kind":"human","id":"a\ud800b"}}"#,
    );
    assert_eq!(code_of(&raw), "parse/lone-surrogate");
    assert_eq!(code_of(&raw), code_of(&escaped));
}

/// Every golden `validate` case whose call sets only the document entry's
/// options answers through `validateDocument` as through `call`: `true`
/// where `call` says valid with nothing to say and the verdict alone was
/// asked for, else `call`'s text.
#[wasm_bindgen_test]
fn every_golden_validate_case_answers_through_the_document_entry_as_through_call() {
    use hapi_a2a_core::wasm::validate_document;
    use serde_json::Value;
    use wasm_bindgen::JsValue;
    const OPTIONS: [&str; 6] = ["mode", "profile", "owner", "httpWriter", "withNormalized", "jsValues"];
    let (mut cases, mut clean) = (0, 0);
    for (_, name, call, _) in index::CASES.iter().filter(|c| c.0 == "validate") {
        let Ok(call) = serde_json::from_str::<Value>(call) else { continue };
        let Some(fields) = call.as_object() else { continue };
        let document = match (fields.get("document"), fields.get("documentText")) {
            (Some(d), None) => d.to_string(),
            (None, Some(Value::String(t))) => t.clone(),
            _ => continue,
        };
        let Some(Value::String(kind)) = fields.get("kind") else { continue };
        let takes = |k: &String| {
            ["kind", "document", "documentText"].contains(&k.as_str()) || OPTIONS.contains(&k.as_str())
        };
        if !fields.keys().all(takes) {
            continue;
        }
        for with_normalized in [false, true] {
            let mut options = serde_json::Map::new();
            for name in OPTIONS {
                if let Some(v) = fields.get(name) {
                    options.insert(name.to_owned(), v.clone());
                }
            }
            options.insert("withNormalized".to_owned(), Value::Bool(with_normalized));
            let mut as_call = options.clone();
            as_call.insert("kind".to_owned(), Value::String(kind.clone()));
            as_call.insert("documentText".to_owned(), Value::String(document.clone()));
            let want = hapi_a2a_core::call("validate", &Value::Object(as_call).to_string());
            let js_options =
                js_sys::JSON::parse(&Value::Object(options).to_string()).unwrap_or(JsValue::NULL);
            let got = validate_document(
                JsValue::from_str(&document),
                JsValue::from_str(kind),
                Some(js_options.into()),
            );
            if got == JsValue::TRUE {
                assert!(!with_normalized, "{name}");
                assert_eq!(want, r#"{"type":"success","valid":true,"diagnostics":[]}"#, "{name}");
                clean += 1;
            } else {
                assert_eq!(got.as_string().unwrap_or_default(), want, "{name}");
            }
        }
        cases += 1;
    }
    console_log!("document entry cases (node): {cases}, {clean} clean");
    assert!(cases > 250 && clean > 40, "{cases} cases, {clean} clean");
    // Arguments of the wrong type are refused unread, as `call`'s are.
    let number = validate_document(JsValue::from(1), JsValue::from_str("principal"), None);
    assert_eq!(code_of(&number.as_string().unwrap_or_default()), "call/invalid-argument");
    let kind = validate_document(JsValue::from_str("{}"), JsValue::NULL, None);
    assert_eq!(code_of(&kind.as_string().unwrap_or_default()), "call/invalid-argument");
}
