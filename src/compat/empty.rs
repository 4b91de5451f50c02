//! Unsatisfiable schemas: which instance types a schema can accept at all.
//!
//! A schema whose conjuncts cannot agree (`allOf` of `number` and `string`,
//! `minimum` above `maximum`, disjoint `enum`s, a required property that is
//! `false`, ...) accepts nothing: it is the empty set, like `false`, wherever
//! it appears. The estimate here is an over-approximation: a type is dropped
//! only when no instance of it can be valid, so "empty" is always true.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::keywords;
use super::node::{self, ALL, ARRAY, FRACTION, INTEGER, NUMBER, OBJECT, STRING, Target};

/// How deep the estimate follows subschemas (deeper ones count as `true`).
const MAX_DEPTH: usize = 24;
/// How many schemas one estimate may visit (beyond, the rest count as `true`).
const MAX_VISITS: usize = 1_000;

/// Whether a schema accepts no value at all (as far as the estimate tells).
pub(super) fn is_empty(schema: &Value, root: &Value) -> bool {
    possible_types(schema, root) == 0
}

/// The instance types a schema may accept (a superset of the real ones).
pub(super) fn possible_types(schema: &Value, root: &Value) -> u8 {
    let mut e = Estimate { root, visits: 0, active: Vec::new() };
    e.types(schema, 0)
}

struct Estimate<'a> {
    root: &'a Value,
    visits: usize,
    /// The schemas being estimated: meeting one again is a loop (`true`).
    active: Vec<usize>,
}

/// The numeric range and counts every conjunct imposes together.
#[derive(Default)]
struct Limits {
    lower: node::Bound,
    upper: node::Bound,
    counts: [(Option<f64>, Option<f64>); 3],
}

const LENGTH: usize = 0;
const ITEMS: usize = 1;
const PROPS: usize = 2;

const COUNT_KEYS: [(&str, &str); 3] =
    [("minLength", "maxLength"), ("minItems", "maxItems"), ("minProperties", "maxProperties")];

impl<'a> Estimate<'a> {
    fn types(&mut self, schema: &'a Value, depth: usize) -> u8 {
        self.visits += 1;
        if depth > MAX_DEPTH || self.visits > MAX_VISITS {
            return ALL;
        }
        match schema {
            Value::Bool(false) => 0,
            Value::Object(m) => {
                let key = m as *const Map<String, Value> as usize;
                if self.active.contains(&key) {
                    return ALL;
                }
                self.active.push(key);
                let t = self.map_types(m, depth);
                self.active.pop();
                t
            }
            _ => ALL,
        }
    }

    /// Every map that applies in place: the schema, its `allOf` conjuncts and
    /// its local `$ref` targets, transitively.
    fn conjuncts(&mut self, m: &'a Map<String, Value>, depth: usize) -> Option<Vec<&'a Map<String, Value>>> {
        let mut out = Vec::new();
        let mut todo = vec![m];
        let mut seen: BTreeSet<usize> = BTreeSet::new();
        while let Some(x) = todo.pop() {
            if !seen.insert(x as *const Map<String, Value> as usize) {
                continue;
            }
            if out.len() > 64 || depth > MAX_DEPTH {
                break;
            }
            out.push(x);
            for c in x.get("allOf").and_then(Value::as_array).into_iter().flatten() {
                match c {
                    Value::Bool(false) => return None,
                    Value::Object(cm) => todo.push(cm),
                    _ => {}
                }
            }
            if let Some(r) = x.get("$ref").and_then(Value::as_str)
                && let Target::Local(t, _) = node::resolve(self.root, r)
            {
                match t {
                    Value::Bool(false) => return None,
                    Value::Object(tm) => todo.push(tm),
                    _ => {}
                }
            }
        }
        Some(out)
    }

    fn map_types(&mut self, m: &'a Map<String, Value>, depth: usize) -> u8 {
        let Some(all) = self.conjuncts(m, depth) else { return 0 };
        let mut types = ALL;
        let mut values: Option<Vec<&Value>> = None;
        let mut limits = Limits::default();
        for c in &all {
            types &= node::declared_types(c);
            if let Some(vs) = node::enum_values(c) {
                values = Some(match values {
                    None => vs,
                    Some(prev) => {
                        let keep = node::value_set(&vs);
                        prev.into_iter().filter(|v| keep.contains(&node::canonical(v))).collect()
                    }
                });
            }
            limits.add(c);
            for key in ["anyOf", "oneOf"] {
                if let Some(branches) = c.get(key).and_then(Value::as_array) {
                    types &= branches.iter().fold(0, |acc, b| acc | self.types(b, depth + 1));
                }
            }
            if let Some(n) = c.get("not") {
                types &= !negated(n);
            }
        }
        if types == 0 {
            return 0;
        }
        types &= limits.number_types();
        for (family, bit) in [(LENGTH, STRING), (ITEMS, ARRAY), (PROPS, OBJECT)] {
            if let Some((Some(lo), Some(hi))) = limits.counts.get(family).copied()
                && lo > hi
            {
                types &= !bit;
            }
        }
        if types & OBJECT != 0 && !self.objects_possible(&all, &limits, depth) {
            types &= !OBJECT;
        }
        if types & ARRAY != 0 && !self.arrays_possible(&all, &limits, depth) {
            types &= !ARRAY;
        }
        if let Some(vs) = values {
            let kept = vs.iter().filter(|v| node::value_type(v) & types != 0 && limits.admits(v));
            types &= kept.fold(0, |acc, v| acc | node::value_type(v));
        }
        types
    }

    /// Whether some object can satisfy every conjunct's required names.
    fn objects_possible(&mut self, all: &[&'a Map<String, Value>], limits: &Limits, depth: usize) -> bool {
        let required: BTreeSet<&str> = all.iter().flat_map(|c| node::required(c)).collect();
        if let Some((_, Some(max))) = limits.counts.get(PROPS).copied()
            && required.len() as f64 > max
        {
            return false;
        }
        for c in all {
            if c.get("propertyNames") == Some(&Value::Bool(false))
                && (!required.is_empty()
                    || limits.counts.get(PROPS).is_some_and(|p| p.0.is_some_and(|n| n > 0.0)))
            {
                return false;
            }
            for name in &required {
                match node::properties(c).and_then(|p| p.get(*name)) {
                    Some(s) => {
                        if self.types(s, depth + 1) == 0 {
                            return false;
                        }
                    }
                    None => {
                        let closed = c.get("additionalProperties") == Some(&Value::Bool(false))
                            && !c.contains_key("patternProperties");
                        if closed {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Whether some array can have the items every conjunct demands.
    fn arrays_possible(&mut self, all: &[&'a Map<String, Value>], limits: &Limits, depth: usize) -> bool {
        let min_items = limits.counts.get(ITEMS).and_then(|c| c.0).unwrap_or(0.0);
        for c in all {
            let (prefix, rest) = node::array_shape(c);
            for (i, slot) in prefix.iter().enumerate() {
                if (i as f64) < min_items && self.types(slot, depth + 1) == 0 {
                    return false;
                }
            }
            if (prefix.len() as f64) < min_items && self.types(rest, depth + 1) == 0 {
                return false;
            }
            let min_contains = c.get("minContains").and_then(Value::as_f64).unwrap_or(1.0);
            if let Some(contains) = c.get("contains")
                && min_contains > 0.0
                && self.types(contains, depth + 1) == 0
            {
                return false;
            }
        }
        true
    }
}

/// The types a `not` subschema takes away: all of them for `true`/`{}`, the
/// listed ones for a schema that is nothing but a `type`.
fn negated(n: &Value) -> u8 {
    match n {
        Value::Bool(true) => ALL,
        Value::Object(m) if m.keys().all(|k| !keywords::is_known(k)) => ALL,
        Value::Object(m) if m.keys().all(|k| k == "type" || !keywords::is_known(k)) => {
            node::declared_types(m)
        }
        _ => 0,
    }
}

impl Limits {
    fn add(&mut self, m: &Map<String, Value>) {
        if let Some(b) = node::lower_bound(m)
            && self.lower.is_none_or(|a| node::tighter(b, a, true))
        {
            self.lower = Some(b);
        }
        if let Some(b) = node::upper_bound(m)
            && self.upper.is_none_or(|a| node::tighter(b, a, false))
        {
            self.upper = Some(b);
        }
        for (slot, (lo, hi)) in self.counts.iter_mut().zip(COUNT_KEYS) {
            if let Some(v) = m.get(lo).and_then(Value::as_f64) {
                slot.0 = Some(slot.0.map_or(v, |x: f64| x.max(v)));
            }
            if let Some(v) = m.get(hi).and_then(Value::as_f64) {
                slot.1 = Some(slot.1.map_or(v, |x: f64| x.min(v)));
            }
        }
    }

    /// Which number types the range leaves.
    fn number_types(&self) -> u8 {
        let (Some((lo, lx)), Some((hi, hx))) = (self.lower, self.upper) else { return ALL };
        if lo > hi || (lo == hi && (lx || hx)) {
            return ALL & !NUMBER;
        }
        let mut out = ALL;
        // The smallest and largest whole numbers in the range.
        let first = if lx && lo.fract() == 0.0 { lo + 1.0 } else { lo.ceil() };
        let last = if hx && hi.fract() == 0.0 { hi - 1.0 } else { hi.floor() };
        if first > last {
            out &= !INTEGER;
        }
        if lo == hi && lo.fract() == 0.0 {
            out &= !FRACTION;
        }
        out
    }

    /// Whether a listed value meets the range and counts.
    fn admits(&self, v: &Value) -> bool {
        let within = |family: usize, n: usize| {
            let (lo, hi) = self.counts.get(family).copied().unwrap_or((None, None));
            let n = n as f64;
            lo.is_none_or(|l| n >= l) && hi.is_none_or(|h| n <= h)
        };
        match v {
            Value::Number(n) => {
                let Some(x) = n.as_f64() else { return true };
                let above = self.lower.is_none_or(|(lo, ex)| x > lo || (!ex && x == lo));
                let below = self.upper.is_none_or(|(hi, ex)| x < hi || (!ex && x == hi));
                above && below
            }
            Value::String(s) => within(LENGTH, s.chars().count()),
            Value::Array(a) => within(ITEMS, a.len()),
            Value::Object(o) => within(PROPS, o.len()),
            _ => true,
        }
    }
}
