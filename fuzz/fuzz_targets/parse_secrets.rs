//! The secret scanner on arbitrary text, alone and inside a JSON value
//! (`cargo +nightly fuzz run parse_secrets`): a finding's pointer names
//! where the string is, and the scan never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::json;

use hapi_a2a_core::pointer::Pointer;

fuzz_target!(|text: &str| {
    let _ = hapi_a2a_core::secrets::scan_text(text);
    let value = json!({"a": [text, {"token": text}]});
    for finding in hapi_a2a_core::secrets::scan_strings(&value, &Pointer::root()) {
        let at = finding.instance_path.to_string();
        assert!(["/a/0", "/a/1/token", "/a/1"].contains(&at.as_str()), "a finding at {at}");
    }
});
