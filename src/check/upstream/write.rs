//! The stored form written as JSON text straight from the text's tree:
//! the bytes `serde_json` writes for the `Value` that [`Run::stored`]
//! builds, without building it; and whether it is the document's own keys
//! as given ([`Run::stored_as_given`]), when it need not be written at all. A call's answer carries the stored form as
//! text, and building the `Value` to write it added about 70 % to the
//! instructions of such a call (see
//! [`validate_text_writing`](super::validate_text_writing)).

use super::run::Run;
use super::schema::{ARTIFACT_REF, Schema, Stored, Ty, kept_beside};
use super::tree::{Decoded, Node, Text, Tree, array_index};
use crate::js::number::json_value;
use crate::json;

impl Tree<'_> {
    /// [`Tree::value`] written into `out` as the JSON text `serde_json`
    /// writes for it, without building it. Where no `Value` holds it, it is
    /// written all the same as `JSON.parse` would read it back: a lone
    /// surrogate as its `\uXXXX` escape, nesting at any depth (the walk
    /// keeps its own stack).
    fn write_value(&self, v: usize, out: &mut String) -> Option<()> {
        /// A container being written: the members left, and how many came.
        /// `Plain` is an object whose members `JSON.parse` lists as written
        /// (each key once, none an array index), read in place from the
        /// member whose key is at `next`.
        enum Open<'t> {
            Array { next: usize, end: usize, written: usize },
            Object { members: Vec<(Text<'t>, usize)>, next: usize, written: usize },
            Plain { next: usize, end: usize, written: usize },
        }
        let mut open: Vec<Open<'_>> = Vec::new();
        let mut at = Some(v);
        loop {
            if let Some(i) = at.take() {
                match self.node(i) {
                    // JavaScript's values JSON has no spelling for come only
                    // in a JavaScript caller's text, whose data holds the
                    // caller's own value: `null` marks their place.
                    Node::Null | Node::Undefined | Node::Other(_) => out.push_str("null"),
                    Node::Key { .. } => return None,
                    Node::Bool(b) => out.push_str(if b { "true" } else { "false" }),
                    Node::Number(x) => write_number(x, out),
                    Node::String(t) => write_text(t, out),
                    Node::Array { end, .. } => {
                        out.push('[');
                        open.push(Open::Array { next: i + 1, end, written: 0 });
                    }
                    Node::Object { end, .. } if self.listed_as_written(i) => {
                        out.push('{');
                        open.push(Open::Plain { next: i + 1, end, written: 0 });
                    }
                    Node::Object { .. } => {
                        out.push('{');
                        let mut members = self.ordered(i);
                        members.retain(|&(_, value)| !self.unwritten(value));
                        open.push(Open::Object { members, next: 0, written: 0 });
                    }
                }
            }
            let Some(top) = open.last_mut() else { return Some(()) };
            match top {
                Open::Array { next, end, written } if *next < *end => {
                    if *written > 0 {
                        out.push(',');
                    }
                    *written += 1;
                    at = Some(*next);
                    *next = self.end(*next);
                }
                Open::Object { members, next, written } if *next < members.len() => {
                    let (k, value) = members.get(*next).copied()?;
                    if *written > 0 {
                        out.push(',');
                    }
                    *written += 1;
                    *next += 1;
                    write_text(k, out);
                    out.push(':');
                    at = Some(value);
                }
                Open::Plain { next, end, written } if *next < *end => {
                    let (k, value) = (*next, *next + 1);
                    *next = self.end(value);
                    if self.unwritten(value) {
                        continue;
                    }
                    let Node::Key { text, .. } = self.node(k) else { return None };
                    if *written > 0 {
                        out.push(',');
                    }
                    *written += 1;
                    write_text(text, out);
                    out.push(':');
                    at = Some(value);
                }
                Open::Array { .. } => {
                    out.push(']');
                    open.pop();
                }
                Open::Object { .. } | Open::Plain { .. } => {
                    out.push('}');
                    open.pop();
                }
            }
        }
    }

    /// Every key of the object at `o` is its only one and no array index:
    /// [`Tree::ordered`] would list its members as they stand.
    fn listed_as_written(&self, o: usize) -> bool {
        self.members(o).all(|(k, _)| {
            matches!(self.node(k), Node::Key { text, shadowed: false, first: true } if array_index(text).is_none())
        })
    }
}

/// The number a `Value` holds for `x` ([`json_value`]), as `serde_json`
/// writes it.
fn write_number(x: f64, out: &mut String) {
    out.push_str(&json_value(x).to_string());
}

/// A string or key as `serde_json` writes the `String` that
/// [`string`](super::string) makes of it; one that holds a lone surrogate
/// (which no `String` can) with that surrogate as its `\uXXXX` escape.
/// Text with no escape is written as it stands: it holds no quote,
/// backslash or control character, so `serde_json` escapes nothing in it.
fn write_text(t: Text<'_>, out: &mut String) {
    if !t.escaped {
        out.push('"');
        out.push_str(t.raw);
        out.push('"');
        return;
    }
    match t.decode() {
        Decoded::Str(s) => json::write_string(out, &s),
        Decoded::Units(units) => {
            let mut run = String::new();
            let mut body = String::new();
            let flush = |run: &mut String, body: &mut String| {
                if !run.is_empty() {
                    let mut quoted = String::new();
                    json::write_string(&mut quoted, run);
                    body.push_str(quoted.get(1..quoted.len() - 1).unwrap_or_default());
                    run.clear();
                }
            };
            for c in char::decode_utf16(units.iter().copied()) {
                match c {
                    Ok(c) => run.push(c),
                    Err(e) => {
                        flush(&mut run, &mut body);
                        body.push_str(&format!("\\u{:04x}", e.unpaired_surrogate()));
                    }
                }
            }
            flush(&mut run, &mut body);
            out.push('"');
            out.push_str(&body);
            out.push('"');
        }
    }
}

impl Run<'_, '_> {
    /// [`Run::stored`] written into `out` as the JSON text `serde_json`
    /// writes for it, without building it. Where no `Value` holds it (a
    /// lone surrogate, nesting deeper than [`json::MAX_DEPTH`]) it is written
    /// all the same ([`Tree::write_value`]).
    pub(super) fn write_stored(&self, stored: Stored, out: &mut String) -> Option<()> {
        match stored {
            Stored::Fields(schema) => self.write_stored_object(0, schema, false, out),
            Stored::Principal => self.write_stored_principal(0, out),
            Stored::ArtifactRef => self.write_stored_object(0, &ARTIFACT_REF, true, out),
        }
    }

    /// [`Run::stored_object`], written.
    fn write_stored_object(&self, o: usize, schema: &Schema, loose: bool, out: &mut String) -> Option<()> {
        out.push('{');
        let mut members = 0;
        let mut next_member = |out: &mut String| {
            if members > 0 {
                out.push(',');
            }
            members += 1;
        };
        let slots = self.slots_for_data(o, schema);
        for (field, &slot) in schema.iter().zip(&slots) {
            let Some(v) = slot else { continue };
            next_member(out);
            // A schema's names are plain (a test holds them so): in quotes,
            // as they stand, they are what JSON's escaping writes.
            out.push('"');
            out.push_str(field.name);
            out.push_str("\":");
            match field.ty {
                _ if matches!(self.tree.node(v), Node::Undefined) => out.push_str("null"),
                Ty::Principal => self.write_stored_principal(v, out)?,
                Ty::ArtifactRefs => {
                    out.push('[');
                    for (n, i) in self.tree.items(v).enumerate() {
                        if n > 0 {
                            out.push(',');
                        }
                        self.write_stored_object(i, &ARTIFACT_REF, true, out)?;
                    }
                    out.push(']');
                }
                _ => self.tree.write_value(v, out)?,
            }
        }
        if loose {
            for (k, v) in self.tree.ordered(o) {
                if kept_beside(schema, k) {
                    next_member(out);
                    write_text(k, out);
                    out.push(':');
                    self.tree.write_value(v, out)?;
                }
            }
        }
        out.push('}');
        Some(())
    }

    /// [`Run::stored_principal`], written.
    fn write_stored_principal(&self, p: usize, out: &mut String) -> Option<()> {
        self.write_stored_object(p, self.principal_schema(p), false, out)
    }

    /// Whether the stored form holds the document's own keys in the
    /// document's order in every object it rebuilds (the root, an event's
    /// principal, each artifact ref), so that a caller holding the document
    /// as a value has zod's data by copying those objects and keeping every
    /// value. Asked of a document whose schema passed. Any doubt answers
    /// `false`: a key named twice or escaped, an array-index key (JavaScript
    /// moves those to the front), a key zod strips or assigns (`__proto__`).
    pub(super) fn stored_as_given(&self, stored: Stored) -> bool {
        match stored {
            Stored::Fields(schema) => self.object_as_given(0, schema, false),
            Stored::Principal => self.object_as_given(0, self.principal_schema(0), false),
            Stored::ArtifactRef => self.object_as_given(0, &ARTIFACT_REF, true),
        }
    }

    /// [`Run::stored_as_given`] of the object at `o`: its keys are the
    /// schema's in the schema's order, then (`loose`) any others in their
    /// own order, as [`Run::write_stored_object`] writes them.
    fn object_as_given(&self, o: usize, schema: &Schema, loose: bool) -> bool {
        if !matches!(self.tree.node(o), Node::Object { .. }) {
            return false;
        }
        // The schema's fields before `next` are behind; once a key outside
        // the schema came, no field may follow.
        let (mut next, mut beside) = (0, false);
        for (k, v) in self.tree.members(o) {
            let Node::Key { text, shadowed: false, first: true } = self.tree.node(k) else { return false };
            if text.escaped || super::tree::array_index(text).is_some() {
                return false;
            }
            // Searched from the next field on: in a document as given, the
            // field is there or nowhere.
            let ahead = schema.get(next..).unwrap_or_default();
            let Some((i, field)) = ahead.iter().enumerate().find(|(_, f)| f.name == text.raw) else {
                if loose && kept_beside(schema, text) {
                    beside = true;
                    continue;
                }
                return false;
            };
            if beside {
                return false;
            }
            next += i + 1;
            let nested = match (field.ty, self.tree.node(v)) {
                (_, Node::Undefined) => true,
                (Ty::Principal, _) => self.object_as_given(v, self.principal_schema(v), false),
                (Ty::ArtifactRefs, _) => {
                    self.tree.items(v).all(|r| self.object_as_given(r, &ARTIFACT_REF, true))
                }
                _ => true,
            };
            if !nested {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::fields::Mode;
    use crate::upstream::schema::{EVENT_CREATE, LINK_CREATE};

    /// Written straight, a value and each stored form are the text serde
    /// writes for the `Value` the tree builds; where none holds them, JSON
    /// text that reads back as the same tree.
    fn written_as_built(text: &str) {
        let Ok(tree) = Tree::parse(text, false) else { panic!("not read: {text}") };
        let mut out = String::new();
        let written = tree.write_value(0, &mut out).map(|()| out);
        match tree.value(0) {
            Some(v) => assert_eq!(written, Some(v.to_string()), "{text}"),
            None => reads_back(text, written.as_deref()),
        }
        let run = Run { tree: &tree, mode: Mode::Strict, errors: Vec::new(), notes: Vec::new() };
        for stored in [
            Stored::Fields(&EVENT_CREATE),
            Stored::Fields(&LINK_CREATE),
            Stored::Principal,
            Stored::ArtifactRef,
        ] {
            let mut out = String::new();
            let written = run.write_stored(stored, &mut out).map(|()| out);
            match run.stored(stored) {
                Some(v) => assert_eq!(written, Some(v.to_string()), "{text}"),
                None => assert!(written.is_some_and(|w| Tree::parse(&w, false).is_ok()), "{text}"),
            }
        }
    }

    /// `written` is JSON text whose strings and keys are the text's, unit
    /// for unit, and whose shape is the same.
    fn reads_back(text: &str, written: Option<&str>) {
        let Some(written) = written else { panic!("nothing written for {text}") };
        let Ok(back) = Tree::parse(written, false) else { panic!("{written} does not read back") };
        let Ok(tree) = Tree::parse(text, false) else { return };
        let strings = |t: &Tree<'_>| -> Vec<Vec<u16>> {
            t.nodes
                .iter()
                .filter_map(|n| match n {
                    Node::String(s) | Node::Key { text: s, .. } => Some(s.units()),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(strings(&back), strings(&tree), "{text} -> {written}");
        assert_eq!(back.depth, tree.depth, "{text} -> {written}");
    }

    #[test]
    fn a_value_no_value_holds_is_written_all_the_same() {
        let text = r#"{"s":"\ud800","\udc00k":["a\ud83d\n"]}"#;
        let Ok(tree) = Tree::parse(text, false) else { panic!("not read") };
        let mut out = String::new();
        assert_eq!(tree.write_value(0, &mut out), Some(()));
        assert_eq!(out, r#"{"s":"\ud800","\udc00k":["a\ud83d\n"]}"#);
        reads_back(text, Some(&out));
        let deep = format!("{}1{}", "[".repeat(5000), "]".repeat(5000));
        let Ok(tree) = Tree::parse(&deep, false) else { panic!("not read") };
        let mut out = String::new();
        assert_eq!(tree.write_value(0, &mut out), Some(()));
        assert_eq!(out, deep);
    }

    #[test]
    fn stored_forms_are_written_as_serde_writes_them() {
        for text in [
            r#"{"z":1,"kind":"file","2":"b","title":"t","1":"a","url":"https://example.test/x","ref":null}"#,
            r#"{"b":1,"1":2,"0":3,"01":4,"4294967295":5,"4294967294":6}"#,
            r#"{"a":1,"a":2,"b":[1,-0,1e400,12345678901234567890,0.1,1e21,-2.5e-7,9007199254740993]}"#,
            r#"{"\u0061":"\u00e9\n\"\t\u0001\u001f","k\\ey":"\ud83d\ude00","a":"\/"}"#,
            r#"{"s":"\ud800"}"#,
            r#"{"\udc00":1}"#,
            r#"{"source_kind":"s","source_ref":"r","event_type":"note","x":{"y":[]},
              "principal":{"kind":"human","id":"1","on_behalf_of":"2","id":"3"},
              "artifact_refs":[{"kind":"file","9":true,"extra":{"b":1,"0":2}},{"kind":"url","ref":"r"}],
              "payload_json":{"n":[null,false,{}]},"tags":["a"],"expires_at":1.5,"confidence":-0}"#,
            r#"{"kind":"agent","id":"a","on_behalf_of":"h","note":1}"#,
            r#"{"kind":"human","id":"1","on_behalf_of":"2"}"#,
            r#"{"from_event_id":"a","to_event_id":"b","relation_type":"r","metadata_json":{"k":"v"},"x":1}"#,
            r#"[1,"two",{"3":[]}]"#,
            r#""str""#,
            "-0",
            "null",
        ] {
            written_as_built(text);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_value_is_written_as_serde_writes_it(
            v in crate::doc::tests::values(),
            again in proptest::bool::ANY,
        ) {
            let text = v.to_string();
            // Its first key named once more at the front: the last value
            // is kept at the first place.
            let twice = match (v.as_object().and_then(|o| o.iter().next()), text.strip_prefix('{')) {
                (Some((k, _)), Some(rest)) if again => {
                    format!("{{{}:0,{rest}", Value::String(k.clone()))
                }
                _ => text.clone(),
            };
            written_as_built(&text);
            written_as_built(&twice);
        }
    }
}
