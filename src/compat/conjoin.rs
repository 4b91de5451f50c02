//! Two schemas as one: an `allOf`'s conjuncts folded into their schema,
//! exactly where the merge accepts what the conjunction accepts, or as a
//! shallow merge that may accept more, never less.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::keywords;
use super::node;

/// A schema map without some keywords.
pub(super) fn without(m: &Map<String, Value>, keys: &[&str]) -> Map<String, Value> {
    m.iter().filter(|(k, _)| !keys.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// When one side is nothing but an `allOf`, both sides with their conjuncts
/// folded in (so `allOf: [A]` compares like `A`).
pub(super) fn flatten_pure_all_of(
    om: &Map<String, Value>,
    nm: &Map<String, Value>,
) -> Option<(Value, Value)> {
    let pure = |m: &Map<String, Value>| {
        m.contains_key("allOf") && m.keys().all(|k| k == "allOf" || !keywords::is_known(k))
    };
    if pure(om) == pure(nm) {
        return None;
    }
    let fold = |m: &Map<String, Value>| {
        if m.contains_key("allOf") && !m.contains_key("anyOf") && !m.contains_key("oneOf") {
            flatten_exact(m)
        } else {
            Some(Value::Object(m.clone()))
        }
    };
    let (o, n) = (fold(om)?, fold(nm)?);
    if o.get("allOf").is_some() || n.get("allOf").is_some() {
        return None;
    }
    Some((o, n))
}

/// A schema without its unions, its `allOf` conjuncts folded in.
pub(super) fn flatten(m: &Map<String, Value>) -> Value {
    let mut whole = without(m, &["anyOf", "oneOf", "allOf"]);
    for c in m.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        if let Value::Object(merged) = conjoin(&whole, c) {
            whole = merged;
        }
    }
    Value::Object(whole)
}

/// A schema without its `allOf`, its conjuncts folded in, when the fold
/// accepts exactly what the conjunction accepts (`None` when two conjuncts
/// set a keyword that cannot be merged exactly).
fn flatten_exact(m: &Map<String, Value>) -> Option<Value> {
    let mut whole = without(m, &["allOf"]);
    for c in m.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        match conjoin_exact(&whole, c)? {
            Value::Object(merged) => whole = merged,
            other => return Some(other),
        }
    }
    Some(Value::Object(whole))
}

/// Both schemas as one, exactly: `properties` merged per name, `required`
/// joined, bounds tightened, `type` and `enum` intersected; any other keyword
/// both set differently cannot be merged (`None`).
pub(super) fn conjoin_exact(a: &Map<String, Value>, b: &Value) -> Option<Value> {
    let bm = match b {
        Value::Bool(true) => return Some(Value::Object(a.clone())),
        Value::Bool(false) => return Some(Value::Bool(false)),
        Value::Object(bm) => bm,
        _ => return None,
    };
    let mut out = a.clone();
    for (k, v) in bm {
        let Some(mine) = out.get_mut(k) else {
            out.insert(k.clone(), v.clone());
            continue;
        };
        if mine == v {
            continue;
        }
        match (k.as_str(), mine, v) {
            ("properties", Value::Object(mine), Value::Object(theirs)) => {
                for (name, s) in theirs {
                    let merged = match (mine.get(name), s) {
                        (None, _) => s.clone(),
                        (Some(Value::Object(x)), _) => conjoin_exact(x, s)?,
                        (Some(Value::Bool(true)), _) => s.clone(),
                        (Some(Value::Bool(false)), _) => Value::Bool(false),
                        _ => return None,
                    };
                    mine.insert(name.clone(), merged);
                }
            }
            ("required", Value::Array(mine), Value::Array(theirs)) => {
                for r in theirs {
                    if !mine.contains(r) {
                        mine.push(r.clone());
                    }
                }
            }
            (key, mine @ Value::Number(_), Value::Number(theirs)) if is_lower(key) || is_upper(key) => {
                let (x, y) = (mine.as_f64()?, theirs.as_f64()?);
                if (is_lower(key) && y > x) || (is_upper(key) && y < x) {
                    *mine = v.clone();
                }
            }
            ("type", mine, theirs) => {
                let (x, y) = (node::type_value_bits(mine)?, node::type_value_bits(theirs)?);
                *mine = node::type_value(x & y)?;
            }
            ("enum", Value::Array(mine), Value::Array(theirs)) => {
                let keep: BTreeSet<String> = theirs.iter().map(node::canonical).collect();
                mine.retain(|x| keep.contains(&node::canonical(x)));
            }
            _ => return None,
        }
    }
    Some(Value::Object(out))
}

/// Both schemas at once, as far as a shallow merge can tell (`properties`
/// merged per name, `required` joined). Where both set a keyword the second
/// wins, so the result may accept more than the conjunction, never less.
pub(super) fn conjoin(a: &Map<String, Value>, b: &Value) -> Value {
    let Some(bm) = b.as_object() else { return b.clone() };
    let mut out = a.clone();
    for (k, v) in bm {
        match (k.as_str(), out.get_mut(k), v) {
            ("properties", Some(Value::Object(mine)), Value::Object(theirs)) => {
                for (name, s) in theirs {
                    let merged = match (mine.get(name), s) {
                        (Some(Value::Object(x)), Value::Object(_)) => conjoin(x, s),
                        _ => s.clone(),
                    };
                    mine.insert(name.clone(), merged);
                }
            }
            (key, Some(Value::Number(mine)), Value::Number(theirs)) if is_lower(key) || is_upper(key) => {
                let (x, y) = (mine.as_f64().unwrap_or(0.0), theirs.as_f64().unwrap_or(0.0));
                if (is_lower(key) && y > x) || (is_upper(key) && y < x) {
                    out.insert(k.clone(), v.clone());
                }
            }
            ("required", Some(Value::Array(mine)), Value::Array(theirs)) => {
                for r in theirs {
                    if !mine.contains(r) {
                        mine.push(r.clone());
                    }
                }
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(out)
}

fn is_lower(key: &str) -> bool {
    matches!(key, "minimum" | "exclusiveMinimum" | "minLength" | "minItems" | "minProperties" | "minContains")
}

fn is_upper(key: &str) -> bool {
    matches!(key, "maximum" | "exclusiveMaximum" | "maxLength" | "maxItems" | "maxProperties" | "maxContains")
}

/// A schema without its `$ref` (booleans unchanged).
pub(super) fn without_ref(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(k, _)| *k != "$ref").map(|(k, x)| (k.clone(), x.clone())).collect(),
        ),
        other => other.clone(),
    }
}

/// A `$ref` target and the referring schema's other keywords, both applying:
/// merged into one schema where that is exact, else as two `allOf` conjuncts.
pub(super) fn merge(target: &Value, siblings: &Value) -> Value {
    match (target, siblings) {
        (Value::Object(t), Value::Object(_)) => conjoin_exact(t, siblings).unwrap_or_else(|| {
            Value::Object(Map::from_iter([(
                "allOf".to_owned(),
                Value::Array(vec![target.clone(), siblings.clone()]),
            )]))
        }),
        (Value::Bool(false), _) => Value::Bool(false),
        (_, s) => s.clone(),
    }
}
