//! The README's generated sections are current: the code table (from
//! `codes::all_codes`) and the compatibility rule table (from
//! `compat::rules_markdown`) and the op table (from the op declarations,
//! `api::ops_markdown`). `BLESS=1` rewrites them.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::Path;

fn codes_table() -> String {
    let mut s = String::from("| code | meaning |\n|---|---|\n");
    for c in hapi_a2a_core::codes::all_codes() {
        s.push_str(&format!("| `{}` | {} |\n", c.code, c.meaning.replace('|', "\\|")));
    }
    s
}

fn replace_section(text: &str, name: &str, body: &str) -> String {
    let start = format!("<!-- {name}:start -->\n");
    let end = format!("<!-- {name}:end -->");
    let (head, rest) = text.split_once(&start).unwrap_or_else(|| panic!("README has no {name} section"));
    let (_, tail) = rest.split_once(&end).unwrap_or_else(|| panic!("README's {name} section is not closed"));
    format!("{head}{start}{body}{end}{tail}")
}

#[test]
fn readme_sections_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let have = std::fs::read_to_string(&path).unwrap();
    let want = replace_section(&have, "codes", &codes_table());
    let want = replace_section(&want, "compat-rules", &hapi_a2a_core::compat::rules_markdown());
    let want = replace_section(&want, "ops", &hapi_a2a_core::api::ops_markdown());
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    assert!(have == want, "README sections are stale: run `BLESS=1 cargo test --test readme`");
}

#[test]
fn every_code_in_the_source_is_in_the_table() {
    // A diagnostic or a failure takes a `Code`, which only `define_codes!`
    // makes, so the compiler refuses a bare literal; what it cannot see is a
    // module's `CODES` table left out of `codes::all_codes`.
    let known: Vec<&str> = hapi_a2a_core::codes::all_codes().iter().map(|c| c.code).collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
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
