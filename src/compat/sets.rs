//! What two schemas' value sets share, as far as cheap checks tell:
//! disjointness (for `oneOf` and `not`) and membership of scalar values (for
//! `enum`/`const`).

use serde_json::{Map, Value};

use super::node::{self, ARRAY, BOOLEAN, NULL, NUMBER, OBJECT, STRING};

/// How deep disjointness looks into unions.
const MAX_UNION_DEPTH: usize = 8;

/// Whether no two of the branches can share a value.
pub(super) fn pairwise_disjoint(branches: &[&Value]) -> bool {
    branches.iter().enumerate().all(|(i, a)| branches.iter().skip(i + 1).all(|b| disjoint(a, b)))
}

/// Whether no value can satisfy both schemas, as far as types, `enum`/`const`,
/// length/size/range bounds, unions and a required `const`/`enum` property (a
/// discriminator) tell. `false` means "may overlap".
pub(super) fn disjoint(a: &Value, b: &Value) -> bool {
    disjoint_at(a, b, 0)
}

fn disjoint_at(a: &Value, b: &Value, depth: usize) -> bool {
    let (Some(am), Some(bm)) = (a.as_object(), b.as_object()) else {
        return a == &Value::Bool(false) || b == &Value::Bool(false);
    };
    if depth < MAX_UNION_DEPTH {
        for (x, y) in [(am, b), (bm, a)] {
            let branches = x.get("anyOf").or_else(|| x.get("oneOf")).and_then(Value::as_array);
            if let Some(branches) = branches
                && branches.iter().all(|br| disjoint_at(br, y, depth + 1))
            {
                return true;
            }
        }
    }
    let shared = node::effective_types(am) & node::effective_types(bm);
    if shared == 0 {
        return true;
    }
    if let (Some(x), Some(y)) = (node::enum_values(am), node::enum_values(bm))
        && node::value_set(&x).is_disjoint(&node::value_set(&y))
    {
        return true;
    }
    if discriminated(am, bm) {
        return true;
    }
    // Every shared family must conflict on its own bounds.
    let families = [
        (STRING, "minLength", "maxLength"),
        (ARRAY, "minItems", "maxItems"),
        (OBJECT, "minProperties", "maxProperties"),
    ];
    let mut all_conflict = shared & (NULL | BOOLEAN) == 0;
    for (bit, lo, hi) in families {
        if shared & bit != 0 {
            let conflict = counts_conflict(am, bm, lo, hi) || (bit == OBJECT && presence_conflict(am, bm));
            all_conflict &= conflict;
        }
    }
    if shared & NUMBER != 0 {
        all_conflict &= ranges_conflict(am, bm);
    }
    all_conflict
}

fn count(m: &Map<String, Value>, key: &str) -> Option<f64> {
    m.get(key).and_then(Value::as_f64)
}

fn counts_conflict(a: &Map<String, Value>, b: &Map<String, Value>, lo: &str, hi: &str) -> bool {
    let below = |x: &Map<String, Value>, y: &Map<String, Value>| match (count(x, hi), count(y, lo)) {
        (Some(max), Some(min)) => max < min,
        _ => false,
    };
    below(a, b) || below(b, a)
}

fn ranges_conflict(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let below =
        |x: &Map<String, Value>, y: &Map<String, Value>| match (node::upper_bound(x), node::lower_bound(y)) {
            (Some((max, ex1)), Some((min, ex2))) => max < min || (max == min && (ex1 || ex2)),
            _ => false,
        };
    below(a, b) || below(b, a)
}

/// One side requires a property the other forbids (`p: false`).
fn presence_conflict(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let forbids = |x: &Map<String, Value>, name: &str| {
        node::properties(x).and_then(|p| p.get(name)) == Some(&Value::Bool(false))
    };
    node::required(a).iter().any(|n| forbids(b, n)) || node::required(b).iter().any(|n| forbids(a, n))
}

/// Both require a property whose `const`/`enum` values do not meet.
fn discriminated(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let (Some(ap), Some(bp)) = (node::properties(a), node::properties(b)) else { return false };
    let (ar, br) = (node::required(a), node::required(b));
    ap.iter().any(|(name, sa)| {
        let Some(sb) = bp.get(name) else { return false };
        if !(ar.contains(name.as_str()) && br.contains(name.as_str())) {
            return false;
        }
        match (sa.as_object().and_then(node::enum_values), sb.as_object().and_then(node::enum_values)) {
            (Some(x), Some(y)) => node::value_set(&x).is_disjoint(&node::value_set(&y)),
            _ => false,
        }
    })
}

/// The keywords [`scalar_valid`] cannot read.
pub(super) const UNDECIDED: &[&str] =
    &["pattern", "$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "not", "if"];

/// Whether a scalar value is valid under a schema's own scalar keywords
/// (`enum`/`const` aside: callers compare those as sets);
/// `None` when the schema has keywords this cannot decide (`pattern`,
/// applicators, references).
pub(super) fn scalar_valid(m: &Map<String, Value>, v: &Value) -> Option<bool> {
    // A keyword of its own that refuses the value decides; one this cannot
    // read only keeps it from deciding `true`.
    let undecided = m.keys().any(|k| UNDECIDED.contains(&k.as_str()));
    match own_scalar_valid(m, v) {
        Some(true) if undecided => None,
        other => other,
    }
}

fn own_scalar_valid(m: &Map<String, Value>, v: &Value) -> Option<bool> {
    if node::declared_types(m) & node::value_type(v) == 0 {
        return Some(false);
    }
    match v {
        Value::String(s) => {
            let len = s.chars().count() as f64;
            if count(m, "minLength").is_some_and(|n| len < n)
                || count(m, "maxLength").is_some_and(|n| len > n)
            {
                return Some(false);
            }
        }
        Value::Number(n) => {
            let x = n.as_f64()?;
            if let Some((lo, ex)) = node::lower_bound(m)
                && (x < lo || (ex && x == lo))
            {
                return Some(false);
            }
            if let Some((hi, ex)) = node::upper_bound(m)
                && (x > hi || (ex && x == hi))
            {
                return Some(false);
            }
            if let Some(d) = count(m, "multipleOf") {
                let q = x / d;
                if !q.is_finite() || (q - q.round()).abs() > 1e-9 {
                    return Some(false);
                }
            }
        }
        Value::Null | Value::Bool(_) => {}
        Value::Array(_) | Value::Object(_) => return None,
    }
    Some(true)
}

/// A schema that accepts exactly one JSON value (to ask whether a listed
/// `enum`/`const` value fits another schema by the walk itself). Values
/// nested deeper than the walk follows become `true`.
pub(super) fn value_schema(v: &Value, depth: usize) -> Value {
    if depth > super::MAX_DEPTH / 2 {
        return Value::Bool(true);
    }
    let mut m = Map::new();
    match v {
        Value::Object(o) => {
            m.insert("type".into(), "object".into());
            let props: Map<String, Value> =
                o.iter().map(|(k, x)| (k.clone(), value_schema(x, depth + 1))).collect();
            m.insert("properties".into(), Value::Object(props));
            m.insert("required".into(), Value::Array(o.keys().cloned().map(Value::String).collect()));
            m.insert("additionalProperties".into(), Value::Bool(false));
        }
        Value::Array(a) => {
            m.insert("type".into(), "array".into());
            if !a.is_empty() {
                m.insert("prefixItems".into(), a.iter().map(|x| value_schema(x, depth + 1)).collect());
            }
            m.insert("items".into(), Value::Bool(false));
            m.insert("minItems".into(), a.len().into());
        }
        scalar => {
            m.insert("const".into(), scalar.clone());
        }
    }
    Value::Object(m)
}
