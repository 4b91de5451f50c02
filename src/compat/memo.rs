//! The walk's caches, keyed by schemas without writing them out as text: a
//! hash of each schema's structure picks an entry list, and the schemas kept
//! in it are compared with `==`, so two schemas share an entry only when
//! they are equal (a hash collision costs a comparison, never an answer).

use std::collections::BTreeMap;

use serde_json::Value;

/// What the walk's caches read of a schema: a hash of its structure, its
/// size in nodes, and whether it holds a reference anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    pub(super) hash: u64,
    pub(super) nodes: usize,
    pub(super) refs: bool,
}

/// A schema's shape, computed. Objects hash the same whatever the order of
/// their members, as `==` compares them.
pub(super) fn shape(v: &Value) -> Shape {
    shape_of(v, &mut |_, _| {})
}

/// The shapes of every value in the documents a walk compares, by address,
/// written in one pass: the walk asks for the shape of the same subschemas
/// again and again, and computing one reads the whole subschema.
///
/// The documents are borrowed for the whole walk and never change, so an
/// address found here is that document value: a value the walk builds for
/// itself cannot share an address with a live one.
pub(super) struct Shapes {
    by_address: BTreeMap<usize, Shape>,
}

impl Shapes {
    pub(super) fn of(documents: &[&Value]) -> Self {
        let mut by_address = BTreeMap::new();
        for doc in documents {
            if !by_address.contains_key(&address(doc)) {
                shape_of(doc, &mut |v, s| {
                    by_address.insert(address(v), s);
                });
            }
        }
        Shapes { by_address }
    }

    /// The shape of `v` if it is a value of the documents.
    pub(super) fn indexed(&self, v: &Value) -> Option<Shape> {
        self.by_address.get(&address(v)).copied()
    }

    /// The shape of `v`, looked up or computed.
    pub(super) fn shape(&self, v: &Value) -> Shape {
        self.indexed(v).unwrap_or_else(|| shape(v))
    }

    /// Whether `a == b`, without comparing them when they are document
    /// values of different shapes (equal values always hash the same).
    pub(super) fn same(&self, a: &Value, b: &Value) -> bool {
        if std::ptr::eq(a, b) {
            return true;
        }
        if let (Some(x), Some(y)) = (self.indexed(a), self.indexed(b))
            && (x.hash != y.hash || x.nodes != y.nodes)
        {
            return false;
        }
        a == b
    }
}

/// A value's identity while it is borrowed.
pub(super) fn address(v: &Value) -> usize {
    std::ptr::from_ref(v) as usize
}

/// Whether an object member names a reference.
fn is_reference(key: &str) -> bool {
    matches!(key, "$ref" | "$dynamicRef" | "$recursiveRef")
}

/// `v`'s shape, telling `record` the shape of every value inside it (and of
/// `v` itself, last).
fn shape_of(v: &Value, record: &mut impl FnMut(&Value, Shape)) -> Shape {
    let mut nodes = 1;
    let mut refs = false;
    let hash = match v {
        Value::Null => mix(0, 1),
        Value::Bool(b) => mix(2, u64::from(*b)),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                mix(3, u)
            } else if let Some(i) = n.as_i64() {
                mix(4, i.cast_unsigned())
            } else {
                mix(5, n.as_f64().map_or(0, f64::to_bits))
            }
        }
        Value::String(s) => bytes(6, s.as_bytes()),
        Value::Array(items) => {
            let mut h = mix(7, items.len() as u64);
            for item in items {
                let inner = shape_of(item, record);
                nodes += inner.nodes;
                refs |= inner.refs;
                h = mix(h, inner.hash);
            }
            h
        }
        Value::Object(members) => {
            let mut sum = 0u64;
            for (k, item) in members {
                let inner = shape_of(item, record);
                nodes += inner.nodes;
                refs |= inner.refs || is_reference(k);
                sum = sum.wrapping_add(mix(bytes(8, k.as_bytes()), inner.hash));
            }
            mix(mix(9, members.len() as u64), sum)
        }
    };
    let s = Shape { hash, nodes, refs };
    record(v, s);
    s
}

/// One round of a multiply-rotate hash (quality enough to spread entries:
/// a collision costs a comparison, not an answer).
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// `bytes` hashed eight at a time, after `seed` and their length.
fn bytes(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = mix(seed, bytes.len() as u64);
    for chunk in bytes.chunks(8) {
        let word = chunk.iter().rev().fold(0u64, |w, b| (w << 8) | u64::from(*b));
        h = mix(h, word);
    }
    h
}

/// What picks an entry list: the two documents the schemas' `$ref`s resolve
/// in, a flag of the walk's, and the two schemas' hashes.
pub(super) type Key = (usize, usize, bool, u64, u64);

/// Values remembered for pairs of schemas.
pub(super) struct Memo<V> {
    entries: BTreeMap<Key, Vec<(Value, Value, V)>>,
}

impl<V: Copy> Memo<V> {
    pub(super) fn new() -> Self {
        Memo { entries: BTreeMap::new() }
    }

    /// What was remembered for `a` and `b` under `key`.
    pub(super) fn get(&self, key: &Key, a: &Value, b: &Value) -> Option<V> {
        self.entries.get(key)?.iter().find(|(x, y, _)| x == a && y == b).map(|(_, _, v)| *v)
    }

    /// Remembers `value` for `a` and `b` under `key`, in place of what was.
    pub(super) fn insert(&mut self, key: Key, a: &Value, b: &Value, value: V) {
        let list = self.entries.entry(key).or_default();
        match list.iter_mut().find(|(x, y, _)| x == a && y == b) {
            Some(entry) => entry.2 = value,
            None => list.push((a.clone(), b.clone(), value)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn equal_schemas_share_a_hash_and_member_order_does_not_matter() {
        let a = json!({"type": "object", "properties": {"a": {"minimum": 1}, "b": [1, "x", null]}});
        let b = json!({"properties": {"b": [1, "x", null], "a": {"minimum": 1}}, "type": "object"});
        assert_eq!(a, b);
        assert_eq!(shape(&a), shape(&b));
        // Nine values: the object, `"object"`, the `properties` object, `a`'s
        // object and its `1`, `b`'s array and its three items.
        assert_eq!(shape(&a).nodes, 9);
    }

    #[test]
    fn schemas_that_differ_anywhere_differ_in_hash() {
        let base = json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "x": [1, 2]});
        let others = [
            json!({"anyOf": [{"minimum": 1}, {"type": "string"}], "x": [1, 2]}),
            json!({"anyOf": [{"type": "string"}, {"minimum": 1.0}], "x": [1, 2]}),
            json!({"anyOf": [{"type": "string"}, {"minimum": -1}], "x": [1, 2]}),
            json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "x": [2, 1]}),
            json!({"anyOf": [{"type": "string"}, {"maximum": 1}], "x": [1, 2]}),
            json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "y": [1, 2]}),
            json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "x": [1, 2], "z": null}),
            json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "x": [[1, 2]]}),
        ];
        for other in others {
            assert_ne!(shape(&base).hash, shape(&other).hash, "{other}");
        }
    }

    #[test]
    fn an_entry_is_found_only_for_equal_schemas_even_when_keys_collide() {
        let (a, b, c) = (json!({"type": "string"}), json!({"minimum": 1}), json!(true));
        let mut memo = Memo::new();
        // One key for every schema, as if every hash collided.
        let key = (1, 2, false, 7, 7);
        memo.insert(key, &a, &b, 1);
        memo.insert(key, &b, &a, 2);
        assert_eq!(memo.get(&key, &a, &b), Some(1));
        assert_eq!(memo.get(&key, &b, &a), Some(2));
        assert_eq!(memo.get(&key, &a, &c), None);
        assert_eq!(memo.get(&(1, 2, true, 7, 7), &a, &b), None);
        memo.insert(key, &a, &b, 3);
        assert_eq!(memo.get(&key, &a, &b), Some(3));
    }

    /// Every value of `v`, `v` first.
    fn values(v: &Value) -> Vec<&Value> {
        let mut out = vec![v];
        match v {
            Value::Array(items) => items.iter().for_each(|x| out.extend(values(x))),
            Value::Object(members) => members.values().for_each(|x| out.extend(values(x))),
            _ => {}
        }
        out
    }

    #[test]
    fn the_index_holds_every_document_value_with_the_shape_computed_for_it() {
        let old =
            json!({"anyOf": [{"$ref": "#/$defs/a"}, {"type": "string"}], "$defs": {"a": {"minimum": 1}}});
        let new = json!({"anyOf": [{"type": "string"}, {"minimum": 1}], "x": [{"$dynamicRef": "#a"}, 1.0]});
        let shapes = Shapes::of(&[&old, &new, &old]);
        for v in values(&old).into_iter().chain(values(&new)) {
            assert_eq!(shapes.indexed(v), Some(shape(v)), "{v}");
        }
        // A copy is not a document value, but its shape is the same.
        let copy = old.clone();
        assert_eq!(shapes.indexed(&copy), None);
        assert_eq!(shapes.shape(&copy), shape(&old));
        let refs = |v: &Value| shape(v).refs;
        assert!(refs(&old) && refs(&new) && refs(&old["anyOf"]) && refs(&new["x"][0]));
        assert!(!refs(&new["anyOf"]) && !refs(&old["$defs"]) && !refs(&json!({"enum": ["$ref"]})));
    }

    #[test]
    fn same_agrees_with_equality_on_every_pair_of_document_values() {
        let old =
            json!({"a": {"type": "string"}, "b": [1, 1.0, {"type": "string"}], "c": {"type": "string"}});
        let new =
            json!({"c": {"type": "string"}, "b": [1, 1.0, {"type": "number"}], "a": {"type": "string"}});
        let shapes = Shapes::of(&[&old, &new]);
        let all: Vec<&Value> = values(&old).into_iter().chain(values(&new)).collect();
        let mut equal_pairs = 0;
        for a in &all {
            for b in &all {
                assert_eq!(shapes.same(a, b), a == b, "{a} and {b}");
                equal_pairs += usize::from(a == b && !std::ptr::eq(*a, *b));
            }
        }
        // Equal values at different places are found equal too.
        assert!(equal_pairs > 10);
    }
}
