//! Two measures of the secret scanner, each one command.
//!
//! `cargo run --release --example secrets_lines -- corpus DIR...`: every
//! text file under each `DIR` (UTF-8, no NUL), each line scanned as one
//! string, as an agent pasting the file into a note would send it. Prints
//! the text's size and the lines refused per rule, in all and per MB; with
//! `--list` first, also `rule file:line` of each refused line. It never
//! prints a line's text.
//!
//! `cargo run --release --example secrets_lines -- EVENTS.ndjson N
//! scan|parse`: the `secrets.scan` call (`{"value": <line>}`) of each of the
//! first N lines, or only a `serde_json::Value` parse of the same call, for
//! counting instructions with callgrind (`EXAMPLE=secrets_lines MODES=scan
//! bash benches/instructions.sh EVENTS.ndjson`). Prints how many calls found
//! something (or parsed).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn main() -> Result<(), String> {
    let usage = "usage: secrets_lines corpus [--list] DIR... | secrets_lines EVENTS.ndjson N scan|parse";
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("corpus") => corpus(args.get(1..).unwrap_or(&[])),
        _ => calls(&args).ok_or_else(|| usage.to_owned())?,
    }
}

fn calls(args: &[String]) -> Option<Result<(), String>> {
    let [path, n, mode] = args else { return None };
    let n: usize = n.parse().ok()?;
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return Some(Err(format!("{path}: {e}"))),
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(n).collect();
    let mut found = 0usize;
    for line in lines {
        match mode.as_str() {
            "scan" => {
                let answer = hapi_a2a_core::api::call("secrets.scan", &format!("{{\"value\":{line}}}"));
                found += usize::from(!answer.contains("\"findings\":[]"));
                black_box(answer);
            }
            "parse" => {
                let call = format!("{{\"value\":{line}}}");
                found += usize::from(serde_json::from_str::<serde_json::Value>(black_box(&call)).is_ok());
            }
            _ => return None,
        }
    }
    println!("{found}");
    Some(Ok(()))
}

fn corpus(args: &[String]) -> Result<(), String> {
    let list = args.first().is_some_and(|a| a == "--list");
    let dirs = args.get(usize::from(list)..).unwrap_or(&[]);
    if dirs.is_empty() {
        return Err("usage: secrets_lines corpus [--list] DIR...".to_owned());
    }
    let mut bytes = 0u64;
    let mut by_rule: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut lines = 0usize;
    for dir in dirs {
        let mut paths = Vec::new();
        files(Path::new(dir), &mut paths);
        paths.sort();
        for path in paths {
            let Ok(raw) = std::fs::read(&path) else { continue };
            let Ok(text) = std::str::from_utf8(&raw) else { continue };
            if text.contains('\0') {
                continue;
            }
            bytes += raw.len() as u64;
            for (n, line) in text.split('\n').enumerate() {
                let line = line.strip_suffix('\r').unwrap_or(line);
                let codes = hapi_a2a_core::secrets::scan_text(line);
                if codes.is_empty() {
                    continue;
                }
                lines += 1;
                for code in codes {
                    *by_rule.entry(code.as_str()).or_default() += 1;
                    if list {
                        println!("{} {}:{}", code.as_str(), path.display(), n + 1);
                    }
                }
            }
        }
    }
    let mb = bytes as f64 / 1e6;
    println!("{mb:.1} MB of text, {lines} lines refused, {:.3} per MB", lines as f64 / mb);
    for (rule, n) in by_rule {
        println!("  {rule}: {n} ({:.3} per MB)", n as f64 / mb);
    }
    Ok(())
}

/// Every regular file under `dir`, symbolic links not followed.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_dir() {
            files(&e.path(), out);
        } else if kind.is_file() {
            out.push(e.path());
        }
    }
}
