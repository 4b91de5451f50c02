//! Diagnostics: findings about a document, reported as data.
//!
//! Every diagnostic carries a stable [`Code`] (`area/kebab-case`), a
//! severity, a one-line message and an RFC 6901 pointer into the document.
//! Codes are never renamed or reused; each module declares its own with
//! [`define_codes!`](crate::define_codes), and the code table
//! ([`codes`](crate::codes)) gathers them.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::pointer::Locate;
use crate::sanitize::is_neutralized;

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The document is refused.
    Error,
    /// The document is accepted, but something in it is dropped or suspicious.
    Warning,
    /// Worth knowing; never a reason to refuse (the lenient reader's voice).
    Info,
}

/// One finding about a document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// Stable code, `area/kebab-case`.
    pub code: String,
    /// How much it matters.
    pub severity: Severity,
    /// One line, lowercase start, no trailing period; user values in backticks.
    pub message: String,
    /// Where, as an RFC 6901 pointer into the document.
    pub instance_path: String,
    /// Where in the JSON Schema, when the finding comes from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub schema_path: Option<String>,
    /// What to do about it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub help: Option<String>,
    /// Under the `upstream` profile, the issue upstream's schema reports for
    /// this finding (its zod issue code and message, word for word), so a
    /// hub can answer upstream's error bodies from the core's verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub upstream: Option<UpstreamIssue>,
}

/// An issue as upstream's zod schema reports it: the path is the
/// diagnostic's `instancePath`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpstreamIssue {
    /// zod's issue code: `invalid_type`, `too_small`, `too_big`, `custom`
    /// or `invalid_union`.
    pub code: String,
    /// zod's message, as upstream's error bodies carry it.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic with the given code, severity, place (a [`Pointer`](crate::pointer::Pointer)
    /// or a place [`Below`](crate::pointer::Below) one) and message.
    pub fn new(code: Code, severity: Severity, at: &dyn Locate, message: impl Into<String>) -> Self {
        Diagnostic {
            code: code.as_str().to_owned(),
            severity,
            message: message.into(),
            instance_path: at.pointer().into(),
            schema_path: None,
            help: None,
            upstream: None,
        }
    }

    /// An `error` diagnostic.
    pub fn error(code: Code, at: &dyn Locate, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, at, message)
    }

    /// A `warning` diagnostic.
    pub fn warning(code: Code, at: &dyn Locate, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Warning, at, message)
    }

    /// An `info` diagnostic.
    pub fn info(code: Code, at: &dyn Locate, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Info, at, message)
    }

    /// Adds the issue upstream's schema reports for this finding.
    pub fn with_upstream(mut self, code: &str, message: impl Into<String>) -> Self {
        self.upstream = Some(UpstreamIssue { code: code.to_owned(), message: message.into() });
        self
    }

    /// Adds advice.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds the schema location.
    pub fn with_schema_path(mut self, path: impl Into<String>) -> Self {
        self.schema_path = Some(path.into());
        self
    }
}

/// Sorts diagnostics into their one deterministic order (pointer, then code,
/// then severity, then message) and drops exact repeats.
pub fn sort(diagnostics: &mut Vec<Diagnostic>) {
    crate::sort::list(diagnostics, &|a, b| {
        a.instance_path
            .cmp(&b.instance_path)
            .then_with(|| a.code.cmp(&b.code))
            .then_with(|| a.severity.cmp(&b.severity))
            .then_with(|| a.message.cmp(&b.message))
    });
    diagnostics.dedup();
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// Quotes a user value for a message: in backticks, cut to 40 characters,
/// and [`escape`]d, so a message stays one line and shows what a reader
/// would obey (Trojan Source).
pub fn quote(value: &str) -> String {
    const MAX: usize = 40;
    let mut out = String::from("`");
    for (i, c) in value.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        if c == '`' {
            out.extend(c.escape_default());
        } else {
            push_shown(&mut out, c);
        }
    }
    out.push('`');
    out
}

/// A message's text made safe to show: control characters escaped (`\n`,
/// `\u{1b}`), and every other character a reader would obey rather than show
/// (bidi controls, invisible and tag characters, line separators:
/// [`is_neutralized`]) written `<U+XXXX>`, as the renderers write them.
/// Text without such characters is returned as it was.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    out
}

fn push_shown(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else if is_neutralized(c) {
        // Writing to a String cannot fail.
        let _ = write!(out, "<U+{:04X}>", u32::from(c));
    } else {
        out.push(c);
    }
}

/// A stable code, `area/kebab-case`. Only [`define_codes!`](crate::define_codes)
/// makes one, and the code table lists every module's declarations
/// ([`codes::all_codes`](crate::codes::all_codes)), so a diagnostic or a
/// failure with a code the table does not list does not compile.
///
/// ```
/// use hapi_a2a_core::{Diagnostic, Pointer, principal};
/// let d = Diagnostic::error(principal::UNACCOUNTABLE, &Pointer::root(), "m");
/// assert_eq!(d.code, "principal/unaccountable");
/// ```
///
/// A bare string is not a code:
///
/// ```compile_fail
/// use hapi_a2a_core::{Diagnostic, Pointer};
/// let d = Diagnostic::error("principal/made-up", &Pointer::root(), "m");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code(&'static str);

impl Code {
    /// For [`define_codes!`](crate::define_codes) only: a code is declared
    /// there, with its meaning, or not at all.
    #[doc(hidden)]
    pub const fn declared_by_define_codes(code: &'static str) -> Self {
        Code(code)
    }

    /// The code as text.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::ops::Deref for Code {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Code> for String {
    fn eq(&self, other: &Code) -> bool {
        self.as_str() == other.0
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.0
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// One entry of the code table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// The stable code.
    pub code: &'static str,
    /// What it means, one line.
    pub meaning: &'static str,
}

/// Declares a module's stable codes as `pub const NAME: Code` items plus a
/// `CODES` table, which the code table in [`codes`](crate::codes) lists.
#[macro_export]
macro_rules! define_codes {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, $meaning:literal; )*) => {
        $(
            #[doc = concat!("`", $code, "`: ", $meaning, ".")]
            pub const $name: $crate::diagnostic::Code =
                $crate::diagnostic::Code::declared_by_define_codes($code);
        )*
        /// Every code this module emits, for the code table (`docs/codes.md`).
        pub const CODES: &[$crate::diagnostic::CodeInfo] = &[
            $( $crate::diagnostic::CodeInfo { code: $code, meaning: $meaning }, )*
        ];
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pointer::Pointer;

    #[test]
    fn sort_orders_by_pointer_then_code_and_drops_repeats() {
        let root = Pointer::root();
        let mut d = vec![
            Diagnostic::error(Code("b/x"), &root.key("b"), "m"),
            Diagnostic::error(Code("a/y"), &root.key("a"), "m"),
            Diagnostic::error(Code("a/x"), &root.key("a"), "m"),
            Diagnostic::error(Code("a/x"), &root.key("a"), "m"),
        ];
        sort(&mut d);
        let got: Vec<_> = d.iter().map(|d| (d.instance_path.as_str(), d.code.as_str())).collect();
        assert_eq!(got, vec![("/a", "a/x"), ("/a", "a/y"), ("/b", "b/x")]);
    }

    #[test]
    fn quote_cuts_and_keeps_one_line() {
        assert_eq!(quote("a\nb"), "`a\\nb`");
        let long = "x".repeat(50);
        assert_eq!(quote(&long).chars().count(), 40 + 3);
    }

    #[test]
    fn quote_shows_bidi_and_invisible_characters() {
        assert_eq!(quote("a\u{202E}b\u{2066}c"), "`a<U+202E>b<U+2066>c`");
        assert_eq!(quote("\u{200B}\u{FEFF}\u{E0041}\u{2028}"), "`<U+200B><U+FEFF><U+E0041><U+2028>`");
        assert_eq!(quote("é ü 中"), "`é ü 中`");
        assert_eq!(escape("unknown variant `a\u{202E}b\n`"), "unknown variant `a<U+202E>b\\n`");
    }

    #[test]
    fn serialises_with_wire_names_and_omits_absent_fields() {
        let d = Diagnostic::warning(Code("a/b"), &Pointer::root().key("x"), "m");
        let v = serde_json::to_value(&d).unwrap_or_default();
        assert_eq!(
            v,
            serde_json::json!({"code":"a/b","severity":"warning","message":"m","instancePath":"/x"})
        );
    }
}
