//! The walk's caches, keyed by schemas without writing them out as text: a
//! hash of each schema's structure picks an entry list, and the schemas kept
//! in it are compared with `==`, so two schemas share an entry only when
//! they are equal (a hash collision costs a comparison, never an answer).

use std::collections::BTreeMap;

use serde_json::Value;

/// A schema's hash and its size in nodes. Objects hash the same whatever the
/// order of their members, as `==` compares them.
pub(super) fn fingerprint(v: &Value) -> (u64, usize) {
    let mut nodes = 0;
    let hash = hash_of(v, &mut nodes);
    (hash, nodes)
}

fn hash_of(v: &Value, nodes: &mut usize) -> u64 {
    *nodes += 1;
    match v {
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
                h = mix(h, hash_of(item, nodes));
            }
            h
        }
        Value::Object(members) => {
            let mut sum = 0u64;
            for (k, item) in members {
                sum = sum.wrapping_add(mix(bytes(8, k.as_bytes()), hash_of(item, nodes)));
            }
            mix(mix(9, members.len() as u64), sum)
        }
    }
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
        assert_eq!(fingerprint(&a), fingerprint(&b));
        // Nine values: the object, `"object"`, the `properties` object, `a`'s
        // object and its `1`, `b`'s array and its three items.
        assert_eq!(fingerprint(&a).1, 9);
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
            assert_ne!(fingerprint(&base).0, fingerprint(&other).0, "{other}");
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
}
