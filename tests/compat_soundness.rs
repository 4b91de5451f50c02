//! Soundness by witness: generated schema pairs and instances, judged by the
//! JSON Schema engine. The test fails when the checker calls a direction
//! `compatible` while the engine finds an instance valid under one schema and
//! invalid under the other (backward: old valid, new invalid; forward: the
//! reverse), and when a witness the checker names is not one by the engine.
//! It also runs over the schema pairs of `tests/data/schema-compat`.
//!
//! `COMPAT_SOUNDNESS_CASES` sets the number of generated pairs (default 1500)
//! and `COMPAT_SOUNDNESS_SEED` the first seed.
#![cfg(all(feature = "compat", feature = "schema"))]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use hapi_a2a_core::compat::{Options, Policy, Report, Verdict, check, witness};
use serde_json::{Map, Value, json};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[derive(Clone, Copy, PartialEq)]
enum D {
    Draft7,
    Draft2019,
    Draft2020,
    None,
}

const TYPES: &[&str] = &["null", "boolean", "integer", "number", "string", "array", "object"];
const NAMES: &[&str] = &["a", "b", "c"];

fn scalar(r: &mut Rng) -> Value {
    match r.below(9) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(r.below(5) as i64 - 1),
        3 => json!(0.5),
        4 => json!(2.5),
        5 => json!(*r.pick(&["", "a", "ab", "abc", "ba"])),
        6 => json!(r.below(3)),
        7 => json!(false),
        _ => json!("b"),
    }
}

fn value(r: &mut Rng, depth: usize) -> Value {
    if depth > 2 {
        return scalar(r);
    }
    match r.below(10) {
        0 | 1 => {
            let n = r.below(4);
            Value::Array((0..n).map(|_| value(r, depth + 1)).collect())
        }
        2 | 3 => {
            let mut m = Map::new();
            for _ in 0..r.below(4) {
                let k = *r.pick(&["a", "b", "c", "x"]);
                m.insert(k.to_owned(), value(r, depth + 1));
            }
            Value::Object(m)
        }
        _ => scalar(r),
    }
}

fn schema(r: &mut Rng, d: D, depth: usize) -> Value {
    if depth > 3 || r.chance(8) {
        return match r.below(4) {
            0 => json!(false),
            1 => json!(true),
            _ => json!({}),
        };
    }
    let mut m = Map::new();
    let n = 1 + r.below(if depth == 0 { 4 } else { 3 });
    for _ in 0..n {
        keyword(r, d, depth, &mut m);
    }
    Value::Object(m)
}

fn keyword(r: &mut Rng, d: D, depth: usize, m: &mut Map<String, Value>) {
    let sub = |r: &mut Rng| schema(r, d, depth + 1);
    match r.below(30) {
        0..=3 => {
            let t =
                if r.chance(70) { json!(*r.pick(TYPES)) } else { json!([*r.pick(TYPES), *r.pick(TYPES)]) };
            m.insert("type".into(), t);
        }
        4 => {
            let vals: Vec<Value> = (0..1 + r.below(3)).map(|_| scalar(r)).collect();
            m.insert("enum".into(), Value::Array(vals));
        }
        5 => {
            m.insert("const".into(), scalar(r));
        }
        6 => {
            let k = *r.pick(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);
            m.insert(k.into(), json!(*r.pick(&[-1.0, 0.0, 1.0, 1.5, 2.0, 3.0])));
        }
        7 => {
            m.insert("multipleOf".into(), json!(*r.pick(&[1.0, 2.0, 3.0, 0.5])));
        }
        8 => {
            let k = *r.pick(&["minLength", "maxLength"]);
            m.insert(k.into(), json!(r.below(4)));
        }
        9 => {
            m.insert("pattern".into(), json!(*r.pick(&["^a", "b$", "a", "^ab$"])));
        }
        10..=12 => {
            let mut p = Map::new();
            for _ in 0..1 + r.below(2) {
                p.insert((*r.pick(NAMES)).to_owned(), sub(r));
            }
            m.insert("properties".into(), Value::Object(p));
        }
        13 => {
            let req: Vec<Value> = (0..1 + r.below(2)).map(|_| json!(*r.pick(NAMES))).collect();
            let mut seen = Vec::new();
            for x in req {
                if !seen.contains(&x) {
                    seen.push(x);
                }
            }
            m.insert("required".into(), Value::Array(seen));
        }
        14 => {
            let v = if r.chance(50) { json!(r.chance(50)) } else { sub(r) };
            m.insert("additionalProperties".into(), v);
        }
        15 => {
            let k = *r.pick(&["minProperties", "maxProperties", "minItems", "maxItems"]);
            m.insert(k.into(), json!(r.below(3)));
        }
        16 => {
            m.insert("items".into(), sub(r));
        }
        17 => match d {
            D::Draft7 => {
                m.insert("items".into(), json!([sub(r), sub(r)]));
                if r.chance(50) {
                    m.insert("additionalItems".into(), sub(r));
                }
            }
            D::Draft2019 => {
                m.insert("items".into(), json!([sub(r)]));
            }
            _ => {
                m.insert("prefixItems".into(), json!([sub(r), sub(r)]));
            }
        },
        18 => {
            m.insert("uniqueItems".into(), json!(r.chance(70)));
        }
        19 => {
            m.insert("contains".into(), sub(r));
        }
        20 | 21 => {
            let k = *r.pick(&["allOf", "anyOf", "oneOf"]);
            let list: Vec<Value> = (0..1 + r.below(3)).map(|_| sub(r)).collect();
            m.insert(k.into(), Value::Array(list));
        }
        22 => {
            m.insert("not".into(), sub(r));
        }
        23 => {
            m.insert("if".into(), sub(r));
            m.insert("then".into(), sub(r));
            if r.chance(50) {
                m.insert("else".into(), sub(r));
            }
        }
        24 => {
            let defs = if d == D::Draft7 { "definitions" } else { "$defs" };
            m.insert("$ref".into(), json!(format!("#/{defs}/d")));
        }
        25 => {
            if d != D::Draft7 {
                m.insert("unevaluatedProperties".into(), json!(r.chance(50)));
            } else {
                m.insert("propertyNames".into(), json!({"maxLength": r.below(2) + 1}));
            }
        }
        26 => {
            let (k, v) = if d == D::Draft7 {
                ("dependencies", json!({"a": ["b"]}))
            } else {
                ("dependentRequired", json!({"a": ["b"]}))
            };
            m.insert(k.into(), v);
        }
        27 => {
            m.insert("format".into(), json!(*r.pick(&["date", "email"])));
        }
        28 => {
            m.insert("title".into(), json!("t"));
        }
        _ => {
            let a = sub(r);
            m.insert("allOf".into(), json!([a, {"type": *r.pick(TYPES)}]));
        }
    }
}

/// The same schema with a few random edits.
fn mutate(r: &mut Rng, d: D, v: &Value, depth: usize) -> Value {
    match v {
        Value::Object(m) if !m.is_empty() && r.chance(60) => {
            let mut m = m.clone();
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = r.pick(&keys).clone();
            match r.below(4) {
                0 => {
                    m.remove(&k);
                }
                1 => keyword(r, d, depth, &mut m),
                _ => {
                    let child = m.get_mut(&k).unwrap();
                    *child = match child {
                        Value::Object(c) if k == "properties" || k == "$defs" || k == "definitions" => {
                            let mut c = c.clone();
                            let names: Vec<String> = c.keys().cloned().collect();
                            if let Some(n) = names.first() {
                                let old = c[n].clone();
                                c.insert(n.clone(), mutate(r, d, &old, depth + 1));
                            }
                            Value::Object(c)
                        }
                        Value::Array(a)
                            if !a.is_empty() && a.iter().all(|x| x.is_object() || x.is_boolean()) =>
                        {
                            let mut a = a.clone();
                            let i = r.below(a.len());
                            a[i] = mutate(r, d, &a[i], depth + 1);
                            if r.chance(20) {
                                a.push(schema(r, d, depth + 1));
                            }
                            Value::Array(a)
                        }
                        Value::Object(_) | Value::Bool(_) => mutate(r, d, child, depth + 1),
                        _ => {
                            let mut fresh = Map::new();
                            keyword(r, d, depth, &mut fresh);
                            fresh.remove(&k).unwrap_or_else(|| child.clone())
                        }
                    };
                }
            }
            Value::Object(m)
        }
        _ => {
            if r.chance(50) {
                schema(r, d, depth)
            } else {
                let mut m = v.as_object().cloned().unwrap_or_default();
                keyword(r, d, depth, &mut m);
                Value::Object(m)
            }
        }
    }
}

fn with_dialect(r: &mut Rng, d: D, s: Value) -> Value {
    let mut m = match s {
        Value::Object(m) => m,
        other => {
            let mut m = Map::new();
            m.insert("allOf".into(), json!([other]));
            m
        }
    };
    let uri = match d {
        D::Draft7 => Some("http://json-schema.org/draft-07/schema#"),
        D::Draft2019 => Some("https://json-schema.org/draft/2019-09/schema"),
        D::Draft2020 => Some("https://json-schema.org/draft/2020-12/schema"),
        D::None => None,
    };
    if let Some(u) = uri {
        m.insert("$schema".into(), json!(u));
    }
    let defs = if d == D::Draft7 { "definitions" } else { "$defs" };
    let def = schema(r, d, 2);
    m.entry(defs.to_owned()).or_insert_with(|| json!({ "d": def }));
    Value::Object(m)
}

fn engine(schema: &Value) -> Option<jsonschema::Validator> {
    jsonschema::options().should_validate_formats(false).build(schema).ok()
}

/// How many `breaking` directions had a witness, and how many of those the
/// engine showed breaking with one of the random instances.
#[derive(Default)]
struct Tally {
    breaking: usize,
    witnessed: usize,
    shown: usize,
    shown_witnessed: usize,
}

/// Checks one pair against the instances; returns a description of the first
/// counterexample.
fn judge(old: &Value, new: &Value, instances: &[Value], tally: &mut Tally) -> Result<bool, String> {
    let (Some(eo), Some(en)) = (engine(old), engine(new)) else { return Ok(false) };
    let options = Options { policy: Policy::Strict, assert_format: false };
    let Ok(report) = check(old, new, options) else { return Ok(false) };
    let show = |what: &str, i: &Value, r: &Report| {
        format!(
            "{what}\nold: {old}\nnew: {new}\ninstance: {i}\nreport: {}",
            serde_json::to_string(r).unwrap()
        )
    };
    for i in instances {
        let (vo, vn) = (eo.is_valid(i), en.is_valid(i));
        if vo && !vn && report.backward == Verdict::Compatible {
            return Err(show(
                "backward called compatible, but the instance is valid under old only",
                i,
                &report,
            ));
        }
        if vn && !vo && report.forward == Verdict::Compatible {
            return Err(show(
                "forward called compatible, but the instance is valid under new only",
                i,
                &report,
            ));
        }
    }
    let w = witness(old, new, options, &report);
    let shown_b = instances.iter().any(|i| eo.is_valid(i) && !en.is_valid(i));
    let shown_f = instances.iter().any(|i| en.is_valid(i) && !eo.is_valid(i));
    for (breaking, has, shown) in [
        (report.backward == Verdict::Breaking, w.backward.is_some(), shown_b),
        (report.forward == Verdict::Breaking, w.forward.is_some(), shown_f),
    ] {
        if breaking {
            tally.breaking += 1;
            tally.witnessed += usize::from(has);
            tally.shown += usize::from(shown);
            tally.shown_witnessed += usize::from(shown && has);
        }
    }
    if let Some(i) = &w.backward
        && (!eo.is_valid(i) || en.is_valid(i))
    {
        return Err(show("a backward witness the engine does not confirm", i, &report));
    }
    if let Some(i) = &w.forward
        && (!en.is_valid(i) || eo.is_valid(i))
    {
        return Err(show("a forward witness the engine does not confirm", i, &report));
    }
    Ok(true)
}

fn report_tally(t: &Tally) {
    println!(
        "breaking directions: {}, with a witness: {}; shown breaking by a random instance: {}, of those with a witness: {}",
        t.breaking, t.witnessed, t.shown, t.shown_witnessed
    );
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn the_checker_never_calls_compatible_what_the_engine_shows_breaking() {
    let cases = env_number("COMPAT_SOUNDNESS_CASES", 1500);
    let first = env_number("COMPAT_SOUNDNESS_SEED", 1);
    let mut judged = 0u64;
    let mut failures = Vec::new();
    let mut tally = Tally::default();
    for seed in first..first + cases {
        let mut r = Rng::new(seed);
        let d = *r.pick(&[D::Draft7, D::Draft2019, D::Draft2020, D::None]);
        let old = schema(&mut r, d, 0);
        let new = if r.chance(75) { mutate(&mut r, d, &old, 0) } else { schema(&mut r, d, 0) };
        let (old, new) = (with_dialect(&mut r, d, old), with_dialect(&mut r, d, new));
        let instances: Vec<Value> = (0..48).map(|_| value(&mut r, 0)).collect();
        match judge(&old, &new, &instances, &mut tally) {
            Ok(true) => judged += 1,
            Ok(false) => {}
            Err(e) => failures.push(format!("seed {seed}: {e}")),
        }
    }
    println!("{judged} of {cases} generated pairs judged");
    report_tally(&tally);
    assert!(judged * 2 > cases, "too few generated pairs compile: {judged} of {cases}");
    assert!(failures.is_empty(), "{} counterexamples:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn the_issue_repros_are_breaking_with_a_witness() {
    let repros = [
        (json!({"type": "string"}), json!({"allOf": [{"type": "number"}, {"type": "string"}]})),
        (
            json!({"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]}),
            json!({"type": "object", "properties": {"p": {"allOf": [{"type": "array"}, {"type": "string"}]}}, "required": ["p"]}),
        ),
        (json!({"type": "integer"}), json!({"allOf": [{"type": "integer"}, {"type": "boolean"}]})),
        (json!({"type": "number"}), json!({"type": "number", "minimum": 5, "maximum": 3})),
        (json!({"enum": ["a", "b"]}), json!({"allOf": [{"enum": ["a"]}, {"enum": ["b"]}]})),
    ];
    let options = Options::default();
    for (old, new) in repros {
        let report = check(&old, &new, options).unwrap();
        assert_eq!(report.backward, Verdict::Breaking, "{old} -> {new}");
        let w = witness(&old, &new, options, &report);
        let i = w.backward.unwrap_or_else(|| panic!("no witness for {old} -> {new}"));
        let (eo, en) = (engine(&old).unwrap(), engine(&new).unwrap());
        assert!(eo.is_valid(&i) && !en.is_valid(&i), "{i} is no witness for {old} -> {new}");
    }
}

/// `tests/data/schema-compat`, or the directory named by
/// `SCHEMA_COMPAT_CORPORA`.
fn corpora() -> PathBuf {
    std::env::var_os("SCHEMA_COMPAT_CORPORA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-compat"))
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn corpus_pairs(dir: &Path) -> Vec<(String, Value, Value)> {
    let mut out = Vec::new();
    let apicurio = read_json(&dir.join("apicurio-registry/compatibility-test-data.json"));
    for (i, t) in apicurio["tests"].as_array().into_iter().flatten().enumerate() {
        out.push((format!("apicurio {i}"), t["original"].clone(), t["updated"].clone()));
    }
    let base = dir.join("jsoncompat/tests/fixtures/backcompat");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&base)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    names.sort();
    for case in names {
        let id = format!("jsoncompat {}", case.file_name().unwrap().to_string_lossy());
        out.push((id, read_json(&case.join("old.json")), read_json(&case.join("new.json"))));
    }
    let fixtures = dir.join("getsentry-json-schema-diff/tests/fixtures");
    let mut stack = vec![fixtures.clone()];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "json") {
                files.push(p);
            }
        }
    }
    files.sort();
    for f in files {
        let v = read_json(&f);
        let id = format!("getsentry {}", f.strip_prefix(&fixtures).unwrap().display());
        out.push((id, v["lhs"].clone(), v["rhs"].clone()));
    }
    out
}

#[test]
fn the_corpora_pairs_have_no_counterexample() {
    let dir = corpora();
    assert!(dir.is_dir(), "the schema-compat corpora are not at {}", dir.display());
    let pairs = corpus_pairs(&dir);
    let mut failures = Vec::new();
    let mut judged = 0usize;
    let mut tally = Tally::default();
    for (n, (id, old, new)) in pairs.iter().enumerate() {
        let mut r = Rng::new(n as u64 + 1);
        let instances: Vec<Value> = (0..64).map(|_| value(&mut r, 0)).collect();
        match judge(old, new, &instances, &mut tally) {
            Ok(true) => judged += 1,
            Ok(false) => {}
            Err(e) => failures.push(format!("{id}: {e}")),
        }
    }
    println!("{judged} of {} corpus pairs judged", pairs.len());
    report_tally(&tally);
    assert!(failures.is_empty(), "{} counterexamples:\n{}", failures.len(), failures.join("\n\n"));
}
