//! The borrowed reader against the reporting parser on arbitrary text: what
//! `doc::parse` reads, the reporting parser reads to the same value with no
//! duplicate key, and validating the text borrowed or through a `Value`
//! gives the same answer for every kind read borrowed, in both modes
//! (`cargo +nightly fuzz run parse_doc`).
#![no_main]

use libfuzzer_sys::fuzz_target;

use hapi_a2a_core::Mode;
use hapi_a2a_core::json::{self, MAX_DEPTH};
use hapi_a2a_core::validate::{DocumentKind, Options, validate_full_text, validate_text};

fuzz_target!(|text: &str| {
    if let Some(doc) = hapi_a2a_core::doc::parse(text) {
        let reported = json::parse(text, MAX_DEPTH);
        let Ok(reported) = reported else { panic!("{text:?} read borrowed, refused: {reported:?}") };
        assert!(reported.duplicate_keys.is_empty(), "{text:?}");
        assert_eq!(doc.to_value(), reported.value, "{text:?}");
    }
    let owner = Options { owner: Some("1".to_owned()), http_writer: true, ..Options::default() };
    for kind in [DocumentKind::EventCreate, DocumentKind::EventRow, DocumentKind::Principal, DocumentKind::ArtifactRef] {
        for mode in [Mode::Strict, Mode::Lenient] {
            for options in [&Options::default(), &owner] {
                assert_eq!(
                    validate_text(kind, mode, text, options),
                    validate_full_text(kind, mode, text, options),
                    "{text:?}"
                );
            }
        }
    }
});
