//! Typed field access over JSON documents, reporting into a [`Report`].
//!
//! Every object module reads its document through these helpers so that a
//! missing field, a wrong type, an over-long string or an unknown field gets
//! the same code and the same message shape everywhere.

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Severity, quote};
use crate::doc::{Json, JsonObject};
use crate::limits::{self, str_len};
use crate::pointer::{Below, Locate};
use crate::vocab::{self, Openness, Vocabulary};

crate::define_codes! {
    MISSING = "field/missing", "a required field is absent";
    WRONG_TYPE = "field/wrong-type", "a field has the wrong JSON type (including `null` where upstream refuses it)";
    UNKNOWN = "field/unknown", "a field the object does not declare (upstream strips it on create; kept by lenient readers)";
    BLANK = "field/blank", "a string that must say something is empty or only whitespace";
}

/// Writer or reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A writer: closed vocabularies are enforced, unknown fields reported.
    #[default]
    Strict,
    /// A reader: unknown fields and values are kept and noted (`info`).
    Lenient,
}

/// Diagnostics gathered while checking one document.
#[derive(Clone, Debug)]
pub struct Report {
    /// Strict or lenient.
    pub mode: Mode,
    /// What was found, in discovery order (sorted when the report is done).
    pub diagnostics: Vec<Diagnostic>,
}

/// Whether a field must be present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Absent is a `field/missing` error.
    Required,
    /// Absent is fine.
    Optional,
    /// Absent or `null` is fine (upstream accepts `null`, e.g. artifact `ref`).
    Nullable,
}

/// The JSON type name used in messages.
pub fn type_name<J: Json>(v: &J) -> &'static str {
    v.type_name()
}

impl Report {
    /// An empty report.
    pub fn new(mode: Mode) -> Self {
        Report { mode, diagnostics: Vec::new() }
    }

    /// Whether this is a strict (writer) check.
    pub fn strict(&self) -> bool {
        self.mode == Mode::Strict
    }

    /// Adds a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    /// Adds an error.
    pub fn error(&mut self, code: crate::diagnostic::Code, at: &dyn Locate, message: impl Into<String>) {
        self.push(Diagnostic::error(code, &at.pointer(), message));
    }

    /// An error for writers, a warning for readers.
    pub fn refuse_or_warn(
        &mut self,
        code: crate::diagnostic::Code,
        at: &dyn Locate,
        message: impl Into<String>,
    ) {
        let sev = if self.strict() { Severity::Error } else { Severity::Warning };
        self.push(Diagnostic::new(code, sev, &at.pointer(), message));
    }

    /// Whether any error was reported.
    pub fn has_errors(&self) -> bool {
        crate::diagnostic::has_errors(&self.diagnostics)
    }

    /// The value as an object, or a `field/wrong-type` error.
    pub fn object<'v, J: Json>(&mut self, v: &'v J, at: &dyn Locate, what: &str) -> Option<&'v J::Object> {
        let m = v.as_object();
        if m.is_none() {
            self.error(WRONG_TYPE, at, format!("{what} must be an object, found {}", type_name(v)));
        }
        m
    }

    /// A field that must be present (when required) and is otherwise any JSON.
    pub fn field<'v, O: JsonObject>(
        &mut self,
        obj: &'v O,
        key: &str,
        at: &dyn Locate,
        presence: Presence,
    ) -> Option<&'v O::Value> {
        match obj.get(key) {
            None => {
                if presence == Presence::Required {
                    self.error(MISSING, &Below::Key(at, key), format!("`{key}` is required"));
                }
                None
            }
            Some(v) if presence == Presence::Nullable && v.is_null() => None,
            Some(v) => Some(v),
        }
    }

    /// A string field with a code-point length range.
    pub fn string<'v, O: JsonObject>(
        &mut self,
        obj: &'v O,
        key: &str,
        at: &dyn Locate,
        presence: Presence,
        min: usize,
        max: usize,
    ) -> Option<&'v str> {
        let v = self.field(obj, key, at, presence)?;
        self.string_value(v, &Below::Key(at, key), key, min, max)
    }

    /// A string value with a code-point length range.
    pub fn string_value<'v, J: Json>(
        &mut self,
        v: &'v J,
        at: &dyn Locate,
        what: &str,
        min: usize,
        max: usize,
    ) -> Option<&'v str> {
        let Some(s) = v.as_str() else {
            self.error(WRONG_TYPE, at, format!("`{what}` must be a string, found {}", type_name(v)));
            return None;
        };
        // A code point is one to four bytes: the byte length alone settles
        // most strings, and the code points are counted only for the rest.
        if s.len() <= max && min <= s.len().div_ceil(4) {
            return Some(s);
        }
        let len = str_len(s);
        if len > max {
            self.error(
                limits::STRING_TOO_LONG,
                at,
                format!("`{what}` is {len} characters long, over the cap of {max}"),
            );
        } else if len < min {
            let message = if min == 1 {
                format!("`{what}` must not be empty")
            } else {
                format!("`{what}` is {len} characters long, under the minimum of {min}")
            };
            self.error(limits::STRING_TOO_SHORT, at, message);
        }
        Some(s)
    }

    /// A finite number field.
    pub fn number<O: JsonObject>(
        &mut self,
        obj: &O,
        key: &str,
        at: &dyn Locate,
        presence: Presence,
    ) -> Option<f64> {
        let v = self.field(obj, key, at, presence)?;
        match v.as_f64() {
            Some(n) => Some(n),
            None => {
                self.error(
                    WRONG_TYPE,
                    &Below::Key(at, key),
                    format!("`{key}` must be a number, found {}", type_name(v)),
                );
                None
            }
        }
    }

    /// A boolean field.
    pub fn boolean<O: JsonObject>(
        &mut self,
        obj: &O,
        key: &str,
        at: &dyn Locate,
        presence: Presence,
    ) -> Option<bool> {
        let v = self.field(obj, key, at, presence)?;
        let b = v.as_bool();
        if b.is_none() {
            self.error(
                WRONG_TYPE,
                &Below::Key(at, key),
                format!("`{key}` must be a boolean, found {}", type_name(v)),
            );
        }
        b
    }

    /// An array field with an item cap.
    pub fn array<'v, O: JsonObject>(
        &mut self,
        obj: &'v O,
        key: &str,
        at: &dyn Locate,
        presence: Presence,
        max_items: usize,
    ) -> Option<&'v [O::Value]> {
        let v = self.field(obj, key, at, presence)?;
        let Some(items) = v.as_array() else {
            self.error(
                WRONG_TYPE,
                &Below::Key(at, key),
                format!("`{key}` must be an array, found {}", type_name(v)),
            );
            return None;
        };
        if items.len() > max_items {
            self.error(
                limits::TOO_MANY_ITEMS,
                &Below::Key(at, key),
                format!("`{key}` has {} items, over the cap of {max_items}", items.len()),
            );
        }
        Some(items)
    }

    /// A string that must say something: non-empty after trimming.
    pub fn not_blank(&mut self, s: &str, at: &dyn Locate, what: &str) -> bool {
        if crate::js::whitespace::is_js_blank(s) {
            self.error(BLANK, at, format!("`{what}` must not be blank"));
            false
        } else {
            true
        }
    }

    /// Checks `value` against a vocabulary: an unknown value in a closed
    /// vocabulary is an error for writers and `info` for readers. Returns
    /// whether the value is known.
    pub fn vocab(&mut self, value: &str, vocabulary: &Vocabulary, at: &dyn Locate) -> bool {
        if vocabulary.contains(value) {
            return true;
        }
        if vocabulary.openness == Openness::Closed {
            let message = format!("{} is not a v1 {}", quote(value), vocabulary.name);
            let expected = format!("expected one of: {}", vocabulary.values.join(", "));
            let d = if self.strict() {
                Diagnostic::error(vocab::UNKNOWN_VALUE, &at.pointer(), message).with_help(expected)
            } else {
                Diagnostic::info(vocab::UNKNOWN_VALUE, &at.pointer(), format!("{message}; kept as it is"))
            };
            self.push(d);
        }
        false
    }

    /// Reports fields outside `known`: a warning for writers (upstream strips
    /// them), `info` for readers (kept verbatim).
    pub fn unknown_fields<O: JsonObject>(&mut self, obj: &O, known: &[&str], at: &dyn Locate, what: &str) {
        for (key, _) in obj.entries() {
            if known.contains(&key) {
                continue;
            }
            let here = at.pointer().key(key);
            let d = if self.strict() {
                Diagnostic::warning(
                    UNKNOWN,
                    &here,
                    format!("{what} does not declare {}; upstream strips it", quote(key)),
                )
            } else {
                Diagnostic::info(
                    UNKNOWN,
                    &here,
                    format!("{what} does not declare {}; kept as it is", quote(key)),
                )
            };
            self.push(d);
        }
    }
}

/// Where each of a fixed set of names sits in a table of 64 buckets, built
/// at compile time: a member's key is found among the names by one bucket
/// (from its length and its first and last bytes) and one comparison,
/// rather than by comparing it with every name.
#[derive(Debug)]
pub struct NameTable<const N: usize> {
    names: [&'static str; N],
    buckets: [u8; 64],
}

const NO_NAME: u8 = u8::MAX;

const fn bucket(name: &[u8]) -> usize {
    match name {
        [] => 0,
        [first, .., last] | [first @ last] => (3 * name.len() + *first as usize + 12 * *last as usize) % 64,
    }
}

impl<const N: usize> NameTable<N> {
    /// The table of `names` (at most 63, each once; a bucket taken by
    /// another name passes the name on to the next free one).
    #[expect(
        clippy::indexing_slicing,
        reason = "a const fn cannot `get`; every index is below its length (i < N, b < 64)"
    )]
    pub const fn new(names: [&'static str; N]) -> Self {
        assert!(N < 64, "a name table holds at most 63 names");
        let mut buckets = [NO_NAME; 64];
        let mut i = 0;
        while i < N {
            let mut b = bucket(names[i].as_bytes());
            while buckets[b] != NO_NAME {
                b = (b + 1) % 64;
            }
            buckets[b] = i as u8;
            i += 1;
        }
        NameTable { names, buckets }
    }

    /// The names, in the order given.
    pub fn names(&self) -> &[&'static str; N] {
        &self.names
    }

    /// The index of `key` among the names. Inlined by force, as the
    /// document reader's steps (`crate::doc`): every rule looks its fields up.
    #[inline(always)]
    pub fn find(&self, key: &str) -> Option<usize> {
        let mut b = bucket(key.as_bytes());
        loop {
            let i = usize::from(*self.buckets.get(b)?);
            let name = self.names.get(i)?;
            if *name == key {
                return Some(i);
            }
            b = (b + 1) % 64;
        }
    }
}

/// The members of an object that a [`NameTable`] names, picked in one pass
/// over its members; a lookup by name is then a table lookup. Its
/// [`JsonObject::entries`] are in the table's order, not the document's.
#[derive(Debug)]
pub struct Picked<'v, V, const N: usize> {
    table: &'static NameTable<N>,
    values: [Option<&'v V>; N],
    /// A member the table does not name, or one of the first `skip` names.
    pub others: bool,
}

impl<'v, V: Json, const N: usize> Picked<'v, V, N> {
    /// Picks the members of `obj` named in `table`; a member named by one of
    /// the first `skip` names, or by none, is not picked and sets
    /// [`Picked::others`].
    pub fn new<O: JsonObject<Value = V>>(obj: &'v O, table: &'static NameTable<N>, skip: usize) -> Self {
        let mut picked = Picked { table, values: [None; N], others: false };
        for (key, value) in obj.entries() {
            match table.find(key) {
                Some(i) if i >= skip => {
                    if let Some(slot) = picked.values.get_mut(i) {
                        *slot = Some(value);
                    }
                }
                _ => picked.others = true,
            }
        }
        picked
    }
}

impl<V: Json, const N: usize> JsonObject for Picked<'_, V, N> {
    type Value = V;
    fn get(&self, key: &str) -> Option<&V> {
        self.table.find(key).and_then(|i| self.values.get(i).copied().flatten())
    }
    fn len(&self) -> usize {
        self.values.iter().flatten().count()
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &V)> {
        self.table.names.iter().zip(&self.values).filter_map(|(k, v)| v.map(|v| (*k, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pointer::Pointer;
    use serde_json::Value;

    /// Strings of one- to four-byte characters on each side of a range's
    /// ends are refused exactly where their code points fall outside it.
    #[test]
    fn a_string_range_counts_code_points_whatever_their_bytes() {
        let mut checked = 0;
        for c in ['a', '\u{e9}', '\u{20ac}', '\u{1f600}'] {
            for (min, max) in [(0, 0), (0, 3), (1, 1), (1, 4), (2, 5), (3, 8), (5, 6)] {
                for n in 0..=max + 2 {
                    let s: String = std::iter::repeat_n(c, n).collect();
                    let mut r = Report::new(Mode::Strict);
                    let v = Value::String(s.clone());
                    let got = r.string_value(&v, &Pointer::root(), "s", min, max);
                    assert_eq!(got, Some(s.as_str()));
                    let fits = (min..=max).contains(&n);
                    assert_eq!(r.diagnostics.is_empty(), fits, "{n} × {c:?} in {min}..={max}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100);
    }

    /// Names that share a bucket (same length, first and last byte) are
    /// each found, and a name the table lacks is not, even in their bucket.
    #[test]
    fn a_name_table_finds_each_of_its_names_and_nothing_else() {
        static TABLE: NameTable<5> = NameTable::new(["axb", "ayb", "azb", "id", "source_kind"]);
        for (i, name) in TABLE.names().iter().enumerate() {
            assert_eq!(TABLE.find(name), Some(i), "{name}");
        }
        for other in ["awb", "ax", "", "i", "source_kinD", "source_kind ", "ID"] {
            assert_eq!(TABLE.find(other), None, "{other:?}");
        }
        // A full table still stops at a free bucket.
        static FULL: NameTable<63> = NameTable::new(NAMES_63);
        const NAMES_63: [&str; 63] = {
            let mut out = [""; 63];
            let letters = [
                "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
                "s", "t", "u", "v", "w", "x", "y", "z", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J",
                "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "0", "1",
                "2", "3", "4", "5", "6", "7", "8", "9", "_",
            ];
            let mut i = 0;
            while i < 63 {
                out[i] = letters[i];
                i += 1;
            }
            out
        };
        for (i, name) in FULL.names().iter().enumerate() {
            assert_eq!(FULL.find(name), Some(i));
        }
        assert_eq!(FULL.find("-"), None);
        assert_eq!(FULL.find("ab"), None);
    }

    /// Picking finds the members a lookup by name would, and notes the
    /// members it leaves: unnamed ones and those of the skipped names.
    #[test]
    fn picked_members_are_the_ones_a_search_finds() {
        static TABLE: NameTable<3> = NameTable::new(["id", "kind", "url"]);
        let obj: Value = serde_json::json!({"url": "u", "kind": null});
        let Value::Object(map) = &obj else { unreachable!() };
        let picked = Picked::new(map, &TABLE, 0);
        assert!(!picked.others);
        for key in ["id", "kind", "url", "ref"] {
            assert_eq!(picked.get(key), map.get(key), "{key}");
        }
        assert_eq!(picked.len(), 2);
        let skipping = Picked::new(map, &TABLE, 2);
        assert!(skipping.others);
        assert_eq!((skipping.get("kind"), skipping.get("url")), (None, map.get("url")));
        let extra: Value = serde_json::json!({"kind": 1, "ref": 2});
        let Value::Object(extra) = &extra else { unreachable!() };
        assert!(Picked::new(extra, &TABLE, 0).others);
    }
}
