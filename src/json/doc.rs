//! The one way the typed rules read a document ([`Json`]), and a borrowed
//! document that reads straight from text ([`Doc`]).
//!
//! The rules of `event_create`, `event_row`, `principal` and `artifact_ref`
//! read through [`Json`], so they run on a `serde_json::Value` (a document
//! given as an object) and on a [`Doc`]: a tree read from the document's
//! text whose unescaped strings borrow that text, with no hashing and no
//! copy. [`parse`] reads only what [`crate::json::parse`] would read to the
//! same value without a remark: well-formed JSON with no duplicate key, no
//! lone surrogate, only finite numbers and no deeper than
//! [`MAX_DEPTH`]. Anything else answers `None`, and
//! the reporting parser then says what is wrong with it.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use crate::json::MAX_DEPTH;
use crate::json::lex::{Lexer, Policy};

/// A JSON value as the typed rules read it.
pub trait Json: Sized {
    /// Its objects.
    type Object: JsonObject<Value = Self>;
    /// The value as an object.
    fn as_object(&self) -> Option<&Self::Object>;
    /// The value as an array.
    fn as_array(&self) -> Option<&[Self]>;
    /// The value as a string.
    fn as_str(&self) -> Option<&str>;
    /// The value as a number (every JSON number is one).
    fn as_f64(&self) -> Option<f64>;
    /// The value as a boolean.
    fn as_bool(&self) -> Option<bool>;
    /// Whether the value is `null`.
    fn is_null(&self) -> bool;
    /// Whether the value is a number.
    fn is_number(&self) -> bool {
        self.as_f64().is_some()
    }
    /// The JSON type name used in messages (`a string`, `null`, ...).
    fn type_name(&self) -> &'static str;
    /// The member `key` of an object (`None` for anything else).
    fn get(&self, key: &str) -> Option<&Self> {
        self.as_object().and_then(|o| o.get(key))
    }
    /// UTF-8 bytes of the value's compact `JSON.stringify`
    /// ([`js_json_len`]); a reading that knows more of its
    /// values' spelling can count with less work.
    fn js_json_len(&self) -> usize {
        js_json_len_of_parts(self)
    }
}

/// UTF-8 bytes of `JSON.stringify(value)` (compact), computed without
/// building the text.
pub fn js_json_len<J: Json>(value: &J) -> usize {
    value.js_json_len()
}

/// [`js_json_len`] from what every reading answers: a value's type, its
/// string or number, its items and members.
pub fn js_json_len_of_parts<J: Json>(value: &J) -> usize {
    if let Some(s) = value.as_str() {
        crate::js::stringify::js_string_len(s)
    } else if let Some(n) = value.as_f64() {
        crate::js::number::js_number_len(n)
    } else if let Some(items) = value.as_array() {
        2 + items.iter().map(Json::js_json_len).sum::<usize>() + items.len().saturating_sub(1)
    } else if let Some(map) = value.as_object() {
        2 + map
            .entries()
            .map(|(k, v)| crate::js::stringify::js_string_len(k) + 1 + v.js_json_len())
            .sum::<usize>()
            + map.len().saturating_sub(1)
    } else {
        match value.as_bool() {
            Some(false) => 5,
            // `null` and `true`.
            _ => 4,
        }
    }
}

/// A JSON object as the typed rules read it: members in document order.
pub trait JsonObject {
    /// Its members' values.
    type Value: Json;
    /// The member `key`.
    fn get(&self, key: &str) -> Option<&Self::Value>;
    /// Whether the object has a member `key`.
    fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
    /// How many members.
    fn len(&self) -> usize;
    /// Whether there are no members.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The members, in document order.
    fn entries(&self) -> impl Iterator<Item = (&str, &Self::Value)>;
}

/// Members a small object is searched through one by one: comparing a few
/// keys costs less than hashing the one looked for.
const SMALL: usize = 16;

impl Json for Value {
    type Object = Map<String, Value>;
    fn as_object(&self) -> Option<&Map<String, Value>> {
        Value::as_object(self)
    }
    fn as_array(&self) -> Option<&[Value]> {
        Value::as_array(self).map(Vec::as_slice)
    }
    fn as_str(&self) -> Option<&str> {
        Value::as_str(self)
    }
    fn as_f64(&self) -> Option<f64> {
        Value::as_f64(self)
    }
    fn as_bool(&self) -> Option<bool> {
        Value::as_bool(self)
    }
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }
    fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

impl JsonObject for Map<String, Value> {
    type Value = Value;
    fn get(&self, key: &str) -> Option<&Value> {
        // `serde_json`'s ordered map hashes with SipHash.
        if self.len() <= SMALL {
            self.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
        } else {
            Map::get(self, key)
        }
    }
    fn len(&self) -> usize {
        Map::len(self)
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// A JSON value read from text, borrowing every string that has no escape.
#[derive(Clone, Debug, PartialEq)]
pub enum Doc<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: its value and its text.
    Number(f64, &'a str),
    /// A string, unescaped.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Doc<'a>>),
    /// An object.
    Object(DocObject<'a>),
}

/// An object of a [`Doc`]: its members in document order, each key once.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DocObject<'a>(Vec<(Cow<'a, str>, Doc<'a>)>);

impl<'a> Json for Doc<'a> {
    type Object = DocObject<'a>;
    fn as_object(&self) -> Option<&DocObject<'a>> {
        match self {
            Doc::Object(o) => Some(o),
            _ => None,
        }
    }
    fn as_array(&self) -> Option<&[Doc<'a>]> {
        match self {
            Doc::Array(items) => Some(items),
            _ => None,
        }
    }
    fn as_str(&self) -> Option<&str> {
        match self {
            Doc::String(s) => Some(s),
            _ => None,
        }
    }
    fn as_f64(&self) -> Option<f64> {
        match self {
            Doc::Number(n, _) => Some(*n),
            _ => None,
        }
    }
    fn as_bool(&self) -> Option<bool> {
        match self {
            Doc::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        matches!(self, Doc::Null)
    }
    fn js_json_len(&self) -> usize {
        match self {
            Doc::Null => 4,
            Doc::Bool(b) => {
                if *b {
                    4
                } else {
                    5
                }
            }
            Doc::Number(n, text) => js_number_text_len(*n, text),
            Doc::String(s) => js_doc_string_len(s),
            Doc::Array(items) => {
                2 + items.iter().map(Json::js_json_len).sum::<usize>() + items.len().saturating_sub(1)
            }
            Doc::Object(o) => {
                2 + o.0.iter().map(|(k, v)| js_doc_string_len(k) + 1 + v.js_json_len()).sum::<usize>()
                    + o.0.len().saturating_sub(1)
            }
        }
    }
    fn type_name(&self) -> &'static str {
        match self {
            Doc::Null => "null",
            Doc::Bool(_) => "a boolean",
            Doc::Number(..) => "a number",
            Doc::String(_) => "a string",
            Doc::Array(_) => "an array",
            Doc::Object(_) => "an object",
        }
    }
}

impl<'a> JsonObject for DocObject<'a> {
    type Value = Doc<'a>;
    fn get(&self, key: &str) -> Option<&Doc<'a>> {
        self.0.iter().find(|(k, _)| same_key(k, key)).map(|(_, v)| v)
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Doc<'a>)> {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

/// UTF-8 bytes of `JSON.stringify` of a string read from text: one read
/// without an escape holds nothing `JSON.stringify` escapes (a quote, a
/// backslash and a control character must be escaped in JSON text, and
/// valid UTF-8 has no lone surrogate), so it is written as it was read.
#[expect(
    clippy::ptr_arg,
    reason = "the variant, borrowed or owned, is what says whether the text had an escape"
)]
fn js_doc_string_len(s: &Cow<'_, str>) -> usize {
    match s {
        Cow::Borrowed(s) => s.len() + 2,
        Cow::Owned(s) => crate::js::stringify::js_string_len(s),
    }
}

/// UTF-8 bytes of JavaScript's spelling of the number `n` read from `text`.
/// Where the text is already that spelling, its length: a fraction with no
/// exponent and no trailing zero, at most 15 significant digits (any such
/// decimal is the shortest that reads back to its double, so JavaScript
/// writes the same digits) and no more than five zeros after the point
/// before the first digit (from 10^-6 up JavaScript writes no exponent).
/// Anything else is counted from the double.
pub(crate) fn js_number_text_len(n: f64, text: &str) -> usize {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    if let Some((int, frac)) = unsigned.split_once('.')
        && !frac.is_empty()
        && frac.bytes().all(|c| c.is_ascii_digit())
        && !frac.ends_with('0')
        && !int.is_empty()
        && int.bytes().all(|c| c.is_ascii_digit())
    {
        let significant = if int == "0" {
            let zeros = frac.len() - frac.trim_start_matches('0').len();
            (zeros <= 5).then_some(frac.len() - zeros)
        } else {
            Some(int.len() + frac.len())
        };
        if significant.is_some_and(|d| d <= 15) {
            return text.len();
        }
    }
    crate::js::number::js_number_len(n)
}

/// `a == b`, with the length and the first byte compared before the rest:
/// most keys of an object differ in one of them, which spares a call to
/// compare memory.
#[inline(always)]
fn same_key(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// One of 64 bits for a key, the same for equal keys: from its length and
/// its first and last bytes.
#[inline(always)]
pub(crate) fn key_bit(key: &str) -> u64 {
    let b = key.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
    1 << ((b.len() + 7 * usize::from(first) + 13 * usize::from(last)) % 64)
}

impl Doc<'_> {
    /// The same document as a `serde_json::Value` (numbers read from their
    /// text as `serde_json` reads them).
    pub fn to_value(&self) -> Value {
        match self {
            Doc::Null => Value::Null,
            Doc::Bool(b) => Value::Bool(*b),
            Doc::Number(n, text) => match text.parse::<Number>() {
                Ok(number) => Value::Number(number),
                // Not reached: `parse` keeps only numbers serde_json reads.
                Err(_) => Number::from_f64(*n).map_or(Value::Null, Value::Number),
            },
            Doc::String(s) => Value::String(s.as_ref().to_owned()),
            Doc::Array(items) => Value::Array(items.iter().map(Doc::to_value).collect()),
            Doc::Object(o) => {
                let mut map = Map::with_capacity(o.0.len());
                for (k, v) in &o.0 {
                    map.insert(k.as_ref().to_owned(), v.to_value());
                }
                Value::Object(map)
            }
        }
    }
}

// Native builds check a `Value` as it is.
#[cfg(any(target_arch = "wasm32", test))]
impl<'a> Doc<'a> {
    /// `value` as a borrowed document, for the rules that read any [`Json`]:
    /// each string borrowed, unless `JSON.stringify` would escape something
    /// in it (a borrowed string says that it would not, see
    /// [`Json::js_json_len`]); each number with no text, so that its length
    /// is counted from its double, as a `Value`'s is. Not a document to
    /// write back ([`Doc::to_value`] would give each number as a double).
    pub(crate) fn of_value(value: &'a Value) -> Doc<'a> {
        // Borrowed where the string holds nothing JSON text escapes, as
        // `parse` borrows the strings it reads.
        fn string(s: &str) -> Cow<'_, str> {
            if crate::json::lex::plain_run(s.as_bytes(), 0) == s.len() {
                Cow::Borrowed(s)
            } else {
                Cow::Owned(s.to_owned())
            }
        }
        match value {
            Value::Null => Doc::Null,
            Value::Bool(b) => Doc::Bool(*b),
            Value::Number(n) => n.as_f64().map_or(Doc::Null, |n| Doc::Number(n, "")),
            Value::String(s) => Doc::String(string(s)),
            Value::Array(items) => Doc::Array(items.iter().map(Doc::of_value).collect()),
            Value::Object(map) => {
                Doc::Object(DocObject(map.iter().map(|(k, v)| (string(k), Doc::of_value(v))).collect()))
            }
        }
    }
}

/// Reads `text` as one JSON document, or `None` when the reporting parser
/// has something to say about it (see the module's documentation).
pub fn parse(text: &str) -> Option<Doc<'_>> {
    parse_noting_escapes(text).map(|(doc, _)| doc)
}

/// [`parse`], and whether the text holds an escape (a backslash: in JSON
/// text one stands only in a string or a key, as an escape).
pub(crate) fn parse_noting_escapes(text: &str) -> Option<(Doc<'_>, bool)> {
    let mut r = Reader { lx: Lexer::new(text, Policy::Strict), escaped: false };
    let doc = r.value(1)?;
    r.lx.blank();
    r.lx.at_end().then_some((doc, r.escaped))
}

/// The borrowed document's reader: the one lexer, strict, with the
/// structure built as a tree of [`Doc`]s.
struct Reader<'a> {
    lx: Lexer<'a>,
    /// A string or a key read so far had an escape.
    escaped: bool,
}

impl<'a> Reader<'a> {
    /// A value whose containers, if it is one, stand at `depth`.
    fn value(&mut self, depth: usize) -> Option<Doc<'a>> {
        self.lx.blank();
        match self.lx.peek()? {
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'"' => self.string().map(Doc::String),
            b't' => self.lx.word(b"true").then_some(Doc::Bool(true)),
            b'f' => self.lx.word(b"false").then_some(Doc::Bool(false)),
            b'n' => self.lx.word(b"null").then_some(Doc::Null),
            _ => {
                // Strict: the number is within a double's range. Its value
                // is read as `serde_json` reads it (so exactly as a
                // `Value`'s number), with no float parser of the crate's own.
                let n = self.lx.number().ok()?;
                Some(Doc::Number(n.value(), n.text))
            }
        }
    }

    fn array(&mut self, depth: usize) -> Option<Doc<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.lx.bump();
        let mut items = Vec::with_capacity(4);
        self.lx.blank();
        if self.lx.eat(b']') {
            return Some(Doc::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.lx.blank();
            match self.lx.peek()? {
                b',' => self.lx.bump(),
                b']' => {
                    self.lx.bump();
                    return Some(Doc::Array(items));
                }
                _ => return None,
            }
        }
    }

    fn object(&mut self, depth: usize) -> Option<Doc<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.lx.bump();
        // An event has a dozen members, its payload and principal fewer than
        // eight, most objects below them a few.
        let mut members: Vec<(Cow<'a, str>, Doc<'a>)> = Vec::with_capacity(match depth {
            1 => 16,
            2 => 8,
            _ => 4,
        });
        self.lx.blank();
        if self.lx.eat(b'}') {
            return Some(Doc::Object(DocObject(members)));
        }
        // A bit for each key read so far, chosen by its length and its ends:
        // a key whose bit is clear is named for the first time, and most
        // keys need no comparison with the others.
        let mut seen = 0u64;
        loop {
            self.lx.blank();
            let key = self.string()?;
            // A key named twice is the reporting parser's to describe.
            if members.len() < SMALL {
                let bit = key_bit(&key);
                if seen & bit != 0 && members.iter().any(|(k, _)| same_key(k, &key)) {
                    return None;
                }
                seen |= bit;
            }
            self.lx.blank();
            if !self.lx.eat(b':') {
                return None;
            }
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.lx.blank();
            match self.lx.peek()? {
                b',' => self.lx.bump(),
                b'}' => {
                    self.lx.bump();
                    break;
                }
                _ => return None,
            }
        }
        if members.len() > SMALL {
            let mut keys: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
            crate::sort::list(&mut keys, &|a, b| a.cmp(b));
            if keys.windows(2).any(|w| w.first() == w.get(1)) {
                return None;
            }
        }
        Some(Doc::Object(DocObject(members)))
    }

    /// A string at a `"`: borrowed when it has no escape.
    #[inline(always)]
    fn string(&mut self) -> Option<Cow<'a, str>> {
        let s = self.lx.string_value(false).ok()?;
        self.escaped |= matches!(s, Cow::Owned(_));
        Some(s)
    }
}

#[cfg(test)]
pub(crate) mod tests;
