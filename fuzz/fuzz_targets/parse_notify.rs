//! The `AGENT_NOTIFY_SUMMARY` footer parser on arbitrary text: the visible
//! text is a prefix of the input, and a split and a parse agree
//! (`cargo +nightly fuzz run parse_notify`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let split = hapi_a2a_core::notify::split(text);
    let parsed = hapi_a2a_core::notify::parse(text);
    assert_eq!(split.is_some(), parsed.is_some(), "split and parse disagree on {text:?}");
    if let Some(split) = split {
        assert!(text.starts_with(split.visible_text), "the visible text is not a prefix of {text:?}");
    }
    let _ = hapi_a2a_core::notify::strip(text);
});
