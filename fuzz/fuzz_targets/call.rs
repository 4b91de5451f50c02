//! Every op of the JSON facade on arbitrary bytes, as the CLI hands them
//! over (`api::call_raw`): the answer must always be a tagged JSON answer,
//! never a panic. The first byte picks the op (or, from 240 up, the op's
//! name is the bytes up to the first NUL, UTF-8 or not); the rest is the call
//! (`cargo +nightly fuzz run call`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let ops = hapi_a2a_core::api::ops();
    let (op, call): (&[u8], &[u8]) = if pick < 240 {
        (ops[usize::from(pick) % ops.len()].as_bytes(), rest)
    } else {
        match rest.iter().position(|&b| b == 0) {
            Some(nul) => (&rest[..nul], &rest[nul + 1..]),
            None => (rest, b""),
        }
    };
    let answer = hapi_a2a_core::api::call_raw(op, call);
    let op = String::from_utf8_lossy(op);
    assert!(
        answer.starts_with(r#"{"type":"success""#) || answer.starts_with(r#"{"type":"failure""#),
        "untagged answer from {op}"
    );
});
