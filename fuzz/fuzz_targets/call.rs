//! Every op of the JSON facade on arbitrary text: the answer must always be
//! a tagged JSON answer, never a panic. The first byte picks the op; the
//! rest is the call text (`cargo +nightly fuzz run call`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let ops = hapi_a2a_core::api::ops();
    let op = ops[usize::from(pick) % ops.len()];
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let answer = hapi_a2a_core::call(op, text);
    assert!(
        answer.starts_with(r#"{"type":"success""#) || answer.starts_with(r#"{"type":"failure""#),
        "untagged answer from {op}"
    );
});
