//! Session citations on arbitrary text: extracted ids are distinct and
//! non-empty; normalising never panics (`cargo +nightly fuzz run parse_citation`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let ids = hapi_a2a_core::citation::extract(text);
    for (i, id) in ids.iter().enumerate() {
        assert!(!id.is_empty(), "an empty id from {text:?}");
        assert!(!ids.iter().skip(i + 1).any(|other| other == id), "a repeated id from {text:?}");
    }
    let _ = hapi_a2a_core::citation::normalize(text);
    let _ = hapi_a2a_core::citation::decode_uri_component(text);
});
