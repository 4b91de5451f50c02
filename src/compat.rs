//! JSON Schema compatibility: is a new schema a safe successor of an old one?
//!
//! The wire contract is additive-only: a six-month-old writer's data must still
//! be read by a new reader (**backward**: every value valid under the old
//! schema is valid under the new one), and a six-month-old reader must still
//! accept what a new writer sends (**forward**: every value valid under the new
//! schema is valid under the old one). **Full** is both.
//!
//! [`check`] walks the two schemas side by side and reports every change with a
//! stable `compat/<kebab>` code, a JSON Pointer into the schemas and a verdict
//! per direction. Each schema is read in the dialect its `$schema` names
//! (draft-04, -06, -07, 2019-09, 2020-12; see [`treatment`]): keywords its
//! dialect does not define are annotations, and in drafts 4 to 7 the siblings
//! of a `$ref` are ignored. Without a `$schema` (or with one it does not know)
//! every dialect's keywords are read: 2020-12, and the draft-07 and draft-04
//! shapes (`items: [...]`, `additionalItems`, `dependencies`, `definitions`,
//! boolean `exclusiveMinimum`) where unambiguous.
//!
//! A subschema that accepts nothing (`false`, or keywords that contradict each
//! other) is the empty set wherever it appears. For a `breaking` direction,
//! [`witness`] names an instance that shows it, checked by a small validator
//! of its own, when one can be built.
//!
//! # Verdicts
//!
//! Each change carries one [`Verdict`] per direction:
//! - `compatible`: the change cannot invalidate data in this direction;
//! - `breaking`: some value may be accepted on one side and refused on the other;
//! - `info`: the change touches only annotations (`title`, `description`,
//!   `default`, `format` unless asserted, ...) and never changes validation.
//!
//! The overall `backward`, `forward` and `full` verdicts are `compatible` or
//! `breaking` (breaking when any change is breaking in that direction).
//!
//! # Policies
//!
//! - `strict` (the default): any schema-valid value may be old data. Under an
//!   open content model an undeclared property may already carry any value, so
//!   adding a property there is backward-breaking (set inclusion; the model of
//!   the Confluent STRICT and Apicurio checkers).
//! - `lenient`: writers emit only declared properties and readers ignore
//!   unknown ones, so adding, removing and closing over undeclared properties is
//!   compatible (the Confluent LENIENT model).
//!
//! # Decisions
//!
//! - `required` + `default`: a newly required property is backward-breaking even
//!   when it has a `default`; JSON Schema validators never fill defaults, so old
//!   data without the property is refused.
//! - `format` is an annotation (2020-12 format-annotation vocabulary): changes
//!   are reported as `info`. With `assert_format` set, format changes count as
//!   assertions. `contentEncoding`/`contentMediaType`/`contentSchema` are always
//!   annotations.
//! - `$ref`: local references (`#/...` pointers, `#name` anchors, and the
//!   schema's own `$id`) are resolved; recursion is handled with a visited set.
//!   Remote references, `$dynamicRef`/`$recursiveRef` and unresolvable or
//!   cyclic references fail closed: they are reported as breaking both ways.
//! - Regular expressions are compared as text; a changed `pattern` is breaking
//!   both ways unless the text is equal.
//! - Work is bounded: nesting deeper than [`MAX_DEPTH`] and walks longer than
//!   [`MAX_STEPS`] comparisons fail closed with a code.

#[cfg(feature = "compat")]
mod canonical;
#[cfg(feature = "compat")]
mod keywords;
#[cfg(feature = "compat")]
mod dialect;
#[cfg(feature = "compat")]
mod memo;
#[cfg(feature = "compat")]
mod node;
#[cfg(feature = "compat")]
mod conjoin;
#[cfg(feature = "compat")]
mod empty;
#[cfg(feature = "compat")]
mod judge;
#[cfg(feature = "compat")]
mod rules;
#[cfg(feature = "compat")]
mod sets;
#[cfg(feature = "compat")]
mod walk;
#[cfg(feature = "compat")]
mod walk_logic;
#[cfg(feature = "compat")]
mod walk_shapes;
#[cfg(feature = "compat")]
mod witness;
#[cfg(feature = "compat")]
mod dir;

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[cfg(feature = "compat")]
use crate::error::CallError;

#[cfg(feature = "compat")]
pub use dialect::{Dialect, Treatment, keywords_markdown, treatment};
#[cfg(feature = "compat")]
pub use dir::{
    DirReport, FileProblem, PairReport, SchemaFile, Side, check_dirs, check_dirs_each, line_of,
    render_github, render_github_files, render_human,
};
#[cfg(feature = "compat")]
pub use keywords::KEYWORDS;
#[cfg(feature = "compat")]
pub use rules::{Rule, RuleVerdict, rules, rules_markdown};

/// How deep the walk may follow nested schemas before it fails closed.
pub const MAX_DEPTH: usize = 64;

/// How many schema comparisons one check may make before it fails closed.
pub const MAX_STEPS: usize = 200_000;

/// How many changes one comparison may find before it fails closed (a
/// small recursive schema can otherwise list a change at every level of
/// every branch, an answer of megabytes).
pub const MAX_CHANGES: usize = 1_000;

crate::define_codes! {
    INVALID_SCHEMA = "compat/invalid-schema", "a schema is not a JSON Schema (not an object or boolean, or a keyword of the wrong shape)";
    TYPE_NARROWED = "compat/type-narrowed", "the new schema drops instance types (a `type` member, `null`, number to integer)";
    TYPE_WIDENED = "compat/type-widened", "the new schema admits more instance types";
    TYPE_CHANGED = "compat/type-changed", "the new schema drops some instance types and adds others";
    ENUM_NARROWED = "compat/enum-narrowed", "`enum`/`const` values removed, or an `enum`/`const` introduced (forward-compatible when every listed value fits the old schema)";
    ENUM_WIDENED = "compat/enum-widened", "`enum`/`const` values added, or the `enum`/`const` dropped (backward-compatible when every old value fits the new schema)";
    ENUM_CHANGED = "compat/enum-changed", "`enum`/`const` values both added and removed";
    BOUND_TIGHTENED = "compat/bound-tightened", "a length, range, size or count bound (or `multipleOf`) added or made stricter";
    BOUND_RELAXED = "compat/bound-relaxed", "a length, range, size or count bound (or `multipleOf`) removed or made looser";
    BOUND_CHANGED = "compat/bound-changed", "`multipleOf` changed to a value that is neither a multiple nor a divisor of the old one";
    PATTERN_ADDED = "compat/pattern-added", "a `pattern` was added";
    PATTERN_REMOVED = "compat/pattern-removed", "a `pattern` was removed";
    PATTERN_CHANGED = "compat/pattern-changed", "a `pattern` was changed (regular expressions are compared as text)";
    FORMAT_ADDED = "compat/format-added", "a `format` was added";
    FORMAT_REMOVED = "compat/format-removed", "a `format` was removed";
    FORMAT_CHANGED = "compat/format-changed", "a `format` was changed";
    CONTENT_ASSERTED = "compat/content-asserted", "draft-06/07 `contentEncoding`/`contentMediaType`, which validators of those drafts assert, added (breaks backward), removed (breaks forward) or changed (both; compared as text)";
    CONTENT_CHANGED = "compat/content-changed", "`contentEncoding`, `contentMediaType` or `contentSchema` changed (annotations)";
    ANNOTATION_CHANGED = "compat/annotation-changed", "an annotation or unknown keyword changed (`title`, `description`, `examples`, `$comment`, `$id`, ...)";
    DEFAULT_CHANGED = "compat/default-changed", "a `default` was added, changed or removed (validators do not fill defaults)";
    DIALECT_CHANGED = "compat/dialect-changed", "`$schema` names another dialect (each schema's keywords are read as its own dialect defines them)";
    BECAME_FALSE = "compat/became-false", "a subschema now refuses every value (`false`, or keywords that contradict each other: disjoint types or values across `allOf`, `minimum` above `maximum`, ...)";
    WAS_FALSE = "compat/was-false", "a subschema that refused every value (`false`, or contradicting keywords) now accepts some";
    PROPERTY_ADDED = "compat/property-added", "a property was declared on an open object (old data may already use the name with any value)";
    PROPERTY_ADDED_TO_CLOSED = "compat/property-added-to-closed", "a property was declared on a closed object (`additionalProperties: false`)";
    PROPERTY_ADDED_PARTIALLY_OPEN = "compat/property-added-partially-open", "a property was declared where `patternProperties` or an `additionalProperties` schema used to govern the name";
    PROPERTY_REMOVED = "compat/property-removed", "a property declaration was removed from an object that is open in the new schema";
    PROPERTY_REMOVED_FROM_CLOSED = "compat/property-removed-from-closed", "a property declaration was removed from an object that is closed in the new schema";
    PROPERTY_REMOVED_PARTIALLY_OPEN = "compat/property-removed-partially-open", "a property declaration was removed and `patternProperties` or an `additionalProperties` schema now governs the name";
    REQUIRED_ADDED = "compat/required-added", "a property became required (a `default` does not help: validators do not fill defaults)";
    REQUIRED_REMOVED = "compat/required-removed", "a property is no longer required";
    CONTENT_CLOSED = "compat/content-closed", "`additionalProperties`/`unevaluatedProperties` closed or narrowed (undeclared properties refused)";
    CONTENT_OPENED = "compat/content-opened", "`additionalProperties`/`unevaluatedProperties` opened or widened";
    DEPENDENCY_ADDED = "compat/dependency-added", "`dependentRequired` (or draft-07 `dependencies`) names more properties";
    DEPENDENCY_REMOVED = "compat/dependency-removed", "`dependentRequired` (or draft-07 `dependencies`) names fewer properties";
    CONTAINS_ADDED = "compat/contains-added", "a `contains` was added";
    CONTAINS_REMOVED = "compat/contains-removed", "a `contains` was removed";
    UNIQUE_ITEMS_ADDED = "compat/unique-items-added", "`uniqueItems` became true";
    UNIQUE_ITEMS_REMOVED = "compat/unique-items-removed", "`uniqueItems` is no longer true";
    ALL_OF_ADDED = "compat/all-of-added", "an `allOf` conjunct was added (compatible backward only when the old schema already implies it)";
    ALL_OF_REMOVED = "compat/all-of-removed", "an `allOf` conjunct was removed (compatible forward only when the new schema still implies it)";
    BRANCH_ADDED = "compat/branch-added", "an `anyOf`/`oneOf` branch was added that no old branch covers";
    BRANCH_REMOVED = "compat/branch-removed", "an `anyOf`/`oneOf` branch was removed that no new branch covers";
    ONE_OF_OVERLAP = "compat/one-of-overlap", "a new `oneOf` branch may overlap another branch, so old values may now match two branches and be refused";
    ONE_OF_OVERLAP_REMOVED = "compat/one-of-overlap-removed", "an old `oneOf` branch that may overlap another was changed or removed, so values that matched two branches (and were refused) may now match one and be accepted";
    ONE_OF_TO_ANY_OF = "compat/one-of-to-any-of", "`oneOf` became `anyOf` (forward-compatible only when the branches are disjoint)";
    ANY_OF_TO_ONE_OF = "compat/any-of-to-one-of", "`anyOf` became `oneOf` (backward-compatible only when the branches are disjoint)";
    COMBINATOR_ADDED = "compat/combinator-added", "an `anyOf`/`oneOf` was added beside other keywords (compatible backward when the old schema fits a branch)";
    COMBINATOR_REMOVED = "compat/combinator-removed", "an `anyOf`/`oneOf` was removed from beside other keywords (compatible forward when the new schema fits a branch)";
    NOT_CHANGED = "compat/not-changed", "a `not` was added, removed or changed (verdicts from the inclusion of the negated schemas)";
    CONDITIONAL_ADDED = "compat/conditional-added", "an `if`/`then`/`else` was added";
    CONDITIONAL_REMOVED = "compat/conditional-removed", "an `if`/`then`/`else` was removed";
    CONDITIONAL_IF_CHANGED = "compat/conditional-if-changed", "the `if` of a conditional changed (which values the branches govern moved)";
    REMOTE_REF = "compat/remote-ref", "a `$ref` names another document; it is not fetched, so the check fails closed";
    DYNAMIC_REF = "compat/dynamic-ref", "a `$dynamicRef` or `$recursiveRef` is not resolved, so the check fails closed";
    UNRESOLVED_REF = "compat/unresolved-ref", "a local `$ref` names nothing in its schema, or a chain of `$ref`s loops, so the check fails closed";
    TOO_DEEP = "compat/too-deep", "the schemas nest deeper than the checker follows, so the check fails closed";
    UNDECIDED = "compat/undecided", "a keyword changed that the checker cannot compare here (`unevaluatedProperties`/`unevaluatedItems` beside applicators whose evaluation they see), so the check fails closed";
    TOO_COMPLEX = "compat/too-complex", "the comparison needed more steps, or found more changes, than the checker allows, so the check fails closed";
    SCHEMA_ADDED = "compat/schema-added", "a schema file exists only in the new directory";
    SCHEMA_REMOVED = "compat/schema-removed", "a schema file exists only in the old directory";
}

/// Which data model the check assumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// Any schema-valid value may be old data (set inclusion).
    #[default]
    Strict,
    /// Writers emit only declared properties; readers ignore unknown ones.
    Lenient,
}

impl Policy {
    /// The policy's wire name.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Strict => "strict",
            Policy::Lenient => "lenient",
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A verdict for one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Cannot invalidate data in this direction.
    Compatible,
    /// May invalidate data in this direction.
    Breaking,
    /// Annotation only; never changes validation.
    Info,
}

impl Verdict {
    /// The verdict's wire name.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Compatible => "compatible",
            Verdict::Breaking => "breaking",
            Verdict::Info => "info",
        }
    }

    fn of(ok: bool) -> Verdict {
        if ok { Verdict::Compatible } else { Verdict::Breaking }
    }
}

/// One change between the schemas.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// Where, as a JSON Pointer into the schemas (the new schema's layout; the
    /// old one's for removals; a shared `$ref` target is reported at the target).
    pub path: String,
    /// Stable code, `compat/kebab-case`.
    pub code: String,
    /// The verdict for a new reader of old data.
    pub backward: Verdict,
    /// The verdict for an old reader of new data.
    pub forward: Verdict,
    /// One line, lowercase start, no trailing period.
    pub message: String,
}

/// Instances that show a verdict is `breaking`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Witness {
    /// Valid under the old schema, refused by the new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub backward: Option<Value>,
    /// Valid under the new schema, refused by the old one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub forward: Option<Value>,
}

impl Witness {
    /// Whether it names no instance.
    pub fn is_empty(&self) -> bool {
        self.backward.is_none() && self.forward.is_none()
    }
}

/// Options beside the two schemas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The data model.
    pub policy: Policy,
    /// Treat `format` as an assertion (as validators with format assertion do).
    pub assert_format: bool,
}

/// The outcome of one check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// A new reader accepts everything old writers sent.
    pub backward: Verdict,
    /// An old reader accepts everything new writers send.
    pub forward: Verdict,
    /// Both.
    pub full: Verdict,
    /// Every change, sorted by path, then code, then message.
    pub changes: Vec<Change>,
}

impl Report {
    /// Builds the overall verdicts from a list of changes (sorted here).
    pub fn from_changes(mut changes: Vec<Change>) -> Report {
        crate::sort::list(&mut changes, &|a, b| {
            a.path.cmp(&b.path).then_with(|| a.code.cmp(&b.code)).then_with(|| a.message.cmp(&b.message))
        });
        changes.dedup();
        let backward = Verdict::of(!changes.iter().any(|c| c.backward == Verdict::Breaking));
        let forward = Verdict::of(!changes.iter().any(|c| c.forward == Verdict::Breaking));
        let full = Verdict::of(backward == Verdict::Compatible && forward == Verdict::Compatible);
        Report { backward, forward, full, changes }
    }

    /// Whether the report is breaking in `direction`.
    pub fn breaks(&self, direction: Direction) -> bool {
        match direction {
            Direction::Backward => self.backward == Verdict::Breaking,
            Direction::Forward => self.forward == Verdict::Breaking,
            Direction::Full => self.full == Verdict::Breaking,
        }
    }
}

/// Which direction a gate enforces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// New readers, old data.
    Backward,
    /// Old readers, new data.
    Forward,
    /// Both.
    #[default]
    Full,
}

impl Direction {
    /// The direction's wire name.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Backward => "backward",
            Direction::Forward => "forward",
            Direction::Full => "full",
        }
    }

    /// Whether a change breaks this direction.
    pub fn broken_by(self, change: &Change) -> bool {
        let b = change.backward == Verdict::Breaking;
        let f = change.forward == Verdict::Breaking;
        match self {
            Direction::Backward => b,
            Direction::Forward => f,
            Direction::Full => b || f,
        }
    }
}

/// Compares an old and a new JSON Schema.
///
/// Fails (`compat/invalid-schema`) only when a schema is not a JSON Schema;
/// everything else, including references it cannot follow, is a change.
#[cfg(feature = "compat")]
pub fn check(old: &Value, new: &Value, options: Options) -> Result<Report, CallError> {
    node::validate_schema(old, "old")?;
    node::validate_schema(new, "new")?;
    let (old, new) = (dialect::normalize(old), dialect::normalize(new));
    let changes = walk::run(&old, &new, options);
    Ok(Report::from_changes(changes))
}

/// Searches an instance for each `breaking` direction of `report` (the
/// report of [`check`] for the same schemas and options): one the old schema
/// accepts and the new refuses (backward), or the reverse (forward). A
/// direction has one only when it can be built and both schemas' verdicts on
/// it are certain; it never names one for a `compatible` direction.
#[cfg(feature = "compat")]
pub fn witness(old: &Value, new: &Value, options: Options, report: &Report) -> Witness {
    let (b, f) = (report.backward == Verdict::Breaking, report.forward == Verdict::Breaking);
    if !(b || f) || node::validate_schema(old, "old").is_err() || node::validate_schema(new, "new").is_err() {
        return Witness::default();
    }
    let (old, new) = (dialect::normalize(old), dialect::normalize(new));
    witness::search(&old, &new, options.assert_format, b, f)
}

#[cfg(all(test, feature = "compat"))]
mod tests;
