//! Trojan Source in messages: every failure and diagnostic message (and its
//! help) that quotes a value of the call shows bidi controls, invisible and
//! tag characters and line separators as `<U+XXXX>`, never passes them on.
//!
//! Each golden call is poisoned one string at a time (values and object
//! keys), the samples put in the middle and at the end, and every `message`
//! and `help` of the answer is read.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::path::Path;

use hapi_a2a_core::sanitize::is_neutralized;
use serde_json::{Map, Value};

/// Bidi embeddings, overrides, isolates and marks; zero-width and other
/// invisible characters; tag characters; line separators; C0 and C1
/// controls.
const SAMPLES: &[&str] = &[
    "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}",
    "\u{2066}\u{2067}\u{2068}\u{2069}",
    "\u{200E}\u{200F}\u{061C}",
    "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}\u{00AD}\u{180E}",
    "\u{E0001}\u{E0041}\u{E007F}",
    "\u{2028}\u{2029}",
    "\u{0}\u{1B}[31m\u{7F}\u{85}\u{9B}\r",
];

/// How many poisoned variants of one golden call are tried.
const MAX_VARIANTS: usize = 12;

fn poison(s: &str) -> String {
    let sample = SAMPLES.concat();
    let middle = s.char_indices().nth(s.chars().count() / 2).map_or(s.len(), |(i, _)| i);
    let (a, b) = s.split_at(middle);
    format!("{a}{sample}{b}{sample}")
}

/// Every variant of `v` with one string value or one object key poisoned.
fn variants(v: &Value, out: &mut Vec<Value>) {
    fn walk(v: &Value, rebuild: &dyn Fn(Value) -> Value, out: &mut Vec<Value>) {
        match v {
            Value::String(s) => out.push(rebuild(Value::String(poison(s)))),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let at = |new: Value| {
                        let mut items = items.clone();
                        items[i] = new;
                        rebuild(Value::Array(items))
                    };
                    walk(item, &at, out);
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    let renamed: Map<String, Value> = map
                        .iter()
                        .map(|(k2, v2)| (if k2 == k { poison(k) } else { k2.clone() }, v2.clone()))
                        .collect();
                    out.push(rebuild(Value::Object(renamed)));
                    let at = |new: Value| {
                        let mut map = map.clone();
                        map.insert(k.clone(), new);
                        rebuild(Value::Object(map))
                    };
                    walk(item, &at, out);
                }
            }
            _ => {}
        }
    }
    walk(v, &|x| x, out);
}

/// Every `message` and `help` string of an answer, with where it is.
fn messages(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                messages(item, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                match item {
                    Value::String(s) if k == "message" || k == "help" => {
                        out.push((format!("{at}/{k}"), s.clone()))
                    }
                    _ => messages(item, &format!("{at}/{k}"), out),
                }
            }
        }
        _ => {}
    }
}

fn check(op: &str, call: &str, checked: &mut usize, failures: &mut BTreeSet<String>) {
    let answer: Value = serde_json::from_str(&hapi_a2a_core::call(op, call)).unwrap();
    let mut found = Vec::new();
    messages(&answer, "", &mut found);
    for (at, text) in found {
        *checked += 1;
        let passed: Vec<String> =
            text.chars().filter(|c| is_neutralized(*c)).map(|c| format!("U+{:04X}", u32::from(c))).collect();
        if !passed.is_empty() {
            let shown: String =
                text.chars().map(|c| if is_neutralized(c) { '?' } else { c }).take(90).collect();
            failures.insert(format!("{op} {at} passes {}: {shown}", passed.len()));
        }
    }
}

#[test]
fn every_quoted_value_in_a_message_shows_what_it_would_obey() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let (mut checked, mut failures) = (0, BTreeSet::new());
    for op in hapi_a2a_core::api::ops() {
        let mut entries: Vec<_> = std::fs::read_dir(golden.join(op)).unwrap().flatten().collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".call.json") {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).unwrap();
            // Calls that are not JSON are about parsing, not quoting; a
            // ledger's rows are rows, each quoted the way one row is.
            let Ok(call) = serde_json::from_str::<Value>(&text) else { continue };
            if text.len() > 64 * 1024 {
                continue;
            }
            let mut poisoned = Vec::new();
            variants(&call, &mut poisoned);
            // The first strings of a case reach its messages; a large case
            // repeats the same paths further down.
            for v in poisoned.into_iter().take(MAX_VARIANTS) {
                check(op, &v.to_string(), &mut checked, &mut failures);
            }
        }
        // The call's own unknown key, and the op name itself.
        let mut unknown = Map::new();
        unknown.insert(poison("mode"), Value::from(1));
        check(op, &Value::Object(unknown).to_string(), &mut checked, &mut failures);
    }
    check(&poison("validate"), "{}", &mut checked, &mut failures);
    assert!(
        failures.is_empty(),
        "{} messages pass hidden characters:\n{}",
        failures.len(),
        failures.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert!(checked > 5000, "only {checked} messages were checked");
}
