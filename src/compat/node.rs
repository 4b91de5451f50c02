//! Reading one schema node: shape checks, instance types, canonical values,
//! bounds and reference resolution (draft-07/draft-04 shapes normalised).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::error::CallError;
use crate::pointer::Pointer;

use super::INVALID_SCHEMA;
pub(crate) use super::canonical::{canonical, mentions_ref, same_canonical, value_set};
use super::keywords::{HIDDEN, has_in_place};

/// An empty object, the stand-in for an absent subschema (`true`).
pub(crate) static TRUE: Value = Value::Bool(true);
/// The stand-in for a closed subschema.
pub(crate) static FALSE: Value = Value::Bool(false);

/// How many nested values the shape check visits before it gives up.
const MAX_NODES: usize = 2_000_000;

// ---------------------------------------------------------------- shape check

/// Checks that `schema` is a JSON Schema: objects or booleans at every schema
/// position and known keywords of the right JSON type. Iterative: no recursion.
pub(crate) fn validate_schema(schema: &Value, side: &str) -> Result<(), CallError> {
    let mut stack: Vec<(&Value, Pointer)> = vec![(schema, Pointer::root())];
    let mut seen = 0usize;
    while let Some((node, at)) = stack.pop() {
        seen += 1;
        if seen > MAX_NODES {
            return Err(bad(side, &at, "has too many subschemas to check"));
        }
        let map = match node {
            Value::Bool(_) => continue,
            Value::Object(m) => m,
            _ => return Err(bad(side, &at, "is neither an object nor a boolean")),
        };
        for (key, value) in map {
            let here = at.key(key);
            match key.as_str() {
                "type" => check_type(value).map_err(|m| bad(side, &here, m))?,
                "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                    let m = value.as_object().ok_or_else(|| bad(side, &here, "is not an object"))?;
                    for (k, v) in m {
                        stack.push((v, here.key(k)));
                    }
                }
                "dependencies" => {
                    let m = value.as_object().ok_or_else(|| bad(side, &here, "is not an object"))?;
                    for (k, v) in m {
                        if v.is_array() {
                            string_array(v).map_err(|m| bad(side, &here.key(k), m))?;
                        } else {
                            stack.push((v, here.key(k)));
                        }
                    }
                }
                "dependentRequired" => {
                    let m = value.as_object().ok_or_else(|| bad(side, &here, "is not an object"))?;
                    for (k, v) in m {
                        string_array(v).map_err(|m| bad(side, &here.key(k), m))?;
                    }
                }
                "required" => string_array(value).map_err(|m| bad(side, &here, m))?,
                "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                    let a = value.as_array().ok_or_else(|| bad(side, &here, "is not an array"))?;
                    if a.is_empty() {
                        return Err(bad(side, &here, "is an empty array"));
                    }
                    for (i, v) in a.iter().enumerate() {
                        stack.push((v, here.index(i)));
                    }
                }
                "items" => match value {
                    Value::Array(a) => {
                        for (i, v) in a.iter().enumerate() {
                            stack.push((v, here.index(i)));
                        }
                    }
                    v => stack.push((v, here)),
                },
                "additionalProperties"
                | "unevaluatedProperties"
                | "additionalItems"
                | "unevaluatedItems"
                | "contains"
                | "propertyNames"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contentSchema" => stack.push((value, here)),
                "enum" => {
                    value.as_array().ok_or_else(|| bad(side, &here, "is not an array"))?;
                }
                "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"
                | "minContains" | "maxContains"
                    if !value.as_f64().is_some_and(|n| n >= 0.0 && n.fract() == 0.0) =>
                {
                    return Err(bad(side, &here, "is not a non-negative integer"));
                }
                "minimum" | "maximum" => {
                    value.as_f64().ok_or_else(|| bad(side, &here, "is not a number"))?;
                }
                "exclusiveMinimum" | "exclusiveMaximum" if !(value.is_number() || value.is_boolean()) => {
                    return Err(bad(side, &here, "is neither a number nor a boolean"));
                }
                "multipleOf" if !value.as_f64().is_some_and(|n| n > 0.0) => {
                    return Err(bad(side, &here, "is not a number above zero"));
                }
                "pattern" | "format" | "$ref" | "$dynamicRef" | "$recursiveRef" => {
                    value.as_str().ok_or_else(|| bad(side, &here, "is not a string"))?;
                }
                "uniqueItems" => {
                    value.as_bool().ok_or_else(|| bad(side, &here, "is not a boolean"))?;
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn bad(side: &str, at: &Pointer, what: &str) -> CallError {
    let place = if at.as_str().is_empty() { "the root".to_owned() } else { format!("`{at}`") };
    CallError::new(INVALID_SCHEMA, format!("the {side} schema is not a JSON Schema: {place} {what}"))
}

fn check_type(value: &Value) -> Result<(), &'static str> {
    let names: Vec<&Value> = match value {
        Value::Array(a) => a.iter().collect(),
        v => vec![v],
    };
    for n in names {
        let name = n.as_str().ok_or("is not a type name or a list of them")?;
        if type_bits(name).is_none() {
            return Err("names an unknown type");
        }
    }
    Ok(())
}

fn string_array(value: &Value) -> Result<(), &'static str> {
    let a = value.as_array().ok_or("is not an array")?;
    if a.iter().all(Value::is_string) { Ok(()) } else { Err("is not an array of strings") }
}

// ---------------------------------------------------------------- types

pub(crate) const NULL: u8 = 1;
pub(crate) const BOOLEAN: u8 = 2;
pub(crate) const OBJECT: u8 = 4;
pub(crate) const ARRAY: u8 = 8;
pub(crate) const STRING: u8 = 16;
pub(crate) const INTEGER: u8 = 32;
/// Numbers with a fraction; `number` is `INTEGER | FRACTION`.
pub(crate) const FRACTION: u8 = 64;
pub(crate) const NUMBER: u8 = INTEGER | FRACTION;
pub(crate) const ALL: u8 = 127;

fn type_bits(name: &str) -> Option<u8> {
    Some(match name {
        "null" => NULL,
        "boolean" => BOOLEAN,
        "object" => OBJECT,
        "array" => ARRAY,
        "string" => STRING,
        "integer" => INTEGER,
        "number" => NUMBER,
        _ => return None,
    })
}

/// Names a type set for messages (`integer` and `number` folded).
pub(crate) fn type_names(bits: u8) -> String {
    let mut out = Vec::new();
    for (bit, name) in
        [(NULL, "null"), (BOOLEAN, "boolean"), (OBJECT, "object"), (ARRAY, "array"), (STRING, "string")]
    {
        if bits & bit != 0 {
            out.push(name);
        }
    }
    if bits & NUMBER == NUMBER {
        out.push("number");
    } else if bits & INTEGER != 0 {
        out.push("integer");
    } else if bits & FRACTION != 0 {
        out.push("non-integer number");
    }
    out.join(", ")
}

/// The declared `type` set (every type when absent).
pub(crate) fn declared_types(m: &Map<String, Value>) -> u8 {
    match m.get("type") {
        Some(Value::String(s)) => type_bits(s).unwrap_or(ALL),
        Some(Value::Array(a)) => {
            a.iter().filter_map(Value::as_str).filter_map(type_bits).fold(0, |acc, b| acc | b)
        }
        _ => ALL,
    }
}

/// The types a `type` keyword's value names (`None` when it names none it knows).
pub(crate) fn type_value_bits(v: &Value) -> Option<u8> {
    match v {
        Value::String(s) => type_bits(s),
        Value::Array(a) => a.iter().try_fold(0, |acc, t| Some(acc | type_bits(t.as_str()?)?)),
        _ => None,
    }
}

/// A `type` keyword's value for a type set (`None` when the set holds
/// non-integer numbers without integers, which `type` cannot say).
pub(crate) fn type_value(bits: u8) -> Option<Value> {
    if bits & NUMBER == FRACTION {
        return None;
    }
    let mut names: Vec<Value> = Vec::new();
    for (bit, name) in [
        (NULL, "null"),
        (BOOLEAN, "boolean"),
        (OBJECT, "object"),
        (ARRAY, "array"),
        (STRING, "string"),
        (NUMBER, "number"),
        (INTEGER, "integer"),
    ] {
        if bits & bit == bit && !(bit == INTEGER && bits & NUMBER == NUMBER) {
            names.push(name.into());
        }
    }
    match names.len() {
        1 => names.pop(),
        _ => Some(Value::Array(names)),
    }
}

/// The type of one JSON value.
pub(crate) fn value_type(v: &Value) -> u8 {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOLEAN,
        Value::Object(_) => OBJECT,
        Value::Array(_) => ARRAY,
        Value::String(_) => STRING,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                INTEGER
            } else {
                FRACTION
            }
        }
    }
}

/// The `enum`/`const` values (a `const` is a one-value enum).
pub(crate) fn enum_values(m: &Map<String, Value>) -> Option<Vec<&Value>> {
    let from_enum = m.get("enum").and_then(Value::as_array).map(|a| a.iter().collect::<Vec<_>>());
    match (from_enum, m.get("const")) {
        (Some(e), Some(c)) => Some(e.into_iter().filter(|v| same_canonical(v, c)).collect()),
        (Some(e), None) => Some(e),
        (None, Some(c)) => Some(vec![c]),
        (None, None) => None,
    }
}

/// The instance types a node can accept: the declared types, cut down to the
/// types of its `enum`/`const` values when it has them.
pub(crate) fn effective_types(m: &Map<String, Value>) -> u8 {
    let declared = declared_types(m);
    let listed = |values: &mut dyn Iterator<Item = &Value>| values.fold(0, |acc, v| acc | value_type(v));
    // What `enum_values` lists, read without collecting it.
    let mut t = match (m.get("enum").and_then(Value::as_array), m.get("const")) {
        (Some(e), Some(c)) => declared & listed(&mut e.iter().filter(|v| same_canonical(v, c))),
        (Some(e), None) => declared & listed(&mut e.iter()),
        (None, Some(c)) => declared & value_type(c),
        (None, None) => declared,
    };
    // A range of one whole number (`minimum: 4, maximum: 4`) holds no fractions.
    if let (Some((lo, false)), Some((hi, false))) = (lower_bound(m), upper_bound(m))
        && lo == hi
        && lo.fract() == 0.0
    {
        t &= !FRACTION;
    }
    t
}

/// Whether `propertyNames` admits a name, as far as `false`, `enum`/`const`
/// and `maxLength`/`minLength` tell.
pub(crate) fn name_allowed(m: &Map<String, Value>, name: &str) -> bool {
    match m.get("propertyNames") {
        Some(Value::Bool(false)) => false,
        Some(Value::Object(p)) => {
            let len = name.chars().count() as f64;
            let listed = enum_values(p).is_none_or(|vs| vs.iter().any(|v| v.as_str() == Some(name)));
            let short = p.get("maxLength").and_then(Value::as_f64).is_some_and(|n| len > n);
            let long = p.get("minLength").and_then(Value::as_f64).is_some_and(|n| len < n);
            listed && !short && !long
        }
        _ => true,
    }
}

// ---------------------------------------------------------------- bounds

/// A lower or upper numeric bound: value and whether it is exclusive.
pub(crate) type Bound = Option<(f64, bool)>;

/// The effective lower bound of a number (`minimum`, `exclusiveMinimum`, and
/// draft-04 boolean `exclusiveMinimum`).
pub(crate) fn lower_bound(m: &Map<String, Value>) -> Bound {
    range_bound(m, "minimum", "exclusiveMinimum", true)
}

/// The effective upper bound of a number.
pub(crate) fn upper_bound(m: &Map<String, Value>) -> Bound {
    range_bound(m, "maximum", "exclusiveMaximum", false)
}

fn range_bound(m: &Map<String, Value>, inclusive: &str, exclusive: &str, lower: bool) -> Bound {
    let exc = m.get(exclusive);
    let inc = m.get(inclusive).and_then(Value::as_f64).map(|v| (v, exc == Some(&Value::Bool(true))));
    match (inc, exc.and_then(Value::as_f64).map(|v| (v, true))) {
        (Some(a), Some(b)) => Some(if tighter(b, a, lower) { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Whether bound `a` is strictly tighter than `b`.
pub(crate) fn tighter(a: (f64, bool), b: (f64, bool), lower: bool) -> bool {
    if a.0 == b.0 {
        a.1 && !b.1
    } else if lower {
        a.0 > b.0
    } else {
        a.0 < b.0
    }
}

/// Renders a bound for messages.
pub(crate) fn show_bound(b: Bound, lower: bool) -> String {
    match b {
        None => "none".to_owned(),
        Some((v, exclusive)) => {
            let op = match (lower, exclusive) {
                (true, true) => ">",
                (true, false) => ">=",
                (false, true) => "<",
                (false, false) => "<=",
            };
            format!("{op} {}", show_number(v))
        }
    }
}

/// Renders a number without a needless `.0`.
pub(crate) fn show_number(v: f64) -> String {
    // Integers as integers; other numbers as JSON writes them (no float
    // formatting machinery of our own: it is large in wasm).
    if v.fract() == 0.0 && v.abs() < 1.0e38 {
        (v as i128).to_string()
    } else {
        serde_json::Number::from_f64(v).map_or_else(|| "NaN".to_owned(), |n| n.to_string())
    }
}

// ---------------------------------------------------------------- arrays

/// The tuple slots and the schema for the rest of the items, in 2020-12 terms
/// (draft-07 `items: [...]` + `additionalItems` read as `prefixItems` + `items`).
/// Without a schema for the rest, `unevaluatedItems` governs the items past
/// the slots (unless `contains` or applicators beside it evaluate some).
pub(crate) fn array_shape(m: &Map<String, Value>) -> (Vec<&Value>, &Value) {
    let unevaluated = || match m.get("unevaluatedItems") {
        Some(u) if !m.contains_key("contains") && !has_in_place(m) => u,
        _ => &TRUE,
    };
    match (m.get("prefixItems"), m.get("items")) {
        (Some(Value::Array(p)), Some(rest)) => (p.iter().collect(), rest),
        (Some(Value::Array(p)), None) => (p.iter().collect(), unevaluated()),
        (None, Some(Value::Array(p))) => {
            (p.iter().collect(), m.get("additionalItems").unwrap_or_else(unevaluated))
        }
        (_, Some(rest)) => (Vec::new(), rest),
        _ => (Vec::new(), unevaluated()),
    }
}

// ---------------------------------------------------------------- objects

/// The `properties` map.
pub(crate) fn properties(m: &Map<String, Value>) -> Option<&Map<String, Value>> {
    m.get("properties").and_then(Value::as_object)
}

/// The `required` names.
pub(crate) fn required(m: &Map<String, Value>) -> BTreeSet<&str> {
    m.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect()
}

/// `dependentRequired` plus the array entries of draft-07 `dependencies`.
pub(crate) fn dependent_required(m: &Map<String, Value>) -> Vec<(&str, BTreeSet<&str>)> {
    let mut out = Vec::new();
    for key in ["dependentRequired", "dependencies"] {
        for (k, v) in m.get(key).and_then(Value::as_object).into_iter().flatten() {
            if let Some(a) = v.as_array() {
                out.push((k.as_str(), a.iter().filter_map(Value::as_str).collect()));
            }
        }
    }
    out
}

/// `dependentSchemas` plus the schema entries of draft-07 `dependencies`.
pub(crate) fn dependent_schemas(m: &Map<String, Value>) -> Vec<(&str, &Value)> {
    let mut out = Vec::new();
    for key in ["dependentSchemas", "dependencies"] {
        for (k, v) in m.get(key).and_then(Value::as_object).into_iter().flatten() {
            if !v.is_array() {
                out.push((k.as_str(), v));
            }
        }
    }
    out
}

/// Whether a regular expression matches a property name, when that can be told
/// without a regex engine: `None` means "cannot tell".
pub(crate) fn simple_match(pattern: &str, name: &str) -> Option<bool> {
    let (anchored_start, rest) = match pattern.strip_prefix('^') {
        Some(r) => (true, r),
        None => (false, pattern),
    };
    let (anchored_end, body) = match rest.strip_suffix('$') {
        Some(r) if !r.ends_with('\\') => (true, r),
        _ => (false, rest),
    };
    let (body, trailing_any) = match body.strip_suffix(".*") {
        Some(b) => (b, true),
        None => (body, false),
    };
    let literal = body.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == ' ' || c == ':');
    if !literal {
        return if body.is_empty() { Some(true) } else { None };
    }
    let end = anchored_end && !trailing_any;
    Some(match (anchored_start, end) {
        (true, true) => name == body,
        (true, false) => name.starts_with(body),
        (false, true) => name.ends_with(body),
        (false, false) => name.contains(body),
    })
}

// ---------------------------------------------------------------- references

/// What a `$ref` leads to.
pub(crate) enum Target<'a> {
    /// A subschema of the same document, with its pointer (for the visited set).
    Local(&'a Value, String),
    /// Another document.
    Remote,
    /// Nothing in this document.
    Missing,
}

/// Resolves a `$ref` against its document root.
pub(crate) fn resolve<'a>(root: &'a Value, reference: &str) -> Target<'a> {
    let own_id = root.get("$id").and_then(Value::as_str).map(|id| id.split('#').next().unwrap_or(id));
    let fragment = match reference.split_once('#') {
        Some(("", frag)) => frag,
        Some((base, frag)) if Some(base) == own_id => frag,
        None if Some(reference) == own_id => "",
        _ => return Target::Remote,
    };
    let fragment = percent_decode(fragment);
    if fragment.is_empty() || fragment.starts_with('/') {
        let Some(tokens) = Pointer::parse(&fragment) else { return Target::Missing };
        let mut at = root;
        for t in &tokens {
            let next = match at {
                Value::Object(m) => m.get(t).or_else(|| m.get(&format!("{}{t}", HIDDEN))),
                Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get(i)),
                _ => None,
            };
            match next {
                Some(n) => at = n,
                None => return Target::Missing,
            }
        }
        return Target::Local(at, fragment);
    }
    find_anchor(root, &fragment).map_or(Target::Missing, |(v, p)| Target::Local(v, p))
}

/// Finds a subschema with `$anchor: name` (or draft-07 `$id: "#name"`). Iterative.
fn find_anchor<'a>(root: &'a Value, name: &str) -> Option<(&'a Value, String)> {
    let hash = format!("#{name}");
    let mut stack: Vec<(&Value, Pointer)> = vec![(root, Pointer::root())];
    let mut seen = 0usize;
    while let Some((v, at)) = stack.pop() {
        seen += 1;
        if seen > MAX_NODES {
            return None;
        }
        match v {
            Value::Object(m) => {
                let anchor = m.get("$anchor").and_then(Value::as_str) == Some(name);
                let id = m.get("$id").and_then(Value::as_str) == Some(hash.as_str());
                if anchor || id {
                    return Some((v, at.as_str().to_owned()));
                }
                for (k, x) in m.iter().rev() {
                    if matches!(x, Value::Object(_) | Value::Array(_)) && k != "enum" && k != "const" {
                        stack.push((x, at.key(k)));
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate().rev() {
                    stack.push((x, at.index(i)));
                }
            }
            _ => {}
        }
    }
    None
}

/// A URI fragment with its percent-escapes decoded (RFC 3986: `%` and two
/// hex digits); text that does not decode to UTF-8 is kept as written.
fn percent_decode(s: &str) -> String {
    String::from_utf8(crate::url::percent_decode(s)).unwrap_or_else(|_| s.to_owned())
}

/// The `$ref`s of a document that lead back to their own target through
/// in-place applicators only (`allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`,
/// `else`, `$ref`) without consuming any input: validators loop on them.
/// Returns the pointers of the looping targets, sorted. Iterative, bounded.
pub(crate) fn ref_loops(root: &Value) -> Vec<String> {
    const MAX_REFS: usize = 1_000;
    const MAX_VISITS: usize = 10_000;
    let mut refs: BTreeSet<&str> = BTreeSet::new();
    let mut stack: Vec<(&Value, Pointer)> = vec![(root, Pointer::root())];
    let mut seen = 0usize;
    while let Some((v, at)) = stack.pop() {
        seen += 1;
        if seen > MAX_NODES || refs.len() >= MAX_REFS {
            break;
        }
        match v {
            Value::Object(m) => {
                if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                    refs.insert(r);
                }
                for (k, x) in m {
                    if (x.is_object() || x.is_array())
                        && k != "enum"
                        && k != "const"
                        && k != "examples"
                        && k != "default"
                    {
                        stack.push((x, at.key(k)));
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    stack.push((x, at.index(i)));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for r in refs {
        let Target::Local(start, start_at) = resolve(root, r) else { continue };
        let mut todo: Vec<&Value> = vec![start];
        let mut visited: BTreeSet<usize> = BTreeSet::new();
        let mut looped = false;
        while let Some(v) = todo.pop() {
            if visited.len() > MAX_VISITS || !visited.insert(v as *const Value as usize) {
                continue;
            }
            let Some(m) = v.as_object() else { continue };
            for key in ["allOf", "anyOf", "oneOf"] {
                todo.extend(m.get(key).and_then(Value::as_array).into_iter().flatten());
            }
            for key in ["not", "if", "then", "else"] {
                todo.extend(m.get(key));
            }
            if let Some(Target::Local(t, _)) = m.get("$ref").and_then(Value::as_str).map(|r| resolve(root, r))
            {
                if std::ptr::eq(t, start) {
                    looped = true;
                    break;
                }
                todo.push(t);
            }
        }
        if looped {
            out.push(start_at);
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Target, resolve};

    #[test]
    fn a_ref_fragment_is_percent_decoded() {
        let root = json!({"$defs": {"a b": {"type": "string"}}});
        assert!(
            matches!(resolve(&root, "#/$defs/a%20b"), Target::Local(v, _) if v == &json!({"type": "string"}))
        );
    }

    #[test]
    fn a_sign_is_not_a_hex_digit_of_an_escape() {
        // `%+f` is no escape (RFC 3986: two hex digits), so it names itself.
        let root = json!({"$defs": {"%+f": true}});
        assert!(matches!(resolve(&root, "#/$defs/%+f"), Target::Local(v, _) if v == &json!(true)));
    }
}
