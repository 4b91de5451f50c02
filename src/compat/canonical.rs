//! Canonical text of JSON values: object keys sorted, numbers by value, so
//! that set comparisons (enums, equal branches) follow JSON Schema equality.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::js::stringify::write_js_string;

/// A canonical text for a JSON value: object keys sorted, numbers by value
/// (`1` and `1.0` are one value), so set comparisons follow JSON Schema equality.
pub(crate) fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out, 0);
    out
}

fn write_canonical(v: &Value, out: &mut String, depth: usize) {
    use std::fmt::Write as _;
    if depth > super::MAX_DEPTH * 2 {
        out.push('…');
        return;
    }
    match v {
        Value::Number(n) => {
            // Writing to a `String` cannot fail.
            let _ = match number_key(n) {
                Ok(i) => write!(out, "{i}"),
                Err(text) => out.write_str(&text),
            };
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(x, out, depth + 1);
            }
            out.push(']');
        }
        Value::Object(m) => {
            let mut members: Vec<(&String, &Value)> = m.iter().collect();
            members.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (k, x)) in members.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_js_string(k, out);
                out.push(':');
                write_canonical(x, out, depth + 1);
            }
            out.push('}');
        }
        Value::String(text) => write_js_string(text, out),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Null => out.push_str("null"),
    }
}

/// Whether two values have the same [`canonical`] text, decided without
/// writing either out (the walk asks it of every pair of branches).
pub(crate) fn same_canonical(a: &Value, b: &Value) -> bool {
    same_canonical_at(a, b, 0)
}

fn same_canonical_at(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > super::MAX_DEPTH * 2 {
        // Both are written as the same ellipsis.
        return true;
    }
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => number_key(x) == number_key(y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_canonical_at(v, w, depth + 1))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_canonical_at(v, w, depth + 1)))
        }
        _ => false,
    }
}

/// A number as [`canonical`] writes it: an integral value as an integer,
/// any other by its JSON text.
fn number_key(n: &serde_json::Number) -> Result<i128, String> {
    match (n.as_i64(), n.as_u64(), n.as_f64()) {
        (Some(i), _, _) => Ok(i128::from(i)),
        (_, Some(u), _) => Ok(i128::from(u)),
        (_, _, Some(f)) if f.fract() == 0.0 && f.abs() < 1.0e38 => Ok(f as i128),
        _ => Err(n.to_string()),
    }
}

/// Whether a `$ref` stands anywhere in the part of `v` that [`canonical`]
/// writes out.
pub(crate) fn mentions_ref(v: &Value) -> bool {
    mentions_ref_at(v, 0)
}

fn mentions_ref_at(v: &Value, depth: usize) -> bool {
    if depth > super::MAX_DEPTH * 2 {
        return false;
    }
    match v {
        Value::Array(items) => items.iter().any(|x| mentions_ref_at(x, depth + 1)),
        Value::Object(m) => m.contains_key("$ref") || m.values().any(|x| mentions_ref_at(x, depth + 1)),
        _ => false,
    }
}

/// The canonical set of a list of values.
pub(crate) fn value_set(values: &[&Value]) -> BTreeSet<String> {
    values.iter().map(|v| canonical(v)).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{canonical, mentions_ref, same_canonical};

    #[test]
    fn canonical_text_escapes_strings_as_json_does() {
        let mut text: String = (0u32..0x80).filter_map(char::from_u32).collect();
        text.push_str("é\u{202e}\u{2028}😀");
        let v = json!({ text.clone(): [text.clone()] });
        assert_eq!(canonical(&v), format!("{{{}:[{}]}}", json!(text), json!(text)));
    }

    #[test]
    fn same_canonical_agrees_with_the_canonical_texts() {
        let values = [
            json!(1),
            json!(1.0),
            json!(-0.0),
            json!(0),
            json!(1.5),
            json!(1e38),
            json!(18446744073709551615u64),
            json!(-9223372036854775808i64),
            json!("1"),
            json!(true),
            json!(null),
            json!([1, 2]),
            json!([2, 1]),
            json!([1.0, 2]),
            json!({"a": 1, "b": [true]}),
            json!({"b": [true], "a": 1.0}),
            json!({"b": [true], "a": 1, "c": null}),
            json!({"a": "1", "b": [true]}),
            json!({"$ref": "#"}),
        ];
        for a in &values {
            for b in &values {
                assert_eq!(same_canonical(a, b), canonical(a) == canonical(b), "{a} against {b}");
            }
        }
        // Past the depth the text writes as an ellipsis, every value is one.
        let deep = |leaf: serde_json::Value| (0..200).fold(leaf, |v, _| json!([v]));
        assert_eq!(canonical(&deep(json!(1))), canonical(&deep(json!("x"))));
        assert!(same_canonical(&deep(json!(1)), &deep(json!("x"))));
        assert!(!same_canonical(&deep(json!(1)), &json!([1])));
    }

    #[test]
    fn a_ref_is_found_at_any_depth_the_text_shows_but_not_in_strings() {
        assert!(mentions_ref(&json!({"anyOf": [{"items": {"$ref": "#"}}]})));
        assert!(!mentions_ref(&json!({"enum": ["$ref"], "const": {"x": "$ref"}})));
        let deep = (0..200).fold(json!({"$ref": "#"}), |v, _| json!([v]));
        assert!(!mentions_ref(&deep));
    }
}
