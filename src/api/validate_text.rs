//! The common `validate` call read without a tree: `{"kind": "...",
//! "mode": "...", "documentText": "...", "httpWriter": bool, "profile":
//! "...", "withNormalized": bool, "owner": "..."}` with plain values, in any
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
//! An answer without the document (a verdict, or an invalid document's
//! answer) is written here as text too, not through serde.

use std::borrow::Cow;

use super::{ValidateAnswer, respond_with_room};
use crate::diagnostic::{Diagnostic, Severity};
use crate::fields::Mode;
use crate::validate::{self, DocumentKind, Options};

/// The answer to a `validate` call in the common shape, or `None` when the
/// generic path must read the call.
pub(super) fn validate_call_text(input: &str) -> Option<String> {
    let call = read_call(input)?;
    let kind = DocumentKind::from_name(call.kind)?;
    // An unknown profile, or one that does not decide the kind, is the
    // generic path's call error.
    let profile = super::profile(call.profile, kind).ok()?;
    let options = Options {
        http_writer: call.http_writer.unwrap_or(false),
        owner: call.owner.map(str::to_owned),
        profile,
        ..Options::default()
    };
    let mode = call.mode.unwrap_or_default();
    if call.with_normalized == Some(false) {
        let v = validate::verdict_text(kind, mode, &call.text, &options);
        return Some(verdict_answer(v.valid, &v.diagnostics));
    }
    let o = validate::validate_text(kind, mode, &call.text, &options);
    Some(match o.normalized {
        None => verdict_answer(o.valid, &o.diagnostics),
        // A full answer holds the document again, about as long as the call.
        normalized => respond_with_room(
            Ok(ValidateAnswer { valid: o.valid, diagnostics: o.diagnostics, normalized, schema: None }),
            input.len(),
        ),
    })
}

/// The answer without the document, `{"type":"success","valid":…,
/// "diagnostics":[…]}`, written straight as text: the bytes serde writes
/// for [`ValidateAnswer`] with no `normalized` and no `schema` (a test holds
/// the two alike). serde's writer costs a call per key and per run of a
/// string in the wasm build, which made it a tenth of a verdict there.
fn verdict_answer(valid: bool, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::with_capacity(64 + 160 * diagnostics.len());
    out.push_str(if valid {
        r#"{"type":"success","valid":true,"diagnostics":["#
    } else {
        r#"{"type":"success","valid":false,"diagnostics":["#
    });
    for (i, d) in diagnostics.iter().enumerate() {
        out.push_str(if i == 0 { r#"{"code":"# } else { r#",{"code":"# });
        json_string(&mut out, &d.code);
        out.push_str(match d.severity {
            Severity::Error => r#","severity":"error","message":"#,
            Severity::Warning => r#","severity":"warning","message":"#,
            Severity::Info => r#","severity":"info","message":"#,
        });
        json_string(&mut out, &d.message);
        out.push_str(r#","instancePath":"#);
        json_string(&mut out, &d.instance_path);
        if let Some(schema_path) = &d.schema_path {
            out.push_str(r#","schemaPath":"#);
            json_string(&mut out, schema_path);
        }
        if let Some(help) = &d.help {
            out.push_str(r#","help":"#);
            json_string(&mut out, help);
        }
        if let Some(issue) = &d.upstream {
            out.push_str(r#","upstream":{"code":"#);
            json_string(&mut out, &issue.code);
            out.push_str(r#","message":"#);
            json_string(&mut out, &issue.message);
            out.push('}');
        }
        out.push('}');
    }
    out.push_str("]}");
    out
}

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\\`,
/// the five control characters with a short escape, every other one as
/// `\\u00xx` in lower-case hex.
fn json_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut from = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x08 => 'b',
            0x0c => 'f',
            0..0x20 => 'u',
            _ => continue,
        };
        // The byte is ASCII, so both ends are characters' boundaries.
        out.push_str(s.get(from..i).unwrap_or_default());
        out.push('\\');
        out.push(short);
        if short == 'u' {
            out.push_str("00");
            for digit in [b >> 4, b & 0xf] {
                out.push(char::from(HEX.get(usize::from(digit)).copied().unwrap_or(b'0')));
            }
        }
        from = i + 1;
    }
    out.push_str(s.get(from..).unwrap_or_default());
    out.push('"');
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
}

fn read_call(input: &str) -> Option<Call<'_>> {
    let mut r = Reader { text: input, at: 0 };
    let (mut kind, mut mode, mut text, mut http_writer) = (None, None, None, None);
    let (mut profile, mut with_normalized, mut owner) = (None, None, None);
    r.blank();
    r.byte(b'{')?;
    r.blank();
    if r.byte(b'}').is_none() {
        loop {
            let key = r.plain_string()?;
            r.blank();
            r.byte(b':')?;
            r.blank();
            match key {
                "kind" if kind.is_none() => kind = Some(r.plain_string()?),
                "mode" if mode.is_none() => {
                    mode = Some(match r.plain_string()? {
                        "strict" => Mode::Strict,
                        "lenient" => Mode::Lenient,
                        _ => return None,
                    })
                }
                "documentText" if text.is_none() => text = Some(r.string()?),
                "httpWriter" if http_writer.is_none() => http_writer = Some(r.boolean()?),
                "profile" if profile.is_none() => profile = Some(r.plain_string()?),
                "withNormalized" if with_normalized.is_none() => with_normalized = Some(r.boolean()?),
                "owner" if owner.is_none() => owner = Some(r.plain_string()?),
                _ => return None,
            }
            r.blank();
            if r.byte(b',').is_some() {
                r.blank();
                continue;
            }
            r.byte(b'}')?;
            break;
        }
    }
    r.blank();
    if r.at != input.len() {
        return None;
    }
    Some(Call { kind: kind?, mode, text: text?, http_writer, profile, with_normalized, owner })
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

// Small steps inlined by force, as the document reader's (`crate::doc`).
impl<'a> Reader<'a> {
    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// JSON's insignificant white space.
    #[inline(always)]
    fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    #[inline(always)]
    fn byte(&mut self, want: u8) -> Option<()> {
        (self.peek() == Some(want)).then(|| self.at += 1)
    }

    fn boolean(&mut self) -> Option<bool> {
        let rest = self.text.get(self.at..)?;
        let (value, len) = if rest.starts_with("true") {
            (true, 4)
        } else if rest.starts_with("false") {
            (false, 5)
        } else {
            return None;
        };
        self.at += len;
        Some(value)
    }

    /// A string's raw body (between its quotes) and whether it holds an
    /// escape; `None` for a raw control character or no closing quote.
    fn raw_string(&mut self) -> Option<(&'a str, bool)> {
        self.byte(b'"')?;
        let start = self.at;
        let bytes = self.text.as_bytes();
        let mut escaped = false;
        loop {
            let c = *bytes.get(self.at)?;
            match c {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.at += 2;
                }
                0..=0x1f => return None,
                _ => self.at += 1,
            }
        }
        let body = self.text.get(start..self.at)?;
        self.at += 1;
        Some((body, escaped))
    }

    /// A string without escapes, borrowed.
    fn plain_string(&mut self) -> Option<&'a str> {
        match self.raw_string()? {
            (body, false) => Some(body),
            (_, true) => None,
        }
    }

    /// A string, unescaped in the same pass that finds its end (the
    /// borrowed reader's, eight bytes at a time); `None` for an escape the
    /// generic path reports (a lone surrogate, a bad escape).
    fn string(&mut self) -> Option<Cow<'a, str>> {
        let (s, end) = crate::doc::string_at(self.text, self.at)?;
        self.at = end;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generic path's answer to the same call.
    fn generic(input: &str) -> String {
        super::super::call_generic("validate", input)
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
            assert_eq!(super::super::call("validate", &input), generic(&input), "{name}");
            // The same document given as text, as the hub sends it.
            let Ok(mut call) = serde_json::from_str::<serde_json::Value>(&input) else { continue };
            let Some(document) = call.as_object_mut().and_then(|c| c.remove("document")) else { continue };
            call["documentText"] = serde_json::Value::String(document.to_string());
            let as_text = call.to_string();
            read += usize::from(validate_call_text(&as_text).is_some());
            assert_eq!(super::super::call("validate", &as_text), generic(&as_text), "{name} as text");
            // And asking for the verdict alone, whose answer is written
            // without serde.
            call["withNormalized"] = serde_json::Value::Bool(false);
            let verdict = call.to_string();
            verdicts += usize::from(validate_call_text(&verdict).is_some());
            assert_eq!(super::super::call("validate", &verdict), generic(&verdict), "{name}, verdict only");
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
                Ok(ValidateAnswer { valid, diagnostics: diagnostics.clone(), normalized: None, schema: None }),
                0,
            );
            proptest::prop_assert_eq!(verdict_answer(valid, &diagnostics), by_serde);
        }
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
