//! Witnesses: an instance the old schema accepts and the new one refuses
//! (backward), or the reverse (forward).
//!
//! Candidates are built from both schemas' keywords at each place (listed
//! values, bounds and their neighbours, lengths, declared and required
//! properties, tuple slots, one value of every type), then checked with the
//! [`judge`](super::judge); a witness is named only when both verdicts are
//! certain, and the shortest one wins.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::Witness;
use super::judge::Judge;
use super::node::{self, Target};

/// How deep candidates nest.
const MAX_DEPTH: usize = 4;
/// How many candidates one place keeps.
const MAX_CANDIDATES: usize = 400;
/// How many candidates of a property or item a parent combines.
const MAX_CHILD: usize = 16;
/// How many subschemas one place gathers.
const MAX_GATHERED: usize = 256;

/// Searches witnesses for the directions asked (`backward`, `forward`).
pub(super) fn search(
    old: &Value,
    new: &Value,
    assert_format: bool,
    backward: bool,
    forward: bool,
) -> Witness {
    let mut generator = Gen { roots: [old, new] };
    let here: Vec<Place> = vec![(old, 0), (new, 1)];
    let candidates = generator.candidates(&here, 0);
    let (mut jo, mut jn) = (Judge::new(old, assert_format), Judge::new(new, assert_format));
    let mut best: [Option<(usize, Value)>; 2] = [None, None];
    for c in candidates {
        let size = node::canonical(&c).len();
        let (vo, vn) = (jo.valid(&c), jn.valid(&c));
        for (slot, wanted) in [
            (0usize, backward && vo == Some(true) && vn == Some(false)),
            (1, forward && vo == Some(false) && vn == Some(true)),
        ] {
            if wanted
                && let Some(b) = best.get_mut(slot)
                && b.as_ref().is_none_or(|(s, _)| size < *s)
            {
                *b = Some((size, c.clone()));
            }
        }
    }
    let [b, f] = best;
    Witness { backward: b.map(|x| x.1), forward: f.map(|x| x.1) }
}

/// A subschema and which document (0 old, 1 new) its `$ref`s resolve in.
type Place<'a> = (&'a Value, usize);

struct Gen<'a> {
    roots: [&'a Value; 2],
}

/// What the gathered subschemas at one place say.
#[derive(Default)]
struct Hints<'a> {
    values: Vec<Value>,
    numbers: Vec<f64>,
    lengths: Vec<usize>,
    counts: Vec<usize>,
    props: BTreeMap<String, Vec<Place<'a>>>,
    required: BTreeSet<String>,
    extra: Vec<Place<'a>>,
    slots: Vec<Vec<Place<'a>>>,
    items: Vec<Place<'a>>,
    contains: Vec<Place<'a>>,
    formats: BTreeSet<String>,
}

impl<'a> Gen<'a> {
    /// Every subschema that applies in place (through `$ref`, `allOf`,
    /// `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`).
    fn gather(&self, places: &[Place<'a>]) -> Vec<(&'a Map<String, Value>, usize)> {
        let mut out = Vec::new();
        let mut seen: BTreeSet<usize> = BTreeSet::new();
        let mut todo: Vec<Place<'a>> = places.to_vec();
        while let Some((v, side)) = todo.pop() {
            let Value::Object(m) = v else { continue };
            if out.len() >= MAX_GATHERED || !seen.insert(m as *const Map<String, Value> as usize) {
                continue;
            }
            out.push((m, side));
            if let Some(r) = m.get("$ref").and_then(Value::as_str)
                && let Some(root) = self.roots.get(side)
                && let Target::Local(t, _) = node::resolve(root, r)
            {
                todo.push((t, side));
            }
            for key in ["allOf", "anyOf", "oneOf"] {
                for b in m.get(key).and_then(Value::as_array).into_iter().flatten() {
                    todo.push((b, side));
                }
            }
            for key in ["not", "if", "then", "else"] {
                if let Some(s) = m.get(key) {
                    todo.push((s, side));
                }
            }
            for (_, s) in node::dependent_schemas(m) {
                todo.push((s, side));
            }
        }
        out
    }

    fn hints(&self, places: &[Place<'a>]) -> Hints<'a> {
        let mut h = Hints::default();
        for (m, side) in self.gather(places) {
            if let Some(vs) = node::enum_values(m) {
                h.values.extend(vs.into_iter().cloned());
            }
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] {
                if let Some(x) = m.get(key).and_then(Value::as_f64) {
                    h.numbers.push(x);
                }
            }
            for key in ["minLength", "maxLength"] {
                if let Some(x) = m.get(key).and_then(Value::as_u64) {
                    h.lengths.push(x as usize);
                }
            }
            for key in
                ["minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"]
            {
                if let Some(x) = m.get(key).and_then(Value::as_u64) {
                    h.counts.push(x as usize);
                }
            }
            if let Some(f) = m.get("format").and_then(Value::as_str) {
                h.formats.insert(f.to_owned());
            }
            for (name, s) in node::properties(m).into_iter().flatten() {
                h.props.entry(name.clone()).or_default().push((s, side));
            }
            h.required.extend(node::required(m).into_iter().map(str::to_owned));
            for (_, deps) in node::dependent_required(m) {
                h.required.extend(deps.into_iter().map(str::to_owned));
            }
            for (_, s) in m.get("patternProperties").and_then(Value::as_object).into_iter().flatten() {
                h.extra.push((s, side));
            }
            for key in ["additionalProperties", "unevaluatedProperties"] {
                if let Some(s) = m.get(key) {
                    h.extra.push((s, side));
                }
            }
            let (prefix, rest) = node::array_shape(m);
            for (i, s) in prefix.into_iter().enumerate() {
                if h.slots.len() <= i {
                    h.slots.resize_with(i + 1, Vec::new);
                }
                if let Some(slot) = h.slots.get_mut(i) {
                    slot.push((s, side));
                }
            }
            h.items.push((rest, side));
            if let Some(s) = m.get("unevaluatedItems") {
                h.items.push((s, side));
            }
            if let Some(s) = m.get("contains") {
                h.contains.push((s, side));
            }
        }
        h
    }

    /// Candidate instances for the places, most telling first, deduplicated.
    fn candidates(&mut self, places: &[Place<'a>], depth: usize) -> Vec<Value> {
        let mut out = Out::default();
        if places.iter().all(|(v, _)| !v.is_object()) {
            // Nothing to go by: one value of each type.
            let generic = [
                Value::Null,
                Value::Bool(true),
                0.into(),
                "a".into(),
                Value::Array(Vec::new()),
                Value::Object(Map::new()),
            ];
            generic.into_iter().for_each(|v| out.push(v));
            return out.items;
        }
        let h = self.hints(places);
        for v in &h.values {
            out.push(v.clone());
        }
        for &x in &h.numbers {
            for y in [x, x - 1.0, x + 1.0, x - 0.5, x + 0.5, x * 2.0, x * 3.0, -x] {
                out.push(number(y));
            }
        }
        for &n in &h.lengths {
            for k in [n.saturating_sub(1), n, n.saturating_add(1)] {
                out.push(Value::String("a".repeat(k.min(64))));
            }
        }
        for f in &h.formats {
            if let Some(s) = format_sample(f) {
                out.push(Value::String(s.to_owned()));
            }
        }
        for v in [
            Value::Null,
            Value::Bool(true),
            Value::Bool(false),
            0.into(),
            1.into(),
            (-1).into(),
            "".into(),
            "a".into(),
        ] {
            out.push(v);
        }
        if let Some(x) = serde_json::Number::from_f64(0.5) {
            out.push(Value::Number(x));
        }
        if depth < MAX_DEPTH {
            self.objects(&h, depth, &mut out);
            self.arrays(&h, depth, &mut out);
        } else {
            out.push(Value::Object(Map::new()));
            out.push(Value::Array(Vec::new()));
        }
        out.items
    }

    /// A few candidates for a property or an item: those of the types the
    /// places declare first, then one of each other type in turn.
    fn child(&mut self, places: &[Place<'a>], depth: usize) -> Vec<Value> {
        let all = self.candidates(places, depth + 1);
        let declared = places
            .iter()
            .filter_map(|(v, _)| v.as_object())
            .fold(node::ALL, |acc, m| acc & node::declared_types(m));
        let (mut out, others): (Vec<Value>, Vec<Value>) =
            all.into_iter().partition(|v| declared & node::value_type(v) != 0);
        out.truncate(MAX_CHILD - MAX_CHILD / 4);
        let mut groups: Vec<(u8, std::collections::VecDeque<Value>)> = Vec::new();
        for v in others {
            let t = node::value_type(&v);
            match groups.iter_mut().find(|g| g.0 == t) {
                Some(g) => g.1.push_back(v),
                None => groups.push((t, std::collections::VecDeque::from([v]))),
            }
        }
        while out.len() < MAX_CHILD && groups.iter().any(|g| !g.1.is_empty()) {
            for g in groups.iter_mut() {
                if out.len() < MAX_CHILD
                    && let Some(v) = g.1.pop_front()
                {
                    out.push(v);
                }
            }
        }
        out
    }

    fn objects(&mut self, h: &Hints<'a>, depth: usize, out: &mut Out) {
        let mut names: Vec<String> = h.props.keys().cloned().collect();
        for r in &h.required {
            if !names.contains(r) {
                names.push(r.clone());
            }
        }
        names.truncate(24);
        let mut cands: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
        for name in &names {
            let places = h.props.get(name).cloned().unwrap_or_default();
            let mut c =
                if places.is_empty() { self.child(&h.extra, depth) } else { self.child(&places, depth) };
            if c.is_empty() {
                c.push(Value::Null);
            }
            cands.insert(name.as_str(), c);
        }
        let pick = |name: &str, k: usize| -> Value {
            cands.get(name).and_then(|c| c.get(k % c.len().max(1))).cloned().unwrap_or(Value::Null)
        };
        let mut bases: Vec<Map<String, Value>> = Vec::new();
        for k in 0..4 {
            let base: Map<String, Value> = h.required.iter().map(|r| (r.clone(), pick(r, k))).collect();
            bases.push(base);
        }
        let full: Map<String, Value> = names.iter().map(|n| (n.clone(), pick(n, 0))).collect();
        bases.push(full);
        bases.push(Map::new());
        for b in &bases {
            out.push(Value::Object(b.clone()));
        }
        let Some(base) = bases.first().cloned() else { return };
        for name in &names {
            for v in cands.get(name.as_str()).into_iter().flatten() {
                let mut o = base.clone();
                o.insert(name.clone(), v.clone());
                out.push(Value::Object(o));
            }
            let mut o = base.clone();
            o.remove(name);
            out.push(Value::Object(o));
        }
        let extra_name = (0..).map(|i| format!("x{i}")).find(|n| !names.contains(n)).unwrap_or_default();
        let mut extras = self.child(&h.extra, depth);
        extras.extend([Value::from(1), Value::from("a")]);
        for v in extras {
            let mut o = base.clone();
            o.insert(extra_name.clone(), v);
            out.push(Value::Object(o));
        }
        for &n in &h.counts {
            for k in [n.saturating_sub(1), n, n.saturating_add(1)] {
                let mut o = base.clone();
                for i in 0..k.min(16) {
                    if o.len() >= k {
                        break;
                    }
                    let name = names.get(i).cloned().unwrap_or_else(|| format!("x{i}"));
                    let v = pick(&name, 0);
                    o.entry(name).or_insert(v);
                }
                out.push(Value::Object(o));
            }
        }
    }

    fn arrays(&mut self, h: &Hints<'a>, depth: usize, out: &mut Out) {
        let mut items = self.child(&h.items, depth);
        items.extend(self.child(&h.contains, depth));
        if items.is_empty() {
            items.push(Value::Null);
        }
        let slots: Vec<Vec<Value>> = h.slots.iter().take(8).map(|s| self.child(s, depth)).collect();
        out.push(Value::Array(Vec::new()));
        let first = |c: &Vec<Value>| c.first().cloned().unwrap_or(Value::Null);
        let tuple: Vec<Value> = slots.iter().map(first).collect();
        for len in 0..=tuple.len() {
            out.push(Value::Array(tuple.iter().take(len).cloned().collect()));
        }
        for (i, s) in slots.iter().enumerate() {
            for v in s {
                let mut t = tuple.clone();
                if let Some(x) = t.get_mut(i) {
                    *x = v.clone();
                }
                out.push(Value::Array(t));
            }
        }
        for v in &items {
            let mut t = tuple.clone();
            t.push(v.clone());
            out.push(Value::Array(t.clone()));
            t.push(v.clone());
            out.push(Value::Array(t));
            out.push(Value::Array(vec![v.clone()]));
        }
        if let (Some(a), Some(b)) = (items.first(), items.get(1)) {
            out.push(Value::Array(vec![a.clone(), b.clone()]));
        }
        for &n in &h.counts {
            for k in [n.saturating_sub(1), n, n.saturating_add(1)] {
                let mut t = tuple.clone();
                let mut i = 0usize;
                while t.len() < k.min(24) {
                    t.push(items.get(i % items.len().max(1)).cloned().unwrap_or(Value::Null));
                    i += 1;
                }
                t.truncate(k.max(tuple.len().min(k)));
                out.push(Value::Array(t));
            }
        }
    }
}

/// The candidates of one place, in order, without repeats.
#[derive(Default)]
struct Out {
    items: Vec<Value>,
    seen: BTreeSet<String>,
}

impl Out {
    fn push(&mut self, v: Value) {
        if self.items.len() < MAX_CANDIDATES && self.seen.insert(node::canonical(&v)) {
            self.items.push(v);
        }
    }
}

fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

fn format_sample(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2020-01-01T00:00:00Z",
        "date" => "2020-01-01",
        "time" => "00:00:00Z",
        "email" => "a@example.com",
        "uri" => "https://example.com/",
        "uuid" => "00000000-0000-4000-8000-000000000000",
        "ipv4" => "192.0.2.1",
        "hostname" => "example.com",
        _ => return None,
    })
}
