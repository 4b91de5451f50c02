//! A JSON text read as `JSON.parse` reads it, held as a flat tree of
//! nodes, and what the upstream checks ask of it.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::js::number::json_value;
use crate::json;
use crate::pointer::Pointer;

/// A JSON text read as `JSON.parse` reads it, as a flat list of nodes in
/// document order: a container's members follow it, and it knows where
/// they end, so every walk over it is a loop, never a recursion.
pub(super) struct Tree<'t> {
    pub(super) nodes: Vec<Node<'t>>,
    /// How deep arrays and objects nest (the root container is 1).
    pub(super) depth: usize,
    /// A string or a key holds an escape.
    pub(super) escaped: bool,
    /// The text spells JavaScript values JSON has no spelling for
    /// ([`Node::Undefined`], [`Node::Other`]).
    pub(super) js: bool,
    /// The bytes of the text the tree was read from.
    pub(super) text_len: usize,
}

#[derive(Clone, Copy)]
pub(super) enum Node<'t> {
    /// `undefined`, which only a JavaScript caller's text spells
    /// ([`Options::js_values`]): a member holding it is there for zod's
    /// data and absent for its checks, and `JSON.stringify` leaves it out
    /// (`null` in an array).
    Undefined,
    /// A value of a type JSON has no spelling for, which only a JavaScript
    /// caller's text names.
    Other(Other),
    Null,
    Bool(bool),
    Number(f64),
    String(Text<'t>),
    /// An object member's key; its value is the next node.
    Key {
        text: Text<'t>,
        /// A later key of the object is equal: that one's value counts.
        shadowed: bool,
        /// No earlier key of the object is equal: the member stands here.
        first: bool,
    },
    /// `end` is one past the last node inside; `len` counts items.
    Array {
        end: usize,
        len: usize,
    },
    /// `end` is one past the last node inside; `len` counts distinct keys;
    /// `class` is the name zod gives an object whose prototype is not
    /// `Object.prototype` (`Date`, `Map`, `String`), which only a JavaScript
    /// caller's text spells (`@"Date"{…}`).
    Object {
        end: usize,
        len: usize,
        class: Option<Text<'t>>,
    },
}

/// A JavaScript value that is not JSON, as zod names its type.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Other {
    /// A BigInt: `JSON.stringify` throws on it.
    BigInt,
    /// A function, with its `length` (zod measures it against a field's
    /// length checks): `JSON.stringify` leaves it out (`null` in an array).
    Function(f64),
    /// A symbol: as a function.
    Symbol,
}

impl Other {
    pub(super) fn zod_name(self) -> &'static str {
        match self {
            Other::BigInt => "bigint",
            Other::Function(_) => "function",
            Other::Symbol => "symbol",
        }
    }
}

/// A string's body between its quotes, as written.
#[derive(Clone, Copy)]
pub(super) struct Text<'t> {
    pub(super) raw: &'t str,
    pub(super) escaped: bool,
}

/// A string's value: text, or UTF-16 units where it holds a lone surrogate
/// (which no Rust string can).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Decoded<'t> {
    Str(Cow<'t, str>),
    Units(Vec<u16>),
}

impl<'t> Text<'t> {
    pub(super) fn decode(self) -> Decoded<'t> {
        if !self.escaped {
            return Decoded::Str(Cow::Borrowed(self.raw));
        }
        let units = self.units();
        match String::from_utf16(&units) {
            Ok(s) => Decoded::Str(Cow::Owned(s)),
            Err(_) => Decoded::Units(units),
        }
    }

    /// The string's UTF-16 units (its escapes are well-formed: the reader
    /// checked them).
    pub(super) fn units(self) -> Vec<u16> {
        crate::json::lex::units(self.raw)
    }

    /// Its length as zod 4.6.7 counts it: code points, a lone surrogate
    /// one.
    pub(super) fn code_points(self) -> usize {
        if !self.escaped {
            return self.raw.chars().count();
        }
        char::decode_utf16(self.units()).count()
    }

    /// UTF-8 bytes of the string as `JSON.stringify` prints it, quotes
    /// included (a lone surrogate as its `\uXXXX` escape).
    pub(super) fn json_len(self) -> usize {
        if !self.escaped {
            // No quote, backslash or control character: each byte is itself.
            return 2 + self.raw.len();
        }
        let mut n = 2;
        for c in char::decode_utf16(self.units()) {
            n += match c {
                Ok('"' | '\\' | '\u{8}' | '\u{c}' | '\n' | '\r' | '\t') => 2,
                Ok(c) if (c as u32) < 0x20 => 6,
                Ok(c) => c.len_utf8(),
                Err(_) => 6,
            };
        }
        n
    }

    /// Equal to `s` (a string with a lone surrogate equals none).
    #[inline]
    pub(super) fn is(self, s: &str) -> bool {
        if !self.escaped {
            return same_bytes(self.raw.as_bytes(), s.as_bytes());
        }
        matches!(self.decode(), Decoded::Str(d) if d == s)
    }

    /// Blank as JavaScript's `trim` sees it (a lone surrogate is not).
    pub(super) fn is_blank(self) -> bool {
        match self.decode() {
            Decoded::Str(s) => crate::js::whitespace::is_js_blank(&s),
            Decoded::Units(_) => false,
        }
    }

    /// The text with any lone surrogate replaced, for messages and
    /// pointers.
    pub(super) fn lossy(self) -> Cow<'t, str> {
        match self.decode() {
            Decoded::Str(s) => s,
            Decoded::Units(u) => Cow::Owned(String::from_utf16_lossy(&u)),
        }
    }
}

impl<'t> Tree<'t> {
    /// The node at `i` (a node past the end reads as `null`: the walks stay
    /// inside the list).
    pub(super) fn node(&self, i: usize) -> Node<'t> {
        self.nodes.get(i).copied().unwrap_or(Node::Null)
    }

    /// One past the last node of the value at `i`.
    pub(super) fn end(&self, i: usize) -> usize {
        match self.node(i) {
            Node::Array { end, .. } | Node::Object { end, .. } => end,
            _ => i + 1,
        }
    }

    /// The items of the array at `a`.
    pub(super) fn items(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.end(a);
        let mut i = a + 1;
        std::iter::from_fn(move || {
            (i < end).then(|| {
                let item = i;
                i = self.end(i);
                item
            })
        })
    }

    /// Every member of the object at `o`: (key node, value node).
    pub(super) fn members(&self, o: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let end = self.end(o);
        let mut i = o + 1;
        std::iter::from_fn(move || {
            (i < end).then(|| {
                let member = (i, i + 1);
                i = self.end(i + 1);
                member
            })
        })
    }

    /// The members that count (the last of equal keys), in text order: a
    /// member holding `undefined` is absent for zod's checks.
    pub(super) fn kept(&self, o: usize) -> impl Iterator<Item = (Text<'t>, usize)> + '_ {
        self.members(o).filter_map(|(k, v)| match (self.node(k), self.node(v)) {
            (Node::Key { text, shadowed: false, .. }, node) if !matches!(node, Node::Undefined) => {
                Some((text, v))
            }
            _ => None,
        })
    }

    /// [`Tree::kept`] with the members that hold `undefined`: what zod's
    /// data keeps.
    pub(super) fn kept_for_data(&self, o: usize) -> impl Iterator<Item = (Text<'t>, usize)> + '_ {
        self.members(o).filter_map(|(k, v)| match self.node(k) {
            Node::Key { text, shadowed: false, .. } => Some((text, v)),
            _ => None,
        })
    }

    /// A value `JSON.stringify` leaves out of an object (and writes as
    /// `null` in an array).
    pub(super) fn unwritten(&self, v: usize) -> bool {
        matches!(self.node(v), Node::Undefined | Node::Other(Other::Function(_) | Other::Symbol))
    }

    /// The members as `JSON.parse` builds the object: each key once, at its
    /// first place, with its last value; array-index keys first, ascending,
    /// as JavaScript orders an object's properties.
    pub(super) fn ordered(&self, o: usize) -> Vec<(Text<'t>, usize)> {
        let all: Vec<(usize, usize)> = self.members(o).collect();
        let mut out = Vec::with_capacity(all.len());
        for (n, &(k, v)) in all.iter().enumerate() {
            let Node::Key { text, shadowed, first } = self.node(k) else { continue };
            if !first {
                continue;
            }
            let mut value = v;
            if shadowed {
                let me = text.decode();
                for &(k2, v2) in all.get(n + 1..).unwrap_or_default() {
                    if let Node::Key { text: t2, .. } = self.node(k2)
                        && t2.decode() == me
                    {
                        value = v2;
                    }
                }
            }
            out.push((text, value));
        }
        // A stable sort: index keys to the front in numeric order, the others
        // keep theirs.
        let index = |(t, _): &(Text<'t>, usize)| array_index(*t).unwrap_or(u64::MAX);
        crate::sort::list(&mut out, &|a, b| index(a).cmp(&index(b)));
        out
    }

    pub(super) fn mark_duplicates(&mut self) {
        for o in 0..self.nodes.len() {
            if !matches!(self.node(o), Node::Object { len, .. } if len > 1) {
                continue;
            }
            if self.small_and_distinct(o) {
                continue;
            }
            let keys: Vec<usize> = self.members(o).map(|(k, _)| k).collect();
            let text = |n: &Node<'t>| match n {
                Node::Key { text, .. } => *text,
                _ => Text { raw: "", escaped: false },
            };
            let key_at = |n: usize| text(&keys.get(n).map_or(Node::Null, |&k| self.node(k)));
            let plain = (0..keys.len()).all(|n| !key_at(n).escaped);
            // (later duplicate exists, earlier duplicate exists) per key.
            let mut marks = vec![(false, false); keys.len()];
            if plain && keys.len() <= 16 {
                for a in 0..keys.len() {
                    for b in a + 1..keys.len() {
                        if key_at(a).raw == key_at(b).raw {
                            mark(&mut marks, a, b);
                        }
                    }
                }
            } else {
                let mut last: BTreeMap<Decoded<'t>, usize> = BTreeMap::new();
                for (n, &k) in keys.iter().enumerate() {
                    if let Some(prev) = last.insert(text(&self.node(k)).decode(), n) {
                        mark(&mut marks, prev, n);
                    }
                }
            }
            let distinct = marks.iter().filter(|m| !m.0).count();
            for (&k, &(later, earlier)) in keys.iter().zip(&marks) {
                if let Some(Node::Key { shadowed, first, .. }) = self.nodes.get_mut(k) {
                    *shadowed = later;
                    *first = !earlier;
                }
            }
            if let Some(Node::Object { len, .. }) = self.nodes.get_mut(o) {
                *len = distinct;
            }
        }
    }

    /// The common object: at most 16 keys, none escaped, no two equal
    /// (found without allocating).
    pub(super) fn small_and_distinct(&self, o: usize) -> bool {
        let mut keys = [""; 16];
        let mut n = 0;
        for (k, _) in self.members(o) {
            let Node::Key { text, .. } = self.node(k) else { return false };
            let Some(slot) = keys.get_mut(n) else { return false };
            if text.escaped {
                return false;
            }
            *slot = text.raw;
            n += 1;
        }
        let keys = keys.get(..n).unwrap_or_default();
        keys.iter().enumerate().all(|(a, ka)| keys.get(a + 1..).unwrap_or_default().iter().all(|kb| ka != kb))
    }

    /// A note for every key named twice, at the key's place.
    pub(super) fn duplicate_notes(&self, out: &mut Vec<Diagnostic>) {
        if !self.nodes.iter().any(|n| matches!(n, Node::Key { first: false, .. })) {
            return;
        }
        // The open containers: where each ends, its pointer, and (arrays)
        // how many items came before.
        let mut open: Vec<(usize, Pointer, usize)> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            while open.last().is_some_and(|(end, ..)| i >= *end) {
                open.pop();
            }
            let parent = open.last().map_or_else(Pointer::root, |(_, p, _)| p.clone());
            match node {
                Node::Key { text, first: false, .. } => out.push(duplicate_note(&parent.key(&text.lossy()))),
                Node::Key { .. } => {}
                Node::Array { end, .. } | Node::Object { end, .. } => {
                    let here = self.place(i, &parent, &mut open);
                    open.push((*end, here, 0));
                }
                _ => {
                    self.place(i, &parent, &mut open);
                }
            }
        }
    }

    /// The pointer of node `i` (a value) under its parent's: the key before
    /// it, or its index in the array that holds it.
    pub(super) fn place(&self, i: usize, parent: &Pointer, open: &mut [(usize, Pointer, usize)]) -> Pointer {
        if i > 0
            && let Node::Key { text, .. } = self.node(i - 1)
        {
            return parent.key(&text.lossy());
        }
        match open.last_mut() {
            Some((_, _, next)) => {
                *next += 1;
                parent.index(*next - 1)
            }
            None => Pointer::root(),
        }
    }

    /// Whether the value at `v`, as `JSON.stringify` prints it, is `cap`
    /// UTF-8 bytes or fewer (and printable: no BigInt).
    ///
    /// Most texts are far too short to print anything over the cap, and
    /// that is known without a walk. Where the text spells only JSON, the
    /// value prints in no more bytes than its span of the text,
    /// numbers aside: a string prints each escape in no more bytes than
    /// the escape, and every other character as written; structure and
    /// keys print as written or not at all (blanks, shadowed keys). A
    /// number prints in 25 characters at most (`-0.0000012345678901234567`)
    /// and is written in one at least. So the text's length and 24 bytes a
    /// node bound what the value prints.
    pub(super) fn json_fits(&self, v: usize, cap: usize) -> bool {
        let bound = self.text_len.saturating_add(self.nodes.len().saturating_mul(24));
        (!self.js && bound <= cap) || self.json_len(v, cap).is_some()
    }

    /// UTF-8 bytes of the value at `v` as `JSON.stringify` prints it, or
    /// `None` once over `cap`.
    pub(super) fn json_len(&self, v: usize, cap: usize) -> Option<usize> {
        let end = self.end(v);
        let mut total = 0usize;
        let mut i = v;
        while i < end {
            total += match self.node(i) {
                Node::Null | Node::Undefined | Node::Other(Other::Function(_) | Other::Symbol) => 4,
                Node::Other(Other::BigInt) => return None,
                Node::Bool(b) => 4 + usize::from(!b),
                Node::Number(x) => number_len(x),
                Node::String(t) => t.json_len(),
                Node::Array { len, .. } => 2 + len.saturating_sub(1),
                Node::Object { .. } if self.js => {
                    let written = self.kept_for_data(i).filter(|&(_, v)| !self.unwritten(v)).count();
                    2 + written.saturating_sub(1)
                }
                Node::Object { len, .. } => 2 + len.saturating_sub(1),
                Node::Key { shadowed: true, .. } => {
                    i = self.end(i + 1);
                    continue;
                }
                Node::Key { .. } if self.js && self.unwritten(i + 1) => {
                    i = self.end(i + 1);
                    continue;
                }
                Node::Key { text, .. } => t_len_colon(text),
            };
            if total > cap {
                return None;
            }
            i += 1;
        }
        Some(total)
    }

    /// The value at `v` as a `Value`, or `None` where one cannot hold it:
    /// what `JSON.stringify` writes of it (a member holding `undefined`, a
    /// function or a symbol left out, such an item `null`; a BigInt has
    /// none).
    pub(super) fn value(&self, v: usize) -> Option<Value> {
        Some(match self.node(v) {
            Node::Null | Node::Undefined | Node::Other(Other::Function(_) | Other::Symbol) => Value::Null,
            Node::Other(Other::BigInt) => return None,
            Node::Bool(b) => Value::Bool(b),
            Node::Number(x) => json_value(x),
            Node::String(t) => Value::String(string(t)?),
            Node::Array { .. } => {
                let mut items = Vec::new();
                for i in self.items(v) {
                    items.push(self.value(i)?);
                }
                Value::Array(items)
            }
            Node::Object { .. } => {
                let mut map = Map::new();
                for (k, value) in self.ordered(v) {
                    if !self.unwritten(value) {
                        map.insert(string(k)?, self.value(value)?);
                    }
                }
                Value::Object(map)
            }
            Node::Key { .. } => return None,
        })
    }
}

/// The note on a key named twice in its object.
pub(crate) fn duplicate_note(at: &Pointer) -> Diagnostic {
    Diagnostic::info(json::DUPLICATE_KEY, at, "this key is named twice; the last value is kept")
        .with_help("JSON.parse keeps the last value, as upstream does")
}

/// Marks key `earlier` as shadowed by key `later`, and `later` as repeated.
pub(super) fn mark(marks: &mut [(bool, bool)], earlier: usize, later: usize) {
    if let Some(m) = marks.get_mut(earlier) {
        m.0 = true;
    }
    if let Some(m) = marks.get_mut(later) {
        m.1 = true;
    }
}

pub(super) fn t_len_colon(t: Text<'_>) -> usize {
    t.json_len() + 1
}

pub(super) fn string(t: Text<'_>) -> Option<String> {
    match t.decode() {
        Decoded::Str(s) => Some(s.into_owned()),
        Decoded::Units(_) => None,
    }
}

/// A canonical array index (`0`, `7`, `42`, below 2^32 - 1), which
/// JavaScript orders before an object's other keys.
pub(super) fn array_index(t: Text<'_>) -> Option<u64> {
    let s = t.raw;
    if t.escaped || s.is_empty() || s.len() > 10 || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    let n: u64 = s.parse().ok()?;
    (s.bytes().all(|b| b.is_ascii_digit()) && n < u64::from(u32::MAX)).then_some(n)
}

/// Bytes of a number as `JSON.stringify` prints it (`null` when not
/// finite).
pub(super) fn number_len(x: f64) -> usize {
    if !x.is_finite() {
        4
    } else if x == 0.0 {
        1
    } else {
        crate::js::number::js_number_len(x)
    }
}

/// `a == b`, for the short texts keys and field names are: sixteen bytes
/// or fewer compared as two overlapping words, inline, where the slices'
/// own comparison calls `memcmp` (about a key an envelope each).
#[inline(always)]
pub(super) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |x: &[u8; 8]| u64::from_le_bytes(*x);
    let half = |x: &[u8; 4]| u32::from_le_bytes(*x);
    match a.len() {
        8..=16 => {
            a.first_chunk().map(word) == b.first_chunk().map(word)
                && a.last_chunk().map(word) == b.last_chunk().map(word)
        }
        4..=7 => {
            a.first_chunk().map(half) == b.first_chunk().map(half)
                && a.last_chunk().map(half) == b.last_chunk().map(half)
        }
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        _ => a == b,
    }
}
