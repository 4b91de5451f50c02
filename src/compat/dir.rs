//! Comparing two sets of schema files (a base and a head directory, read by
//! the caller) and rendering the outcome for people and for CI.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::CallError;

use super::{
    Change, Direction, INVALID_SCHEMA, Options, Report, SCHEMA_ADDED, SCHEMA_REMOVED, Verdict, check, rules,
};

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

fn load(files: &[SchemaFile], side: &str) -> Result<BTreeMap<String, DirEntry>, CallError> {
    let mut out = BTreeMap::new();
    for f in files {
        let parsed = crate::json::parse(&f.text, crate::api::MAX_CALL_DEPTH).map_err(|e| {
            CallError::new(
                e.code,
                format!("the {side} file {} is not JSON: {}", crate::diagnostic::quote(&f.name), e.message),
            )
        })?;
        let schema = parsed.value;
        if !(schema.is_object() || schema.is_boolean()) {
            let msg = format!("the {side} file {} is not a JSON Schema", crate::diagnostic::quote(&f.name));
            return Err(CallError::new(INVALID_SCHEMA, msg));
        }
        let key = schema.get("$id").and_then(Value::as_str).map_or_else(|| f.name.clone(), str::to_owned);
        if let Some(prev) = out.insert(key.clone(), DirEntry { file: f.name.clone(), schema }) {
            let msg = format!(
                "the {side} files {} and {} share the key {}",
                crate::diagnostic::quote(&prev.file),
                crate::diagnostic::quote(&f.name),
                crate::diagnostic::quote(&key)
            );
            return Err(CallError::new(INVALID_SCHEMA, msg));
        }
    }
    Ok(out)
}

/// Compares a base set of schema files with a head set: pairs by `$id`
/// (falling back to the file name), reports added schemas (compatible) and
/// removed schemas (breaking). Fails when a file is not a JSON Schema.
pub fn check_dirs(
    base: &[SchemaFile],
    head: &[SchemaFile],
    options: Options,
) -> Result<DirReport, CallError> {
    let (b, h) = (load(base, "base")?, load(head, "head")?);
    let mut keys: Vec<&String> = b.keys().chain(h.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut pairs = Vec::new();
    for key in keys {
        let (be, he) = (b.get(key), h.get(key));
        let report = match (be, he) {
            (Some(o), Some(n)) => check(&o.schema, &n.schema, options).map_err(|e| {
                CallError::new(
                    &e.code,
                    format!("{} (comparing {})", e.message, crate::diagnostic::quote(key)),
                )
            })?,
            (None, Some(_)) => one(SCHEMA_ADDED, "the schema is new", options),
            (Some(_), None) => one(SCHEMA_REMOVED, "the schema was removed", options),
            (None, None) => continue,
        };
        pairs.push(PairReport {
            key: key.clone(),
            base_file: be.map(|e| e.file.clone()),
            head_file: he.map(|e| e.file.clone()),
            report,
        });
    }
    let backward = Verdict::of(!pairs.iter().any(|p| p.report.backward == Verdict::Breaking));
    let forward = Verdict::of(!pairs.iter().any(|p| p.report.forward == Verdict::Breaking));
    let full = Verdict::of(backward == Verdict::Compatible && forward == Verdict::Compatible);
    Ok(DirReport { pairs, backward, forward, full })
}

fn one(code: &'static str, message: &str, options: Options) -> Report {
    let (backward, forward) = rules::verdicts(code, options);
    Report::from_changes(vec![Change {
        path: String::new(),
        code: code.to_owned(),
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
        out.push_str(&format!("\n{}: {verdict}\n", p.file()));
        if p.key != p.file() {
            out.push_str(&format!("  id {}\n", p.key));
        }
        for c in &p.report.changes {
            let mark = if direction.broken_by(c) { "x" } else { "-" };
            let path = if c.path.is_empty() { "/" } else { c.path.as_str() };
            out.push_str(&format!(
                "  {mark} {path}  {}  [backward {}, forward {}]\n      {}\n",
                c.code,
                c.backward.name(),
                c.forward.name(),
                c.message
            ));
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
                escape_property(&file),
                escape_property(&c.code),
                escape_data(&format!(
                    "{path}: {} (backward {}, forward {})",
                    c.message,
                    c.backward.name(),
                    c.forward.name()
                ))
            ));
        }
    }
    out
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
