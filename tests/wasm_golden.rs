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
