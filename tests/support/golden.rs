//! Shared by the native tests that read the golden corpus: where the cases
//! are and how to walk them. A case is `tests/golden/<op>/<case>.call.json`
//! with its answer beside it in `<case>.answer.json`; `<case>` may sit in
//! folders (`validate/principal/agent-without-owner`), which name a group
//! and nothing else.

#![allow(dead_code, clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};

/// `tests/golden`.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Every file under `dir`, at any depth, sorted by path.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The ops that have a folder, sorted.
pub fn ops() -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// The cases of `op` as (case, path of its call), sorted by case; `case`
/// is the call's path below the op's folder without `.call.json`, with `/`
/// between folders on every platform.
pub fn cases_of(op: &str) -> Vec<(String, PathBuf)> {
    let base = dir().join(op);
    let mut out: Vec<(String, PathBuf)> = files_under(&base)
        .into_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(&base).unwrap();
            let rel: Vec<String> =
                rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let case = rel.join("/").strip_suffix(".call.json")?.to_owned();
            Some((case, path))
        })
        .collect();
    out.sort();
    out
}

/// Every `(op, case)` on disk, sorted.
pub fn cases() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for op in ops() {
        out.extend(cases_of(&op).into_iter().map(|(case, _)| (op.clone(), case)));
    }
    out.sort();
    out
}

/// The call file of a case.
pub fn call_path(op: &str, case: &str) -> PathBuf {
    dir().join(op).join(format!("{case}.call.json"))
}

/// The answer file of a case.
pub fn answer_path(op: &str, case: &str) -> PathBuf {
    dir().join(op).join(format!("{case}.answer.json"))
}
