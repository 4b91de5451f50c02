//! The layering of `src/` is kept, not only described: `src/lib.rs` lists
//! the folders under `// Layer N: ...` headings, lowest first, and a module
//! may name (`crate::x`, `use crate::{x, ...}`) only modules of its own
//! layer or below, and no peer of a `(peers)` layer. Inside a folder the
//! same holds of the order its file declares its modules in: a module names
//! only modules declared before it (rustfmt keeps that order). A new
//! upward or sideways import fails here, as does an import circle anywhere
//! (inside folders too) and a source file over 800 lines.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// What `src/lib.rs` states of the layers.
struct Layers {
    /// Each module with its layer number: the folders and modules `lib.rs`
    /// declares, and the modules it re-exports from a folder under their own
    /// names (`pub use model::{event, link};`).
    of: BTreeMap<String, usize>,
    /// Each re-exported name with the path of the module it stands for.
    aliases: BTreeMap<String, Vec<String>>,
    /// The layers whose heading says `(peers)`: their folders do not name
    /// one another.
    peers: BTreeSet<usize>,
}

fn layers() -> Layers {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut layer = None;
    let mut out = BTreeMap::new();
    let mut aliases = BTreeMap::new();
    let mut peers = BTreeSet::new();
    for line in lib.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("// Layer ") {
            let number = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse::<usize>().unwrap();
            if rest.split(':').next().unwrap_or("").contains("(peers)") {
                peers.insert(number);
            }
            layer = Some(number);
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
    Layers { of: out, aliases, peers }
}

/// Code without `//` comments (doc comments name modules in prose).
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The crate's modules a source text names: the first segment of every
/// `crate::` path, in `use` groups too.
fn named(code: &str, modules: &BTreeMap<String, usize>) -> BTreeSet<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        rest = &rest[at + "crate::".len()..];
        // `$crate::` is the macro's own crate path, resolved where it expands.
        if !matches!(before, Some(c) if c == '$' || c.is_ascii_alphanumeric() || c == '_') {
            use_tree(Vec::new(), rest, &mut paths);
        }
    }
    paths.into_iter().filter_map(|p| p.into_iter().next()).filter(|m| modules.contains_key(m)).collect()
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

#[test]
fn no_module_names_a_module_of_a_higher_layer_or_a_peer() {
    let Layers { of: layers, aliases, peers } = layers();
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

/// A module's path inside the crate (`["compat", "walk"]`), from its file.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.last_mut() {
        *last = last.trim_end_matches(".rs").to_owned();
    }
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// The code of a file without its inline test module (where `super::`
/// names the file's own module) and without `//` comments.
fn code_without_tests(text: &str) -> String {
    let cut = text.find("\n#[cfg(test)]\nmod tests {").unwrap_or(text.len());
    code_of(&text[..cut])
}

/// The paths a `use` tree names from `base` (`a::b`, `{a::b, c::{d, e}}`),
/// each as far as it goes before an item that is no path segment.
fn use_tree(base: Vec<String>, text: &str, out: &mut Vec<Vec<String>>) {
    let mut path = base;
    let mut rest = text.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        use_tree(path.clone(), &group[start..i], out);
                        return;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        use_tree(path.clone(), &group[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            return;
        }
        let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        let name = &rest[..len];
        if !name.is_empty() && name != "self" {
            path.push(name.to_owned());
        }
        match rest[len..].strip_prefix("::") {
            Some(next) if !name.is_empty() => rest = next,
            _ => break,
        }
    }
    out.push(path);
}

/// The modules each module names, by `crate::`, `super::` or `self::`
/// paths (in `use` groups too), each resolved to the deepest module it
/// reaches. A name of one of its own ancestors is left out: a submodule
/// reads what its parent shares with all of them.
fn module_graph(
    files: &BTreeMap<Vec<String>, String>,
    aliases: &BTreeMap<String, Vec<String>>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let resolve = |path: &[String]| -> Option<Vec<String>> {
        // A name the crate root re-exports stands for its folder's module.
        let path: Vec<String> =
            match path.split_first().and_then(|(first, rest)| Some((aliases.get(first)?, rest))) {
                Some((real, rest)) => real.iter().chain(rest).cloned().collect(),
                None => path.to_vec(),
            };
        (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| files.contains_key(p))
    };
    let mut graph = BTreeMap::new();
    for (module, text) in files {
        let code = code_without_tests(text);
        let mut out = BTreeSet::new();
        let mut at = 0;
        while let Some(found) = ["crate::", "super::", "self::"]
            .iter()
            .filter_map(|k| code[at..].find(k).map(|i| (at + i, *k)))
            .min()
        {
            let (start, keyword) = found;
            at = start + keyword.len();
            if code[..start].chars().last().is_some_and(|c| is_ident(c) || c == '$' || c == ':') {
                continue;
            }
            let mut base: Vec<String> = match keyword {
                "crate::" => Vec::new(),
                "super::" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.clone(),
            };
            let mut rest = &code[at..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let mut paths = Vec::new();
            use_tree(base, rest, &mut paths);
            for path in paths {
                if let Some(target) = resolve(&path)
                    && target != *module
                    && !module.starts_with(&target)
                {
                    out.insert(target);
                }
            }
        }
        graph.insert(module.clone(), out);
    }
    graph
}

/// Every import circle of `graph`, each as its modules in order.
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    // A module is on a circle when it reaches itself; each circle is named
    // once, by the path from its smallest module.
    let mut found = Vec::new();
    let mut named: BTreeSet<Vec<String>> = BTreeSet::new();
    for start in graph.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if next == start {
                    let mut members: Vec<String> = path.iter().map(|m| m.join("::")).collect();
                    let mut key = members.clone();
                    key.sort();
                    if named.insert(key) {
                        members.push(start.join("::"));
                        found.push(members);
                    }
                } else if next > start && seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found
}

/// Every module of the library (the CLI aside) with its file's text.
fn module_sources() -> BTreeMap<Vec<String>, String> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut sources = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src()).unwrap();
        if rel.starts_with("bin") || rel.starts_with("snapshots") {
            continue;
        }
        sources.insert(module_path(rel), std::fs::read_to_string(&file).unwrap());
    }
    sources
}

#[test]
fn no_module_is_on_an_import_circle() {
    let graph = module_graph(&module_sources(), &layers().aliases);
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(edges > 200, "only {edges} imports between modules were read");
    let found = circles(&graph);
    let shown: Vec<String> = found.iter().map(|c| c.join(" -> ")).collect();
    assert!(shown.is_empty(), "import circles:\n{}", shown.join("\n"));
}

#[test]
fn an_import_circle_is_found_however_it_is_written() {
    let files = |pairs: &[(&str, &str)]| -> BTreeMap<Vec<String>, String> {
        pairs
            .iter()
            .map(|(m, code)| (m.split("::").map(str::to_owned).collect(), (*code).to_owned()))
            .collect()
    };
    let aliases = BTreeMap::from([("e".to_owned(), vec!["m".to_owned(), "e".to_owned()])]);
    let circle = |pairs: &[(&str, &str)]| circles(&module_graph(&files(pairs), &aliases));
    // Through `crate::`, through a group, through `super::` in a folder.
    assert_eq!(circle(&[("a", "use crate::b::X;"), ("b", "fn f() { crate::a::g() }")]), [["a", "b", "a"]]);
    assert_eq!(circle(&[("a", "use crate::{c, b::{X, Y}};"), ("b", "use crate::a;"), ("c", "")]).len(), 1);
    assert_eq!(circle(&[("f", ""), ("f::x", "use super::y::T;"), ("f::y", "use super::x;")]).len(), 1);
    // An item of a nested group is named where the group is, not at the root.
    assert!(
        circle(&[("a", "use crate::{x::{c, Y}, d};"), ("x", ""), ("x::c", ""), ("c", "use crate::a;")])
            .is_empty()
    );
    // Through a name the root re-exports from a folder.
    assert_eq!(circle(&[("m", ""), ("m::e", "use crate::a;"), ("a", "use crate::e::X;")]).len(), 1);
    // A submodule reading its parent, a comment, a test module: no circle.
    assert!(circle(&[("f", "mod x; use x::T;"), ("f::x", "use super::*;")]).is_empty());
    assert!(circle(&[("a", "// crate::b\nuse crate::b;"), ("b", "/// [`crate::a`]")]).is_empty());
    assert!(
        circle(&[("a", "use crate::b;"), ("b", "\n#[cfg(test)]\nmod tests {\n use crate::a;\n}")]).is_empty()
    );
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

/// The `mod` declarations of `text` (a module's file), in order.
fn declared_modules(text: &str) -> Vec<String> {
    code_of(text)
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let rest = ["pub(crate) mod ", "pub(super) mod ", "pub mod ", "mod "]
                .iter()
                .find_map(|p| line.strip_prefix(p))?;
            let name = rest.strip_suffix(';')?;
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_').then(|| name.to_owned())
        })
        .collect()
}

/// Every import of `graph` that names a module declared after the one that
/// names it, in their nearest common folder (or in `lib.rs`): each as
/// `(from, to)`.
fn named_before_declared(
    graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    declared: &BTreeMap<Vec<String>, Vec<String>>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            let (Some(a), Some(b)) = (from.get(common), to.get(common)) else { continue };
            let order = declared.get(&from[..common]).cloned().unwrap_or_default();
            let place = |m: &String| order.iter().position(|d| d == m);
            if let (Some(pa), Some(pb)) = (place(a), place(b))
                && pb > pa
            {
                out.push((from.join("::"), to.join("::")));
            }
        }
    }
    out
}

#[test]
fn a_module_names_only_modules_declared_before_it() {
    let sources = module_sources();
    let declared = sources.iter().map(|(m, text)| (m.clone(), declared_modules(text))).collect();
    let graph = module_graph(&sources, &layers().aliases);
    let found = named_before_declared(&graph, &declared);
    let shown: Vec<String> = found.iter().map(|(a, b)| format!("{a} names {b}, declared after it")).collect();
    assert!(shown.is_empty(), "{} imports name a module declared later:\n{}", shown.len(), shown.join("\n"));
}

#[test]
fn a_module_named_before_its_declaration_is_found() {
    let graph = |edges: &[(&str, &str)]| -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
        let path = |m: &str| m.split("::").map(str::to_owned).collect::<Vec<_>>();
        let mut g: BTreeMap<_, BTreeSet<_>> = BTreeMap::new();
        for (from, to) in edges {
            g.entry(path(from)).or_default().insert(path(to));
        }
        g
    };
    let declared = BTreeMap::from([
        (vec![], vec!["f".to_owned(), "g".to_owned()]),
        (vec!["f".to_owned()], vec!["a".to_owned(), "b".to_owned()]),
    ]);
    // Within a folder, and between folders of the root.
    assert_eq!(named_before_declared(&graph(&[("f::a", "f::b")]), &declared).len(), 1);
    assert_eq!(named_before_declared(&graph(&[("f::b", "f::a")]), &declared).len(), 0);
    assert_eq!(named_before_declared(&graph(&[("f::a", "g")]), &declared).len(), 1);
    assert_eq!(named_before_declared(&graph(&[("g", "f::b")]), &declared).len(), 0);
}
