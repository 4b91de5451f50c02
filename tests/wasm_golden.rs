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
