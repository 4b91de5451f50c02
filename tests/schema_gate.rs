//! The additive-only gate: `hapi-a2a schema-check` over two directories
//! catches a deliberately breaking change and passes an additive one, and the
//! project's own `schemas/` pass against the baseline named in
//! `schemas/BASELINE`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::Command;

use hapi_a2a_core::compat::{Direction, Options, Policy, SchemaFile, check_dirs, render_human};

/// A directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let dir = std::env::temp_dir().join(format!("hapi-a2a-gate-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).unwrap();
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const BASE: &str = r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:test:note",
  "type": "object",
  "required": ["id"],
  "properties": {
    "id": { "type": "string", "maxLength": 64 },
    "kind": { "enum": ["a", "b"] }
  }
}"#;

const ADDITIVE: &str = r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:test:note",
  "description": "A note.",
  "type": "object",
  "required": ["id"],
  "properties": {
    "id": { "type": "string", "maxLength": 64 },
    "kind": { "enum": ["a", "b"] },
    "body": { "type": "string" }
  }
}"#;

const BREAKING: &str = r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:test:note",
  "type": "object",
  "required": ["id", "kind"],
  "properties": {
    "id": { "type": "string", "maxLength": 32 },
    "kind": { "enum": ["a", "b", "c"] }
  }
}"#;

fn cli(base: &str, head: &str, extra: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hapi-a2a"))
        .args(["schema-check", "--base", base, "--head", head])
        .args(extra)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn the_cli_fails_a_breaking_change_and_passes_an_additive_one() {
    let base = TempDir::new("base");
    base.write("note.schema.json", BASE);
    let additive = TempDir::new("additive");
    // Renamed file, same `$id`: still paired; a new schema is fine.
    additive.write("note-v1.schema.json", ADDITIVE);
    additive.write("extra.schema.json", r#"{"$id":"urn:test:extra","type":"string"}"#);
    let breaking = TempDir::new("breaking");
    breaking.write("note.schema.json", BREAKING);

    let lenient = ["--policy", "lenient"];
    let (code, out) = cli(base.path(), additive.path(), &lenient);
    assert_eq!(code, 0, "{out}");
    let (code, out) = cli(base.path(), breaking.path(), &lenient);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("compat/required-added"), "{out}");
    assert!(out.contains("compat/bound-tightened"), "{out}");
    assert!(out.contains("compat/enum-widened"), "{out}");

    let (code, out) = cli(base.path(), breaking.path(), &["--format", "github"]);
    assert_eq!(code, 1);
    assert!(
        out.lines().any(|l| l.starts_with("::error file=") && l.contains("title=compat/required-added::")),
        "{out}"
    );

    // Removing a schema breaks; an unreadable one is a usage error.
    let empty = TempDir::new("empty");
    assert_eq!(cli(base.path(), empty.path(), &lenient).0, 1);
    let broken = TempDir::new("broken");
    broken.write("note.schema.json", "{ not json");
    assert_eq!(cli(base.path(), broken.path(), &lenient).0, 2);
    assert_eq!(cli(base.path(), "/nonexistent-hapi-a2a-dir", &[]).0, 2);
}

#[test]
fn the_library_agrees_with_the_cli_on_the_same_pair() {
    let base = [SchemaFile::new("note.schema.json", BASE)];
    let options = Options { policy: Policy::Lenient, assert_format: false };
    let ok = check_dirs(&base, &[SchemaFile::new("n.json", ADDITIVE)], options).unwrap();
    assert!(!ok.breaks(Direction::Full));
    let bad = check_dirs(&base, &[SchemaFile::new("n.json", BREAKING)], options).unwrap();
    assert!(bad.breaks(Direction::Backward) && bad.breaks(Direction::Forward));
}

#[test]
fn the_human_report_reads_well() {
    let base = [
        SchemaFile::new("note.schema.json", BASE),
        SchemaFile::new("gone.schema.json", r#"{"type":"null"}"#),
    ];
    let head = [SchemaFile::new("note.schema.json", BREAKING)];
    let report = check_dirs(&base, &head, Options::default()).unwrap();
    insta::assert_snapshot!(render_human(&report, Direction::Full, Options::default()));
}

#[test]
fn the_projects_schemas_pass_the_gate_against_their_baseline() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
    let record = std::fs::read_to_string(root.join("BASELINE")).unwrap();
    let dir = record.lines().find_map(|l| l.strip_prefix("dir:")).map(str::trim).unwrap();
    let (code, out) = cli(root.join(dir).to_str().unwrap(), root.to_str().unwrap(), &["--policy", "lenient"]);
    assert_eq!(code, 0, "{out}");
}
