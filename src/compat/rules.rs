//! The rule table: every change code with its verdict per direction and policy,
//! and its Markdown rendering for `docs/schema-compat.md`.

use super::*;

/// A verdict as the rule table states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleVerdict {
    /// Always compatible.
    Compatible,
    /// Always breaking.
    Breaking,
    /// Annotation only.
    Info,
    /// `info`, or the given verdict when `format` is asserted.
    Format(bool),
    /// Decided per change from the inclusion of the subschemas involved.
    Depends,
    /// The checker cannot decide: the change fails closed (`breaking`).
    Unknown,
}

/// One row of the rule table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The change code.
    pub code: crate::diagnostic::Code,
    /// Backward and forward under `strict`.
    pub strict: (RuleVerdict, RuleVerdict),
    /// Backward and forward under `lenient`.
    pub lenient: (RuleVerdict, RuleVerdict),
}

use RuleVerdict::{Breaking as B, Compatible as C, Depends as D, Format as Fm, Info as I, Unknown as U};

const fn same(code: crate::diagnostic::Code, b: RuleVerdict, f: RuleVerdict) -> Rule {
    Rule { code, strict: (b, f), lenient: (b, f) }
}

const fn split(
    code: crate::diagnostic::Code,
    strict: (RuleVerdict, RuleVerdict),
    lenient: (RuleVerdict, RuleVerdict),
) -> Rule {
    Rule { code, strict, lenient }
}

const RULES: &[Rule] = &[
    same(TYPE_NARROWED, B, C),
    same(TYPE_WIDENED, C, B),
    same(TYPE_CHANGED, B, B),
    same(ENUM_NARROWED, B, D),
    same(ENUM_WIDENED, D, B),
    same(ENUM_CHANGED, B, B),
    same(BOUND_TIGHTENED, B, C),
    same(BOUND_RELAXED, C, B),
    same(BOUND_CHANGED, B, B),
    same(PATTERN_ADDED, B, C),
    same(PATTERN_REMOVED, C, B),
    same(PATTERN_CHANGED, B, B),
    same(FORMAT_ADDED, Fm(false), Fm(true)),
    same(FORMAT_REMOVED, Fm(true), Fm(false)),
    same(FORMAT_CHANGED, Fm(false), Fm(false)),
    same(CONTENT_ASSERTED, D, D),
    same(CONTENT_CHANGED, I, I),
    same(ANNOTATION_CHANGED, I, I),
    same(DEFAULT_CHANGED, I, I),
    same(DIALECT_CHANGED, I, I),
    same(BECAME_FALSE, B, C),
    same(WAS_FALSE, C, B),
    split(PROPERTY_ADDED, (D, C), (C, C)),
    split(PROPERTY_ADDED_TO_CLOSED, (C, B), (C, C)),
    split(PROPERTY_ADDED_PARTIALLY_OPEN, (D, D), (C, C)),
    split(PROPERTY_REMOVED, (C, D), (C, C)),
    split(PROPERTY_REMOVED_FROM_CLOSED, (B, C), (C, C)),
    split(PROPERTY_REMOVED_PARTIALLY_OPEN, (D, D), (C, C)),
    same(REQUIRED_ADDED, B, C),
    same(REQUIRED_REMOVED, C, B),
    split(CONTENT_CLOSED, (B, C), (C, C)),
    split(CONTENT_OPENED, (C, B), (C, C)),
    same(DEPENDENCY_ADDED, B, C),
    same(DEPENDENCY_REMOVED, C, B),
    same(CONTAINS_ADDED, B, C),
    same(CONTAINS_REMOVED, C, B),
    same(UNIQUE_ITEMS_ADDED, B, C),
    same(UNIQUE_ITEMS_REMOVED, C, B),
    same(ALL_OF_ADDED, D, C),
    same(ALL_OF_REMOVED, C, D),
    same(BRANCH_ADDED, C, B),
    same(BRANCH_REMOVED, B, C),
    same(ONE_OF_OVERLAP, B, C),
    same(ONE_OF_OVERLAP_REMOVED, C, B),
    same(ONE_OF_TO_ANY_OF, C, D),
    same(ANY_OF_TO_ONE_OF, D, C),
    same(COMBINATOR_ADDED, D, C),
    same(COMBINATOR_REMOVED, C, D),
    same(NOT_CHANGED, D, D),
    same(CONDITIONAL_ADDED, B, C),
    same(CONDITIONAL_REMOVED, C, B),
    same(CONDITIONAL_IF_CHANGED, B, B),
    same(REMOTE_REF, U, U),
    same(DYNAMIC_REF, U, U),
    same(UNRESOLVED_REF, U, U),
    same(UNDECIDED, U, U),
    same(TOO_DEEP, U, U),
    same(TOO_COMPLEX, U, U),
    same(SCHEMA_ADDED, C, C),
    same(SCHEMA_REMOVED, B, B),
];

/// Every change rule, in table order.
pub fn rules() -> &'static [Rule] {
    RULES
}

/// The fixed verdicts of a code under the given options (`Depends` rules are
/// emitted with computed verdicts; looked up here they count as breaking).
pub(super) fn verdicts(code: crate::diagnostic::Code, opts: Options) -> (Verdict, Verdict) {
    let rule = RULES.iter().find(|r| r.code == code);
    let pair = rule.map_or((B, B), |r| if opts.policy == Policy::Lenient { r.lenient } else { r.strict });
    let one = |v: RuleVerdict| match v {
        C => Verdict::Compatible,
        B | D | U => Verdict::Breaking,
        I => Verdict::Info,
        Fm(ok) if opts.assert_format => Verdict::of(ok),
        Fm(_) => Verdict::Info,
    };
    (one(pair.0), one(pair.1))
}

fn cell(v: RuleVerdict) -> &'static str {
    match v {
        C => "compatible",
        B => "**breaking**",
        I => "info",
        Fm(true) => "info (asserted: compatible)",
        Fm(false) => "info (asserted: **breaking**)",
        D => "by inclusion",
        U => "`unknown`: **breaking** (fails closed)",
    }
}

/// The rule table as Markdown: code, meaning, and the backward/forward
/// verdict under each policy. Generated from the code.
pub fn rules_markdown() -> String {
    let mut out = String::from(
        "| code | meaning | strict backward | strict forward | lenient backward | lenient forward |\n\
         |---|---|---|---|---|---|\n",
    );
    for r in RULES {
        let meaning = CODES.iter().find(|c| c.code == r.code).map_or("", |c| c.meaning);
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            r.code,
            meaning.replace('|', "\\|"),
            cell(r.strict.0),
            cell(r.strict.1),
            cell(r.lenient.0),
            cell(r.lenient.1)
        ));
    }
    out.push_str(
        "\n\"by inclusion\": the verdict is computed for each change from whether one subschema's values \
         are all valid under the other. Under `lenient`, no change inside `additionalProperties`, \
         `patternProperties` or `unevaluatedProperties` breaks (writers emit only declared properties). \
         `compat/invalid-schema` is a failure, not a change.\n",
    );
    out.push_str(
        "\nThe dialect is read from `$schema` (draft-07, 2019-09, 2020-12; draft-04 and draft-06 too). \
         A keyword its dialect does not define is ignored by validators and reported as an annotation \
         (`info`); in draft-07 the siblings of a `$ref` are ignored too. How each keyword that may \
         constrain instances is handled:\n\n",
    );
    out.push_str(&super::keywords_markdown());
    out.push_str(
        "\nA subschema that accepts no value (`false`, or keywords that contradict each other: disjoint \
         types, `enum`s or `const`s across `allOf`, `minimum` above `maximum`, a required property that \
         is `false`, ...) is the empty set wherever it appears. With `witness: true`, `schema.check` \
         also names, for each `breaking` direction, an instance the old schema accepts and the new one \
         refuses (backward) or the reverse (forward), when one can be built and checked.\n",
    );
    out
}
