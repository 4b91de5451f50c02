//! The generated sections of the README and of `docs/` are current: the
//! code table (from `codes::all_codes`) in `docs/codes.md`, the
//! compatibility rule table (from `compat::rules_markdown`) in
//! `docs/schema-compat.md`, the event field table (from
//! `event::fields_markdown`) in `docs/events.md`, the op table (from the
//! op declarations, `api::ops_markdown`) in `docs/operations.md`, the
//! README's caps table (`api::caps_markdown`), and the layer table and the
//! map from each op to its file in `docs/development.md`. `BLESS=1`
//! rewrites them. Every relative link of
//! the README and `docs/` names a file that exists, and a heading in it when
//! it names one, so moving text between them cannot leave a dead link.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::PathBuf;

fn codes_table() -> String {
    let mut s = String::from("| code | meaning |\n|---|---|\n");
    for c in hapi_a2a_core::codes::all_codes() {
        s.push_str(&format!("| `{}` | {} |\n", c.code, c.meaning.replace('|', "\\|")));
    }
    s
}

/// Every generated section: the file (from the crate root), the section's
/// name in its `<!-- name:start -->` / `<!-- name:end -->` markers, and its
/// text. A marker that is not listed here fails the test.
fn sections() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("docs/codes.md", "codes", codes_table()),
        ("docs/schema-compat.md", "compat-rules", hapi_a2a_core::compat::rules_markdown()),
        ("docs/events.md", "event-fields", hapi_a2a_core::event::fields_markdown()),
        ("docs/operations.md", "ops", hapi_a2a_core::api::ops_markdown()),
        ("README.md", "caps", hapi_a2a_core::api::caps_markdown()),
        ("docs/development.md", "layers", layer_table()),
        ("docs/development.md", "op-map", op_map()),
    ]
}

/// Where each op is, from its name: the file of `src/api/` that holds its
/// call and answer types and its typed function (the function named as
/// the op, `project.handoff` → `project_handoff`), its golden cases, and
/// the documents that name it.
fn op_map() -> String {
    let mut api_files = vec![root().join("src/api.rs")];
    let mut dirs = vec![root().join("src/api")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                api_files.push(path);
            }
        }
    }
    api_files.sort();
    let texts: Vec<(String, String)> = api_files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .collect();
    let docs: Vec<(String, String)> = documents()
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .collect();
    let mut out =
        String::from("| op | call, answer, typed function | golden cases | named in |\n|---|---|---:|---|\n");
    for op in hapi_a2a_core::api::ops() {
        let function = format!("pub fn {}(", op.replace('.', "_"));
        let home: Vec<&str> =
            texts.iter().filter(|(_, t)| t.contains(&function)).map(|(f, _)| f.as_str()).collect();
        let [home] = home[..] else { panic!("`{function}` is in {home:?}") };
        // `validate`'s cases sit in a folder per document kind.
        let (mut cases, mut dirs) = (0, vec![root().join("tests/golden").join(op)]);
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                if entry.path().is_dir() {
                    dirs.push(entry.path());
                } else {
                    cases += usize::from(entry.file_name().to_string_lossy().ends_with(".call.json"));
                }
            }
        }
        assert!(cases > 0, "`{op}` has no golden case");
        let named: Vec<String> = docs
            .iter()
            .filter(|(f, t)| f != "docs/development.md" && t.contains(&format!("`{op}`")))
            .map(|(f, _)| format!("`{f}`"))
            .collect();
        out.push_str(&format!("| `{op}` | `{home}` | {cases} | {} |\n", named.join(", ")));
    }
    out
}

/// The layer table of `docs/development.md`, from `src/lib.rs`: each layer,
/// highest first, with its heading's words, its folders and files, and the
/// modules of each folder.
fn layer_table() -> String {
    let lib = std::fs::read_to_string(root().join("src").join("lib.rs")).unwrap();
    // (number, words, files)
    let mut rows: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut in_heading = false;
    for line in lib.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("// Layer ") {
            let (number, text) = rest.split_once(':').unwrap();
            let number = number.split(|c: char| !c.is_ascii_digit()).next().unwrap();
            rows.push((number.parse().unwrap(), text.trim().to_owned(), Vec::new()));
            in_heading = true;
            continue;
        }
        let Some(row) = rows.last_mut() else { continue };
        match line.strip_prefix("// ") {
            Some(more) if in_heading => row.1 = format!("{} {more}", row.1),
            _ => in_heading = false,
        }
        let module = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("pub(crate) mod "));
        if let Some(name) = module.and_then(|l| l.strip_suffix(';')) {
            let dir = root().join("src").join(name);
            let file = if dir.is_dir() {
                let mut inside: Vec<String> = std::fs::read_dir(&dir)
                    .unwrap()
                    .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".rs").map(str::to_owned))
                    .filter(|m| !m.starts_with("tests"))
                    .collect();
                inside.sort();
                format!("`{name}/` ({})", inside.join(", "))
            } else {
                format!("`{name}.rs`")
            };
            row.2.push(file);
        }
    }
    let mut out = String::from("| layer | what it is | folders and files (modules) |\n|---:|---|---|\n");
    for (number, words, files) in rows.iter().rev() {
        out.push_str(&format!("| {number} | {} | {} |\n", words.trim_end_matches('.'), files.join("; ")));
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every Markdown file of `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn replace_section(text: &str, file: &str, name: &str, body: &str) -> String {
    let start = format!("<!-- {name}:start -->\n");
    let end = format!("<!-- {name}:end -->");
    let (head, rest) = text.split_once(&start).unwrap_or_else(|| panic!("{file} has no {name} section"));
    let (_, tail) = rest.split_once(&end).unwrap_or_else(|| panic!("{file}'s {name} section is not closed"));
    format!("{head}{start}{body}{end}{tail}")
}

#[test]
fn generated_sections_are_current() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    let sections = sections();
    let mut files: Vec<&str> = sections.iter().map(|(file, _, _)| *file).collect();
    files.dedup();
    for file in files {
        let path = root().join(file);
        let have = std::fs::read_to_string(&path).unwrap();
        let mut want = have.clone();
        for (_, name, body) in sections.iter().filter(|(f, _, _)| *f == file) {
            want = replace_section(&want, file, name, body);
        }
        if have != want {
            if bless {
                std::fs::write(&path, &want).unwrap();
            } else {
                stale.push(file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated sections are stale in {stale:?}: run `BLESS=1 cargo test --test readme`"
    );
}

#[test]
fn every_section_marker_is_generated() {
    let sections = sections();
    for path in documents() {
        let file = path.strip_prefix(root()).unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for (_, rest) in text.match_indices("<!-- ").map(|(i, _)| text.split_at(i)) {
            let Some((marker, _)) = rest.split_once(" -->") else { continue };
            let Some(name) = marker.trim_start_matches("<!-- ").strip_suffix(":start") else { continue };
            assert!(
                sections.iter().any(|(f, n, _)| *f == file && *n == name),
                "{file}: section `{name}` is generated by nothing (list it in sections())"
            );
        }
    }
}

/// GitHub's anchor for a heading: lowercase, punctuation but `-` and `_`
/// dropped, spaces to `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut fence = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fence = !fence;
        } else if !fence && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_relative_link_lands() {
    let mut checked = 0;
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        let dir = path.parent().unwrap();
        for (_, rest) in text.match_indices("](").map(|(i, _)| text.split_at(i + 2)) {
            let Some((target, _)) = rest.split_once(')') else { continue };
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let linked = if file.is_empty() { path.clone() } else { dir.join(file) };
            assert!(linked.exists(), "{}: link to `{target}`: no such file", path.display());
            if !anchor.is_empty() {
                let linked_text = std::fs::read_to_string(&linked).unwrap();
                assert!(
                    anchors(&linked_text).iter().any(|a| a == anchor),
                    "{}: link to `{target}`: no such heading in {}",
                    path.display(),
                    linked.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} relative links found: is the parser still reading them?");
}

#[test]
fn the_readme_stays_a_first_read() {
    let len = std::fs::metadata(root().join("README.md")).unwrap().len();
    assert!(
        len < 15 * 1024,
        "README.md is {len} bytes: move reference material to docs/ (the cap is 15 KiB)"
    );
}

#[test]
fn every_code_in_the_source_is_in_the_table() {
    // A diagnostic or a failure takes a `Code`, which only `define_codes!`
    // makes, so the compiler refuses a bare literal; what it cannot see is a
    // module's `CODES` table left out of `codes::all_codes`.
    let known: Vec<&str> = hapi_a2a_core::codes::all_codes().iter().map(|c| c.code).collect();
    let mut stack = vec![root().join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|l| l.contains(" = \"") && l.trim_end().ends_with(';')) {
                // Only `NAME = "area/code", "meaning";` lines of define_codes!.
                let Some((_, rest)) = line.split_once(" = \"") else { continue };
                let Some((code, _)) = rest.split_once('"') else { continue };
                if code.contains('/') && line.trim_start().starts_with(char::is_uppercase) {
                    assert!(known.contains(&code), "{}: `{code}` is not in all_codes()", path.display());
                }
            }
        }
    }
}

/// The elements cut a text to lay out at the longest string the protocol
/// allows in a field, so that no value within the caps is ever cut: their
/// `TEXT_LIMIT` is held to the core's `MAX_STRING` here, not restated by
/// hand.
#[test]
fn the_elements_cut_text_at_the_cores_longest_string() {
    let dom = std::fs::read_to_string(root().join("pkg/elements/dom.js")).unwrap();
    let limit = dom
        .lines()
        .find_map(|l| l.strip_prefix("export const TEXT_LIMIT = ")?.strip_suffix(';')?.parse::<usize>().ok())
        .expect("pkg/elements/dom.js exports TEXT_LIMIT as a number");
    assert_eq!(limit, hapi_a2a_core::limits::MAX_STRING);
}
