//! `secrets.scan`: every secret in a JSON value, by rule and place.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::doc::{Json, JsonObject};
use crate::error::CallError;
use crate::json::stream::{Reader, Syntax};
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
///
/// The typed path. A call given as text in its common shape (an object
/// whose one member is `value`) goes through the op table's shortcut
/// (`secrets_scan_call_text`) instead; tests hold the two to the same
/// answers.
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

/// The answer of a scan that finds nothing, as serde writes it (the golden
/// calls hold the two alike): most calls get it, and in the wasm build
/// serde's writer took a twentieth of such a call.
const NOTHING_FOUND: &str = r#"{"type":"success","findings":[]}"#;

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
    let escaped = input.contains('\\');
    let clean = secrets::none_in_json_text(input, escaped);
    if clean && is_lone_value(input, escaped, super::MAX_CALL_DEPTH / 2) {
        return Some(NOTHING_FOUND.to_owned());
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

/// Whether `text` is an object whose one member is `value`, with no escape,
/// no key named twice in any object, no number beyond the range of a double
/// and arrays and objects nested at most `max_depth` deep (the call's object
/// is the first level): a text the reporting parser reads at that depth to
/// the same one-member object, with no duplicate key. The ledger's reader
/// checks it in one pass that builds only a list of keys. An object of more
/// than [`MAX_KEYS_CHECKED`] keys answers `false` (the caller then asks the
/// reporting parser), so the check stays linear. `escaped`: whether the
/// text holds a backslash (the caller has looked for one already).
fn is_lone_value(text: &str, escaped: bool, max_depth: usize) -> bool {
    if escaped {
        return false;
    }
    let mut r = Reader::new(text, usize::MAX);
    let mut members = 0;
    let object = r.entries(0, &mut |r, key| {
        members += 1;
        if members > 1 || key != "value" {
            return Err(Syntax);
        }
        distinct_keys(r, 1, max_depth, &mut Vec::new())
    });
    matches!(object, Ok(true)) && members == 1 && r.at_end() && r.problem().is_none()
}

/// The most keys an object may have for [`is_lone_value`] to compare them
/// all with each other.
const MAX_KEYS_CHECKED: usize = 64;

/// Steps over the value at the cursor, `levels` containers deep, failing on
/// a key named twice in one object or a container deeper than `max_depth`.
/// `keys` holds the keys of the objects around the value, each object's
/// after its parent's: one list for the whole walk, so that an object
/// allocates nothing of its own.
fn distinct_keys<'v>(
    r: &mut Reader<'v>,
    levels: usize,
    max_depth: usize,
    keys: &mut Vec<&'v str>,
) -> Result<(), Syntax> {
    r.ws();
    match r.peek() {
        b'{' | b'[' if levels >= max_depth => Err(Syntax),
        b'{' => {
            let start = keys.len();
            // A bit for each key of this object so far (see `key_bit`):
            // a key whose bit is clear is compared with none of them.
            let mut seen = 0u64;
            let read = r.entries(levels, &mut |r, key| {
                // The text has no escape, so every key is borrowed.
                let Cow::Borrowed(key) = key else { return Err(Syntax) };
                let bit = crate::doc::key_bit(key);
                let own = keys.get(start..).unwrap_or_default();
                if own.len() >= MAX_KEYS_CHECKED || (seen & bit != 0 && own.contains(&key)) {
                    return Err(Syntax);
                }
                seen |= bit;
                keys.push(key);
                distinct_keys(r, levels + 1, max_depth, keys)
            });
            keys.truncate(start);
            read.map(drop)
        }
        b'[' => r.items(levels, &mut |r| distinct_keys(r, levels + 1, max_depth, keys)).map(drop),
        _ => r.value(levels).map(drop),
    }
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

    /// What [`is_lone_value`] stands for, asked of the reporting parser.
    fn lone_by_parser(text: &str, max_depth: usize) -> bool {
        let Ok(parsed) = crate::json::parse(text, super::super::MAX_CALL_DEPTH) else { return false };
        !text.contains('\\')
            && parsed.duplicate_keys.is_empty()
            && crate::json::depth(&parsed.value) <= max_depth
            && matches!(&parsed.value, Value::Object(m) if m.len() == 1 && m.contains_key("value"))
    }

    #[test]
    fn the_lone_value_check_agrees_with_the_parser_on_wide_objects() {
        let wide = |n: usize, twice: bool| {
            let mut keys: Vec<String> = (0..n).map(|i| format!(r#""k{i}":1"#)).collect();
            if twice {
                keys.push(r#""k0":2"#.to_owned());
            }
            format!(r#"{{"value":{{{}}}}}"#, keys.join(","))
        };
        for n in [1, 10, MAX_KEYS_CHECKED - 1, MAX_KEYS_CHECKED] {
            assert!(is_lone_value(&wide(n, false), false, 8), "{n} keys");
            assert!(!is_lone_value(&wide(n, true), false, 8), "{n} keys, one twice");
        }
        // Past the keys it compares, it leaves the text to the parser.
        assert!(!is_lone_value(&wide(MAX_KEYS_CHECKED + 1, false), false, 8));
        assert!(lone_by_parser(&wide(MAX_KEYS_CHECKED + 1, false), 8));
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn texts() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just("1"),
            Just("-0.5"),
            Just("1e999"),
            Just("null"),
            Just("true"),
            Just(r#""x""#),
            Just(r#""\u0041""#),
            Just(r#""value""#),
        ]
        .prop_map(str::to_owned);
        let key = prop_oneof![Just("a"), Just("b"), Just("value"), Just("c d")];
        leaf.prop_recursive(5, 40, 4, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(|items| format!("[{}]", items.join(","))),
                prop::collection::vec((key.clone(), inner), 0..4).prop_map(|members| {
                    let members: Vec<String> = members.iter().map(|(k, v)| format!(r#""{k}":{v}"#)).collect();
                    format!("{{{}}}", members.join(","))
                }),
            ]
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn the_lone_value_check_agrees_with_the_parser(
            value in texts(),
            other in texts(),
            shape in 0..6usize,
            max_depth in 1..6usize,
        ) {
            let text = match shape {
                0 | 1 => format!(r#"{{"value":{value}}}"#),
                2 => format!(r#"{{"value":{value},"value":{other}}}"#),
                3 => format!(r#" {{ "value" : {value} , "b" : {other} }} "#),
                4 => format!("[{value}]"),
                _ => format!(r#"{{"value":{value}}} {other}"#),
            };
            proptest::prop_assert_eq!(is_lone_value(&text, text.contains('\\'), max_depth), lone_by_parser(&text, max_depth), "{}", text);
        }
    }
}
