//! The layering of `src/` is kept, not only described: `src/lib.rs` lists
//! the modules under `// Layer N: ...` headings, lowest first, and a module
//! may name (`crate::x`, `use crate::{x, ...}`) only modules of its own
//! layer or below. A new upward import fails here.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Each module of `src/lib.rs` with its layer number: the folders and
/// modules it declares, and the modules it re-exports from a folder under
/// their own names (`pub use model::{event, link};`), with the folder each
/// re-exported name stands for.
fn layers_and_aliases() -> (BTreeMap<String, usize>, BTreeMap<String, Vec<String>>) {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut layer = None;
    let mut out = BTreeMap::new();
    let mut aliases = BTreeMap::new();
    for line in lib.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("// Layer ") {
            let number = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap();
            layer = Some(number.parse::<usize>().unwrap());
            continue;
        }
        let here =
            |name: &str| layer.unwrap_or_else(|| panic!("`{name}` comes before any `// Layer N:` heading"));
        let module = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("pub(crate) mod "));
        if let Some(name) = module.and_then(|l| l.strip_suffix(';')) {
            out.insert(name.to_owned(), here(name));
        }
        let reexport = line.strip_prefix("pub use ").or_else(|| line.strip_prefix("pub(crate) use "));
        if let Some((folder, names)) =
            reexport.and_then(|l| l.strip_suffix(';')).and_then(|l| l.split_once("::"))
        {
            // Only a name with a file of its own in the folder is a module
            // (`pub use api::{Answer, call}` re-exports a type and a function).
            for name in names.trim_matches(['{', '}']).split(',').map(str::trim) {
                if src().join(folder).join(format!("{name}.rs")).is_file() {
                    out.insert(name.to_owned(), here(name));
                    aliases.insert(name.to_owned(), vec![folder.to_owned(), name.to_owned()]);
                }
            }
        }
    }
    (out, aliases)
}

/// Code without `//` comments (doc comments name modules in prose).
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The crate's modules a source text names.
fn named(code: &str, modules: &BTreeMap<String, usize>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident_end = |s: &str| s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        let after = &rest[at + "crate::".len()..];
        rest = after;
        // `$crate::` is the macro's own crate path, resolved where it expands.
        if matches!(before, Some(c) if c == '$' || c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = after.strip_prefix('{') {
            // `use crate::{a::b, c}`: each item's first segment.
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_ascii_alphanumeric() || c == '_') => {
                        let name = &group[i..i + ident_end(&group[i..])];
                        if modules.contains_key(name) {
                            out.insert(name.to_owned());
                        }
                        start = false;
                    }
                    _ => {}
                }
            }
            continue;
        }
        let name = &after[..ident_end(after)];
        if modules.contains_key(name) {
            out.insert(name.to_owned());
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The layers whose heading in `src/lib.rs` says `(peers)`: their folders
/// do not name one another.
fn peer_layers() -> BTreeSet<usize> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("// Layer "))
        .filter(|rest| rest.split(':').next().unwrap_or("").contains("(peers)"))
        .map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn no_module_names_a_module_of_a_higher_layer_or_a_peer() {
    let (layers, aliases) = layers_and_aliases();
    let peers = peer_layers();
    assert!(!peers.is_empty(), "src/lib.rs marks no layer `(peers)`");
    // The folder a module name stands for.
    let folder = |name: &str| aliases.get(name).map_or(name.to_owned(), |path| path[0].clone());
    assert!(layers.len() > 20, "src/lib.rs lists only {} modules under layer headings", layers.len());
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut upward = Vec::new();
    let mut checked = 0;
    for file in files {
        let rel = file.strip_prefix(src()).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        let module = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
        // The crate root and the CLI sit above every layer.
        let Some(&own) = layers.get(&module) else {
            assert!(
                matches!(module.as_str(), "lib" | "bin" | "snapshots"),
                "{} is in no layer",
                rel.display()
            );
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for used in named(&code, &layers) {
            checked += 1;
            if layers[&used] > own {
                upward.push(format!(
                    "{} (layer {own}) names `{used}` (layer {})",
                    rel.display(),
                    layers[&used]
                ));
            } else if layers[&used] == own && peers.contains(&own) && folder(&used) != module {
                upward.push(format!("{} names `{used}`, a peer of layer {own}", rel.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} module references were read");
    assert!(upward.is_empty(), "imports point up or sideways:\n{}", upward.join("\n"));
}

#[test]
fn the_reader_sees_every_form_of_a_crate_path() {
    let modules: BTreeMap<String, usize> =
        ["api", "json", "pointer", "vocab", "diagnostic"].iter().map(|m| ((*m).to_owned(), 0)).collect();
    let code = "use crate::{json::{self, X}, pointer::Pointer};\n\
                fn f() { crate::api::call(\"a\", \"b\"); $crate::vocab::X; a_crate::diagnostic::Y; }";
    let got: Vec<String> = named(code, &modules).into_iter().collect();
    assert_eq!(got, ["api", "json", "pointer"]);
    assert_eq!(code_of("let a = 1; // crate::api"), "let a = 1; ");
}

#[test]
fn no_source_file_is_over_800_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 90, "only {} source files were read", files.len());
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, std::fs::read_to_string(f).unwrap().lines().count()))
        .filter(|(_, n)| *n > 800)
        .map(|(f, n)| format!("{} has {n} lines", f.strip_prefix(src()).unwrap().display()))
        .collect();
    assert!(long.is_empty(), "split these along their concerns:\n{}", long.join("\n"));
}
