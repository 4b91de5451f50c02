//! TypeScript declarations for every wire type, derived from the Rust types
//! (feature `ts`). `tests/typescript.rs` writes them to `ts/wire.d.ts`, which
//! the wasm build embeds in the npm package's `.d.ts`; nothing is written by
//! hand beside the Rust types.
//!
//! ts-rs writes each declaration on few lines with the closing brace after
//! the last member; [`format_decl`] lays it out with one member per line, two
//! spaces per level, and every multi-line brace closing at the start of its
//! own line, so a tool that indents by brace depth keeps it flat.

use std::any::TypeId;
use std::collections::BTreeMap;

use ts_rs::{Config, TS, TypeVisitor};

struct Collect<'c> {
    cfg: &'c Config,
    seen: Vec<TypeId>,
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let id = TypeId::of::<T>();
        if self.seen.contains(&id) {
            return;
        }
        self.seen.push(id);
        if T::output_path().is_some() {
            let mut decl = String::new();
            if let Some(docs) = T::docs() {
                decl.push_str(&docs);
            }
            decl.push_str("export ");
            decl.push_str(&format_decl(&T::decl(self.cfg)));
            self.decls.insert(T::ident(self.cfg), decl);
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The declarations of every wire type of the public API, sorted by name.
pub fn declarations() -> String {
    let cfg = Config::new();
    let mut c = Collect { cfg: &cfg, seen: Vec::new(), decls: BTreeMap::new() };
    crate::api::visit_wire_types(&mut c);
    let mut out = String::from(
        "// Wire types of hapi-a2a-core, generated from the Rust types; do not edit.\n\
         // Raw JSON is `unknown`, never `any`.\n\n",
    );
    for decl in c.decls.values() {
        out.push_str(decl);
        out.push_str("\n\n");
    }
    out.push_str("/** Every operation name `call` answers. */\nexport type Op =\n");
    for op in crate::api::ops() {
        out.push_str(&format!("  | \"{op}\"\n"));
    }
    out.push_str(";\n");
    out
}

/// One piece of a declaration.
#[derive(Debug, PartialEq)]
enum Tok {
    /// A `/** ... */` or `// ...` comment, as written.
    Comment(String),
    /// Any other run of text (a word, a string literal, `,` inside `<>`, ...),
    /// and whether white space came before it.
    Text(String, bool),
    Open,
    Close,
    Comma,
    Semi,
}

fn tokens(src: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut chars = src.char_indices().peekable();
    let mut space = false;
    // Depth of `<`, `(` and `[`: a comma inside them is part of the text.
    let mut nest = 0usize;
    let mut prev = ' ';
    while let Some((i, c)) = chars.next() {
        let rest = src.get(i..).unwrap_or_default();
        if c.is_whitespace() {
            space = true;
            prev = c;
            continue;
        }
        if rest.starts_with("/*") || rest.starts_with("//") {
            let end = if rest.starts_with("/*") {
                rest.find("*/").map_or(rest.len(), |e| e + 2)
            } else {
                rest.find('\n').unwrap_or(rest.len())
            };
            out.push(Tok::Comment(rest.get(..end).unwrap_or(rest).to_owned()));
            while chars.peek().is_some_and(|&(j, _)| j < i + end) {
                chars.next();
            }
            space = true;
            continue;
        }
        let tok = match c {
            '{' => Tok::Open,
            '}' => Tok::Close,
            ';' => Tok::Semi,
            ',' if nest == 0 => Tok::Comma,
            '"' => {
                let mut lit = String::from('"');
                let mut escaped = false;
                for (_, d) in chars.by_ref() {
                    lit.push(d);
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        break;
                    }
                }
                Tok::Text(lit, space)
            }
            _ => {
                match c {
                    '<' | '(' | '[' => nest += 1,
                    '>' if prev != '=' => nest = nest.saturating_sub(1),
                    ')' | ']' => nest = nest.saturating_sub(1),
                    _ => {}
                }
                Tok::Text(c.to_string(), space)
            }
        };
        prev = c;
        // Glue characters of one word together.
        match (out.last_mut(), &tok) {
            (Some(Tok::Text(t, _)), Tok::Text(n, false)) if !n.starts_with('"') && !t.ends_with('"') => {
                t.push_str(n);
            }
            _ => out.push(tok),
        }
        space = false;
    }
    out
}

/// A member of an object type (or the top level): its comments and its parts.
#[derive(Debug, Default)]
struct Member {
    comments: Vec<String>,
    parts: Vec<Part>,
}

#[derive(Debug)]
enum Part {
    Text(String, bool),
    Object(Vec<Member>),
}

/// Reads members up to the matching `}` (or the end), split at commas.
fn members(toks: &mut std::iter::Peekable<std::vec::IntoIter<Tok>>) -> Vec<Member> {
    let mut out = Vec::new();
    let mut cur = Member::default();
    while let Some(tok) = toks.next() {
        match tok {
            Tok::Comment(c) => cur.comments.push(c),
            Tok::Text(t, s) => cur.parts.push(Part::Text(t, s)),
            Tok::Semi => cur.parts.push(Part::Text(";".to_owned(), false)),
            Tok::Open => cur.parts.push(Part::Object(members(toks))),
            Tok::Comma => out.push(std::mem::take(&mut cur)),
            Tok::Close => break,
        }
    }
    if !cur.parts.is_empty() || !cur.comments.is_empty() {
        out.push(cur);
    }
    out
}

fn flat(parts: &[Part]) -> Option<String> {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        match p {
            Part::Text(t, space) => {
                if i > 0 && *space {
                    out.push(' ');
                }
                out.push_str(t);
            }
            Part::Object(ms) => {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&flat_object(ms)?);
            }
        }
    }
    Some(out)
}

/// `{ a, b }` on one line, when no member has a comment and it stays short.
fn flat_object(ms: &[Member]) -> Option<String> {
    if ms.iter().any(|m| !m.comments.is_empty()) {
        return None;
    }
    let inner: Option<Vec<String>> = ms.iter().map(|m| flat(&m.parts)).collect();
    let inner = inner?;
    let text = if inner.is_empty() { "{}".to_owned() } else { format!("{{ {} }}", inner.join(", ")) };
    (text.len() <= 60).then_some(text)
}

fn write_parts(out: &mut String, parts: &[Part], depth: usize) {
    for (i, p) in parts.iter().enumerate() {
        match p {
            Part::Text(t, space) => {
                if i > 0 && *space {
                    out.push(' ');
                }
                out.push_str(t);
            }
            Part::Object(ms) => {
                if i > 0 {
                    out.push(' ');
                }
                if let Some(f) = flat_object(ms) {
                    out.push_str(&f);
                    continue;
                }
                out.push_str("{\n");
                for m in ms {
                    let pad = "  ".repeat(depth + 1);
                    for c in &m.comments {
                        for line in c.lines() {
                            let line = line.trim();
                            out.push_str(&pad);
                            if line.starts_with('*') {
                                out.push(' ');
                            }
                            out.push_str(line);
                            out.push('\n');
                        }
                    }
                    if !m.parts.is_empty() {
                        out.push_str(&pad);
                        write_parts(out, &m.parts, depth + 1);
                        out.push_str(",\n");
                    }
                }
                out.push_str(&"  ".repeat(depth));
                out.push('}');
            }
        }
    }
}

/// Lays out one ts-rs declaration (`type X = ...;`): one member per line,
/// two spaces per level, short objects without comments on one line.
pub fn format_decl(decl: &str) -> String {
    let mut toks = tokens(decl).into_iter().peekable();
    let top = members(&mut toks);
    let mut out = String::new();
    for (i, m) in top.iter().enumerate() {
        if i > 0 {
            // A top-level comma would be odd in a declaration; keep it.
            out.push_str(", ");
        }
        write_parts(&mut out, &m.parts, 0);
    }
    out
}
