//! The `upstream` profile on arbitrary text: it never panics, whatever the
//! nesting (its reader keeps its own stack); a text serde_json reads is never
//! a parse error to it (JSON.parse reads at least as much); and its verdict
//! is the same with and without the normalized document, in both modes, with
//! and without an owner; a text the schema refuses has no parsed data
//! (`cargo +nightly fuzz run parse_upstream`).
#![no_main]

use libfuzzer_sys::fuzz_target;

use hapi_a2a_core::Mode;
use hapi_a2a_core::validate::{Options, Profile, validate_text, verdict_text};

fuzz_target!(|text: &str| {
    let serde_reads = serde_json::from_str::<serde_json::Value>(text).is_ok();
    let plain = Options { profile: Profile::Upstream, ..Options::default() };
    let owner = Options { owner: Some("1".to_owned()), http_writer: true, ..plain.clone() };
    for kind in hapi_a2a_core::upstream::DECIDES {
        for mode in [Mode::Strict, Mode::Lenient] {
            for options in [&plain, &owner] {
                let full = validate_text(*kind, mode, text, options);
                let verdict = verdict_text(*kind, mode, text, options);
                assert_eq!((full.valid, &full.diagnostics), (verdict.valid, &verdict.diagnostics), "{text:?}");
                if serde_reads {
                    assert!(
                        !full.diagnostics.iter().any(|d| d.code == "parse/invalid-json"),
                        "{text:?} read by serde_json, refused as JSON"
                    );
                }
                let schema_refused = full.diagnostics.iter().any(|d| d.upstream.is_some());
                assert!(!schema_refused || full.normalized.is_none(), "{text:?} refused by the schema, with data");
            }
        }
    }
});
