//! `secrets::scan_text` over real code and prose nobody here wrote: every
//! text file of the registry sources of the crates `Cargo.lock` pins for a
//! native build of this crate (as `cargo metadata` resolves them for the
//! host, with the `ts` feature and the dev dependencies: the sources `cargo
//! test` has just built from), and of the npm packages `package-lock.json`
//! pins in `node_modules/` (the dev dependencies `npm ci` installs). Each
//! line of a file is one string, as an agent pasting the file into a note
//! would send it.
//!
//! Every finding must be listed in `tests/data/secrets_real_code_findings.txt`
//! with the reason it is credential-shaped, and every listed finding must
//! still be found: the corpus is fixed by the two lock files, so the list is
//! exact. A source that should be there and is not fails the test: it does
//! not shrink the corpus. The test prints the corpus size and the findings
//! per MB by rule; it never prints a line's text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use hapi_a2a_core::secrets::scan_text;
use serde_json::Value;

const FINDINGS: &str = "tests/data/secrets_real_code_findings.txt";

/// The corpus must be at least this large (bytes of text): a build that
/// left most sources out is a broken corpus, not a clean one.
const MIN_BYTES: u64 = 100_000_000;

/// One source tree: its name in the findings list and where it is.
struct Tree {
    label: String,
    root: PathBuf,
    /// npm package trees hold their nested `node_modules/`, which are
    /// trees of their own.
    skip_node_modules: bool,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc).arg("-vV").output().expect("rustc -vV runs");
    let text = String::from_utf8(out.stdout).expect("rustc -vV writes UTF-8");
    text.lines().find_map(|l| l.strip_prefix("host: ")).expect("rustc -vV names the host").to_owned()
}

/// The registry crates of the native build, by `cargo metadata`.
fn crate_trees() -> Vec<Tree> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root())
        .args(["metadata", "--format-version", "1", "--locked", "--features", "ts"])
        .args(["--filter-platform", &host_triple()])
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed (build the crate first: `cargo test` fetches its sources): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata writes JSON");
    let in_build: BTreeSet<&str> =
        meta["resolve"]["nodes"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
    let mut trees = Vec::new();
    for p in meta["packages"].as_array().unwrap() {
        let registry = p["source"].as_str().is_some_and(|s| s.starts_with("registry+"));
        if !registry || !in_build.contains(p["id"].as_str().unwrap()) {
            continue;
        }
        let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap());
        assert!(manifest.is_file(), "the sources of {} {} are missing", p["name"], p["version"]);
        trees.push(Tree {
            label: format!("crate:{}-{}", p["name"].as_str().unwrap(), p["version"].as_str().unwrap()),
            root: manifest.parent().unwrap().to_owned(),
            skip_node_modules: false,
        });
    }
    trees
}

/// The npm packages `package-lock.json` pins, as `npm ci` installs them
/// (an optional package for another platform is not installed).
fn npm_trees() -> Vec<Tree> {
    let lock: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("package-lock.json")).unwrap()).unwrap();
    let mut trees = Vec::new();
    for (path, p) in lock["packages"].as_object().unwrap() {
        if path.is_empty() || p["link"].as_bool() == Some(true) {
            continue;
        }
        let dir = root().join(path);
        if !dir.is_dir() {
            assert!(
                p["optional"].as_bool() == Some(true),
                "{path} is missing: run `npm ci` (scripts/setup.sh does) before this test"
            );
            continue;
        }
        let manifest: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).unwrap())
                .unwrap_or_else(|e| panic!("{path}/package.json: {e}"));
        let want = p["version"].as_str().unwrap();
        assert_eq!(
            manifest["version"].as_str(),
            Some(want),
            "{path} is not the version the lock pins: run `npm ci`"
        );
        let name = path.rsplit("node_modules/").next().unwrap();
        trees.push(Tree { label: format!("npm:{name}@{want}"), root: dir, skip_node_modules: true });
    }
    trees
}

fn files(dir: &Path, skip_node_modules: bool, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap()).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let kind = e.file_type().unwrap();
        if kind.is_dir() {
            if !(skip_node_modules && e.file_name() == "node_modules") {
                files(&e.path(), skip_node_modules, out);
            }
        } else if kind.is_file() {
            out.push(e.path());
        }
    }
}

/// `rule location` of each finding, `location` being `tree/file:line`.
fn scan_tree(tree: &Tree, bytes: &mut u64, findings: &mut BTreeSet<(String, String)>) {
    let mut paths = Vec::new();
    files(&tree.root, tree.skip_node_modules, &mut paths);
    for path in paths {
        let raw = std::fs::read(&path).unwrap();
        // Text files only: what is not UTF-8 or holds a NUL is not pasted.
        let Ok(text) = std::str::from_utf8(&raw) else { continue };
        if text.contains('\0') {
            continue;
        }
        *bytes += raw.len() as u64;
        let rel = path.strip_prefix(&tree.root).unwrap().to_string_lossy().replace('\\', "/");
        for (n, line) in text.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            for code in scan_text(line) {
                findings.insert((code.as_str().to_owned(), format!("{}/{}:{}", tree.label, rel, n + 1)));
            }
        }
    }
}

/// The explained findings: `rule location reason`, `#` comments.
fn listed() -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(root().join(FINDINGS)).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut parts = line.splitn(3, ' ');
        let (rule, at, reason) =
            (parts.next().unwrap(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        assert!(rule.starts_with("secret/") && !at.is_empty(), "{FINDINGS}: malformed line: {line}");
        assert!(reason.trim().len() >= 10, "{FINDINGS}: {at} is listed without its reason");
        assert!(
            out.insert((rule.to_owned(), at.to_owned()), reason.to_owned()).is_none(),
            "{at} listed twice"
        );
    }
    out
}

#[test]
fn real_code_and_prose_pass_unless_listed() {
    let mut trees = crate_trees();
    let crates = trees.len();
    trees.extend(npm_trees());
    assert!(
        crates >= 100 && trees.len() - crates >= 20,
        "too few source trees: {crates} crates, {}",
        trees.len()
    );
    let mut bytes = 0;
    let mut found = BTreeSet::new();
    for tree in &trees {
        scan_tree(tree, &mut bytes, &mut found);
    }
    let mb = bytes as f64 / 1e6;
    println!("real-code corpus: {crates} crates, {} npm packages, {mb:.1} MB of text", trees.len() - crates);
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    for (rule, _) in &found {
        *by_rule.entry(rule).or_default() += 1;
    }
    for (rule, n) in &by_rule {
        println!("  {rule}: {n} lines, {:.3} per MB", *n as f64 / mb);
    }
    assert!(bytes >= MIN_BYTES, "the corpus holds only {bytes} bytes of text");
    let listed = listed();
    let unexplained: Vec<_> = found.iter().filter(|f| !listed.contains_key(f)).collect();
    let stale: Vec<_> = listed.keys().filter(|f| !found.contains(f)).collect();
    assert!(
        unexplained.is_empty(),
        "{} unexplained findings (list them in {FINDINGS} with the reason, or fix the rule):\n{}",
        unexplained.len(),
        unexplained.iter().map(|(r, a)| format!("{r} {a}")).collect::<Vec<_>>().join("\n")
    );
    assert!(stale.is_empty(), "listed in {FINDINGS} but no longer found:\n{stale:?}");
}
