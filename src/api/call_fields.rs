//! Reading a call's typed form from its JSON tree: every object of the call,
//! nested ones included, may name only the fields its type takes, and
//! messages speak of the call's fields, never of Rust types.
//!
//! The tree is handed to the call type through a deserializer that wraps
//! `serde_json`'s own (its answers and messages are kept for every value it
//! reads) and, where a struct is read from an object, first compares the
//! object's keys with serde's own field list for that struct. A key no field
//! takes stops the read; the pointer to the object is gathered as the error
//! unwinds, so a call that reads costs no pointer at all.

use std::cell::RefCell;

use serde::de::value::StrDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde_json::{Error, Map, Value};

use crate::pointer::Pointer;

/// Why a call's tree is not its typed form.
pub(super) enum Refusal {
    /// An object of the call names a key its type does not take.
    Unknown {
        /// The object holding the key (the root for the call's own keys).
        at: Pointer,
        /// The key.
        key: String,
        /// The keys that object may name.
        fields: &'static [&'static str],
    },
    /// An object of the call names a key the rest of the object rules out
    /// (the message names it, after `unknown field`).
    UnknownBy(Pointer, Error),
    /// Any other mismatch: where it is, and `serde_json`'s words for it
    /// (see [`phrase`]).
    Invalid(Pointer, Error),
}

/// A step from an object or array into one of its values.
enum Step {
    Key(String),
    Index(usize),
}

/// What a failed read found: the steps from the failing value up to the
/// root, innermost first (gathered as the error unwinds), and the unknown
/// key, when that is why.
#[derive(Default)]
struct Found {
    steps: Vec<Step>,
    unknown: Option<(String, &'static [&'static str])>,
}

type Slot = RefCell<Found>;

/// Reads `T` from the call's tree.
pub(super) fn read<T: DeserializeOwned>(value: Value) -> Result<T, Refusal> {
    let found: Slot = RefCell::new(Found::default());
    let result = T::deserialize(At { value, found: &found });
    result.map_err(|e| {
        let Found { steps, unknown } = found.into_inner();
        let at = steps.iter().rev().fold(Pointer::root(), |p, step| match step {
            Step::Key(k) => p.key(k),
            Step::Index(i) => p.index(*i),
        });
        match unknown {
            Some((key, fields)) => Refusal::Unknown { at, key, fields },
            // A type that takes its fields by another rule (a query's `by`)
            // says so in serde's words.
            None if e.to_string().starts_with("unknown field `") => Refusal::UnknownBy(at, e),
            None => Refusal::Invalid(at, e),
        }
    })
}

/// One value of the call, and where an unknown key is reported.
struct At<'r> {
    value: Value,
    found: &'r Slot,
}

/// `serde_json`'s name for a raw JSON value, which its deserializer reads
/// its own way.
const RAW_VALUE: &str = "$serde_json::private::RawValue";

macro_rules! as_serde_json {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                self.value.$method(visitor)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for At<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Array(items) => visitor.visit_seq(Items::new(items, self.found)),
            Value::Object(map) => visitor.visit_map(Entries::new(map, self.found)),
            // Scalars are visited here rather than through `serde_json`'s
            // `deserialize_any`, whose array and object arms would be
            // compiled once more for every visitor.
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => n.deserialize_any(visitor),
            Value::String(s) => visitor.visit_string(s),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            value => visitor.visit_some(At { value, found: self.found }),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == RAW_VALUE {
            return self.value.deserialize_newtype_struct(name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Array(items) => visitor.visit_seq(Items::new(items, self.found)),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => visitor.visit_map(Entries::new(map, self.found)),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => {
                if let Some(key) = map.keys().find(|k| !fields.contains(&k.as_str())) {
                    *self.found.borrow_mut() =
                        Found { steps: Vec::new(), unknown: Some((key.clone(), fields)) };
                    return Err(de::Error::custom(format_args!("unknown field `{key}`")));
                }
                visitor.visit_map(Entries::new(map, self.found))
            }
            // A struct is an object of named fields, never a positional array.
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        drop(self.value);
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.value.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.value.deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.value.deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // The call's enums are strings (`"lenient"`); serde would also read
        // an object of one key (`{"lenient": null}`) as its variant.
        match self.value {
            value @ Value::String(_) => value.deserialize_enum(name, variants, visitor),
            other => Err(invalid_type(&other, &OneOf(variants))),
        }
    }

    as_serde_json! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_unit
        deserialize_identifier
    }
}

/// An enum's variants, as what a value should have been: `` `a` or `b` ``,
/// `` one of `a`, `b`, `c` ``.
struct OneOf(&'static [&'static str]);

impl de::Expected for OneOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            [] => f.write_str("nothing"),
            [one] => write!(f, "`{one}`"),
            [a, b] => write!(f, "`{a}` or `{b}`"),
            [first, rest @ ..] => {
                write!(f, "one of `{first}`")?;
                rest.iter().try_for_each(|v| write!(f, ", `{v}`"))
            }
        }
    }
}

/// `serde_json`'s refusal of a value of the wrong type, in its words.
fn invalid_type(value: &Value, expected: &dyn de::Expected) -> Error {
    let unexpected = match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Unexpected::Unsigned(u),
            (None, Some(i), _) => Unexpected::Signed(i),
            (None, None, f) => Unexpected::Float(f.unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    };
    de::Error::invalid_type(unexpected, expected)
}

/// The items of an array of the call.
struct Items<'r> {
    items: std::vec::IntoIter<Value>,
    next: usize,
    found: &'r Slot,
}

impl<'r> Items<'r> {
    fn new(items: Vec<Value>, found: &'r Slot) -> Self {
        Items { items: items.into_iter(), next: 0, found }
    }
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.items.next() else { return Ok(None) };
        let index = self.next;
        self.next += 1;
        seed.deserialize(At { value, found: self.found })
            .map(Some)
            .inspect_err(|_| self.found.borrow_mut().steps.push(Step::Index(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The entries of an object of the call.
struct Entries<'r> {
    entries: serde_json::map::IntoIter,
    key: String,
    value: Option<Value>,
    found: &'r Slot,
}

impl<'r> Entries<'r> {
    fn new(map: Map<String, Value>, found: &'r Slot) -> Self {
        Entries { entries: map.into_iter(), key: String::new(), value: None, found }
    }
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else { return Ok(None) };
        let read = seed.deserialize(StrDeserializer::<Error>::new(&key));
        self.key = key;
        self.value = Some(value);
        read.map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let value = self.value.take().unwrap_or(Value::Null);
        seed.deserialize(At { value, found: self.found })
            .inspect_err(|_| self.found.borrow_mut().steps.push(Step::Key(std::mem::take(&mut self.key))))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A deserializer's message without the names of Rust types: `struct
/// Endpoint` (with or without `with 3 elements`) is `an object`.
pub(super) fn plain(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("struct ") {
        let (before, after) = rest.split_at(at);
        let after = after.trim_start_matches("struct ");
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        if name_len == 0 || !after.starts_with(|c: char| c.is_ascii_uppercase()) {
            out.push_str(before);
            out.push_str("struct ");
            rest = after;
            continue;
        }
        let before = before.strip_suffix("tuple ").unwrap_or(before);
        out.push_str(before);
        out.push_str("an object");
        rest = after.get(name_len..).unwrap_or("");
        if let Some(tail) = rest.strip_prefix(" with ") {
            let digits = tail.find(|c: char| !c.is_ascii_digit()).unwrap_or(tail.len());
            if let Some(t) = tail.get(digits..).and_then(|t| t.strip_prefix(" element")) {
                rest = t.strip_prefix('s').unwrap_or(t);
            }
        }
    }
    out.push_str(rest);
    out
}

/// `serde_json`'s message for a call that does not read, in the call's
/// words: the field it is about (`at`, the failing value's pointer) and
/// JSON's types, never Rust's.
pub(super) fn phrase(message: &str, at: &Pointer) -> String {
    let field =
        if at.as_str().is_empty() { "the call".to_owned() } else { format!("the call's field `{at}`") };
    if let Some(rest) = message.strip_prefix("missing field ") {
        return if at.as_str().is_empty() {
            format!("the call lacks the field {rest}")
        } else {
            format!("the call's object at `{at}` lacks the field {rest}")
        };
    }
    let found_expected = |rest: &str| {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        format!("{field} is {}; expected {}", json_found(found), json_expected(expected))
    };
    if let Some(rest) =
        message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: "))
    {
        return found_expected(rest);
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!("{field} is {found}; expected {expected}");
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (count, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!("{field} has {count} items; expected {}", json_expected(expected));
    }
    // A type's own words (`query `by` is ...`), after the field they are about.
    if at.as_str().is_empty() {
        format!("the call: {}", plain(message))
    } else {
        format!("{field}: {}", plain(message))
    }
}

/// serde's words for the value it found (`string "x"`, `integer \`3\``,
/// `sequence`, ...), in JSON's.
fn json_found(found: &str) -> String {
    let words = [
        ("string ", "the string "),
        ("integer ", "the number "),
        ("floating point ", "the number "),
        ("boolean ", ""),
    ];
    for (serde, json) in words {
        if let Some(value) = found.strip_prefix(serde) {
            return format!("{json}{value}");
        }
    }
    match found {
        "unit value" => "null".to_owned(),
        "sequence" => "an array".to_owned(),
        "map" => "an object".to_owned(),
        other => plain(other),
    }
}

/// serde's words for what it expected (`f64`, `a sequence`, `struct
/// Endpoint`, ...), in JSON's.
fn json_expected(expected: &str) -> String {
    match expected {
        "f32" | "f64" => "a number".to_owned(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number of at least 0".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".to_owned(),
        "a borrowed string" | "string or map" | "a character" => "a string".to_owned(),
        "a sequence" | "sequence" => "an array".to_owned(),
        "a map" | "map" => "an object".to_owned(),
        "unit" => "null".to_owned(),
        "" => "another value".to_owned(),
        other => plain(other),
    }
}
