//! A small JSON Schema validator for witnesses: does one instance satisfy a
//! schema? Three-valued: `None` where it cannot tell (regular expressions
//! beyond literals, asserted `format`, `$dynamicRef`, remote references,
//! `unevaluated*` beside applicators), so a witness is only ever named when
//! both verdicts are certain.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::dialect::Dialect;
use super::keywords::has_in_place;
use super::node::{self, Target};

/// How many schema nodes one validation may visit before it gives up.
const MAX_VISITS: usize = 5_000;
/// How deep one validation follows subschemas before it gives up.
const MAX_DEPTH: usize = 48;

/// Validates instances against one (normalized) schema document.
pub(super) struct Judge<'a> {
    root: &'a Value,
    dialect: Dialect,
    assert_format: bool,
    visits: usize,
    /// The `$ref` targets being checked, with the instance each is checked on:
    /// meeting one again on the same instance is a loop that consumes nothing.
    active: Vec<(usize, usize)>,
}

impl<'a> Judge<'a> {
    /// A judge for the document `root`.
    pub(super) fn new(root: &'a Value, assert_format: bool) -> Judge<'a> {
        Judge { root, dialect: Dialect::of(root), assert_format, visits: 0, active: Vec::new() }
    }

    /// Whether `instance` is valid under the whole document.
    pub(super) fn valid(&mut self, instance: &Value) -> Option<bool> {
        self.visits = 0;
        self.active.clear();
        self.check(self.root, instance, 0)
    }

    fn check(&mut self, schema: &'a Value, v: &Value, depth: usize) -> Option<bool> {
        self.visits += 1;
        if self.visits > MAX_VISITS || depth > MAX_DEPTH {
            return None;
        }
        match schema {
            Value::Bool(b) => Some(*b),
            Value::Object(m) => self.check_map(m, v, depth),
            _ => None,
        }
    }

    fn check_map(&mut self, m: &'a Map<String, Value>, v: &Value, depth: usize) -> Option<bool> {
        let mut all = All::default();
        for key in ["$dynamicRef", "$recursiveRef"] {
            if m.contains_key(key) {
                all.add(None);
            }
        }
        if let Some(r) = m.get("$ref").and_then(Value::as_str) {
            match node::resolve(self.root, r) {
                Target::Local(t, _) => {
                    let key = (t as *const Value as usize, v as *const Value as usize);
                    if self.active.contains(&key) {
                        all.add(None);
                    } else {
                        self.active.push(key);
                        all.add(self.check(t, v, depth + 1));
                        self.active.pop();
                    }
                }
                _ => all.add(None),
            }
        }
        if all.failed() {
            return Some(false);
        }
        if node::declared_types(m) & node::value_type(v) == 0 {
            return Some(false);
        }
        if let Some(values) = node::enum_values(m) {
            let c = node::canonical(v);
            all.add(Some(values.iter().any(|x| node::canonical(x) == c)));
        }
        match v {
            Value::Number(n) => all.add(number(m, n.as_f64())),
            Value::String(s) => all.add(self.string(m, s)),
            Value::Object(o) => all.add(self.object(m, o, depth)),
            Value::Array(a) => all.add(self.array(m, a, depth)),
            _ => {}
        }
        if all.failed() {
            return Some(false);
        }
        all.add(self.logic(m, v, depth));
        all.result()
    }

    fn string(&mut self, m: &Map<String, Value>, s: &str) -> Option<bool> {
        let len = s.chars().count() as f64;
        let mut all = All::default();
        all.add(Some(count(m, "minLength").is_none_or(|n| len >= n)));
        all.add(Some(count(m, "maxLength").is_none_or(|n| len <= n)));
        if let Some(p) = m.get("pattern").and_then(Value::as_str) {
            all.add(node::simple_match(p, s));
        }
        if self.assert_format && m.contains_key("format") {
            all.add(None);
        }
        if matches!(self.dialect, Dialect::Draft6 | Dialect::Draft7)
            && (m.contains_key("contentEncoding") || m.contains_key("contentMediaType"))
        {
            all.add(None);
        }
        all.result()
    }

    fn object(&mut self, m: &'a Map<String, Value>, o: &Map<String, Value>, depth: usize) -> Option<bool> {
        let mut all = All::default();
        let n = o.len() as f64;
        all.add(Some(count(m, "minProperties").is_none_or(|x| n >= x)));
        all.add(Some(count(m, "maxProperties").is_none_or(|x| n <= x)));
        all.add(Some(node::required(m).iter().all(|r| o.contains_key(*r))));
        for (k, deps) in node::dependent_required(m) {
            if o.contains_key(k) {
                all.add(Some(deps.iter().all(|d| o.contains_key(*d))));
            }
        }
        if all.failed() {
            return Some(false);
        }
        let props = node::properties(m);
        let patterns = m.get("patternProperties").and_then(Value::as_object);
        let additional = m.get("additionalProperties");
        let unevaluated = m.get("unevaluatedProperties").filter(|_| additional.is_none());
        // Beside applicators, which names are unevaluated is not tracked.
        let unevaluated = match unevaluated {
            Some(_) if has_in_place(m) => {
                all.add(None);
                None
            }
            u => u,
        };
        let rest = additional.or(unevaluated);
        for (name, value) in o {
            let mut covered = Some(false);
            if let Some(s) = props.and_then(|p| p.get(name)) {
                covered = Some(true);
                all.add(self.check(s, value, depth + 1));
            }
            for (p, s) in patterns.into_iter().flatten() {
                match node::simple_match(p, name) {
                    Some(true) => {
                        covered = Some(true);
                        all.add(self.check(s, value, depth + 1));
                    }
                    Some(false) => {}
                    None => {
                        covered = None;
                        all.add(None);
                    }
                }
            }
            if let Some(r) = rest {
                match covered {
                    Some(false) => all.add(self.check(r, value, depth + 1)),
                    Some(true) => {}
                    None => all.add(None),
                }
            }
            if let Some(pn) = m.get("propertyNames") {
                all.add(self.check(pn, &Value::String(name.clone()), depth + 1));
            }
            if all.failed() {
                return Some(false);
            }
        }
        for (k, s) in node::dependent_schemas(m) {
            if o.contains_key(k) {
                all.add(self.check(s, &Value::Object(o.clone()), depth + 1));
            }
        }
        all.result()
    }

    fn array(&mut self, m: &'a Map<String, Value>, a: &[Value], depth: usize) -> Option<bool> {
        let mut all = All::default();
        let n = a.len() as f64;
        all.add(Some(count(m, "minItems").is_none_or(|x| n >= x)));
        all.add(Some(count(m, "maxItems").is_none_or(|x| n <= x)));
        if m.get("uniqueItems") == Some(&Value::Bool(true)) {
            let distinct: BTreeSet<String> = a.iter().map(node::canonical).collect();
            all.add(Some(distinct.len() == a.len()));
        }
        if all.failed() {
            return Some(false);
        }
        let (prefix, rest) = node::array_shape(m);
        let has_rest = m.contains_key("additionalItems") && m.get("items").is_some_and(Value::is_array)
            || m.get("items").is_some_and(|i| !i.is_array());
        if m.contains_key("unevaluatedItems") && !has_rest && (has_in_place(m) || m.contains_key("contains"))
        {
            all.add(None);
        }
        for (i, item) in a.iter().enumerate() {
            let s = prefix.get(i).copied().unwrap_or(rest);
            all.add(self.check(s, item, depth + 1));
            if all.failed() {
                return Some(false);
            }
        }
        if let Some(c) = m.get("contains") {
            let mut matches = 0usize;
            let mut unsure = false;
            for item in a {
                match self.check(c, item, depth + 1) {
                    Some(true) => matches += 1,
                    Some(false) => {}
                    None => unsure = true,
                }
            }
            let lo = count(m, "minContains").unwrap_or(1.0);
            let hi = count(m, "maxContains");
            let ok = |k: usize| (k as f64) >= lo && hi.is_none_or(|h| (k as f64) <= h);
            all.add(if unsure {
                if ok(matches) && hi.is_none() { Some(true) } else { None }
            } else {
                Some(ok(matches))
            });
        }
        all.result()
    }

    fn logic(&mut self, m: &'a Map<String, Value>, v: &Value, depth: usize) -> Option<bool> {
        let mut all = All::default();
        for s in m.get("allOf").and_then(Value::as_array).into_iter().flatten() {
            all.add(self.check(s, v, depth + 1));
        }
        if let Some(branches) = m.get("anyOf").and_then(Value::as_array) {
            let mut any = Some(false);
            for b in branches {
                match self.check(b, v, depth + 1) {
                    Some(true) => {
                        any = Some(true);
                        break;
                    }
                    Some(false) => {}
                    None => any = None,
                }
            }
            all.add(any);
        }
        if let Some(branches) = m.get("oneOf").and_then(Value::as_array) {
            let (mut yes, mut unsure) = (0usize, false);
            for b in branches {
                match self.check(b, v, depth + 1) {
                    Some(true) => yes += 1,
                    Some(false) => {}
                    None => unsure = true,
                }
            }
            all.add(match (yes, unsure) {
                (2.., _) => Some(false),
                (_, true) => None,
                (k, false) => Some(k == 1),
            });
        }
        if let Some(n) = m.get("not") {
            all.add(self.check(n, v, depth + 1).map(|x| !x));
        }
        if let Some(i) = m.get("if") {
            let branch = match self.check(i, v, depth + 1) {
                Some(true) => m.get("then").map(Some),
                Some(false) => m.get("else").map(Some),
                None => Some(None),
            };
            match branch {
                Some(Some(s)) => all.add(self.check(s, v, depth + 1)),
                Some(None) => {
                    let t = m.get("then").map_or(Some(true), |s| self.check(s, v, depth + 1));
                    let e = m.get("else").map_or(Some(true), |s| self.check(s, v, depth + 1));
                    all.add(if t == e { t } else { None });
                }
                None => {}
            }
        }
        all.result()
    }
}

fn count(m: &Map<String, Value>, key: &str) -> Option<f64> {
    m.get(key).and_then(Value::as_f64)
}

fn number(m: &Map<String, Value>, x: Option<f64>) -> Option<bool> {
    let x = x?;
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
        if !q.is_finite() {
            return None;
        }
        let off = (q - q.round()).abs();
        if off < 1e-12 {
            return Some(true);
        }
        return if off > 1e-6 { Some(false) } else { None };
    }
    Some(true)
}

/// A three-valued conjunction.
#[derive(Default)]
struct All {
    failed: bool,
    unsure: bool,
}

impl All {
    fn add(&mut self, r: Option<bool>) {
        match r {
            Some(false) => self.failed = true,
            None => self.unsure = true,
            Some(true) => {}
        }
    }

    fn failed(&self) -> bool {
        self.failed
    }

    fn result(&self) -> Option<bool> {
        if self.failed {
            Some(false)
        } else if self.unsure {
            None
        } else {
            Some(true)
        }
    }
}
