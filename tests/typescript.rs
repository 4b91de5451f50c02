//! `ts/wire.d.ts` is generated from the Rust wire types: this test fails
//! when it is stale, and `BLESS=1` rewrites it.

#![cfg(feature = "ts")]
#![allow(clippy::unwrap_used)]

use std::path::Path;

#[test]
fn typescript_declarations_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ts/wire.d.ts");
    let want = hapi_a2a_core::typescript::declarations();
    for line in want.lines() {
        let t = line.trim_start();
        if t.starts_with("/**") || t.starts_with('*') || t.starts_with("//") {
            continue;
        }
        for bad in [": any", "<any>", "any[]", "| any", "= any"] {
            assert!(!line.contains(bad), "a wire type maps to `any`: {line}");
        }
    }
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "ts/wire.d.ts is stale: run `BLESS=1 cargo test --features ts --test typescript`");
}
