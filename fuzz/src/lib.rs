//! Shared by the fuzz targets: calls generated from the golden corpus and
//! the wire types' field names, and the checks every answer must pass.

use std::collections::BTreeSet;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use serde_json::{Map, Number, Value};

#[rustfmt::skip]
#[path = "../../tests/golden/index.rs"]
mod index;

/// Strings that have broken parsers and renderers elsewhere: bidi and
/// invisible characters, controls, huge and empty values, look-alikes of
/// the formats this crate reads.
pub const HOSTILE: &[&str] = &[
    "",
    " ",
    "\u{202E}\u{2066}x\u{2069}",
    "\u{200B}\u{FEFF}\u{00AD}",
    "\u{0}\u{1B}[31m\r\n",
    "\u{2028}",
    "\u{E0041}",
    "😀",
    "/sessions/",
    "[a](/sessions/x)",
    "AGENT_NOTIFY_SUMMARY {",
    "```",
    "~~~",
    "https://u:p@h.example/x",
    "file:///etc/passwd",
    "../..",
    "%2e%2e/",
    "\\\\?\\C:\\x",
    "strict",
    "lenient",
    "handoff",
    "peer",
    "-0",
    "1e400",
    "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
];

/// The golden calls of `op`, as JSON values.
///
/// A schema pair built to run the checker's whole step budget
/// (`compat/too-complex`) is left out: each variant of it takes a quarter of
/// a second, which would be most of the target's time for one case of a
/// hundred and sixty. `parse_schema` still runs the checker into its budget
/// with generated schemas (that is how the recursive pairs that did were
/// found).
pub fn golden(op: &str) -> Vec<Value> {
    index::CASES
        .iter()
        .filter(|(o, _, _, answer)| *o == op && !answer.contains("\"compat/too-complex\""))
        .filter_map(|(_, _, call, _)| serde_json::from_str(call).ok())
        .collect()
}

/// Every key and every string in `values` (the vocabulary a generated call
/// draws from: the wire types' field names as the golden calls use them).
pub fn vocabulary(values: &[Value]) -> (Vec<String>, Vec<String>) {
    fn walk(v: &Value, keys: &mut BTreeSet<String>, strings: &mut BTreeSet<String>) {
        match v {
            Value::String(s) if s.len() < 200 => {
                strings.insert(s.clone());
            }
            Value::Array(items) => items.iter().for_each(|i| walk(i, keys, strings)),
            Value::Object(map) => {
                for (k, i) in map {
                    keys.insert(k.clone());
                    walk(i, keys, strings);
                }
            }
            _ => {}
        }
    }
    let (mut keys, mut strings) = (BTreeSet::new(), BTreeSet::new());
    values.iter().for_each(|v| walk(v, &mut keys, &mut strings));
    strings.extend(HOSTILE.iter().map(|s| (*s).to_owned()));
    (keys.into_iter().collect(), strings.into_iter().collect())
}

/// Generates values from a vocabulary.
pub struct Gen<'a, 'u> {
    /// The fuzzer's bytes.
    pub u: &'a mut Unstructured<'u>,
    /// Keys to use in objects.
    pub keys: &'a [String],
    /// Strings to use (or to splice into arbitrary ones).
    pub strings: &'a [String],
}

impl Gen<'_, '_> {
    /// A string: from the vocabulary, arbitrary, or both spliced.
    pub fn string(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=3u8)? {
            0 | 1 => self.u.choose(self.strings)?.clone(),
            2 => self.u.arbitrary::<String>()?,
            _ => {
                let a = self.u.choose(self.strings)?.clone();
                let b = self.u.arbitrary::<String>()?;
                let n = usize::from(self.u.int_in_range(0..=40u8)?);
                format!("{a}{b}{}", a.repeat(n))
            }
        })
    }

    /// A number, including the edges JSON and JavaScript disagree on.
    pub fn number(&mut self) -> Result<Value> {
        Ok(match self.u.int_in_range(0..=5u8)? {
            0 => Value::from(self.u.arbitrary::<i64>()?),
            1 => Value::from(self.u.arbitrary::<u64>()?),
            2 => Number::from_f64(self.u.arbitrary::<f64>()?).map_or(Value::Null, Value::Number),
            3 => Value::from(-0.0),
            4 => Value::from(1e21),
            _ => Value::from(self.u.int_in_range(0..=2_000_000_000_000i64)?),
        })
    }

    /// Any JSON value, at most `depth` levels deep.
    pub fn value(&mut self, depth: usize) -> Result<Value> {
        let most = if depth == 0 { 3 } else { 5 };
        Ok(match self.u.int_in_range(0..=most)? {
            0 => Value::Null,
            1 => Value::Bool(self.u.arbitrary()?),
            2 => self.number()?,
            3 => Value::String(self.string()?),
            4 => {
                let n = self.u.int_in_range(0..=4u8)?;
                Value::Array((0..n).map(|_| self.value(depth - 1)).collect::<Result<_>>()?)
            }
            _ => {
                let n = self.u.int_in_range(0..=5u8)?;
                let mut map = Map::new();
                for _ in 0..n {
                    let key =
                        if self.u.ratio(1, 8)? { self.string()? } else { self.u.choose(self.keys)?.clone() };
                    map.insert(key, self.value(depth - 1)?);
                }
                Value::Object(map)
            }
        })
    }

    /// Applies one edit somewhere in `v`: replace a subtree, drop or add a
    /// key, retype a value.
    pub fn edit(&mut self, v: &mut Value) -> Result<()> {
        // Choose a random path down the tree, then walk it.
        let mut path = Vec::new();
        let mut cur: &Value = v;
        loop {
            let n = match cur {
                Value::Object(map) => map.len(),
                Value::Array(items) => items.len(),
                _ => 0,
            };
            if n == 0 || !self.u.ratio(2, 3)? {
                break;
            }
            let i = self.u.choose_index(n)?;
            path.push(i);
            cur = match cur {
                Value::Object(map) => map.values().nth(i),
                Value::Array(items) => items.get(i),
                _ => None,
            }
            .unwrap_or(&Value::Null);
        }
        let at = descend(v, &path);
        match (self.u.int_in_range(0..=3u8)?, &mut *at) {
            (0, Value::Object(map)) if !map.is_empty() => {
                let i = self.u.choose_index(map.len())?;
                let key = map.keys().nth(i).cloned().unwrap_or_default();
                map.remove(&key);
            }
            (1, Value::Object(map)) => {
                let key = self.u.choose(self.keys)?.clone();
                let value = self.value(3)?;
                map.insert(key, value);
            }
            (2, Value::String(s)) => {
                let extra = self.string()?;
                let at = s
                    .char_indices()
                    .map(|(i, _)| i)
                    .nth(usize::from(self.u.arbitrary::<u8>()?))
                    .unwrap_or(s.len());
                s.insert_str(at, &extra);
            }
            _ => *at = self.value(3)?,
        }
        Ok(())
    }
}

/// The value at a path of child indexes (each one exists: the path was
/// chosen from this tree).
fn descend<'v>(v: &'v mut Value, path: &[usize]) -> &'v mut Value {
    let Some((&i, rest)) = path.split_first() else { return v };
    let child = match v {
        Value::Object(map) => map.values_mut().nth(i),
        Value::Array(items) => items.get_mut(i),
        _ => None,
    };
    match child {
        Some(child) => descend(child, rest),
        None => unreachable!("the path was chosen from this tree"),
    }
}

/// A call to `op` built from the fuzzer's bytes: a golden call of the op
/// (or a generated object) with a few edits, written as JSON text, now and
/// then spoiled at the text level (cut short, a key named twice, wrapped).
pub fn call_text(
    op: &str,
    calls: &[Value],
    keys: &[String],
    strings: &[String],
    data: &[u8],
) -> Result<String> {
    let mut u = Unstructured::new(data);
    let mut g = Gen { u: &mut u, keys, strings };
    let mut call =
        if calls.is_empty() || g.u.ratio(1, 8)? { g.value(4)? } else { g.u.choose(calls)?.clone() };
    let edits = g.u.int_in_range(0..=6u8)?;
    for _ in 0..edits {
        g.edit(&mut call)?;
    }
    let mut text = call.to_string();
    match g.u.int_in_range(0..=15u8)? {
        0 => {
            let cut = g.u.choose_index(text.len() + 1)?;
            while !text.is_char_boundary(cut.min(text.len())) {
                text.pop();
            }
            text.truncate(cut.min(text.len()));
        }
        1 if text.starts_with('{') && text.len() > 2 => {
            let key = g.u.choose(keys)?.clone();
            text.insert_str(1, &format!("{}:null,", Value::from(key)));
        }
        2 => text = format!("[{text}]"),
        _ => {}
    }
    let _ = op;
    Ok(text)
}

/// The checks every answer passes: compact JSON, tagged `success` or
/// `failure`, a failure with a code of the form `area/kebab-case`.
pub fn check_answer(op: &str, call: &str, answer: &str) {
    assert!(
        answer.starts_with(r#"{"type":"success""#) || answer.starts_with(r#"{"type":"failure""#),
        "untagged answer from {op} for {call}: {answer}"
    );
    let value: Value = match serde_json::from_str(answer) {
        Ok(v) => v,
        Err(e) => panic!("{op}: the answer is not JSON ({e}): {answer}"),
    };
    if value["type"] == "failure" {
        let code = value["error"]["code"].as_str().unwrap_or_default();
        let (area, name) = code.split_once('/').unwrap_or(("", ""));
        assert!(
            !area.is_empty()
                && !name.is_empty()
                && code
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'/' || b == b'-' || b.is_ascii_digit()),
            "{op}: a failure without a stable code: {answer}"
        );
    }
}

/// What a structure-aware target of one op draws from.
pub struct Corpus {
    /// The golden calls of the op.
    pub calls: Vec<Value>,
    /// Their keys (the call's and its documents' field names).
    pub keys: Vec<String>,
    /// Their strings and the hostile samples.
    pub strings: Vec<String>,
}

impl Corpus {
    /// The corpus of `op`.
    pub fn of(op: &str) -> Corpus {
        let calls = golden(op);
        let (keys, strings) = vocabulary(&calls);
        Corpus { calls, keys, strings }
    }
}

/// One structure-aware run of `op`: a generated call, answered, checked.
pub fn run_op(op: &str, corpus: &Corpus, data: &[u8]) {
    let Ok(text) = call_text(op, &corpus.calls, &corpus.keys, &corpus.strings, data) else { return };
    record(op, &text);
    let answer = hapi_a2a_core::call(op, &text);
    check_answer(op, &text, &answer);
}

/// With `HAPI_FUZZ_CALLS=FILE`, appends each generated call to FILE as a
/// JSON line `[op, call]`: run a target over corpus files (not a folder, so
/// that it executes them once each) to write the calls a corpus stands for.
/// This is how `tests/data/fuzz_calls.jsonl`, the differential test's sample
/// of the fuzz corpora, is made.
pub fn record(op: &str, text: &str) {
    use std::io::Write;
    static FILE: std::sync::OnceLock<Option<std::sync::Mutex<std::fs::File>>> = std::sync::OnceLock::new();
    let file = FILE.get_or_init(|| {
        let path = std::env::var_os("HAPI_FUZZ_CALLS")?;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path).ok()?;
        Some(std::sync::Mutex::new(file))
    });
    if let Some(file) = file
        && let Ok(mut file) = file.lock()
    {
        let line = Value::Array(vec![Value::from(op), Value::from(text)]).to_string();
        let _ = writeln!(file, "{line}");
    }
}

/// A structure-aware fuzz target for one op.
#[macro_export]
macro_rules! op_target {
    ($op:literal) => {
        static CORPUS: std::sync::OnceLock<$crate::Corpus> = std::sync::OnceLock::new();
        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            $crate::run_op($op, CORPUS.get_or_init(|| $crate::Corpus::of($op)), data);
        });
    };
}
