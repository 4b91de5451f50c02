//! URLs and artifact refs on arbitrary text: a parsed URL prints to a text
//! that parses to the same URL; refs built around the text never panic
//! (`cargo +nightly fuzz run parse_url`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::json;

use hapi_a2a_core::url::Url;

fuzz_target!(|text: &str| {
    if let Ok(url) = Url::parse(text) {
        let printed = url.to_string();
        let again = Url::parse(&printed);
        assert_eq!(
            again.as_ref().map(ToString::to_string).ok(),
            Some(printed.clone()),
            "{text:?} printed {printed:?}"
        );
    }
    let _ = hapi_a2a_core::url::scheme_of(text);
    let _ = hapi_a2a_core::url::percent_decode_deep(text, 3);
    let _ = hapi_a2a_core::artifact::normalise_path(text);
    let _ = hapi_a2a_core::artifact::looks_like_path(text);
    let sink = hapi_a2a_core::locality::Endpoint {
        machine_id: "m".to_owned(),
        session_id: "s".to_owned(),
        namespace: None,
    };
    for kind in ["url", "github_pr", "github_issue", "commit", "branch", "file", "log_url"] {
        for r in [json!({"kind": kind, "url": text}), json!({"kind": kind, "ref": text, "locality": "local"})]
        {
            let _ = hapi_a2a_core::artifact::parse(&r);
            let _ = hapi_a2a_core::artifact::canonical_identity(&r);
            let _ = hapi_a2a_core::locality::resolve(&r, None, &sink);
        }
    }
});
