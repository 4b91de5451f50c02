//! The golden corpus through the wasm build, in headless Chromium.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[rustfmt::skip]
#[path = "golden/index.rs"]
mod index;
#[path = "support/wasm.rs"]
mod wasm_support;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn every_golden_case_answers_the_same_in_wasm_in_a_browser() {
    let n = wasm_support::run_all();
    console_log!("wasm golden cases (browser): {n}");
}
