//! Comparing two sets of schema files (a base and a head directory, read by
//! the caller) and rendering the outcome for people and for CI.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::CallError;
use crate::json::stream::Reader;

use super::{
    Change, Direction, INVALID_SCHEMA, Options, Report, SCHEMA_ADDED, SCHEMA_REMOVED, Verdict, check, rules,
};

/// How deep a schema file may nest: as deep as a call may (the facade's
/// `MAX_CALL_DEPTH`), so a file that `schema.check` reads in a call reads
/// the same here.
const MAX_FILE_DEPTH: usize = crate::json::MAX_DEPTH * 2;

/// One schema file: its name (relative to its directory) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaFile {
    /// The file name, used in reports and as the fallback pairing key.
    pub name: String,
    /// The file's text.
    pub text: String,
}

impl SchemaFile {
    /// A file from a name and a text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SchemaFile { name: name.into(), text: text.into() }
    }
}

/// How one schema fared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PairReport {
    /// The key the pair was matched by: the `$id`, or the file name.
    pub key: String,
    /// The file in the base set, when it exists there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub base_file: Option<String>,
    /// The file in the head set, when it exists there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub head_file: Option<String>,
    /// The comparison.
    pub report: Report,
    /// For a pair that breaks a direction: an instance that shows it, where
    /// one can be built (see [`super::witness`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub witness: Option<super::Witness>,
}

impl PairReport {
    /// The file to point at: the head file, else the base file.
    pub fn file(&self) -> &str {
        self.head_file.as_deref().or(self.base_file.as_deref()).unwrap_or(&self.key)
    }
}

/// How a whole set of schemas fared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DirReport {
    /// Every schema's pair, sorted by key.
    pub pairs: Vec<PairReport>,
    /// Backward verdict over all pairs.
    pub backward: Verdict,
    /// Forward verdict over all pairs.
    pub forward: Verdict,
    /// Full verdict over all pairs.
    pub full: Verdict,
}

impl DirReport {
    /// Whether any pair breaks `direction`.
    pub fn breaks(&self, direction: Direction) -> bool {
        self.pairs.iter().any(|p| p.report.breaks(direction))
    }
}

/// Everything known about one file of a set.
struct DirEntry {
    file: String,
    schema: Value,
}

/// A schema file that could not be read or compared, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    /// `base` or `head`.
    pub side: &'static str,
    /// The file's name.
    pub file: String,
    /// The line the problem is on (1 when it is about the whole file, 0
    /// when it is about the file's name: one that is not UTF-8 or holds a
    /// character a reader would not see, so no annotation can name it).
    pub line: usize,
    /// What is wrong (`parse/*` or `compat/invalid-schema`).
    pub error: CallError,
}

fn load(files: &[SchemaFile], side: &'static str) -> (BTreeMap<String, DirEntry>, Vec<FileProblem>) {
    let mut out: BTreeMap<String, DirEntry> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut problem = |file: &str, line: usize, error: CallError| {
        problems.push(FileProblem { side, file: file.to_owned(), line, error });
    };
    for f in files {
        let parsed = match crate::json::parse(&f.text, MAX_FILE_DEPTH) {
            Ok(parsed) => parsed,
            Err(e) => {
                let line =
                    serde_json::from_str::<serde::de::IgnoredAny>(&f.text).err().map_or(1, |e| e.line());
                let message = format!(
                    "the {side} file {} is not JSON: {}",
                    crate::diagnostic::quote(&f.name),
                    e.message.strip_prefix("not JSON: ").unwrap_or(&e.message)
                );
                problem(&f.name, line.max(1), CallError::new(e.code, message));
                continue;
            }
        };
        if let Some(twice) = parsed.duplicate_keys.first() {
            let msg = format!(
                "the {side} file {} names the key at {} twice: readers differ on which value counts",
                crate::diagnostic::quote(&f.name),
                crate::diagnostic::quote(twice.as_str())
            );
            let line = line_of(&f.text, twice.as_str()).unwrap_or(1);
            problem(&f.name, line, CallError::new(crate::error::DUPLICATE_FILE_KEY, msg));
            continue;
        }
        let schema = parsed.value;
        if !(schema.is_object() || schema.is_boolean()) {
            let msg = format!("the {side} file {} is not a JSON Schema", crate::diagnostic::quote(&f.name));
            problem(&f.name, 1, CallError::new(INVALID_SCHEMA, msg));
            continue;
        }
        let key = schema.get("$id").and_then(Value::as_str).map_or_else(|| f.name.clone(), str::to_owned);
        if let Some(prev) = out.get(&key) {
            let msg = format!(
                "the {side} files {} and {} share the key {}",
                crate::diagnostic::quote(&prev.file),
                crate::diagnostic::quote(&f.name),
                crate::diagnostic::quote(&key)
            );
            let line = line_of(&f.text, "/$id").unwrap_or(1);
            problem(&f.name, line, CallError::new(INVALID_SCHEMA, msg));
            continue;
        }
        out.insert(key, DirEntry { file: f.name.clone(), schema });
    }
    (out, problems)
}

/// Compares a base set of schema files with a head set: pairs by `$id`
/// (falling back to the file name), reports added schemas (compatible) and
/// removed schemas (breaking). Fails when a file is not a JSON Schema.
pub fn check_dirs(
    base: &[SchemaFile],
    head: &[SchemaFile],
    options: Options,
) -> Result<DirReport, CallError> {
    let (report, problems) = check_dirs_each(base, head, options, Vec::new());
    match problems.into_iter().next() {
        Some(p) => Err(p.error),
        None => Ok(report),
    }
}

/// [`check_dirs`] that keeps going: a file that is not a JSON Schema, or a
/// pair that cannot be compared, is a [`FileProblem`] of its own, and every
/// other pair is still compared. `unread` are the files the caller could not
/// read at all. A file with a problem is not paired (its namesake on the
/// other side is not reported as added or removed).
pub fn check_dirs_each(
    base: &[SchemaFile],
    head: &[SchemaFile],
    options: Options,
    unread: Vec<FileProblem>,
) -> (DirReport, Vec<FileProblem>) {
    let ((b, base_problems), (h, head_problems)) = (load(base, "base"), load(head, "head"));
    let mut problems = unread;
    problems.extend(base_problems);
    problems.extend(head_problems);
    let unreadable = |side: &str, file: &str| problems.iter().any(|p| p.side == side && p.file == file);
    let mut keys: Vec<&String> = b.keys().chain(h.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut pairs = Vec::new();
    let mut failed = Vec::new();
    for key in keys {
        let (be, he) = (b.get(key), h.get(key));
        let mut witness = None;
        let report = match (be, he) {
            (Some(o), Some(n)) => match check(&o.schema, &n.schema, options) {
                Ok(report) => {
                    witness = Some(super::witness(&o.schema, &n.schema, options, &report))
                        .filter(|w| !w.is_empty());
                    report
                }
                Err(e) => {
                    let message = format!("{} (comparing {})", e.message, crate::diagnostic::quote(key));
                    failed.push(FileProblem {
                        side: "head",
                        file: n.file.clone(),
                        line: 1,
                        error: CallError { message, ..e },
                    });
                    continue;
                }
            },
            (None, Some(n)) if unreadable("base", &n.file) => continue,
            (Some(o), None) if unreadable("head", &o.file) => continue,
            (None, Some(_)) => one(SCHEMA_ADDED, "the schema is new", options),
            (Some(_), None) => one(SCHEMA_REMOVED, "the schema was removed", options),
            (None, None) => continue,
        };
        pairs.push(PairReport {
            key: key.clone(),
            base_file: be.map(|e| e.file.clone()),
            head_file: he.map(|e| e.file.clone()),
            report,
            witness,
        });
    }
    problems.extend(failed);
    let backward = Verdict::of(!pairs.iter().any(|p| p.report.backward == Verdict::Breaking));
    let forward = Verdict::of(!pairs.iter().any(|p| p.report.forward == Verdict::Breaking));
    let full = Verdict::of(backward == Verdict::Compatible && forward == Verdict::Compatible);
    (DirReport { pairs, backward, forward, full }, problems)
}

fn one(code: crate::diagnostic::Code, message: &str, options: Options) -> Report {
    let (backward, forward) = rules::verdicts(code, options);
    Report::from_changes(vec![Change {
        path: String::new(),
        code: code.to_string(),
        backward,
        forward,
        message: message.to_owned(),
    }])
}

/// The report for people: one block per schema, one line per change.
pub fn render_human(report: &DirReport, direction: Direction, options: Options) -> String {
    let mut out = format!(
        "schema-check: direction {}, policy {}{}\n",
        direction.name(),
        options.policy.name(),
        if options.assert_format { ", format asserted" } else { "" }
    );
    for p in &report.pairs {
        let verdict = if p.report.breaks(direction) { "breaking" } else { "compatible" };
        out.push_str(&format!("\n{}: {verdict}\n", shown(p.file())));
        if p.key != p.file() {
            out.push_str(&format!("  id {}\n", shown(&p.key)));
        }
        for c in &p.report.changes {
            let mark = if direction.broken_by(c) { "x" } else { "-" };
            let path = if c.path.is_empty() { "/" } else { c.path.as_str() };
            out.push_str(&format!(
                "  {mark} {}  {}  [backward {}, forward {}]\n      {}\n",
                shown(path),
                c.code,
                c.backward.name(),
                c.forward.name(),
                shown(&c.message)
            ));
        }
        if let Some(w) = &p.witness {
            let shown = [("backward", &w.backward), ("forward", &w.forward)];
            for (name, instance) in shown {
                if let Some(v) = instance
                    && (direction == Direction::Full || direction.name() == name)
                {
                    out.push_str(&format!("  witness ({name}): {}\n", shown_instance(v)));
                }
            }
        }
    }
    let count = |d: Direction| report.pairs.iter().filter(|p| p.report.breaks(d)).count();
    out.push_str(&format!(
        "\n{} schemas: backward {}, forward {}, full {}; {} breaking {}\n",
        report.pairs.len(),
        report.backward.name(),
        report.forward.name(),
        report.full.name(),
        count(direction),
        direction.name()
    ));
    out
}

/// An instance as compact JSON, cut after 200 characters. Control
/// characters, and every character a reader would obey rather than show
/// (bidi controls, invisible and tag characters: Trojan Source), are
/// written as `\uXXXX` escapes, so the text is still the same JSON value.
fn shown_instance(v: &Value) -> String {
    const MAX: usize = 200;
    let mut text = String::new();
    for c in v.to_string().chars() {
        if crate::sanitize::is_neutralized(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                text.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            text.push(c);
        }
    }
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or("")),
        None => text,
    }
}

/// A name, pointer or message as a renderer shows it ([`escape`]d: Trojan
/// Source).
///
/// [`escape`]: crate::diagnostic::escape
fn shown(text: &str) -> String {
    crate::diagnostic::escape(text)
}

/// GitHub workflow annotations: `::error` for each change that breaks
/// `direction`, `::notice` for the others. `dir` prefixes the file names.
pub fn render_github(report: &DirReport, direction: Direction, dir: &str) -> String {
    let mut out = String::new();
    for p in &report.pairs {
        let file = if dir.is_empty() {
            p.file().to_owned()
        } else {
            format!("{}/{}", dir.trim_end_matches('/'), p.file())
        };
        for c in &p.report.changes {
            let level = if direction.broken_by(c) { "error" } else { "notice" };
            let path = if c.path.is_empty() { "/" } else { c.path.as_str() };
            out.push_str(&format!(
                "::{level} file={},title={}::{}\n",
                escape_property(&shown(&file)),
                escape_property(&c.code),
                escape_data(&shown(&format!(
                    "{path}: {} (backward {}, forward {})",
                    c.message,
                    c.backward.name(),
                    c.forward.name()
                )))
            ));
        }
    }
    out
}

/// Where a set of schema files lives: the directory as the annotations
/// should name it, and its files (for line numbers).
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    /// The directory, as a path relative to the repository root.
    pub dir: &'a str,
    /// The files read from it.
    pub files: &'a [SchemaFile],
}

impl Side<'_> {
    fn path(&self, file: &str) -> String {
        if self.dir.is_empty() {
            file.to_owned()
        } else {
            format!("{}/{file}", self.dir.trim_end_matches('/'))
        }
    }

    fn text(&self, file: Option<&str>) -> Option<&str> {
        let file = file?;
        self.files.iter().find(|f| f.name == file).map(|f| f.text.as_str())
    }
}

/// GitHub workflow annotations for [`check_dirs_each`]: one `::error` per
/// file problem, then `::error` for each change that breaks `direction` and
/// `::notice` for the others. Each names a file that exists (a removed
/// schema is annotated in the base directory) and the line of the changed
/// keyword (in the head file, or the base file when only it has the place).
pub fn render_github_files(
    report: &DirReport,
    problems: &[FileProblem],
    direction: Direction,
    base: Side<'_>,
    head: Side<'_>,
) -> String {
    let mut out = String::new();
    let mut annotate = |level: &str, path: &str, line: usize, title: &str, message: &str| {
        out.push_str(&format!("::{level} "));
        if line == 0 {
            // A problem with the file's name itself: no file to point at.
            out.push_str(&format!("title={}::{}\n", escape_property(title), escape_data(&shown(message))));
        } else {
            out.push_str(&format!(
                "file={},line={line},title={}::{}\n",
                escape_property(&shown(path)),
                escape_property(title),
                escape_data(&shown(message))
            ));
        }
    };
    for p in problems {
        let side = if p.side == "base" { base } else { head };
        let path = side.path(&p.file);
        let message =
            if p.line == 0 { format!("{path}: {}", p.error.message) } else { p.error.message.clone() };
        annotate("error", &path, p.line, &p.error.code, &message);
    }
    for p in &report.pairs {
        let (head_text, base_text) = (head.text(p.head_file.as_deref()), base.text(p.base_file.as_deref()));
        for c in &p.report.changes {
            let level = if direction.broken_by(c) { "error" } else { "notice" };
            let path = if c.path.is_empty() { "/" } else { c.path.as_str() };
            let in_head = head_text.and_then(|t| line_of(t, &c.path)).zip(p.head_file.as_deref());
            let in_base = base_text.and_then(|t| line_of(t, &c.path)).zip(p.base_file.as_deref());
            let (file, line) = match (in_head, in_base) {
                (Some((line, f)), _) => (head.path(f), line),
                (None, Some((line, f))) => (base.path(f), line),
                (None, None) => match (p.head_file.as_deref(), p.base_file.as_deref()) {
                    (Some(f), _) => (head.path(f), 1),
                    (None, Some(f)) => (base.path(f), 1),
                    (None, None) => (head.path(&p.key), 1),
                },
            };
            let message = format!(
                "{path}: {} (backward {}, forward {})",
                c.message,
                c.backward.name(),
                c.forward.name()
            );
            annotate(level, &file, line, &c.code, &message);
        }
    }
    out
}

/// The 1-based line of the place an RFC 6901 pointer names in a JSON text:
/// the line of the member's key (the changed keyword), or of the array item
/// or the root value. `None` when the text has no such place.
pub fn line_of(text: &str, pointer: &str) -> Option<usize> {
    let mut r = Reader::new(text, usize::MAX);
    r.ws();
    let mut mark = r.pos();
    if !pointer.is_empty() {
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = token.replace("~1", "/").replace("~0", "~");
            match r.peek() {
                b'{' => {
                    // The last member of that name: the value a reader keeps
                    // when a key is named twice.
                    let mut found = None;
                    r.expect(b'{').ok()?;
                    r.ws();
                    while r.peek() == b'"' {
                        let key_at = r.pos();
                        let key = r.key().ok()?;
                        r.ws();
                        if key == token {
                            found = Some((key_at, r.pos()));
                        }
                        r.value(0).ok()?;
                        if r.expect(b',').is_err() {
                            break;
                        }
                        r.ws();
                    }
                    let (key_at, value_at) = found?;
                    mark = key_at;
                    r.seek(value_at);
                }
                b'[' => {
                    let index: usize = token.parse().ok()?;
                    r.expect(b'[').ok()?;
                    for _ in 0..index {
                        r.value(0).ok()?;
                        r.expect(b',').ok()?;
                    }
                    r.ws();
                    if matches!(r.peek(), 0 | b']') {
                        return None;
                    }
                    mark = r.pos();
                }
                _ => return None,
            }
        }
    }
    // A line ends at a line feed, a carriage return and line feed, or a
    // carriage return alone.
    let before = text.get(..mark)?.as_bytes();
    let breaks = before
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && before.get(i + 1).is_none_or(|&next| next != b'\n')));
    Some(1 + breaks.count())
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "{\n  \"a\": [\n    1,\n    {\"b/c\": {\"d~e\": 2}}\n  ],\n  \"s\": \"x\\\"}\",\n  \"t\": true\n}";

    #[test]
    fn pointers_are_found_on_their_line() {
        assert_eq!(line_of(TEXT, ""), Some(1));
        assert_eq!(line_of(TEXT, "/a"), Some(2));
        assert_eq!(line_of(TEXT, "/a/0"), Some(3));
        assert_eq!(line_of(TEXT, "/a/1"), Some(4));
        assert_eq!(line_of(TEXT, "/a/1/b~1c/d~0e"), Some(4));
        assert_eq!(line_of(TEXT, "/t"), Some(7));
        assert_eq!(line_of(TEXT, "/s"), Some(6));
    }

    #[test]
    fn a_key_named_twice_is_found_where_its_kept_value_is() {
        let text = "{\n\"a\": {\"x\": 1},\n\"b\": 2,\n\"a\": {\n\"x\": 3}\n}";
        assert_eq!(line_of(text, "/a"), Some(4));
        assert_eq!(line_of(text, "/a/x"), Some(5));
        assert_eq!(line_of(text, "/b"), Some(3));
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        for (end, name) in [("\n", "LF"), ("\r\n", "CRLF"), ("\r", "CR")] {
            let text = ["{", "\"a\": 1,", "\"b\": 2", "}"].join(end);
            assert_eq!(line_of(&text, "/b"), Some(3), "{name}");
        }
    }

    #[test]
    fn places_that_are_not_there_are_none() {
        for p in ["/nope", "/a/2", "/a/x", "/t/u", "x", "/s/0"] {
            assert_eq!(line_of(TEXT, p), None, "{p}");
        }
    }

    #[test]
    fn one_bad_file_does_not_hide_the_others() {
        let base =
            [SchemaFile::new("a.json", r#"{"$id":"a","type":"string"}"#), SchemaFile::new("b.json", "{")];
        let head = [SchemaFile::new("a.json", r#"{"$id":"a","type":"number"}"#)];
        let (report, problems) = check_dirs_each(&base, &head, Options::default(), Vec::new());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].file, "b.json");
        assert_eq!(report.pairs.len(), 1);
        assert!(report.breaks(Direction::Full));
        assert_eq!(
            check_dirs(&base, &head, Options::default()).map_err(|e| e.code),
            Err("parse/invalid-json".to_owned())
        );
    }
}
