//! `secrets.scan`: every secret in a JSON value, by rule and place.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::doc::{Json, JsonObject};
use crate::error::CallError;
use crate::pointer::Pointer;
use crate::secrets;

/// `secrets.scan`: any JSON value.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretsScanCall {
    /// The value to scan (strings and object keys, at any depth).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub value: Value,
}

/// One secret found: the rule and the place, never the value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretFinding {
    /// The rule, a `secret/*` code.
    pub code: String,
    /// Where in `value`, as an RFC 6901 pointer.
    pub instance_path: String,
}

/// Every finding, sorted by pointer then code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretsScanAnswer {
    /// What was found; empty when the value is clean.
    pub findings: Vec<SecretFinding>,
}

/// `secrets.scan`: the secrets in `value`.
pub fn secrets_scan(call: &SecretsScanCall) -> Result<SecretsScanAnswer, CallError> {
    Ok(scan(&call.value))
}

fn scan<J: Json>(value: &J) -> SecretsScanAnswer {
    let findings = secrets::scan_strings(value, &Pointer::root())
        .into_iter()
        .map(|f| SecretFinding { code: f.code.to_string(), instance_path: f.instance_path.into() })
        .collect();
    SecretsScanAnswer { findings }
}

/// The answer to a `secrets.scan` call in the common shape, an object whose
/// one member is `value` and that names no key twice, or `None` for the
/// generic path (which reads the call into a tree and then copies `value`
/// out of it into the call type). Natively the value is scanned in the
/// borrowed reading of the text; otherwise, or where that reading leaves
/// the text to the reporting parser, in the parsed tree, moved out of it.
///
/// Where one scan of the whole call text stands for the scan of each string
/// and finds nothing ([`secrets::none_in_json_text`], `validate`'s own
/// test), the call is only read to be checked, by the borrowed reader that
/// builds nothing, and its strings are not scanned one by one.
pub(super) fn secrets_scan_call_text(input: &str) -> Option<String> {
    let clean = secrets::none_in_json_text(input, input.contains('\\'));
    if clean && crate::upstream::is_lone_member(input, "value", super::MAX_CALL_DEPTH / 2) {
        return Some(super::respond(Ok(SecretsScanAnswer { findings: Vec::new() })));
    }
    if cfg!(not(target_arch = "wasm32"))
        && let Some(call) = crate::doc::parse(input)
    {
        let call = call.as_object()?;
        let value = (call.len() == 1).then(|| call.get("value")).flatten()?;
        return Some(super::respond(Ok(if clean {
            SecretsScanAnswer { findings: Vec::new() }
        } else {
            scan(value)
        })));
    }
    let parsed = crate::json::parse(input, super::MAX_CALL_DEPTH).ok()?;
    if !parsed.duplicate_keys.is_empty() {
        return None;
    }
    let Value::Object(mut call) = parsed.value else { return None };
    if call.len() != 1 {
        return None;
    }
    let value = call.remove("value")?;
    Some(super::respond(Ok(if clean { SecretsScanAnswer { findings: Vec::new() } } else { scan(&value) })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(input: &str) {
        assert_eq!(
            super::super::call("secrets.scan", input),
            super::super::call_generic("secrets.scan", input),
            "{input}"
        );
    }

    #[test]
    fn every_golden_scan_call_answers_as_the_generic_path() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/secrets.scan");
        let (mut read, mut common) = (0, 0);
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if !path.to_string_lossy().ends_with(".call.json") {
                continue;
            }
            let input = std::fs::read_to_string(&path).unwrap_or_default();
            same(&input);
            common += usize::from(secrets_scan_call_text(&input).is_some());
            read += 1;
        }
        // Most golden calls take the shortcut, so the comparison covers it.
        assert!(read >= 20 && common * 2 > read, "{common} of {read}");
    }

    #[test]
    fn other_shapes_answer_as_the_generic_path() {
        for input in [
            r#"{"value":"ghp_0123456789abcdefghijABCDEFGHIJ012345"}"#,
            r#"{"value":{"k":"postgres://u:pw9x@db/x","k2":["AKIAIOSFODNN7EXAMPL3"]}}"#,
            r#"{"value":{"a":1,"a":2}}"#,
            r#"{"value":"x","value":"y"}"#,
            r#"{"value":"x","other":1}"#,
            r#"{"valeu":"x"}"#,
            r#"{}"#,
            r#"[1]"#,
            r#""value""#,
            r#"{"value":"\ud800 ghp_0123456789abcdefghijABCDEFGHIJ012345"}"#,
            r#"{"value":1e400}"#,
            r#"{"value":"a"} x"#,
            r#"{"value":"esc\u0061ped token=Zx9vQ2mL8pR4tW7yB3nK"}"#,
            r#"{"value":{"summary":"private_key=Zx9vQ2mL8pR4tW7yB3nK"}}"#,
            r#"{"value":{"private_key":"short","tags":["a","b"],"n":1.5}}"#,
            r#"{"value":{"a":{"b":[{"c":"clean text"}]}},"value":1}"#,
            r#"{"value":{"a":"clean","a":"twice"}}"#,
            "{\"value\":\"raw \u{1} control\"}",
            "\u{feff}{\"value\":1}",
            " \t{\"value\" : [1, 2.5e3, -0, 123456789012345678901234567890, 1e-400]}\r\n",
            r#"{"value":-1e400}"#,
            r#"{"value":01}"#,
            r#"{"value":1.}"#,
            r#"{"value":[1,]}"#,
            r#"{"value":{"a":1,}}"#,
            r#"{"value":{"a":[{"b":1,"b":1}]}}"#,
            r#"{"Value":1}"#,
            r#"{"value":1}{"#,
        ] {
            same(input);
        }
        // Nesting at and past the depth either reader takes.
        for depth in [60, 63, 64, 65, 127, 128, 129, 200] {
            same(&format!(r#"{{"value":{}1{}}}"#, "[".repeat(depth), "]".repeat(depth)));
        }
    }
}
