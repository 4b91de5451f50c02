//! Agreement with other checkers' test suites (Apicurio Registry, jsoncompat,
//! getsentry/json-schema-diff), kept in `tests/data/schema-compat/`. Every
//! disagreement must be explained in `tests/compat_disagreements.json`, and
//! every explanation must still apply.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use hapi_a2a_core::compat::{Options, Policy, Verdict, check};
use serde_json::Value;

/// One expected verdict from a corpus.
struct Case {
    corpus: &'static str,
    id: String,
    direction: &'static str,
    expected_compatible: bool,
    got_compatible: bool,
}

/// `tests/data/schema-compat`, or the directory named by
/// `SCHEMA_COMPAT_CORPORA`.
fn root() -> PathBuf {
    std::env::var_os("SCHEMA_COMPAT_CORPORA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-compat"))
}

fn read_json(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", p.display()))
}

fn verdicts(old: &Value, new: &Value, options: Options) -> (bool, bool) {
    let r = check(old, new, options).unwrap_or_else(|e| panic!("check failed: {e}"));
    (r.backward == Verdict::Compatible, r.forward == Verdict::Compatible)
}

/// Apicurio: `backward` = B and not F; `both` = B and F; `none` = neither.
/// Apicurio asserts `format`, so it is compared with `assert_format`.
fn apicurio(dir: &Path) -> Vec<Case> {
    let data = read_json(&dir.join("apicurio-registry/compatibility-test-data.json"));
    let options = Options { policy: Policy::Strict, assert_format: true };
    let mut out = Vec::new();
    for (i, t) in data["tests"].as_array().into_iter().flatten().enumerate() {
        if t["enabled"] == Value::Bool(false) {
            continue;
        }
        let (eb, ef) = match t["compatibility"].as_str() {
            Some("backward") => (true, false),
            Some("both") => (true, true),
            Some("none") => (false, false),
            other => panic!("unknown label {other:?}"),
        };
        let (gb, gf) = verdicts(&t["original"], &t["updated"], options);
        let id = format!("{i}: {}", t["id"].as_str().unwrap_or(""));
        out.push(Case {
            corpus: "apicurio",
            id: id.clone(),
            direction: "backward",
            expected_compatible: eb,
            got_compatible: gb,
        });
        out.push(Case {
            corpus: "apicurio",
            id,
            direction: "forward",
            expected_compatible: ef,
            got_compatible: gf,
        });
    }
    out
}

/// jsoncompat: `deserializer` = backward, compared under `lenient` (its
/// emitted-value model); `serializer` = forward, compared under `strict` (plain
/// set inclusion). `format` is an annotation there, as here by default.
fn jsoncompat(dir: &Path) -> Vec<Case> {
    let base = dir.join("jsoncompat/tests/fixtures/backcompat");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&base)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", base.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    names.sort();
    let mut out = Vec::new();
    for case in names {
        let id = case.file_name().and_then(|n| n.to_str()).unwrap_or("").to_owned();
        let (old, new, expect) = (
            read_json(&case.join("old.json")),
            read_json(&case.join("new.json")),
            read_json(&case.join("expect.json")),
        );
        let (gb, _) = verdicts(&old, &new, Options { policy: Policy::Lenient, assert_format: false });
        let (_, gf) = verdicts(&old, &new, Options { policy: Policy::Strict, assert_format: false });
        let eb = expect["deserializer"].as_bool().unwrap_or(false);
        let ef = expect["serializer"].as_bool().unwrap_or(false);
        out.push(Case {
            corpus: "jsoncompat",
            id: id.clone(),
            direction: "backward",
            expected_compatible: eb,
            got_compatible: gb,
        });
        out.push(Case {
            corpus: "jsoncompat",
            id,
            direction: "forward",
            expected_compatible: ef,
            got_compatible: gf,
        });
    }
    out
}

/// getsentry: backward only (`is_breaking`), under `strict`, from
/// `verdicts.tsv` (whether json-schema-diff calls any change it reports in a
/// fixture's snapshot breaking). It treats `format` as an assertion.
fn getsentry(dir: &Path) -> Vec<Case> {
    let base = dir.join("getsentry-json-schema-diff");
    let verdicts_tsv = std::fs::read_to_string(base.join("verdicts.tsv")).unwrap();
    let options = Options { policy: Policy::Strict, assert_format: true };
    let mut out = Vec::new();
    for line in verdicts_tsv.lines().filter(|l| !l.starts_with('#')) {
        let Some((file, breaking)) = line.split_once('\t') else { panic!("verdicts.tsv: {line:?}") };
        assert!(breaking == "yes" || breaking == "no", "verdicts.tsv: {line:?}");
        let fixture = read_json(&base.join("tests/fixtures").join(file));
        let (gb, _) = verdicts(&fixture["lhs"], &fixture["rhs"], options);
        out.push(Case {
            corpus: "getsentry",
            id: file.to_owned(),
            direction: "backward",
            expected_compatible: breaking == "no",
            got_compatible: gb,
        });
    }
    out
}

#[test]
fn agreement_with_other_checkers_meets_the_targets_and_every_disagreement_is_explained() {
    let dir = root();
    assert!(dir.is_dir(), "the schema-compat corpora are not at {}", dir.display());
    let cases: Vec<Case> =
        [apicurio(&dir), jsoncompat(&dir), getsentry(&dir)].into_iter().flatten().collect();
    let table = read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat_disagreements.json"));
    let explained: BTreeSet<(String, String, String)> = table
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
            assert!(!s("reason").is_empty(), "an explanation without a reason: {e}");
            (s("corpus"), s("case"), s("direction"))
        })
        .collect();
    let mut found = BTreeSet::new();
    let mut unexplained = Vec::new();
    let mut under = Vec::new();
    for corpus in ["apicurio", "jsoncompat", "getsentry"] {
        for direction in ["backward", "forward"] {
            let these: Vec<&Case> =
                cases.iter().filter(|c| c.corpus == corpus && c.direction == direction).collect();
            if these.is_empty() {
                continue;
            }
            let agree = these.iter().filter(|c| c.expected_compatible == c.got_compatible).count();
            let pct = 100.0 * agree as f64 / these.len() as f64;
            println!("{corpus} {direction}: {agree}/{} agree ({pct:.1} %)", these.len());
            if (corpus == "apicurio" || corpus == "jsoncompat") && pct < 95.0 {
                under.push(format!("{corpus} {direction}: {pct:.1} %"));
            }
            for c in these.iter().filter(|c| c.expected_compatible != c.got_compatible) {
                let key = (c.corpus.to_owned(), c.id.clone(), c.direction.to_owned());
                let word = |ok: bool| if ok { "compatible" } else { "breaking" };
                println!(
                    "  disagree: {corpus} {:?} {direction}: expected {}, got {}",
                    c.id,
                    word(c.expected_compatible),
                    word(c.got_compatible)
                );
                if !explained.contains(&key) {
                    unexplained.push(key.clone());
                }
                found.insert(key);
            }
        }
    }
    let stale: Vec<&(String, String, String)> = explained.difference(&found).collect();
    assert!(under.is_empty(), "under the 95 % target: {under:?}");
    assert!(unexplained.is_empty(), "unexplained disagreements: {unexplained:#?}");
    assert!(stale.is_empty(), "explanations for cases that now agree: {stale:#?}");
}
