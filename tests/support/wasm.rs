//! Shared by the wasm golden runners (Node and headless Chromium).

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use serde_json::Value;

/// Runs every golden case through the wasm build; answers must equal the
/// native answer's compact form byte for byte. Returns the case count.
pub fn run_all() -> usize {
    let mut failures = Vec::new();
    for (op, case, call, answer) in crate::index::CASES {
        let got = hapi_a2a_core::wasm::call((*op).into(), Some(js_sys::JsString::from(*call)));
        let want: Value = serde_json::from_str(answer).unwrap();
        let want = serde_json::to_string(&want).unwrap();
        if got != want {
            failures.push(format!("{op}/{case}:\n  want {want}\n  got  {got}"));
        }
    }
    assert!(failures.is_empty(), "{} cases differ:\n{}", failures.len(), failures.join("\n"));
    assert!(!crate::index::CASES.is_empty(), "the case index is empty");
    crate::index::CASES.len()
}
