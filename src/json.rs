//! Parsing JSON text the way the core needs it: one pass that also measures
//! nesting depth and notices duplicate keys, and turns every way text can be
//! bad into a stable code.
//!
//! Where this reading differs from JavaScript's, and why (the list is kept
//! once, in the crate's `docs/js-decisions.md`, and shown here):
//!
#![doc = include_str!("../docs/js-decisions.md")]

pub(crate) mod lex;
pub mod doc;
pub(crate) mod stream;

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::pointer::Pointer;

crate::define_codes! {
    INVALID = "parse/invalid-json", "the text is not JSON";
    TOO_DEEP = "parse/too-deep", "arrays and objects nest deeper than the documented limit";
    NUMBER_OUT_OF_RANGE = "parse/number-out-of-range", "a number is beyond the range of an IEEE 754 double";
    LONE_SURROGATE = "parse/lone-surrogate", "a string escapes half of a UTF-16 surrogate pair";
    DUPLICATE_KEY = "parse/duplicate-key", "an object names the same key twice (the last value is kept, as `JSON.parse` does)";
}

/// How deep arrays and objects may nest in a document (the document itself
/// is depth 1).
pub const MAX_DEPTH: usize = 64;

/// Why text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// One of this module's codes.
    pub code: crate::diagnostic::Code,
    /// One line, with the line and column where parsing stopped.
    pub message: String,
}

/// A parsed document and the pointers of any keys that were named twice.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The value (last value wins for duplicate keys).
    pub value: Value,
    /// Pointers to every duplicated key, in document order.
    pub duplicate_keys: Vec<Pointer>,
}

const DEPTH_MARKER: &str = "nesting deeper than";

/// Parses `text` with nesting limited to `max_depth`.
pub fn parse(text: &str, max_depth: usize) -> Result<Parsed, ParseError> {
    let mut duplicates = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = Seed { depth: 1, max_depth, at: &Place::Root, duplicates: &mut duplicates };
    let value = seed.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    match value {
        Ok(value) => Ok(Parsed { value, duplicate_keys: duplicates }),
        Err(e) => Err(classify(&e, text, max_depth)),
    }
}

fn classify(e: &serde_json::Error, input: &str, max_depth: usize) -> ParseError {
    let text = e.to_string();
    let (code, what) = if text.contains(DEPTH_MARKER) || text.contains("recursion limit") {
        (TOO_DEEP, format!("arrays and objects nest deeper than {max_depth} levels"))
    } else if text.contains("number out of range") {
        (NUMBER_OUT_OF_RANGE, "a number is beyond the range of a double".to_owned())
    } else if text.contains("surrogate") || (text.contains("hex escape") && has_lone_surrogate_escape(input))
    {
        (LONE_SURROGATE, "a string holds a lone UTF-16 surrogate".to_owned())
    } else {
        let detail = text.split(" at line ").next().unwrap_or("").to_owned();
        (INVALID, format!("not JSON: {detail}"))
    };
    ParseError { code, message: format!("{what} at line {} column {}", e.line(), e.column()) }
}

/// Whether the text holds a `\uXXXX` escape of half a surrogate pair that
/// is not completed by its other half (only asked after a parse error).
fn has_lone_surrogate_escape(text: &str) -> bool {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(slash) = b.get(from..).and_then(|rest| rest.iter().position(|&c| c == b'\\')) {
        match lex::escape(b, from + slash) {
            Some((lex::Escaped::Lone(_), _)) => return true,
            Some((_, end)) => from = end,
            None => from += slash + 2,
        }
    }
    false
}

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\\`,
/// the five control characters with a short escape, every other one as
/// `\\u00xx` in lower-case hex.
pub(crate) fn write_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let b = s.as_bytes();
    out.push('"');
    let mut from = 0;
    loop {
        // Most of a string needs no escape: it is copied a run at a time.
        let end = lex::plain_run(b, from);
        out.push_str(s.get(from..end).unwrap_or_default());
        let Some(&byte) = b.get(end) else { break };
        let short = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x08 => 'b',
            0x0c => 'f',
            _ => 'u',
        };
        out.push('\\');
        out.push(short);
        if short == 'u' {
            out.push_str("00");
            for digit in [byte >> 4, byte & 0xf] {
                out.push(char::from(HEX.get(usize::from(digit)).copied().unwrap_or(b'0')));
            }
        }
        // The byte is ASCII, so the next run starts at a character.
        from = end + 1;
    }
    out.push('"');
}

/// The nesting depth of a value (a scalar is depth 0, `[]` is depth 1).
pub fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// Where the parser is, as a chain of borrowed steps up to the root: a
/// pointer is spelled out only for a duplicate key, so parsing a document
/// allocates nothing per value for its places.
enum Place<'p> {
    Root,
    Key(&'p Place<'p>, &'p str),
    Index(&'p Place<'p>, usize),
}

impl Place<'_> {
    fn pointer(&self) -> Pointer {
        match self {
            Place::Root => Pointer::root(),
            Place::Key(up, key) => up.pointer().key(key),
            Place::Index(up, i) => up.pointer().index(*i),
        }
    }
}

struct Seed<'p, 'd> {
    depth: usize,
    max_depth: usize,
    at: &'p Place<'p>,
    duplicates: &'d mut Vec<Pointer>,
}

impl<'de> DeserializeSeed<'de> for Seed<'_, '_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl Seed<'_, '_> {
    fn enter<E: de::Error>(&self) -> Result<usize, E> {
        if self.depth > self.max_depth {
            Err(E::custom(format!("{DEPTH_MARKER} {}", self.max_depth)))
        } else {
            Ok(self.depth + 1)
        }
    }
}

impl<'de> Visitor<'de> for Seed<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v).map(Value::Number).ok_or_else(|| E::custom("number out of range"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let depth = self.enter()?;
        let mut items = Vec::new();
        loop {
            let at = Place::Index(self.at, items.len());
            let seed = Seed { depth, max_depth: self.max_depth, at: &at, duplicates: &mut *self.duplicates };
            match seq.next_element_seed(seed)? {
                Some(v) => items.push(v),
                None => break,
            }
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let depth = self.enter()?;
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            let at = Place::Key(self.at, &key);
            if map.contains_key(&key) {
                self.duplicates.push(at.pointer());
            }
            let seed = Seed { depth, max_depth: self.max_depth, at: &at, duplicates: &mut *self.duplicates };
            let value = access.next_value_seed(seed)?;
            // `JSON.parse` keeps the last value but the first position.
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> &'static str {
        match parse(text, MAX_DEPTH) {
            Ok(_) => "ok",
            Err(e) => e.code.as_str(),
        }
    }

    #[test]
    fn bad_text_gets_a_stable_code() {
        assert_eq!(code("{"), INVALID);
        assert_eq!(code("[1,]"), INVALID);
        assert_eq!(code("1e400"), NUMBER_OUT_OF_RANGE);
        assert_eq!(code("-1e400"), NUMBER_OUT_OF_RANGE);
        assert_eq!(code(r#""\ud800""#), LONE_SURROGATE);
        assert_eq!(code(r#""\udc00x""#), LONE_SURROGATE);
        assert_eq!(code(r#""\ud800x""#), LONE_SURROGATE);
        assert_eq!(code(r#""\\ud800 is text""#), "ok");
        assert_eq!(code(r#""\ud83d\ude00""#), "ok");
    }

    #[test]
    fn depth_is_limited_without_overflowing_the_stack() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(code(&ok), "ok");
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(code(&deep), TOO_DEEP);
        let huge = "[".repeat(1_000_000);
        assert_eq!(code(&huge), TOO_DEEP);
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_and_are_reported() {
        let parsed = parse(r#"{"a":1,"b":{"c":1,"c":2},"a":3}"#, MAX_DEPTH);
        let parsed = parsed.unwrap_or_else(|e| unreachable!("{e:?}"));
        assert_eq!(parsed.value, serde_json::json!({"a":3,"b":{"c":2}}));
        let at: Vec<_> = parsed.duplicate_keys.iter().map(Pointer::as_str).collect();
        assert_eq!(at, vec!["/b/c", "/a"]);
    }

    #[test]
    fn messages_name_the_place() {
        let e = parse("{\n  \"a\": tru }", MAX_DEPTH).err();
        let msg = e.map(|e| e.message).unwrap_or_default();
        assert!(msg.contains("line 2"), "{msg}");
    }
}
