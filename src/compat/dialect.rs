//! Dialects: which keywords constrain instances, read from `$schema`.
//!
//! A keyword its dialect does not define is an annotation there (validators
//! ignore unknown keywords), and drafts 4 to 7 ignore every sibling of a
//! `$ref`. Before the walk each schema is rewritten so that such keywords are
//! hidden from the comparison: they are renamed with a [`HIDDEN`] prefix, so
//! they still show as annotation changes under their own names.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::keywords::{HIDDEN, KEYWORDS, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONE, is_known};

/// A JSON Schema dialect, as `$schema` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Draft 4.
    Draft4,
    /// Draft 6.
    Draft6,
    /// Draft 7.
    Draft7,
    /// 2019-09.
    Draft2019,
    /// 2020-12.
    Draft2020,
    /// No `$schema`, or one this checker does not know: every dialect's
    /// keywords are read (2020-12 and the older shapes where unambiguous).
    Unspecified,
}

impl Dialect {
    /// The dialect a schema document declares.
    pub fn of(root: &Value) -> Dialect {
        let Some(uri) = root.get("$schema").and_then(Value::as_str) else { return Dialect::Unspecified };
        let uri = uri.trim_end_matches('#');
        let known = [
            ("json-schema.org/draft-04/schema", Dialect::Draft4),
            ("json-schema.org/draft-06/schema", Dialect::Draft6),
            ("json-schema.org/draft-07/schema", Dialect::Draft7),
            ("json-schema.org/draft/2019-09/schema", Dialect::Draft2019),
            ("json-schema.org/draft/2020-12/schema", Dialect::Draft2020),
        ];
        known
            .iter()
            .find(|(u, _)| uri.strip_prefix("http://").or(uri.strip_prefix("https://")) == Some(u))
            .map_or(Dialect::Unspecified, |(_, d)| *d)
    }

    /// The dialect's column name in the keyword table.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Draft4 => "draft-04",
            Dialect::Draft6 => "draft-06",
            Dialect::Draft7 => "draft-07",
            Dialect::Draft2019 => "2019-09",
            Dialect::Draft2020 => "2020-12",
            Dialect::Unspecified => "no `$schema`",
        }
    }

    fn legacy_ref(self) -> bool {
        matches!(self, Dialect::Draft4 | Dialect::Draft6 | Dialect::Draft7)
    }
}

/// How the checker treats one keyword in one dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Treatment {
    /// Compared: changes get verdicts from the rule table.
    Compared,
    /// Compared, except beside in-place applicators (`allOf`, `anyOf`,
    /// `oneOf`, `if`/`then`/`else`, `dependentSchemas`, `contains`) whose
    /// evaluation it depends on: there a change answers `compat/undecided`.
    ComparedAlone,
    /// The checker cannot decide: a change answers a fail-closed code.
    Unknown(crate::diagnostic::Code),
    /// An assertion in this dialect compared by its text (adding it narrows,
    /// removing it widens, changing it does both).
    AssertedText,
    /// An annotation (`info`), or an assertion with `assertFormat`.
    Format,
    /// An annotation in this dialect (`info`).
    Annotation,
    /// Not a keyword of this dialect: ignored by validators, `info` here.
    NotInDialect,
}

/// How `keyword` is treated in `dialect`.
pub fn treatment(keyword: &str, dialect: Dialect) -> Treatment {
    use Dialect::*;
    let since = |first: Dialect| {
        let order = [Draft4, Draft6, Draft7, Draft2019, Draft2020];
        let at = |d: Dialect| order.iter().position(|x| *x == d).unwrap_or(order.len());
        at(dialect) >= at(first)
    };
    let compared = |yes: bool| if yes { Treatment::Compared } else { Treatment::NotInDialect };
    match keyword {
        "const" | "contains" | "propertyNames" => compared(since(Draft6)),
        "if" | "then" | "else" => compared(since(Draft7)),
        "dependentRequired" | "dependentSchemas" | "minContains" | "maxContains" => {
            compared(since(Draft2019))
        }
        "unevaluatedProperties" | "unevaluatedItems" if since(Draft2019) => Treatment::ComparedAlone,
        "unevaluatedProperties" | "unevaluatedItems" => Treatment::NotInDialect,
        "prefixItems" => compared(matches!(dialect, Draft2020 | Unspecified)),
        "$dynamicRef" if matches!(dialect, Draft2020 | Unspecified) => Treatment::Unknown(super::DYNAMIC_REF),
        "$recursiveRef" if matches!(dialect, Draft2019 | Unspecified) => {
            Treatment::Unknown(super::DYNAMIC_REF)
        }
        "$dynamicRef" | "$recursiveRef" => Treatment::NotInDialect,
        "format" => Treatment::Format,
        "contentEncoding" | "contentMediaType" if matches!(dialect, Draft6 | Draft7) => {
            Treatment::AssertedText
        }
        "contentEncoding" | "contentMediaType" => Treatment::Annotation,
        "contentSchema" => Treatment::Annotation,
        _ => Treatment::Compared,
    }
}

/// The schema as its dialect reads it: keywords the dialect does not define,
/// and the siblings of a `$ref` in drafts 4 to 7, renamed out of the way.
pub(super) fn normalize(schema: &Value) -> Cow<'_, Value> {
    let dialect = Dialect::of(schema);
    if dialect == Dialect::Unspecified {
        return Cow::Borrowed(schema);
    }
    let mut out = schema.clone();
    let mut budget = 200_000usize;
    rewrite(&mut out, dialect, 0, &mut budget);
    Cow::Owned(out)
}

fn rewrite(v: &mut Value, dialect: Dialect, depth: usize, budget: &mut usize) {
    let Value::Object(m) = v else { return };
    if depth > super::MAX_DEPTH * 2 || *budget == 0 {
        return;
    }
    *budget -= 1;
    let legacy_ref = dialect.legacy_ref() && m.contains_key("$ref");
    let hide: Vec<String> = m
        .keys()
        .filter(|k| {
            is_known(k) && {
                let t = treatment(k, dialect);
                t == Treatment::NotInDialect
                    || (legacy_ref && *k != "$ref")
                    || (dialect == Dialect::Draft4 && is_numeric_exclusive(k, m))
            }
        })
        .cloned()
        .collect();
    for k in hide {
        if let Some(x) = m.remove(&k) {
            m.insert(format!("{HIDDEN}{k}"), x);
        }
    }
    for (k, x) in m.iter_mut() {
        let key = k.as_str();
        if SCHEMA_MAPS.contains(&key) || key == "dependencies" {
            if let Value::Object(children) = x {
                for c in children.values_mut() {
                    rewrite(c, dialect, depth + 1, budget);
                }
            }
        } else if SCHEMA_LISTS.contains(&key) || key == "items" {
            match x {
                Value::Array(a) => a.iter_mut().for_each(|c| rewrite(c, dialect, depth + 1, budget)),
                one => rewrite(one, dialect, depth + 1, budget),
            }
        } else if SCHEMA_ONE.contains(&key) {
            rewrite(x, dialect, depth + 1, budget);
        }
    }
}

/// Draft 4 reads `exclusiveMinimum`/`exclusiveMaximum` only as booleans.
fn is_numeric_exclusive(key: &str, m: &Map<String, Value>) -> bool {
    (key == "exclusiveMinimum" || key == "exclusiveMaximum") && m.get(key).is_some_and(Value::is_number)
}

/// The keyword table as Markdown: each instance-constraining keyword and how
/// each dialect's schemas have it compared. Generated from [`treatment`].
pub fn keywords_markdown() -> String {
    let dialects = [Dialect::Draft7, Dialect::Draft2019, Dialect::Draft2020, Dialect::Unspecified];
    let mut out = String::from("| keyword |");
    for d in dialects {
        out.push_str(&format!(" {} |", d.name()));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(dialects.len()));
    out.push('\n');
    for k in KEYWORDS {
        out.push_str(&format!("| `{k}` |"));
        for d in dialects {
            let cell = match treatment(k, d) {
                Treatment::Compared => "compared".to_owned(),
                Treatment::ComparedAlone => "compared; `unknown` beside applicators".to_owned(),
                Treatment::Unknown(code) => format!("`unknown` (`{code}`)"),
                Treatment::AssertedText => "compared as text (asserted)".to_owned(),
                Treatment::Format => "info; compared with `assertFormat`".to_owned(),
                Treatment::Annotation => "info (annotation)".to_owned(),
                Treatment::NotInDialect => "info (not a keyword here)".to_owned(),
            };
            let cell = if *k != "$ref" && d.legacy_ref() && cell == "compared" {
                "compared (ignored beside `$ref`)".to_owned()
            } else {
                cell
            };
            out.push_str(&format!(" {cell} |"));
        }
        out.push('\n');
    }
    out
}
