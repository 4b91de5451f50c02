//! The stored form written as JSON text straight from the text's tree:
//! the bytes `serde_json` writes for the `Value` that [`Run::stored`]
//! builds, without building it. A call's answer carries the stored form as
//! text, and building the `Value` to write it added about 70 % to the
//! instructions of such a call (see
//! [`validate_text_writing`](super::validate_text_writing)).

use super::{ARTIFACT_REF, Decoded, Node, Run, Schema, Stored, Text, Tree, Ty, number_value};
use crate::json;

impl Tree<'_> {
    /// [`Tree::value`] written into `out` as the JSON text `serde_json`
    /// writes for it, without building it; `None` (with `out` part written)
    /// where `value` is `None`.
    fn write_value(&self, v: usize, out: &mut String) -> Option<()> {
        match self.node(v) {
            Node::Null => out.push_str("null"),
            Node::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            Node::Number(x) => write_number(x, out),
            Node::String(t) => write_text(t, out)?,
            Node::Array { .. } => {
                out.push('[');
                for (n, i) in self.items(v).enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    self.write_value(i, out)?;
                }
                out.push(']');
            }
            Node::Object { .. } => {
                out.push('{');
                for (n, (k, value)) in self.ordered(v).into_iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    write_text(k, out)?;
                    out.push(':');
                    self.write_value(value, out)?;
                }
                out.push('}');
            }
            Node::Key { .. } => return None,
        }
        Some(())
    }
}

/// The number a `Value` holds for `x` ([`number_value`]), as `serde_json`
/// writes it.
fn write_number(x: f64, out: &mut String) {
    out.push_str(&number_value(x).to_string());
}

/// A string or key as `serde_json` writes the `String` that
/// [`string`](super::string) makes of it; `None` where that is `None` (a
/// lone surrogate). Text with no escape is written as it stands: it holds
/// no quote, backslash or control character, so `serde_json` escapes
/// nothing in it.
fn write_text(t: Text<'_>, out: &mut String) -> Option<()> {
    if !t.escaped {
        out.push('"');
        out.push_str(t.raw);
        out.push('"');
        return Some(());
    }
    match t.decode() {
        Decoded::Str(s) => json::write_string(out, &s),
        Decoded::Units(_) => return None,
    }
    Some(())
}

impl Run<'_, '_> {
    /// [`Run::stored`] written into `out` as the JSON text `serde_json`
    /// writes for it, without building it; `None` where `stored` is `None`.
    pub(super) fn write_stored(&self, stored: Stored, out: &mut String) -> Option<()> {
        if self.tree.depth > json::MAX_DEPTH {
            return None;
        }
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
        for field in schema {
            let Some(v) = self.get(o, field.name) else { continue };
            next_member(out);
            json::write_string(out, field.name);
            out.push(':');
            match field.ty {
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
                if !schema.iter().any(|f| k.is(f.name)) {
                    next_member(out);
                    write_text(k, out)?;
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
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::fields::Mode;
    use crate::upstream::{EVENT_CREATE, LINK_CREATE};

    /// Written straight, a value and each stored form are the text serde
    /// writes for the `Value` the tree builds; where none holds them,
    /// nothing is.
    fn written_as_built(text: &str) {
        let Ok(tree) = Tree::parse(text) else { panic!("not read: {text}") };
        let mut out = String::new();
        let written = tree.write_value(0, &mut out).map(|()| out);
        assert_eq!(written, tree.value(0).map(|v| v.to_string()), "{text}");
        let run = Run { tree: &tree, mode: Mode::Strict, errors: Vec::new(), notes: Vec::new() };
        for stored in [
            Stored::Fields(&EVENT_CREATE),
            Stored::Fields(&LINK_CREATE),
            Stored::Principal,
            Stored::ArtifactRef,
        ] {
            let mut out = String::new();
            let written = run.write_stored(stored, &mut out).map(|()| out);
            assert_eq!(written, run.stored(stored).map(|v| v.to_string()), "{text}");
        }
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
