//! Checking the whole `schemas/` directory against itself and against a
//! modified copy (target: at most 50 ms natively).

use hapi_a2a_core::compat::{Options, Policy, SchemaFile, check_dirs};
use serde_json::Value;

fn main() {
    divan::main();
}

/// Every `schemas/*.json` file of the crate (or of the directory named by
/// `COMPAT_BENCH_SCHEMAS`).
fn schemas() -> Vec<SchemaFile> {
    let dir = std::env::var_os("COMPAT_BENCH_SCHEMAS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas"));
    let mut out: Vec<SchemaFile> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            Some(SchemaFile::new(p.file_name()?.to_string_lossy().into_owned(), text))
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The same files with every object schema changed: a property added, a
/// bound tightened, an annotation edited.
fn modified(files: &[SchemaFile]) -> Vec<SchemaFile> {
    fn touch(v: &mut Value) {
        match v {
            Value::Object(m) => {
                if m.get("type").and_then(Value::as_str) == Some("object")
                    && let Some(Value::Object(p)) = m.get_mut("properties")
                {
                    p.insert("added_by_bench".into(), serde_json::json!({"type":"string"}));
                }
                if m.get("type").and_then(Value::as_str) == Some("string") {
                    m.insert("maxLength".into(), 100.into());
                }
                m.insert("description".into(), "changed".into());
                m.values_mut().for_each(touch);
            }
            Value::Array(a) => a.iter_mut().for_each(touch),
            _ => {}
        }
    }
    files
        .iter()
        .map(|f| {
            let mut v: Value = serde_json::from_str(&f.text).unwrap_or(Value::Null);
            touch(&mut v);
            SchemaFile::new(f.name.clone(), v.to_string())
        })
        .collect()
}

#[divan::bench(args = [Policy::Strict, Policy::Lenient])]
fn schemas_against_themselves(bencher: divan::Bencher, policy: Policy) {
    let files = schemas();
    let options = Options { policy, assert_format: false };
    bencher.bench(|| {
        check_dirs(divan::black_box(&files), divan::black_box(&files), options).map(|r| r.pairs.len())
    });
}

#[divan::bench(args = [Policy::Strict, Policy::Lenient])]
fn schemas_against_a_modified_copy(bencher: divan::Bencher, policy: Policy) {
    let files = schemas();
    let changed = modified(&files);
    let options = Options { policy, assert_format: false };
    bencher.bench(|| {
        check_dirs(divan::black_box(&files), divan::black_box(&changed), options).map(|r| r.pairs.len())
    });
}

/// The worst case the golden corpus holds: nested unions that exhaust the
/// step budget and fail closed (`compat/too-complex`).
#[divan::bench]
fn union_explosion_fails_closed(bencher: divan::Bencher) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/schema.check/too-complex-fails-closed.call.json");
    let call: Value =
        std::fs::read_to_string(path).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(Value::Null);
    let (old, new) =
        (call.get("old").cloned().unwrap_or(Value::Null), call.get("new").cloned().unwrap_or(Value::Null));
    bencher.bench(|| {
        hapi_a2a_core::compat::check(divan::black_box(&old), divan::black_box(&new), Options::default())
            .map(|r| r.changes.len())
    });
}
