//! The `upstream` profile: upstream's P1 verdicts, exactly.
//!
//! Upstream's hub decides a work-graph write with zod schemas and a few
//! route checks. Under this profile `validate` decides `event_create`,
//! `link_create`, `principal` and `artifact_ref` as that code does, so a hub
//! that links the core accepts every write upstream accepts and refuses every
//! write it refuses (`docs/profiles.md` says who asks for which profile):
//!
//! - **JSON as `JSON.parse` reads it**: only space, tab, line feed and
//!   carriage return are white space; the last of two equal keys wins (at
//!   the first one's place); an escaped lone surrogate is kept; a number
//!   beyond the double range is `±Infinity`; nesting has no limit (the
//!   reader here keeps its own stack, so depth costs memory, never the
//!   call stack).
//! - **the schemas as zod 4.6.7 runs them**: string lengths in code points
//!   (a lone surrogate is one), numbers finite, `payload_json` and
//!   `metadata_json` at most 32,768 UTF-8 bytes as `JSON.stringify` prints
//!   them, every issue in zod's order, each carrying zod's own code and
//!   message ([`crate::diagnostic::UpstreamIssue`]); an array over its cap
//!   reports only that, as zod does.
//! - **the route checks in the route's order**, each reached only when the
//!   stage before it passed: the schema, then the owner (`owner`: a human's
//!   `id`, an agent's or service's `on_behalf_of`, compared exactly), then
//!   reserved provenance (`httpWriter`), then the store's accountability
//!   check (a human's non-blank `id`, a non-human's non-blank
//!   `on_behalf_of`, blank as JavaScript's `trim` sees it). For a lone
//!   `principal` the last is a warning: upstream asks it of a stored event.
//!
//! The verdict does not depend on the mode. What upstream has no rule for
//! is reported and never refused, so nothing upstream accepts fails here:
//! secrets (the scan runs on what would be stored) and a sink's locality
//! are warnings, keys upstream strips are warnings for writers and notes
//! for readers, repeated keys are notes. `normalized` is what zod hands the
//! store, present once the schema passed (a route check may still refuse
//! the write: only `valid` says it may be stored): the schema's keys in its
//! order, unknown ones stripped (an
//! artifact ref keeps them), `Infinity` in a payload as `null`, `-0` as
//! `0`. It is left out, with a note, where a `Value` cannot hold it: a lone
//! surrogate, or nesting deeper than [`json::MAX_DEPTH`].

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{Map, Number, Value};

use crate::diagnostic::{self, Diagnostic, Severity};
use crate::fields::{self, Mode};
use crate::limits::{self, MAX_PAYLOAD_JSON_BYTES};
use crate::pointer::Pointer;
use crate::request::{DocumentKind, Options, Outcome};
use crate::{event, json, locality, principal, secrets, vocab};

mod write;

/// The kinds upstream has rules for.
pub const DECIDES: &[DocumentKind] = &[
    DocumentKind::EventCreate,
    DocumentKind::LinkCreate,
    DocumentKind::Principal,
    DocumentKind::ArtifactRef,
];

/// Decides `text` as upstream would; `normalize` asks for the stored form.
pub(crate) fn validate_text(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
    normalize: bool,
) -> Outcome {
    decide(kind, mode, text, options, if normalize { Form::Value } else { Form::None }).0
}

/// [`validate_text`] asking for the stored form as the JSON text
/// `serde_json` writes for `normalized` (the outcome's own `normalized` is
/// `None`). Where no rule reads the stored form (the text has no escape and
/// nothing in it looks like a secret; no sink), it is written straight from
/// the text's tree: building it as a `Value` to write it added about 70 %
/// to the instructions of the call.
pub(crate) fn validate_text_writing(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
) -> (Outcome, Option<String>) {
    decide(kind, mode, text, options, Form::Text)
}

/// How an outcome carries the stored form.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Not at all.
    None,
    /// As a `Value`, in `normalized`.
    Value,
    /// As JSON text, beside the outcome.
    Text,
}

fn decide(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
    form: Form,
) -> (Outcome, Option<String>) {
    let tree = match Tree::parse(text, options.js_values) {
        Ok(tree) => tree,
        Err(d) => return (Outcome { valid: false, diagnostics: vec![*d], normalized: None }, None),
    };
    let mut run = Run { tree: &tree, mode, errors: Vec::new(), notes: Vec::new() };
    let root = Pointer::root();
    let stored = match kind {
        DocumentKind::EventCreate => run.event_create(options),
        DocumentKind::LinkCreate => {
            run.object(0, &root, &LINK_CREATE, Strip::Yes);
            Stored::Fields(&LINK_CREATE)
        }
        DocumentKind::Principal => run.lone_principal(options),
        DocumentKind::ArtifactRef => {
            run.artifact_ref(0, &root);
            Stored::ArtifactRef
        }
        _ => {
            let d = Diagnostic::error(
                crate::error::PROFILE_KIND,
                &root,
                format!("the `upstream` profile decides no `{}`", kind.name()),
            )
            .with_help("upstream's rules cover event_create, link_create, principal and artifact_ref");
            return (Outcome { valid: false, diagnostics: vec![d], normalized: None }, None);
        }
    };
    tree.duplicate_notes(&mut run.notes);
    let valid = run.errors.is_empty();
    // What zod parsed exists once the schema passed, whatever the route and
    // the store then decide: the answer keeps it, as `safeParse` hands it
    // back (a hub stores only what is `valid`). Built when it is asked for
    // or the warnings need to read it.
    let parsed = !run.errors.iter().any(|d| d.upstream.is_some());
    let scan = !secrets_absent(&tree, text);
    let read = scan || options.sink.is_some();
    let want = (form != Form::None || read) && parsed;
    let write = |run: &Run<'_, '_>| {
        let mut out = String::with_capacity(text.len());
        run.write_stored(stored, &mut out).map(|()| out)
    };
    let (value, mut written) = match (want, read || form == Form::Value) {
        (false, _) => (None, None),
        (true, true) => {
            let value = run.stored(stored);
            // Text carries what no `Value` holds.
            let written = if value.is_none() && form == Form::Text { write(&run) } else { None };
            (value, written)
        }
        (true, false) => (None, write(&run)),
    };
    if parsed {
        if let Some(v) = &value {
            if scan {
                for f in secrets::scan_strings(v, &root) {
                    run.notes.push(
                        Diagnostic::warning(
                            f.code,
                            &f.instance_path,
                            "this value embeds a credential; refer to where it is kept instead",
                        )
                        .with_help("upstream stores it; a2a writers are refused it (docs/profiles.md)"),
                    );
                }
            }
            if let Some(sink) = &options.sink
                && kind == DocumentKind::EventCreate
                && v.get("event_type").and_then(Value::as_str) == Some("handoff")
            {
                for (at, verdict) in locality::unresolvable_refs(v, sink) {
                    run.notes.push(Diagnostic::warning(
                        verdict.code,
                        &at,
                        format!("the sink cannot resolve this ref: {}", verdict.reason),
                    ));
                }
            }
        } else if want && (written.is_none() || scan) {
            run.unstorable_notes(scan, written.is_none());
        }
    }
    let Run { mut errors, mut notes, .. } = run;
    // Errors keep upstream's order (a hub builds its error body from it);
    // the rest follow, sorted.
    diagnostic::sort(&mut notes);
    errors.append(&mut notes);
    if form == Form::Text && written.is_none() {
        written = value.as_ref().map(Value::to_string);
    }
    let normalized = if form == Form::Value { value } else { None };
    (Outcome { valid, diagnostics: errors, normalized }, written)
}

/// No string or key of the text can hold a secret
/// ([`secrets::none_in_json_text`]). A text that parsed holds a backslash
/// only in an escape, which its reader noted: the text need not be searched
/// for one.
fn secrets_absent(tree: &Tree<'_>, text: &str) -> bool {
    secrets::none_in_json_text(text, tree.escaped)
}

// ------------------------------------------------------------------ reading

/// A JSON text read as `JSON.parse` reads it, as a flat list of nodes in
/// document order: a container's members follow it, and it knows where
/// they end, so every walk over it is a loop, never a recursion.
struct Tree<'t> {
    nodes: Vec<Node<'t>>,
    /// How deep arrays and objects nest (the root container is 1).
    depth: usize,
    /// A string or a key holds an escape.
    escaped: bool,
    /// The text spells JavaScript values JSON has no spelling for
    /// ([`Node::Undefined`], [`Node::Other`]).
    js: bool,
}

#[derive(Clone, Copy)]
enum Node<'t> {
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
enum Other {
    /// A BigInt: `JSON.stringify` throws on it.
    BigInt,
    /// A function, with its `length` (zod measures it against a field's
    /// length checks): `JSON.stringify` leaves it out (`null` in an array).
    Function(f64),
    /// A symbol: as a function.
    Symbol,
}

impl Other {
    fn zod_name(self) -> &'static str {
        match self {
            Other::BigInt => "bigint",
            Other::Function(_) => "function",
            Other::Symbol => "symbol",
        }
    }
}

/// A string's body between its quotes, as written.
#[derive(Clone, Copy)]
struct Text<'t> {
    raw: &'t str,
    escaped: bool,
}

/// A string's value: text, or UTF-16 units where it holds a lone surrogate
/// (which no Rust string can).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Decoded<'t> {
    Str(Cow<'t, str>),
    Units(Vec<u16>),
}

impl<'t> Text<'t> {
    fn decode(self) -> Decoded<'t> {
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
    fn units(self) -> Vec<u16> {
        let mut out = Vec::with_capacity(self.raw.len());
        let mut chars = self.raw.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                let mut buf = [0u16; 2];
                out.extend_from_slice(c.encode_utf16(&mut buf));
                continue;
            }
            let unit = match chars.next() {
                Some('b') => 0x08,
                Some('f') => 0x0c,
                Some('n') => 0x0a,
                Some('r') => 0x0d,
                Some('t') => 0x09,
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    u16::from_str_radix(&hex, 16).unwrap_or(0xfffd)
                }
                Some(other) => other as u16,
                None => 0xfffd,
            };
            out.push(unit);
        }
        out
    }

    /// Its length as zod 4.6.7 counts it: code points, a lone surrogate
    /// one.
    fn code_points(self) -> usize {
        if !self.escaped {
            return self.raw.chars().count();
        }
        char::decode_utf16(self.units()).count()
    }

    /// UTF-8 bytes of the string as `JSON.stringify` prints it, quotes
    /// included (a lone surrogate as its `\uXXXX` escape).
    fn json_len(self) -> usize {
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
    fn is(self, s: &str) -> bool {
        if !self.escaped {
            return self.raw == s;
        }
        matches!(self.decode(), Decoded::Str(d) if d == s)
    }

    /// Blank as JavaScript's `trim` sees it (a lone surrogate is not).
    fn is_blank(self) -> bool {
        match self.decode() {
            Decoded::Str(s) => crate::js::whitespace::is_js_blank(&s),
            Decoded::Units(_) => false,
        }
    }

    /// The text with any lone surrogate replaced, for messages and
    /// pointers.
    fn lossy(self) -> Cow<'t, str> {
        match self.decode() {
            Decoded::Str(s) => s,
            Decoded::Units(u) => Cow::Owned(String::from_utf16_lossy(&u)),
        }
    }
}

crate::define_codes! {
    NOT_STORED = "upstream/not-normalized", "(profile `upstream`) the accepted document holds what a `Value` cannot (a lone surrogate, or nesting deeper than 64 levels): the typed API's `normalized` is left out (a call's answer, which is text, carries it)";
}

impl<'t> Tree<'t> {
    /// `js`: the text may also spell `NaN`, `undefined`, `bigint`,
    /// `function` and `symbol` where a value stands ([`Options::js_values`]).
    fn parse(text: &'t str, js: bool) -> Result<Self, Box<Diagnostic>> {
        // An envelope has a node for about every ten bytes: room for one
        // every eight (up to a few thousand) spares the list most of its
        // growing; a longer text grows it past that as it must.
        let room = (text.len() / 8 + 4).min(1 << 12);
        let mut r = Reader {
            text,
            at: 0,
            nodes: Vec::with_capacity(room),
            open: Vec::with_capacity(8),
            depth: 0,
            escaped: false,
            js,
            spelled: false,
        };
        r.read()?;
        let mut tree = Tree { nodes: r.nodes, depth: r.depth, escaped: r.escaped, js: r.spelled };
        tree.mark_duplicates();
        Ok(tree)
    }

    /// The node at `i` (a node past the end reads as `null`: the walks stay
    /// inside the list).
    fn node(&self, i: usize) -> Node<'t> {
        self.nodes.get(i).copied().unwrap_or(Node::Null)
    }

    /// One past the last node of the value at `i`.
    fn end(&self, i: usize) -> usize {
        match self.node(i) {
            Node::Array { end, .. } | Node::Object { end, .. } => end,
            _ => i + 1,
        }
    }

    /// The items of the array at `a`.
    fn items(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
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
    fn members(&self, o: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
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
    fn kept(&self, o: usize) -> impl Iterator<Item = (Text<'t>, usize)> + '_ {
        self.members(o).filter_map(|(k, v)| match (self.node(k), self.node(v)) {
            (Node::Key { text, shadowed: false, .. }, node) if !matches!(node, Node::Undefined) => {
                Some((text, v))
            }
            _ => None,
        })
    }

    /// [`Tree::kept`] with the members that hold `undefined`: what zod's
    /// data keeps.
    fn kept_for_data(&self, o: usize) -> impl Iterator<Item = (Text<'t>, usize)> + '_ {
        self.members(o).filter_map(|(k, v)| match self.node(k) {
            Node::Key { text, shadowed: false, .. } => Some((text, v)),
            _ => None,
        })
    }

    /// A value `JSON.stringify` leaves out of an object (and writes as
    /// `null` in an array).
    fn unwritten(&self, v: usize) -> bool {
        matches!(self.node(v), Node::Undefined | Node::Other(Other::Function(_) | Other::Symbol))
    }

    /// The members as `JSON.parse` builds the object: each key once, at its
    /// first place, with its last value; array-index keys first, ascending,
    /// as JavaScript orders an object's properties.
    fn ordered(&self, o: usize) -> Vec<(Text<'t>, usize)> {
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

    fn mark_duplicates(&mut self) {
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
    fn small_and_distinct(&self, o: usize) -> bool {
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
    fn duplicate_notes(&self, out: &mut Vec<Diagnostic>) {
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
    fn place(&self, i: usize, parent: &Pointer, open: &mut [(usize, Pointer, usize)]) -> Pointer {
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

    /// UTF-8 bytes of the value at `v` as `JSON.stringify` prints it, or
    /// `None` once over `cap`.
    fn json_len(&self, v: usize, cap: usize) -> Option<usize> {
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
    fn value(&self, v: usize) -> Option<Value> {
        Some(match self.node(v) {
            Node::Null | Node::Undefined | Node::Other(Other::Function(_) | Other::Symbol) => Value::Null,
            Node::Other(Other::BigInt) => return None,
            Node::Bool(b) => Value::Bool(b),
            Node::Number(x) => number_value(x),
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

/// Whether a loose object's key outside `schema` is kept in zod's data:
/// every one but `__proto__`, which zod assigns (so it sets the data's
/// prototype and is no key of it; `JSON.stringify` then writes none).
fn kept_beside(schema: &Schema, k: Text<'_>) -> bool {
    !schema.iter().any(|f| k.is(f.name)) && !k.is("__proto__")
}

/// The note on a key named twice in its object.
pub(crate) fn duplicate_note(at: &Pointer) -> Diagnostic {
    Diagnostic::info(json::DUPLICATE_KEY, at, "this key is named twice; the last value is kept")
        .with_help("JSON.parse keeps the last value, as upstream does")
}

/// Marks key `earlier` as shadowed by key `later`, and `later` as repeated.
fn mark(marks: &mut [(bool, bool)], earlier: usize, later: usize) {
    if let Some(m) = marks.get_mut(earlier) {
        m.0 = true;
    }
    if let Some(m) = marks.get_mut(later) {
        m.1 = true;
    }
}

fn t_len_colon(t: Text<'_>) -> usize {
    t.json_len() + 1
}

fn string(t: Text<'_>) -> Option<String> {
    match t.decode() {
        Decoded::Str(s) => Some(s.into_owned()),
        Decoded::Units(_) => None,
    }
}

/// A canonical array index (`0`, `7`, `42`, below 2^32 - 1), which
/// JavaScript orders before an object's other keys.
fn array_index(t: Text<'_>) -> Option<u64> {
    let s = t.raw;
    if t.escaped || s.is_empty() || s.len() > 10 || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    let n: u64 = s.parse().ok()?;
    (s.bytes().all(|b| b.is_ascii_digit()) && n < u64::from(u32::MAX)).then_some(n)
}

/// Bytes of a number as `JSON.stringify` prints it (`null` when not
/// finite).
fn number_len(x: f64) -> usize {
    if !x.is_finite() {
        4
    } else if x == 0.0 {
        1
    } else {
        crate::js::number::js_number_len(x)
    }
}

/// A number as the store keeps it: `Infinity` as `null` (what
/// `JSON.stringify` writes), an integral value as an integer, `-0` as `0`.
fn number_value(x: f64) -> Value {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if !x.is_finite() {
        Value::Null
    } else if x.fract() == 0.0 && x.abs() < EXACT {
        #[allow(clippy::cast_possible_truncation)] // integral and below 2^53
        Value::from(x as i64)
    } else {
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
    nodes: Vec<Node<'t>>,
    /// The containers open at the reader's place.
    open: Vec<usize>,
    depth: usize,
    /// A string or a key read so far holds an escape.
    escaped: bool,
    /// JavaScript's words for values JSON cannot spell are read.
    js: bool,
    /// One of them was read.
    spelled: bool,
}

impl<'t> Reader<'t> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// `JSON.parse`'s white space: space, tab, line feed, carriage return.
    fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn fail(&self, what: &str) -> Box<Diagnostic> {
        let found = match self.text.get(self.at..).and_then(|s| s.chars().next()) {
            Some(c) => format!("found {}", diagnostic::quote(&c.to_string())),
            None => "found the end of the text".to_owned(),
        };
        Box::new(Diagnostic::error(
            json::INVALID,
            &Pointer::root(),
            format!("expected {what} at byte {}, {found}", self.at),
        ))
    }

    fn read(&mut self) -> Result<(), Box<Diagnostic>> {
        self.blank();
        'value: loop {
            if let Some(&top) = self.open.last()
                && let Some(Node::Array { len, .. }) = self.nodes.get_mut(top)
            {
                *len += 1;
            }
            match self.peek() {
                Some(b'@') if self.js => {
                    // A class name, then the object it names.
                    self.at += 1;
                    if self.peek() != Some(b'"') {
                        return Err(self.fail("a class name (a string)"));
                    }
                    let class = self.string()?;
                    if self.peek() != Some(b'{') {
                        return Err(self.fail("`{` after a class name"));
                    }
                    self.spelled = true;
                    self.open_container(b'{', Some(class));
                    if !self.after_open(b'{')? {
                        continue 'value;
                    }
                }
                Some(open @ (b'{' | b'[')) => {
                    self.open_container(open, None);
                    if !self.after_open(open)? {
                        continue 'value;
                    }
                }
                Some(b'"') => {
                    let t = self.string()?;
                    self.nodes.push(Node::String(t));
                }
                Some(b't') => self.literal("true", Node::Bool(true))?,
                Some(b'f') if self.js && self.text.as_bytes().get(self.at + 1) == Some(&b'u') => {
                    self.js_literal("function", Node::Other(Other::Function(0.0)))?;
                    self.function_length()?;
                }
                Some(b'f') => self.literal("false", Node::Bool(false))?,
                Some(b'n') => self.literal("null", Node::Null)?,
                Some(b'N') if self.js => self.js_literal("NaN", Node::Number(f64::NAN))?,
                Some(b'u') if self.js => self.js_literal("undefined", Node::Undefined)?,
                Some(b'b') if self.js => self.js_literal("bigint", Node::Other(Other::BigInt))?,
                Some(b's') if self.js => self.js_literal("symbol", Node::Other(Other::Symbol))?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                _ => return Err(self.fail("a value")),
            }
            // A value is complete: close what ends here, or go on to the
            // next member.
            while let Some(&top) = self.open.last() {
                self.blank();
                let object = matches!(self.nodes.get(top), Some(Node::Object { .. }));
                match self.peek() {
                    Some(b',') => {
                        self.at += 1;
                        self.blank();
                        if object {
                            self.key()?;
                        }
                        continue 'value;
                    }
                    Some(b'}') if object => {
                        self.at += 1;
                        self.close();
                    }
                    Some(b']') if !object => {
                        self.at += 1;
                        self.close();
                    }
                    _ => return Err(self.fail(if object { "`,` or `}`" } else { "`,` or `]`" })),
                }
            }
            break;
        }
        self.blank();
        if self.at != self.text.len() {
            return Err(self.fail("the end of the text"));
        }
        Ok(())
    }

    /// Opens an object (`{`, named `class` where a JavaScript caller
    /// named one) or an array (`[`) at the reader's place.
    fn open_container(&mut self, open: u8, class: Option<Text<'t>>) {
        self.at += 1;
        let index = self.nodes.len();
        self.nodes.push(if open == b'{' {
            Node::Object { end: 0, len: 0, class }
        } else {
            Node::Array { end: 0, len: 0 }
        });
        self.open.push(index);
        self.depth = self.depth.max(self.open.len());
        self.blank();
    }

    /// After an opening bracket: an empty container is closed (`true`: a
    /// value is complete); an object's first key is read (`false`: a value
    /// comes next).
    fn after_open(&mut self, open: u8) -> Result<bool, Box<Diagnostic>> {
        let close = if open == b'{' { b'}' } else { b']' };
        if self.peek() == Some(close) {
            self.at += 1;
            self.close();
            return Ok(true);
        }
        if open == b'{' {
            self.key()?;
        }
        Ok(false)
    }

    fn close(&mut self) {
        if let Some(top) = self.open.pop() {
            let end_here = self.nodes.len();
            if let Some(Node::Array { end, .. } | Node::Object { end, .. }) = self.nodes.get_mut(top) {
                *end = end_here;
            }
        }
    }

    /// An object member's key and its colon.
    fn key(&mut self) -> Result<(), Box<Diagnostic>> {
        if self.peek() != Some(b'"') {
            return Err(self.fail("a key (a string)"));
        }
        let text = self.string()?;
        if let Some(&top) = self.open.last()
            && let Some(Node::Object { len, .. }) = self.nodes.get_mut(top)
        {
            *len += 1;
        }
        self.nodes.push(Node::Key { text, shadowed: false, first: true });
        self.blank();
        if self.peek() != Some(b':') {
            return Err(self.fail("`:`"));
        }
        self.at += 1;
        self.blank();
        Ok(())
    }

    /// A function's `length`, in parentheses after the word (`function(2)`),
    /// where the caller wrote one.
    fn function_length(&mut self) -> Result<(), Box<Diagnostic>> {
        if self.peek() != Some(b'(') {
            return Ok(());
        }
        self.at += 1;
        self.number()?;
        let length = match self.nodes.pop() {
            Some(Node::Number(x)) => x,
            _ => return Err(self.fail("a number")),
        };
        if self.peek() != Some(b')') {
            return Err(self.fail("`)`"));
        }
        self.at += 1;
        // In place of the word's own node.
        if let Some(last) = self.nodes.last_mut() {
            *last = Node::Other(Other::Function(length));
        }
        Ok(())
    }

    fn js_literal(&mut self, word: &str, node: Node<'t>) -> Result<(), Box<Diagnostic>> {
        self.spelled = true;
        self.literal(word, node)
    }

    fn literal(&mut self, word: &str, node: Node<'t>) -> Result<(), Box<Diagnostic>> {
        if !self.text.get(self.at..).is_some_and(|rest| rest.starts_with(word)) {
            return Err(self.fail("a value"));
        }
        self.at += word.len();
        self.nodes.push(node);
        Ok(())
    }

    fn string(&mut self) -> Result<Text<'t>, Box<Diagnostic>> {
        let bytes = self.text.as_bytes();
        self.at += 1;
        let start = self.at;
        let mut escaped = false;
        loop {
            self.at = crate::doc::plain_run(bytes, self.at);
            match bytes.get(self.at) {
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    match bytes.get(self.at + 1) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.at += 2,
                        Some(b'u')
                            if bytes.get(self.at + 2..self.at + 6).is_some_and(|h| {
                                h.iter().all(u8::is_ascii_hexdigit)
                            }) =>
                        {
                            self.at += 6
                        }
                        _ => return Err(self.fail("an escape (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` and four hex digits)")),
                    }
                }
                Some(0..=0x1f) => return Err(self.fail("a character (control characters must be escaped)")),
                Some(_) => self.at += 1,
                None => return Err(self.fail("`\"`")),
            }
        }
        let raw = self.text.get(start..self.at).unwrap_or_default();
        self.at += 1;
        self.escaped |= escaped;
        Ok(Text { raw, escaped })
    }

    fn number(&mut self) -> Result<(), Box<Diagnostic>> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while bytes.get(r.at).is_some_and(u8::is_ascii_digit) {
                r.at += 1;
            }
            r.at > from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.fail("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if !digits(self) {
                return Err(self.fail("a digit"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if !digits(self) {
                return Err(self.fail("a digit"));
            }
        }
        let x = json_number(self.text.get(start..self.at).unwrap_or_default());
        self.nodes.push(Node::Number(x));
        Ok(())
    }
}

// ------------------------------------------------------------------ schemas

/// What a field of a schema is.
#[derive(Clone, Copy)]
enum Ty {
    /// A string of `min..=max` code points (`null` too, when nullable).
    Str {
        min: usize,
        max: usize,
        nullable: bool,
    },
    /// A finite number.
    Num,
    /// Any JSON value, at most 32,768 bytes as `JSON.stringify` prints it.
    Json,
    /// At most 32 strings of at most 256 code points.
    Tags,
    /// At most 32 artifact refs.
    ArtifactRefs,
    Principal,
}

struct Field {
    name: &'static str,
    ty: Ty,
    required: bool,
}

const fn s(name: &'static str, min: usize, max: usize, required: bool) -> Field {
    Field { name, ty: Ty::Str { min, max, nullable: false }, required }
}

const fn f(name: &'static str, ty: Ty) -> Field {
    Field { name, ty, required: false }
}

type Schema = [Field];

/// The most fields a schema has (`WorkGraphEventCreateSchema`'s 18).
const MAX_FIELDS: usize = 18;

/// `WorkGraphEventCreateSchema`, in its order.
static EVENT_CREATE: [Field; 18] = [
    s("source_kind", 1, 128, true),
    s("source_ref", 1, 8192, true),
    s("sink_kind", 1, 128, false),
    s("sink_ref", 1, 8192, false),
    s("event_type", 1, 128, true),
    s("summary", 0, 2048, false),
    f("payload_json", Ty::Json),
    f("artifact_refs", Ty::ArtifactRefs),
    f("tags", Ty::Tags),
    s("related_session_id", 1, 256, false),
    s("related_event_id", 1, 256, false),
    s("provenance", 0, 512, false),
    s("idempotency_key", 1, 512, false),
    s("dedupe_key", 1, 512, false),
    f("confidence", Ty::Num),
    s("severity", 0, 64, false),
    f("expires_at", Ty::Num),
    Field { name: "principal", ty: Ty::Principal, required: true },
];

/// `WorkGraphEventLinkCreateSchema`.
static LINK_CREATE: [Field; 4] = [
    s("from_event_id", 1, 256, true),
    s("to_event_id", 1, 256, true),
    s("relation_type", 1, 128, true),
    f("metadata_json", Ty::Json),
];

/// `WorkGraphArtifactRefSchema`: its keys; any other key is kept.
static ARTIFACT_REF: [Field; 6] = [
    s("kind", 1, 128, true),
    s("url", 0, 8192, false),
    s("title", 0, 512, false),
    Field { name: "ref", ty: Ty::Str { min: 0, max: 8192, nullable: true }, required: false },
    s("source", 0, 128, false),
    f("created_at", Ty::Num),
];

static HUMAN: [Field; 2] = [s("kind", 1, usize::MAX, true), s("id", 1, 256, true)];
static DELEGATE: [Field; 3] =
    [s("kind", 1, usize::MAX, true), s("id", 1, 256, true), s("on_behalf_of", 1, 256, true)];

const PRINCIPAL_KINDS: &str = "'human' | 'agent' | 'service'";

/// What the store would keep of the document, to build once it passed.
#[derive(Clone, Copy)]
enum Stored {
    Fields(&'static Schema),
    Principal,
    ArtifactRef,
}

/// Whether keys outside a schema are stripped (and so worth a word).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Strip {
    Yes,
    No,
}

struct Run<'a, 't> {
    tree: &'a Tree<'t>,
    mode: Mode,
    /// Upstream's issues and the route's refusal, in upstream's order.
    errors: Vec<Diagnostic>,
    /// Everything that does not refuse.
    notes: Vec<Diagnostic>,
}

/// zod's name for what it found.
fn received<'t>(tree: &Tree<'t>, v: Option<usize>) -> Cow<'t, str> {
    if let Some(Node::Object { class: Some(class), .. }) = v.map(|v| tree.node(v)) {
        return class.lossy();
    }
    Cow::Borrowed(match v.map(|v| tree.node(v)) {
        None | Some(Node::Undefined) => "undefined",
        Some(Node::Other(other)) => other.zod_name(),
        Some(Node::Number(x)) if x.is_nan() => "NaN",
        Some(Node::Null) => "null",
        Some(Node::Bool(_)) => "boolean",
        Some(Node::Number(x)) if x == f64::INFINITY => "Infinity",
        Some(Node::Number(x)) if x == f64::NEG_INFINITY => "-Infinity",
        Some(Node::Number(_)) => "number",
        Some(Node::String(_)) => "string",
        Some(Node::Array { .. }) => "array",
        Some(Node::Object { .. } | Node::Key { .. }) => "object",
    })
}

/// This crate's name for what it found.
fn found(tree: &Tree<'_>, v: usize) -> &'static str {
    match tree.node(v) {
        Node::Undefined => "undefined",
        Node::Other(Other::BigInt) => "a BigInt",
        Node::Other(Other::Function(_)) => "a function",
        Node::Other(Other::Symbol) => "a symbol",
        Node::Number(x) if x.is_nan() => "NaN",
        Node::Number(x) if !x.is_finite() => "a number beyond the double range (Infinity)",
        Node::Null => "null",
        Node::Bool(_) => "a boolean",
        Node::Number(_) => "a number",
        Node::String(_) => "a string",
        Node::Array { .. } => "an array",
        Node::Object { .. } | Node::Key { .. } => "an object",
    }
}

impl<'t> Run<'_, 't> {
    /// zod's `invalid_type`: missing or of another type.
    fn invalid_type(&mut self, at: &Pointer, what: &str, expected: &str, v: Option<usize>) {
        let upstream = format!("Invalid input: expected {expected}, received {}", received(self.tree, v));
        let what = if at.as_str().is_empty() { "the document".to_owned() } else { format!("`{what}`") };
        let d = match v {
            None => Diagnostic::error(fields::MISSING, at, format!("{what} is required")),
            Some(v) => Diagnostic::error(
                fields::WRONG_TYPE,
                at,
                format!("{what} must be {}, found {}", article(expected), found(self.tree, v)),
            ),
        };
        self.errors.push(d.with_upstream("invalid_type", upstream));
    }

    /// The field's value (the last of equal keys) in the object at `o`.
    fn get(&self, o: usize, name: &str) -> Option<usize> {
        self.tree.kept(o).find(|(k, _)| k.is(name)).map(|(_, v)| v)
    }

    /// [`Run::get`] for zod's data, where a field holding `undefined` is
    /// there.
    fn get_for_data(&self, o: usize, name: &str) -> Option<usize> {
        self.tree.kept_for_data(o).find(|(k, _)| k.is(name)).map(|(_, v)| v)
    }

    /// The values of `schema`'s fields in the object at `o`, in the
    /// schema's order, and whether it holds other keys too.
    fn slots(&self, o: usize, schema: &Schema) -> ([Option<usize>; MAX_FIELDS], bool) {
        let mut slots = [None; MAX_FIELDS];
        let mut other = false;
        // Keys mostly come in the schema's order: the search starts after
        // the field the last key named and wraps round. A schema names each
        // field once, so where it starts changes nothing it finds.
        let mut next = 0;
        for (k, v) in self.tree.kept(o) {
            let named = |i: &usize| schema.get(*i).is_some_and(|f| k.is(f.name));
            let found = (next..schema.len()).chain(0..next).find(named);
            match found.and_then(|i| slots.get_mut(i).map(|slot| (i, slot))) {
                Some((i, slot)) => {
                    *slot = Some(v);
                    next = i + 1;
                }
                None => other = true,
            }
        }
        (slots, other)
    }

    /// Checks the object at `v` against `schema`; `false` when it is not an
    /// object at all.
    fn object(&mut self, v: usize, at: &Pointer, schema: &'static Schema, strip: Strip) -> bool {
        if !matches!(self.tree.node(v), Node::Object { .. }) {
            self.invalid_type(at, last_token(at), "object", Some(v));
            return false;
        }
        let (slots, other) = self.slots(v, schema);
        for (field, &value) in schema.iter().zip(&slots) {
            // Most fields pass: their pointer is built only when one does not.
            if !self.passes(field, value) {
                self.field(field, value, &at.key(field.name));
            } else if let (Ty::Principal, Some(p)) = (field.ty, value) {
                // A principal that passes may still hold keys zod strips.
                let schema: &Schema = if self.kind_is(p, "human") { &HUMAN } else { &DELEGATE };
                if self.slots(p, schema).1 {
                    self.stripped(p, &at.key(field.name), schema);
                }
            }
        }
        if strip == Strip::Yes && other {
            self.stripped(v, at, schema);
        }
        true
    }

    /// Whether a field's value passes every check of its schema: the
    /// reports' own walk, without places or messages.
    fn passes(&self, field: &Field, v: Option<usize>) -> bool {
        let Some(v) = v else { return !field.required };
        let node = self.tree.node(v);
        // A string has no more code points than its text has bytes, and a
        // text that is not empty has at least one (an escape is one or
        // two units), so the count is needed only near the bounds.
        let fits = |t: Text<'_>, min: usize, max: usize| {
            let sure = t.raw.len() <= max && (min == 0 || (min == 1 && !t.raw.is_empty()));
            sure || (min..=max).contains(&t.code_points())
        };
        match (field.ty, node) {
            (Ty::Str { nullable: true, .. }, Node::Null) => true,
            (Ty::Str { min, max, .. }, Node::String(t)) => fits(t, min, max),
            (Ty::Str { .. }, _) => false,
            (Ty::Num, Node::Number(x)) => x.is_finite(),
            (Ty::Num, _) => false,
            (Ty::Json, _) => self.tree.json_len(v, MAX_PAYLOAD_JSON_BYTES).is_some(),
            (Ty::Tags, Node::Array { len, .. }) => {
                len <= limits::MAX_TAGS
                    && self
                        .tree
                        .items(v)
                        .all(|i| matches!(self.tree.node(i), Node::String(t) if fits(t, 0, limits::MAX_TAG)))
            }
            (Ty::ArtifactRefs, Node::Array { len, .. }) => {
                len <= limits::MAX_ARTIFACT_REFS
                    && self.tree.items(v).all(|i| self.object_passes(i, &ARTIFACT_REF))
            }
            (Ty::Tags | Ty::ArtifactRefs, _) => false,
            (Ty::Principal, Node::Object { .. }) => {
                let schema: &Schema = if self.kind_is(v, "human") {
                    &HUMAN
                } else if self.kind_is(v, "agent") || self.kind_is(v, "service") {
                    &DELEGATE
                } else {
                    return false;
                };
                self.object_passes(v, schema)
            }
            (Ty::Principal, _) => false,
        }
    }

    fn object_passes(&self, o: usize, schema: &Schema) -> bool {
        if !matches!(self.tree.node(o), Node::Object { .. }) {
            return false;
        }
        let (slots, _) = self.slots(o, schema);
        schema.iter().zip(&slots).all(|(f, &v)| self.passes(f, v))
    }

    /// A word for each key upstream strips from the object at `o`.
    fn stripped(&mut self, o: usize, at: &Pointer, schema: &Schema) {
        for (k, _) in self.tree.kept(o) {
            if schema.iter().any(|f| k.is(f.name)) {
                continue;
            }
            let key = k.lossy();
            let place = at.key(&key);
            let d = if key == "on_behalf_of" {
                Diagnostic::new(
                    principal::OWNER_ON_HUMAN,
                    self.note_severity(),
                    &place,
                    "a human principal has no `on_behalf_of`; upstream strips it",
                )
            } else {
                Diagnostic::new(
                    fields::UNKNOWN,
                    self.note_severity(),
                    &place,
                    format!("{} is not a field upstream stores; it strips it", diagnostic::quote(&key)),
                )
            };
            self.notes.push(d);
        }
    }

    /// What a word about stripped content is: a warning for a writer, a note
    /// for a reader.
    fn note_severity(&self) -> Severity {
        match self.mode {
            Mode::Strict => Severity::Warning,
            Mode::Lenient => Severity::Info,
        }
    }

    fn field(&mut self, field: &Field, v: Option<usize>, at: &Pointer) {
        let name = field.name;
        let Some(v) = v else {
            if field.required {
                let expected = match field.ty {
                    Ty::Str { .. } => "string",
                    Ty::Num => "number",
                    Ty::Tags | Ty::ArtifactRefs => "array",
                    Ty::Principal => "object",
                    Ty::Json => return,
                };
                self.invalid_type(at, name, expected, None);
            }
            return;
        };
        match field.ty {
            Ty::Str { min, max, nullable } => {
                if nullable && matches!(self.tree.node(v), Node::Null) {
                    return;
                }
                self.string(v, at, name, min, max);
            }
            Ty::Num => {
                if !matches!(self.tree.node(v), Node::Number(x) if x.is_finite()) {
                    self.invalid_type(at, name, "number", Some(v));
                }
            }
            Ty::Json => {
                if self.tree.json_len(v, MAX_PAYLOAD_JSON_BYTES).is_none() {
                    self.errors.push(
                        Diagnostic::error(
                            limits::JSON_TOO_LARGE,
                            at,
                            format!(
                                "`{name}` is over {MAX_PAYLOAD_JSON_BYTES} UTF-8 bytes as `JSON.stringify` prints it"
                            ),
                        )
                        .with_upstream("custom", format!("{name} exceeds {MAX_PAYLOAD_JSON_BYTES} bytes")),
                    );
                }
            }
            Ty::Tags | Ty::ArtifactRefs => {
                let Node::Array { len, .. } = self.tree.node(v) else {
                    self.invalid_type(at, name, "array", Some(v));
                    self.echo_length(v, at, name, 0, limits::MAX_TAGS);
                    return;
                };
                let cap =
                    if matches!(field.ty, Ty::Tags) { limits::MAX_TAGS } else { limits::MAX_ARTIFACT_REFS };
                if len > cap {
                    // zod reports the cap alone, not the items.
                    self.errors.push(
                        Diagnostic::error(
                            limits::TOO_MANY_ITEMS,
                            at,
                            format!("`{name}` has {len} items, over the cap of {cap}"),
                        )
                        .with_upstream("too_big", format!("Too big: expected array to have <={cap} items")),
                    );
                    return;
                }
                let end = self.tree.end(v);
                let (mut i, mut n) = (v + 1, 0);
                while i < end {
                    let item = at.index(n);
                    if matches!(field.ty, Ty::Tags) {
                        self.string(i, &item, "tag", 0, limits::MAX_TAG);
                    } else {
                        self.artifact_ref(i, &item);
                    }
                    i = self.tree.end(i);
                    n += 1;
                }
            }
            Ty::Principal => {
                self.principal(v, at);
            }
        }
    }

    fn string(&mut self, v: usize, at: &Pointer, what: &str, min: usize, max: usize) {
        let Node::String(t) = self.tree.node(v) else {
            self.invalid_type(at, what, "string", Some(v));
            self.echo_length(v, at, what, min, max);
            return;
        };
        // At most 4 bytes a code point: a short text needs no count.
        if min == 0 && t.raw.len() <= max {
            return;
        }
        let len = t.code_points();
        if len < min {
            let message = if len == 0 {
                format!("`{what}` must not be empty")
            } else {
                format!("`{what}` is {len} characters long, under the minimum of {min}")
            };
            self.errors.push(Diagnostic::error(limits::STRING_TOO_SHORT, at, message).with_upstream(
                "too_small",
                format!("Too small: expected string to have >={min} characters"),
            ));
        } else if len > max {
            self.errors.push(
                Diagnostic::error(
                    limits::STRING_TOO_LONG,
                    at,
                    format!("`{what}` is {len} characters long, over the cap of {max}"),
                )
                .with_upstream("too_big", format!("Too big: expected string to have <={max} characters")),
            );
        }
    }

    /// zod measures a value of the wrong type against the length checks
    /// all the same, when it has a `length` (a string in code points, an
    /// array in items, an object by its `length` member as JavaScript
    /// compares it), and reports each check it fails after the type.
    fn echo_length(&mut self, v: usize, at: &Pointer, what: &str, min: usize, max: usize) {
        let (len, origin) = match self.tree.node(v) {
            #[allow(clippy::cast_precision_loss)] // lengths are far below 2^53
            Node::String(t) => (t.code_points() as f64, "string"),
            #[allow(clippy::cast_precision_loss)]
            Node::Array { len, .. } => (len as f64, "array"),
            Node::Object { .. } => match self.get(v, "length") {
                Some(l) => (self.to_number(l), "unknown"),
                None => return,
            },
            Node::Other(Other::Function(length)) => (length, "unknown"),
            _ => return,
        };
        let spell = |relation: &str, bound: usize| match origin {
            "string" => format!("expected string to have {relation}{bound} characters"),
            "array" => format!("expected array to have {relation}{bound} items"),
            _ => format!("expected unknown to be {relation}{bound}"),
        };
        #[allow(clippy::cast_precision_loss)]
        let (low, high) = (min as f64, max as f64);
        let issue = if min > 0 && len < low {
            ("too_small", format!("Too small: {}", spell(">=", min)))
        } else if max < usize::MAX && len > high {
            ("too_big", format!("Too big: {}", spell("<=", max)))
        } else {
            return;
        };
        self.errors.push(
            Diagnostic::error(
                fields::WRONG_TYPE,
                at,
                format!("`{what}` has the wrong type; upstream also measures its length against the field's bounds"),
            )
            .with_upstream(issue.0, issue.1),
        );
    }

    /// JavaScript's `Number(value)` of a JSON value, as `<` and `>` compare
    /// it (`NaN` where it is not a number).
    fn to_number(&self, v: usize) -> f64 {
        match self.tree.node(v) {
            Node::Number(x) => x,
            Node::Bool(b) => f64::from(u8::from(b)),
            Node::Null | Node::Array { len: 0, .. } => 0.0,
            Node::String(t) => js_number_of(&t.lossy()),
            _ => f64::NAN,
        }
    }

    fn artifact_ref(&mut self, v: usize, at: &Pointer) {
        self.object(v, at, &ARTIFACT_REF, Strip::No);
    }

    /// The discriminated union on `kind`; the member's schema, or `None`.
    fn principal(&mut self, v: usize, at: &Pointer) -> Option<&'static Schema> {
        if !matches!(self.tree.node(v), Node::Object { .. }) {
            self.invalid_type(at, "principal", "object", Some(v));
            return None;
        }
        let kind = self.get(v, "kind");
        let schema: Option<&'static Schema> = match kind.map(|k| self.tree.node(k)) {
            Some(Node::String(t)) if t.is("human") => Some(&HUMAN),
            Some(Node::String(t)) if t.is("agent") || t.is("service") => Some(&DELEGATE),
            _ => None,
        };
        let Some(schema) = schema else {
            let place = at.key("kind");
            let upstream = format!("Invalid discriminator value. Expected {PRINCIPAL_KINDS}");
            let d = match kind.map(|k| (k, self.tree.node(k))) {
                None => Diagnostic::error(fields::MISSING, &place, "`kind` is required"),
                Some((_, Node::String(t))) => Diagnostic::error(
                    vocab::UNKNOWN_VALUE,
                    &place,
                    format!(
                        "{} is not a principal kind (human, agent, service)",
                        diagnostic::quote(&t.lossy())
                    ),
                ),
                Some((k, _)) => Diagnostic::error(
                    fields::WRONG_TYPE,
                    &place,
                    format!("`kind` must be a string, found {}", found(self.tree, k)),
                ),
            };
            self.errors.push(d.with_upstream("invalid_union", upstream));
            return None;
        };
        self.object(v, at, schema, Strip::Yes);
        Some(schema)
    }

    fn event_create(&mut self, options: &Options) -> Stored {
        let root = Pointer::root();
        if !self.object(0, &root, &EVENT_CREATE, Strip::Yes) || !self.errors.is_empty() {
            return Stored::Fields(&EVENT_CREATE);
        }
        let Some(p) = self.get(0, "principal") else { return Stored::Fields(&EVENT_CREATE) };
        let at = root.key("principal");
        if let Some(owner) = &options.owner
            && !self.owned(p, owner)
        {
            self.not_owner(p, &at, owner);
            return Stored::Fields(&EVENT_CREATE);
        }
        if options.http_writer
            && let Some(v) = self.get(0, "provenance")
            && matches!(self.tree.node(v), Node::String(t) if t.is(event::NOTIFY_PROVENANCE))
        {
            self.errors.push(
                Diagnostic::error(
                    event::RESERVED_PROVENANCE,
                    &root.key("provenance"),
                    format!("`{}` is written by the hub's notify elevation only", event::NOTIFY_PROVENANCE),
                )
                .with_help("an HTTP writer names another provenance"),
            );
            return Stored::Fields(&EVENT_CREATE);
        }
        if let Some(d) = self.unaccountable(p, &at, Severity::Error) {
            self.errors.push(d);
        }
        Stored::Fields(&EVENT_CREATE)
    }

    /// A principal alone: the schema, then upstream's two functions on it
    /// (`principalMatchesAuthenticatedOwner` with an `owner`, then
    /// `isPrincipalAccountable`). Those read the value without the schema,
    /// so they answer whatever the schema said.
    fn lone_principal(&mut self, options: &Options) -> Stored {
        let root = Pointer::root();
        self.principal(0, &root);
        if let Some(owner) = &options.owner
            && !self.owned(0, owner)
        {
            self.not_owner(0, &root, owner);
            return Stored::Principal;
        }
        if let Some(d) = self.unaccountable(0, &root, Severity::Warning) {
            self.notes.push(d);
        }
        Stored::Principal
    }

    fn not_owner(&mut self, p: usize, at: &Pointer, owner: &str) {
        let field = if self.kind_is(p, "human") { "id" } else { "on_behalf_of" };
        let named = match self.get(p, field).map(|v| self.tree.node(v)) {
            Some(Node::String(t)) => t.lossy(),
            _ => Cow::Borrowed(""),
        };
        self.errors.push(
            Diagnostic::error(
                principal::NOT_OWNER,
                &at.key(field),
                format!(
                    "this principal resolves to {}, not to the authenticated owner {}",
                    diagnostic::quote(&named),
                    diagnostic::quote(owner)
                ),
            )
            .with_help("a human names the owner as `id`; an agent or service names it as `on_behalf_of`"),
        );
    }

    /// `principalMatchesAuthenticatedOwner`: a human by its `id`, an agent
    /// or service by its `on_behalf_of`, exactly.
    fn owned(&self, p: usize, owner: &str) -> bool {
        let is = |name| {
            self.get(p, name).is_some_and(|v| matches!(self.tree.node(v), Node::String(t) if t.is(owner)))
        };
        if self.kind_is(p, "human") { is("id") } else { is("on_behalf_of") }
    }

    fn kind_is(&self, p: usize, kind: &str) -> bool {
        self.get(p, "kind").is_some_and(|v| matches!(self.tree.node(v), Node::String(t) if t.is(kind)))
    }

    /// `isPrincipalAccountable`, refused as the store refuses it: a human
    /// by a non-blank `id`, an agent or a service by a non-blank
    /// `on_behalf_of` (its `id` is not looked at: upstream trims only a
    /// human's).
    fn unaccountable(&self, p: usize, at: &Pointer, severity: Severity) -> Option<Diagnostic> {
        let blank = |name| {
            self.get(p, name).is_none_or(|v| !matches!(self.tree.node(v), Node::String(t) if !t.is_blank()))
        };
        let human = self.kind_is(p, "human");
        let message = if human && blank("id") {
            "the principal's `id` is blank"
        } else if !human && blank("on_behalf_of") {
            "a non-human principal names no human owner in `on_behalf_of` (it is blank)"
        } else {
            return None;
        };
        Some(
            Diagnostic::new(principal::UNACCOUNTABLE, severity, at, message)
                .with_help("upstream's store refuses it: every event is accountable to a human"),
        )
    }

    // -------------------------------------------------------------- stored

    /// What zod hands the store, or `None` where a `Value` cannot hold it.
    fn stored(&self, stored: Stored) -> Option<Value> {
        if self.tree.depth > json::MAX_DEPTH {
            return None;
        }
        match stored {
            Stored::Fields(schema) => self.stored_object(0, schema, false),
            Stored::Principal => self.stored_principal(0),
            Stored::ArtifactRef => self.stored_object(0, &ARTIFACT_REF, true),
        }
    }

    fn stored_object(&self, o: usize, schema: &Schema, loose: bool) -> Option<Value> {
        let mut map = Map::new();
        for field in schema {
            let Some(v) = self.get_for_data(o, field.name) else { continue };
            let value = match field.ty {
                _ if matches!(self.tree.node(v), Node::Undefined) => Value::Null,
                Ty::Principal => self.stored_principal(v)?,
                Ty::ArtifactRefs => {
                    let mut items = Vec::new();
                    for i in self.tree.items(v) {
                        items.push(self.stored_object(i, &ARTIFACT_REF, true)?);
                    }
                    Value::Array(items)
                }
                _ => self.tree.value(v)?,
            };
            map.insert(field.name.to_owned(), value);
        }
        if loose {
            for (k, v) in self.tree.ordered(o) {
                if kept_beside(schema, k) {
                    map.insert(string(k)?, self.tree.value(v)?);
                }
            }
        }
        Some(Value::Object(map))
    }

    fn stored_principal(&self, p: usize) -> Option<Value> {
        self.stored_object(p, self.principal_schema(p), false)
    }

    /// The fields a principal keeps when stored: a human's `on_behalf_of`
    /// is stripped.
    fn principal_schema(&self, p: usize) -> &'static Schema {
        if self.kind_is(p, "human") { &HUMAN } else { &DELEGATE }
    }

    /// The notes for an accepted document no `Value` can hold: why
    /// `normalized` is missing, and the secret scan of each stored top-level
    /// field read straight from the text.
    fn unstorable_notes(&mut self, scan: bool, left_out: bool) {
        if left_out {
            let why = if self.tree.depth > json::MAX_DEPTH {
                format!("it nests {} levels deep, deeper than {}", self.tree.depth, json::MAX_DEPTH)
            } else {
                "it holds a lone surrogate, which JSON text can carry only escaped".to_owned()
            };
            self.notes.push(Diagnostic::info(
                NOT_STORED,
                &Pointer::root(),
                format!("upstream's schema accepts the document, but `normalized` is left out: {why}"),
            ));
        }
        if !scan || !matches!(self.tree.node(0), Node::Object { .. }) {
            return;
        }
        let mut found = Vec::new();
        for (k, v) in self.tree.kept(0) {
            let mut codes = Vec::new();
            for node in self.tree.nodes.get(v..self.tree.end(v)).unwrap_or_default() {
                if let Node::String(t) | Node::Key { text: t, shadowed: false, .. } = node {
                    codes.extend(secrets::scan_text(&t.lossy()));
                }
            }
            crate::sort::list(&mut codes, &Ord::cmp);
            codes.dedup();
            let at = Pointer::root().key(&k.lossy());
            found.extend(codes.into_iter().map(|c| (c, at.clone())));
        }
        for (code, at) in found {
            self.notes.push(Diagnostic::warning(
                code,
                &at,
                "this field embeds a credential; refer to where it is kept instead",
            ));
        }
    }
}

/// A number in JSON's grammar (checked by the reader), rounded as
/// JavaScript rounds it, `±inf` beyond the double range, as `JSON.parse`
/// gives `±Infinity`. serde_json's reader, which the crate links anyway,
/// rounds correctly and refuses only what is out of range.
fn json_number(text: &str) -> f64 {
    serde_json::from_str::<f64>(text).unwrap_or(if text.starts_with('-') {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

/// JavaScript's `Number(string)`: white space trimmed, the empty string 0,
/// decimal (`1.`, `.5`, `+1`, `007` too), `0x`/`0o`/`0b` integers and
/// `Infinity`; anything else `NaN`.
fn js_number_of(s: &str) -> f64 {
    let s = crate::js::whitespace::js_trim(s);
    if s.is_empty() {
        return 0.0;
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = s.strip_prefix(prefix) {
            let mut n = 0.0;
            for c in digits.chars() {
                let Some(d) = c.to_digit(radix) else { return f64::NAN };
                n = n * f64::from(radix) + f64::from(d);
            }
            return if digits.is_empty() { f64::NAN } else { n };
        }
    }
    let negative = s.starts_with('-');
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    if unsigned == "Infinity" {
        return if negative { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (unsigned, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) || !exponent_ok {
        return f64::NAN;
    }
    // The same number in JSON's grammar.
    let int = int.trim_start_matches('0');
    let mut text = String::with_capacity(s.len() + 3);
    if negative {
        text.push('-');
    }
    text.push_str(if int.is_empty() { "0" } else { int });
    if !frac.is_empty() {
        text.push('.');
        text.push_str(frac);
    }
    if let Some(e) = exponent {
        text.push('e');
        text.push_str(e);
    }
    json_number(&text)
}

fn article(expected: &str) -> &'static str {
    match expected {
        "object" => "an object",
        "array" => "an array",
        "number" => "a finite number",
        _ => "a string",
    }
}

/// The last token of a pointer, for a message about what stands there.
fn last_token(at: &Pointer) -> &str {
    at.as_str().rsplit('/').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome of an `upstream` call on a JavaScript caller's text.
    fn js(kind: DocumentKind, text: &str) -> Outcome {
        let options =
            Options { js_values: true, profile: crate::request::Profile::Upstream, ..Options::default() };
        validate_text(kind, Mode::Strict, text, &options, true)
    }

    fn upstream_messages(o: &Outcome) -> Vec<String> {
        o.diagnostics
            .iter()
            .filter_map(|d| d.upstream.as_ref().map(|u| format!("{} {}", d.instance_path, u.message)))
            .collect()
    }

    #[test]
    fn a_javascript_callers_words_are_values_of_their_own() {
        let o = js(DocumentKind::Principal, r#"{"kind":"human","id":function(0),"on_behalf_of":undefined}"#);
        assert_eq!(
            upstream_messages(&o),
            [
                "/id Invalid input: expected string, received function",
                "/id Too small: expected unknown to be >=1"
            ]
        );
        let o =
            js(DocumentKind::ArtifactRef, r#"{"x":function(2),"kind":@"Date"{},"ref":NaN,"url":undefined}"#);
        assert_eq!(
            upstream_messages(&o),
            [
                "/kind Invalid input: expected string, received Date",
                "/ref Invalid input: expected string, received NaN"
            ]
        );
        let o = js(
            DocumentKind::ArtifactRef,
            r#"{"kind":"k","title":@"String"{"length":600},"n":bigint,"s":symbol}"#,
        );
        assert_eq!(
            upstream_messages(&o),
            [
                "/title Invalid input: expected string, received String",
                "/title Too big: expected unknown to be <=512"
            ]
        );
        // An object with a class is an object where the schema wants one.
        assert!(js(DocumentKind::Principal, r#"@"Map"{"kind":"human","id":"1"}"#).valid);
        // undefined is absent for the checks, and there for zod's data.
        let o = js(DocumentKind::ArtifactRef, r#"{"kind":"k","url":undefined}"#);
        assert!(o.valid);
        assert_eq!(o.normalized, Some(serde_json::json!({"kind": "k", "url": null})));
    }

    #[test]
    fn json_text_never_reads_a_javascript_word() {
        let options = Options { profile: crate::request::Profile::Upstream, ..Options::default() };
        for text in [
            r#"{"kind":"k","ref":NaN}"#,
            r#"{"kind":"k","x":undefined}"#,
            r#"{"kind":@"Date"{}}"#,
            r#"{"kind":"k","f":function(0)}"#,
        ] {
            let o = validate_text(DocumentKind::ArtifactRef, Mode::Strict, text, &options, true);
            assert_eq!(o.diagnostics.first().map(|d| d.code.as_str()), Some("parse/invalid-json"), "{text}");
        }
    }

    #[test]
    fn numbers_read_as_javascript_reads_them() {
        for text in
            ["0", "-0", "0.1", "1e21", "123456789012345678901234567890", "2.5e-324", "1.7976931348623157e308"]
        {
            assert_eq!(json_number(text).to_bits(), text.parse::<f64>().unwrap().to_bits(), "{text}");
        }
        assert_eq!(json_number("1e400"), f64::INFINITY);
        assert_eq!(json_number("-1e400"), f64::NEG_INFINITY);
        assert_eq!(json_number("1e-400"), 0.0);
    }

    /// `secrets_absent` trusts the reader's note of an escape in place of
    /// a search of the text for a backslash.
    #[test]
    fn the_tree_notes_an_escape_where_the_text_has_a_backslash() {
        for text in [
            r#"{"a":"b"}"#,
            r#"{"a\n":1}"#,
            r#"{"a":"\u0041"}"#,
            r#"["x",{"k":"\\"}]"#,
            r#"{"a":["b\"c"],"d":"e"}"#,
            r#"[1,"\/",true]"#,
            "[]",
            r#""plain""#,
        ] {
            let Ok(tree) = Tree::parse(text, false) else { panic!("not read: {text}") };
            assert_eq!(tree.escaped, text.contains('\\'), "{text}");
        }
    }

    /// `Run::slots` starts its search where the last key matched, which
    /// finds the same field only while a schema names each field once.
    #[test]
    fn every_schema_names_each_field_once() {
        let schemas: [&Schema; 5] = [&EVENT_CREATE, &LINK_CREATE, &ARTIFACT_REF, &HUMAN, &DELEGATE];
        for schema in schemas {
            assert!(schema.len() <= MAX_FIELDS);
            for (i, f) in schema.iter().enumerate() {
                assert!(schema.iter().skip(i + 1).all(|g| g.name != f.name), "{} twice", f.name);
            }
        }
    }

    #[test]
    fn number_of_a_string_as_javascript_converts_it() {
        for (text, want) in [
            ("", 0.0),
            (" 12 ", 12.0),
            ("1.", 1.0),
            (".5", 0.5),
            ("+7", 7.0),
            ("007", 7.0),
            ("-2e1", -20.0),
            ("0x1f", 31.0),
            ("0b101", 5.0),
            ("-Infinity", f64::NEG_INFINITY),
        ] {
            assert_eq!(js_number_of(text), want, "{text}");
        }
        for text in ["inf", "NaN", "1e", ".", "0x", "-0x1", "1_000", "12px"] {
            assert!(js_number_of(text).is_nan(), "{text}");
        }
    }
}
