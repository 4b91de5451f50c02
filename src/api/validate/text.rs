//! The common `validate` call read without a tree: `{"kind": "...",
//! "mode": "...", "documentText": "...", "httpWriter": bool, "profile":
//! "...", "withNormalized": bool, "owner": "...", "jsValues": bool,
//! "withColumns": bool, "errorsOnly": bool, "keysAsGiven": bool}` with
//! plain values, in any
//! order, each at most once (`kind` and `documentText` required).
//!
//! The generic path parses the whole call into a `Value` (the document text
//! is one long escaped string in it) and then deserialises the call type
//! from that tree. Here the call's few keys are read in one pass and the
//! document text is unescaped once. Anything else — another field, a
//! repeated key, an escaped key, a value of another type, an unknown kind,
//! text after the object — is left to the generic path, which answers it
//! with its codes; a test holds both paths to the same bytes.
//!
//! The answer is written here as text too, not through serde; the
//! document, where the answer keeps it, is the text serde writes for it.

use std::borrow::Cow;

use crate::diagnostic::{Diagnostic, Severity};
use crate::fields::Mode;
use crate::json::lex::{Lexer, Policy};
use crate::json::write_string;
use crate::validate::{self, DocumentKind, Options};

/// The answer to a `validate` call in the common shape, or `None` when the
/// generic path must read the call.
pub(in crate::api) fn validate_call_text(input: &str) -> Option<String> {
    let call = read_call(input)?;
    let kind = DocumentKind::from_name(call.kind)?;
    // An unknown profile, or one that does not decide the kind, is the
    // generic path's call error.
    let profile = super::profile(call.profile, kind).ok()?;
    let options = Options {
        http_writer: call.http_writer.unwrap_or(false),
        owner: call.owner.map(str::to_owned),
        profile,
        js_values: call.js_values.unwrap_or(false),
        errors_only: call.errors_only.unwrap_or(false),
        ..Options::default()
    };
    let mode = call.mode.unwrap_or_default();
    let with_columns = call.with_columns.unwrap_or(false);
    // Columns a call may not ask for are the generic path's call error.
    if with_columns && super::columns_of(kind, options.js_values).is_err() {
        return None;
    }
    let wanted = Wanted {
        normalized: call.with_normalized != Some(false),
        columns: with_columns,
        unless_as_given: call.keys_as_given.unwrap_or(false),
    };
    Some(answer_document(kind, mode, &call.text, &options, wanted).into_text())
}

/// The answer to a document with nothing to say, asked for its verdict:
/// valid, with no finding.
pub(super) const CLEAN: &str = r#"{"type":"success","valid":true,"diagnostics":[]}"#;

/// What [`answer_document`] found.
pub(super) enum Answered {
    /// The document is valid with nothing to say and nothing to hand back
    /// (the verdict alone was asked for, or its stored form is as given):
    /// the answer is [`CLEAN`].
    Clean,
    /// Any other answer, as `call` writes it.
    Text(String),
}

impl Answered {
    pub(super) fn into_text(self) -> String {
        match self {
            Answered::Clean => CLEAN.to_owned(),
            Answered::Text(text) => text,
        }
    }
}

/// What an answer hands back beside the verdict.
#[derive(Clone, Copy)]
pub(super) struct Wanted {
    /// The stored document (`withNormalized`).
    pub(super) normalized: bool,
    /// The row's columns (`withColumns`); the kind must be a row.
    pub(super) columns: bool,
    /// The stored document left out where it is the document's own keys
    /// in its order (`keysAsGiven`; not with `columns`).
    pub(super) unless_as_given: bool,
}

/// The answer to one document read from its text, as `call` writes it.
pub(super) fn answer_document(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
    wanted: Wanted,
) -> Answered {
    if wanted.columns {
        let (o, normalized, columns) = validate::validate_text_with_columns(kind, mode, text, options);
        let normalized = if wanted.normalized { normalized.as_deref() } else { None };
        return Answered::Text(answer(o.valid, &o.diagnostics, normalized, columns.as_deref()));
    }
    if !wanted.normalized {
        let v = validate::verdict_text(kind, mode, text, options);
        if v.valid && v.diagnostics.is_empty() {
            return Answered::Clean;
        }
        return Answered::Text(verdict_answer(v.valid, &v.diagnostics));
    }
    if wanted.unless_as_given {
        let (o, normalized) = validate::validate_text_writing_unless_as_given(kind, mode, text, options);
        // Valid, with nothing to say and nothing to hand back: the answer
        // is the verdict's.
        if o.valid && o.diagnostics.is_empty() && normalized.is_none() {
            return Answered::Clean;
        }
        return Answered::Text(answer(o.valid, &o.diagnostics, normalized.as_deref(), None));
    }
    let (o, normalized) = validate::validate_text_writing(kind, mode, text, options);
    Answered::Text(answer(o.valid, &o.diagnostics, normalized.as_deref(), None))
}

/// The answer without the document, `{"type":"success","valid":…,
/// "diagnostics":[…]}`, written straight as text: the bytes serde writes
/// for [`ValidateAnswer`] with no `normalized` and no `schema` (a test holds
/// the two alike). serde's writer costs a call per key and per run of a
/// string in the wasm build, which made it a tenth of a verdict there.
fn verdict_answer(valid: bool, diagnostics: &[Diagnostic]) -> String {
    answer(valid, diagnostics, None, None)
}

/// [`verdict_answer`] with `normalized`, given as the JSON text serde
/// writes for it, and the row's `columns`, each after the diagnostics
/// (where serde writes them).
fn answer(
    valid: bool,
    diagnostics: &[Diagnostic],
    normalized: Option<&str>,
    columns: Option<&str>,
) -> String {
    let room = 64
        + 160 * diagnostics.len()
        + normalized.map_or(0, |n| n.len() + 16)
        + columns.map_or(0, |c| c.len() + 16);
    let mut out = String::with_capacity(room);
    out.push_str(if valid {
        r#"{"type":"success","valid":true,"diagnostics":["#
    } else {
        r#"{"type":"success","valid":false,"diagnostics":["#
    });
    for (i, d) in diagnostics.iter().enumerate() {
        out.push_str(if i == 0 { r#"{"code":"# } else { r#",{"code":"# });
        write_string(&mut out, &d.code);
        out.push_str(match d.severity {
            Severity::Error => r#","severity":"error","message":"#,
            Severity::Warning => r#","severity":"warning","message":"#,
            Severity::Info => r#","severity":"info","message":"#,
        });
        write_string(&mut out, &d.message);
        out.push_str(r#","instancePath":"#);
        write_string(&mut out, &d.instance_path);
        if let Some(schema_path) = &d.schema_path {
            out.push_str(r#","schemaPath":"#);
            write_string(&mut out, schema_path);
        }
        if let Some(help) = &d.help {
            out.push_str(r#","help":"#);
            write_string(&mut out, help);
        }
        if let Some(issue) = &d.upstream {
            out.push_str(r#","upstream":{"code":"#);
            write_string(&mut out, &issue.code);
            out.push_str(r#","message":"#);
            write_string(&mut out, &issue.message);
            out.push('}');
        }
        out.push('}');
    }
    out.push(']');
    if let Some(normalized) = normalized {
        out.push_str(r#","normalized":"#);
        out.push_str(normalized);
    }
    if let Some(columns) = columns {
        out.push_str(r#","columns":"#);
        out.push_str(columns);
    }
    out.push('}');
    out
}

/// The fields of a call in the common shape.
struct Call<'a> {
    kind: &'a str,
    mode: Option<Mode>,
    text: Cow<'a, str>,
    http_writer: Option<bool>,
    profile: Option<&'a str>,
    with_normalized: Option<bool>,
    owner: Option<&'a str>,
    js_values: Option<bool>,
    with_columns: Option<bool>,
    errors_only: Option<bool>,
    keys_as_given: Option<bool>,
}

fn read_call(input: &str) -> Option<Call<'_>> {
    let mut lx = Lexer::new(input, Policy::Strict);
    let (mut kind, mut mode, mut text, mut http_writer) = (None, None, None, None);
    let (mut profile, mut with_normalized, mut owner, mut js_values) = (None, None, None, None);
    let (mut with_columns, mut errors_only, mut keys_as_given) = (None, None, None);
    lx.blank();
    if !lx.eat(b'{') {
        return None;
    }
    lx.blank();
    if !lx.eat(b'}') {
        loop {
            let key = plain_string(&mut lx)?;
            lx.blank();
            if !lx.eat(b':') {
                return None;
            }
            lx.blank();
            match key {
                "kind" if kind.is_none() => kind = Some(plain_string(&mut lx)?),
                "mode" if mode.is_none() => {
                    mode = Some(match plain_string(&mut lx)? {
                        "strict" => Mode::Strict,
                        "lenient" => Mode::Lenient,
                        _ => return None,
                    })
                }
                // Unescaped in the same pass that finds its end, into room
                // for the rest of the call (the document is most of it).
                "documentText" if text.is_none() => text = Some(lx.string_value(true).ok()?),
                "httpWriter" if http_writer.is_none() => http_writer = Some(boolean(&mut lx)?),
                "profile" if profile.is_none() => profile = Some(plain_string(&mut lx)?),
                "withNormalized" if with_normalized.is_none() => with_normalized = Some(boolean(&mut lx)?),
                "owner" if owner.is_none() => owner = Some(plain_string(&mut lx)?),
                "jsValues" if js_values.is_none() => js_values = Some(boolean(&mut lx)?),
                "withColumns" if with_columns.is_none() => with_columns = Some(boolean(&mut lx)?),
                "errorsOnly" if errors_only.is_none() => errors_only = Some(boolean(&mut lx)?),
                "keysAsGiven" if keys_as_given.is_none() => keys_as_given = Some(boolean(&mut lx)?),
                _ => return None,
            }
            lx.blank();
            if lx.eat(b',') {
                lx.blank();
                continue;
            }
            if !lx.eat(b'}') {
                return None;
            }
            break;
        }
    }
    lx.blank();
    if !lx.at_end() {
        return None;
    }
    Some(Call {
        kind: kind?,
        mode,
        text: text?,
        http_writer,
        profile,
        with_normalized,
        owner,
        js_values,
        with_columns,
        errors_only,
        keys_as_given,
    })
}

/// `true` or `false`.
fn boolean(lx: &mut Lexer<'_>) -> Option<bool> {
    if lx.word(b"true") { Some(true) } else { lx.word(b"false").then_some(false) }
}

/// A string without escapes, borrowed.
fn plain_string<'a>(lx: &mut Lexer<'a>) -> Option<&'a str> {
    let s = lx.string().ok()?;
    (!s.escaped).then_some(s.raw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ValidateAnswer, respond_with_room};

    /// The generic path's answer to the same call.
    fn generic(input: &str) -> String {
        crate::api::call_generic("validate", input)
    }

    /// The two paths answer alike, but where the stored form holds what no
    /// `Value` can (a lone surrogate, nesting deeper than 64): the generic
    /// path builds its answer as a `Value` and says it left `normalized`
    /// out, the text path writes it. Their verdicts are the same.
    fn alike(fast: &str, generic: &str) -> bool {
        const NOTE: &str = r#"{"code":"upstream/not-normalized""#;
        if fast == generic || !generic.contains(NOTE) {
            return fast == generic;
        }
        let verdict =
            |a: &str| a.get(..a.find(r#","diagnostics""#).unwrap_or(0)).unwrap_or_default().to_owned();
        !fast.contains(NOTE) && fast.contains(r#""normalized":"#) && verdict(fast) == verdict(generic)
    }

    fn same(input: &str) {
        let fast = validate_call_text(input);
        assert!(fast.is_some(), "the common shape was not read: {input}");
        assert_eq!(fast.unwrap_or_default(), generic(input), "{input}");
    }

    #[test]
    fn common_calls_answer_as_the_generic_path() {
        let doc = r#"{"source_kind":"session","source_ref":"s1","event_type":"note","principal":{"kind":"human","id":"1"}}"#;
        let text = serde_json::to_string(doc).unwrap_or_default();
        same(&format!(r#"{{"kind":"event_create","mode":"strict","documentText":{text}}}"#));
        same(&format!(r#" {{ "documentText" : {text} , "kind" : "event_create" }} "#));
        same(&format!(
            r#"{{"kind":"event_create","mode":"lenient","documentText":{text},"httpWriter":true}}"#
        ));
        same(&format!(r#"{{"kind":"principal","documentText":{text},"httpWriter":false}}"#));
        same(r#"{"kind":"principal","documentText":"{\"kind\":\"agent\",\"id\":\"a\"}"}"#);
        same(r#"{"kind":"principal","documentText":"{\"kind\":\"human\",\"id\":\"\u00e9\\n\"}"}"#);
        same(r#"{"kind":"principal","documentText":"not json"}"#);
        same(r#"{"kind":"principal","documentText":"{\"id\":\"1\",\"id\":\"2\"}"}"#);
    }

    #[test]
    fn every_golden_validate_call_answers_as_the_generic_path() {
        let (mut read, mut verdicts) = (0, 0);
        // The cases sit in one folder per document kind.
        let kinds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/validate");
        let folders = std::fs::read_dir(kinds).into_iter().flatten().flatten();
        for entry in folders.flat_map(|k| std::fs::read_dir(k.path()).into_iter().flatten().flatten()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".call.json") {
                continue;
            }
            let input = std::fs::read_to_string(entry.path()).unwrap_or_default();
            read += usize::from(validate_call_text(&input).is_some());
            let (fast, slow) = (crate::api::call("validate", &input), generic(&input));
            assert!(alike(&fast, &slow), "{name}:\n{fast}\n{slow}");
            // The same document given as text, as the hub sends it.
            let Ok(mut call) = serde_json::from_str::<serde_json::Value>(&input) else { continue };
            let Some(document) = call.as_object_mut().and_then(|c| c.remove("document")) else { continue };
            call["documentText"] = serde_json::Value::String(document.to_string());
            let as_text = call.to_string();
            read += usize::from(validate_call_text(&as_text).is_some());
            let (fast, slow) = (crate::api::call("validate", &as_text), generic(&as_text));
            assert!(alike(&fast, &slow), "{name} as text:\n{fast}\n{slow}");
            // And asking for the verdict alone, whose answer is written
            // without serde.
            call["withNormalized"] = serde_json::Value::Bool(false);
            let verdict = call.to_string();
            verdicts += usize::from(validate_call_text(&verdict).is_some());
            assert_eq!(crate::api::call("validate", &verdict), generic(&verdict), "{name}, verdict only");
        }
        assert!(read > 150, "only {read} golden calls were in the common shape");
        assert!(verdicts > 100, "only {verdicts} verdict-only calls were in the common shape");
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// The answer written straight is the one serde writes, whatever
        /// the diagnostics' texts hold (quotes, backslashes, every control
        /// character, any Unicode) and whichever optional members they have.
        #[test]
        fn a_verdict_answer_is_written_as_serde_writes_it(
            valid in proptest::bool::ANY,
            found in proptest::collection::vec(
                (
                    any_text(),
                    proptest::sample::select(vec![Severity::Error, Severity::Warning, Severity::Info]),
                    any_text(),
                    any_text(),
                    proptest::option::of(any_text()),
                    proptest::option::of(any_text()),
                    proptest::option::of((any_text(), any_text())),
                ),
                0..4,
            ),
        ) {
            let diagnostics: Vec<Diagnostic> = found
                .into_iter()
                .map(|(code, severity, message, instance_path, schema_path, help, upstream)| Diagnostic {
                    code,
                    severity,
                    message,
                    instance_path,
                    schema_path,
                    help,
                    upstream: upstream.map(|(code, message)| crate::diagnostic::UpstreamIssue { code, message }),
                })
                .collect();
            let by_serde = respond_with_room(
                Ok(ValidateAnswer { valid, diagnostics: diagnostics.clone(), normalized: None, columns: None, schema: None }),
                0,
            );
            proptest::prop_assert_eq!(verdict_answer(valid, &diagnostics), by_serde);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// Under `upstream`, the stored form the answer writes straight from
        /// the text is the text serde writes for the `Value` the generic
        /// path builds: documents upstream accepts, with any payload, keys
        /// it strips, an artifact ref's extra keys (array-index keys first),
        /// escaped and wide strings, a key named twice, a lone surrogate.
        #[test]
        fn an_upstream_answer_writes_the_stored_form_as_serde_writes_it(
            (kind, text) in upstream_documents(),
            lenient in proptest::bool::ANY,
        ) {
            let mut call = serde_json::json!({"kind": kind, "profile": "upstream", "documentText": text});
            if lenient {
                call["mode"] = serde_json::json!("lenient");
            }
            let input = call.to_string();
            let fast = validate_call_text(&input);
            proptest::prop_assert!(fast.is_some(), "not read as common: {}", input);
            let (fast, slow) = (fast.unwrap_or_default(), generic(&input));
            proptest::prop_assert!(alike(&fast, &slow), "{}\n{}", fast, slow);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// `errorsOnly` and `keysAsGiven` leave out of an upstream answer
        /// what they say and nothing else: the warnings and notes, and a
        /// stored form that is the document's own keys in its order.
        #[test]
        fn an_upstream_answer_as_given_leaves_out_only_the_document_itself(
            (kind, text) in upstream_documents(),
            errors_only in proptest::bool::ANY,
        ) {
            let call = serde_json::json!({"kind": kind, "profile": "upstream", "documentText": text});
            let mut given = call.clone();
            given["keysAsGiven"] = true.into();
            given["errorsOnly"] = errors_only.into();
            let read = |c: &serde_json::Value| serde_json::from_str::<serde_json::Value>(&generic(&c.to_string()));
            let fast = validate_call_text(&given.to_string()).unwrap_or_default();
            let (Ok(mut full), Ok(mut answer)) = (read(&call), serde_json::from_str::<serde_json::Value>(&fast))
            else {
                return Ok(());
            };
            proptest::prop_assert_eq!(&answer, &read(&given).unwrap_or_default());
            if errors_only && let Some(serde_json::Value::Array(all)) = full.get_mut("diagnostics") {
                all.retain(|d| d["severity"] == "error");
            }
            if answer.get("normalized").is_none()
                && let Some(stored) = full.as_object_mut().and_then(|f| f.remove("normalized"))
                && let Ok(document) = serde_json::from_str::<serde_json::Value>(&text)
            {
                let as_given = super::super::document::tests::keys_as_given(kind, &stored, &document);
                proptest::prop_assert!(as_given, "{} is not {} as given", stored, document);
            }
            proptest::prop_assert_eq!(answer.as_object_mut().map(std::mem::take), full.as_object_mut().map(std::mem::take));
        }
    }

    /// An event create, an artifact ref or a principal that upstream
    /// accepts, or nearly, as JSON text.
    #[cfg(not(target_arch = "wasm32"))]
    fn upstream_documents() -> impl proptest::strategy::Strategy<Value = (&'static str, String)> {
        use proptest::prelude::*;
        use serde_json::{Map, Value, json};
        // Mostly plain texts (a document with no escape and nothing like a
        // secret is the one whose stored form is written straight), some of
        // any characters.
        let text = || {
            let plain = proptest::sample::select(vec![
                "a",
                "note",
                "s1",
                "x y",
                "\u{e9}t\u{e9}",
                "\u{65e5}\u{672c}",
                "42",
            ]);
            prop_oneof![3 => plain.prop_map(str::to_owned), 1 => any_text()].boxed()
        };
        let word = || text().prop_filter("not blank", |t| !t.trim().is_empty()).boxed();
        // Keys JavaScript orders first (canonical array indices) and ones
        // it does not, beside any text.
        let key = prop_oneof![
            proptest::sample::select(vec!["0", "7", "42", "01", "4294967295", "url", "note"])
                .prop_map(str::to_owned),
            text(),
        ];
        let extra = proptest::collection::vec((key, crate::doc::tests::values()), 0..3).boxed();
        let artifact = (word(), proptest::option::of(text()), proptest::option::of(text()), extra.clone())
            .prop_map(|(kind, url, title, extra)| {
                let mut o: Map<String, Value> = extra.into_iter().collect();
                o.insert("kind".into(), json!(kind));
                if let Some(url) = url {
                    o.insert("url".into(), json!(url));
                }
                if let Some(title) = title {
                    o.insert("title".into(), json!(title));
                }
                Value::Object(o)
            })
            .boxed();
        let principal = (
            proptest::sample::select(vec!["human", "agent", "service"]),
            word(),
            proptest::option::of(word()),
        )
            .prop_map(|(kind, id, on_behalf_of)| {
                let mut p = json!({"kind": kind, "id": id});
                if let Some(o) = on_behalf_of {
                    p["on_behalf_of"] = json!(o);
                }
                p
            })
            .boxed();
        let event = (
            (word(), word(), proptest::option::of(text())),
            proptest::option::of(crate::doc::tests::values()),
            proptest::collection::vec(artifact.clone(), 0..3),
            principal.clone(),
            extra,
            proptest::option::of(any::<i32>()),
        )
            .prop_map(
                |((source_ref, event_type, summary), payload, refs, principal, extra, expires_at)| {
                    let mut o = Map::new();
                    o.insert("source_kind".into(), json!("session"));
                    o.insert("source_ref".into(), json!(source_ref));
                    o.insert("event_type".into(), json!(event_type));
                    if let Some(summary) = summary {
                        o.insert("summary".into(), json!(summary));
                    }
                    if let Some(payload) = payload {
                        o.insert("payload_json".into(), payload);
                    }
                    if !refs.is_empty() {
                        o.insert("artifact_refs".into(), Value::Array(refs));
                    }
                    o.insert("principal".into(), principal);
                    for (k, v) in extra {
                        o.entry(k).or_insert(v);
                    }
                    if let Some(at) = expires_at {
                        o.insert("expires_at".into(), json!(f64::from(at) / 8.0));
                    }
                    Value::Object(o)
                },
            );
        let document = prop_oneof![
            event.prop_map(|d| ("event_create", d)),
            artifact.prop_map(|d| ("artifact_ref", d)),
            principal.prop_map(|d| ("principal", d)),
        ];
        // A key named again before its last place (the last value is kept,
        // at the first place), one written with an escape, or a lone
        // surrogate (which no `Value` holds).
        let twist = proptest::sample::select(vec![
            "",
            r#""id":"first","#,
            r#""kind":"x","#,
            r#""\u0069d":1,"#,
            r#""\ud800":1,"#,
        ]);
        (document, twist).prop_map(|((kind, d), twist)| {
            let text = d.to_string();
            let text = match text.strip_prefix('{') {
                Some(rest) if !twist.is_empty() && rest != "}" => format!("{{{twist}{rest}"),
                _ => text,
            };
            (kind, text)
        })
    }

    /// Texts of every control character, the characters JSON escapes, and
    /// plain and wide ones.
    #[cfg(not(target_arch = "wasm32"))]
    fn any_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let special: Vec<char> = ('\0'..' ').chain(['"', '\\', '/', '\u{7f}', '\u{2028}']).collect();
        let c = prop_oneof![proptest::sample::select(special), any::<char>()];
        proptest::collection::vec(c, 0..12).prop_map(String::from_iter)
    }

    #[test]
    fn other_shapes_are_left_to_the_generic_path() {
        for input in [
            "",
            "[]",
            r#"{"kind":"principal"}"#,
            r#"{"kind":"principal","documentText":"{}","document":{}}"#,
            r#"{"kind":"principal","kind":"principal","documentText":"{}"}"#,
            r#"{"kind":"spaceship","documentText":"{}"}"#,
            r#"{"kind":"principal","mode":"loose","documentText":"{}"}"#,
            r#"{"kind":"principal","mdoe":"lenient","documentText":"{}"}"#,
            r#"{"kind":"principal","documentText":"{}","withSchema":true}"#,
            r#"{"kind":"principal","documentText":"\ud800"}"#,
            r#"{"kind":"principal","documentText":"{}"} x"#,
            r#"{"ki\u006ed":"principal","documentText":"{}"}"#,
            "{\"kind\":\"principal\",\"documentText\":\"\u{1}\"}",
            r#"{"kind":"principal","documentText":"{}","httpWriter":1}"#,
            r#"{"kind":"principal","documentText":"{}""#,
        ] {
            assert!(validate_call_text(input).is_none(), "read as common: {input}");
        }
    }
}
