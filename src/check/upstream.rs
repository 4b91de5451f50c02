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
//! surrogate, or nesting deeper than [`crate::json::MAX_DEPTH`].
//!
//! The files, lowest first: `tree` (the document as `JSON.parse` holds
//! it), `reader` (text to tree), `schema` (zod's schemas as tables), `run`
//! (the schema and route checks, in zod's words), `write` (what the store
//! keeps); this file reads, runs and answers.

use serde_json::Value;

use crate::diagnostic::{self, Diagnostic};
use crate::fields::Mode;
use crate::pointer::Pointer;
use crate::request::{DocumentKind, Options, Outcome};
use crate::{locality, secrets};

mod tree;
mod reader;
mod schema;
mod run;
mod write;

use run::Run;
use schema::{LINK_CREATE, Stored, Strip};
use tree::Tree;

pub(crate) use run::CODES;
pub(crate) use tree::duplicate_note;

/// The kinds upstream has rules for.
pub const DECIDES: &[DocumentKind] = &[
    DocumentKind::EventCreate,
    DocumentKind::LinkCreate,
    DocumentKind::Principal,
    DocumentKind::ArtifactRef,
];

/// Decides `text` as upstream would; `normalize` asks for the stored form,
/// which `unless_as_given` leaves out where it holds the document's own
/// keys in the document's order ([`Run::stored_as_given`]).
pub(crate) fn validate_text(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
    normalize: bool,
    unless_as_given: bool,
) -> Outcome {
    decide(kind, mode, text, options, if normalize { Form::Value } else { Form::None }, unless_as_given).0
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
    unless_as_given: bool,
) -> (Outcome, Option<String>) {
    decide(kind, mode, text, options, Form::Text, unless_as_given)
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
    unless_as_given: bool,
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
    // Warnings and notes nobody asked for are not looked for: the secret
    // scan and a sink's locality only ever warn here.
    let look = !options.errors_only;
    if look {
        tree.duplicate_notes(&mut run.notes);
    }
    let valid = run.errors.is_empty();
    // What zod parsed exists once the schema passed, whatever the route and
    // the store then decide: the answer keeps it, as `safeParse` hands it
    // back (a hub stores only what is `valid`). Built when it is asked for
    // or the warnings need to read it; left out, when the caller said so,
    // where it is the document's own keys in its order.
    let parsed = !run.errors.iter().any(|d| d.upstream.is_some());
    let form = if unless_as_given && parsed && run.stored_as_given(stored) { Form::None } else { form };
    let scan = look && !secrets_absent(&tree, text);
    let read = scan || (look && options.sink.is_some());
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
    if !look {
        notes.clear();
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome of an `upstream` call on a JavaScript caller's text.
    fn js(kind: DocumentKind, text: &str) -> Outcome {
        let options =
            Options { js_values: true, profile: crate::request::Profile::Upstream, ..Options::default() };
        validate_text(kind, Mode::Strict, text, &options, true, false)
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
            let o = validate_text(DocumentKind::ArtifactRef, Mode::Strict, text, &options, true, false);
            assert_eq!(o.diagnostics.first().map(|d| d.code.as_str()), Some("parse/invalid-json"), "{text}");
        }
    }

    /// `Tree::json_fits` skips the walk where the text's length and 24
    /// bytes a node bound what any of its values prints: the bound holds for
    /// every value of texts that spell numbers in their shortest and their
    /// longest ways, escapes, blanks and shadowed keys.
    #[test]
    fn no_value_prints_longer_than_its_texts_bound() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut texts: Vec<String> = [
            "1e20",
            "[9e20,-1e20,1e-6,-1e-7,-0,1E400,5e-324]",
            "-0.0000012345678901234567",
            r#"{"a":1,"a":"\u0041\ud800\u2028\n","b":[ 1 , 2 ]}"#,
            "{ \"k\" : [ true , false , null ] }",
        ]
        .map(str::to_owned)
        .to_vec();
        for _ in 0..2000 {
            let mut text = String::from("[");
            for i in 0..(next() % 12) {
                if i > 0 {
                    text.push(',');
                }
                match next() % 4 {
                    // Any finite double, in Rust's shortest spelling.
                    0 => {
                        let x = f64::from_bits(next());
                        text.push_str(&if x.is_finite() { format!("{x:e}") } else { "0".to_owned() });
                    }
                    // A power of ten written short, printed long.
                    1 => text.push_str(&format!("{}e{}", next() % 10, (next() % 44) as i64 - 22)),
                    2 => text.push_str(r#""\u00e9\ud83d\ude00\"\/x""#),
                    _ => text.push_str(r#"{"k":1, "k":{"j" : [0.5]}}"#),
                }
            }
            text.push(']');
            texts.push(text);
        }
        for text in &texts {
            let Ok(tree) = Tree::parse(text, false) else { panic!("not read: {text}") };
            let bound = text.len() + 24 * tree.nodes.len();
            for v in 0..tree.nodes.len() {
                if matches!(tree.node(v), tree::Node::Key { .. }) {
                    continue;
                }
                let printed = tree.json_len(v, usize::MAX);
                assert!(printed.is_some_and(|n| n <= bound), "{text}: node {v} prints {printed:?} > {bound}");
            }
        }
    }

    /// Keys are compared inline, two words at most: equal exactly where
    /// the bytes are, whatever the length and wherever they differ.
    #[test]
    fn keys_compare_as_their_bytes() {
        for len in 0..=40usize {
            let a: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(tree::same_bytes(&a, &a.clone()), "{len}");
            for at in 0..len {
                let mut b = a.clone();
                if let Some(c) = b.get_mut(at) {
                    *c ^= 0x20;
                }
                assert!(!tree::same_bytes(&a, &b), "{len}: differs at {at}");
            }
            assert!(!tree::same_bytes(&a, a.get(..len.saturating_sub(1)).unwrap_or_default()) || len == 0);
        }
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
}
