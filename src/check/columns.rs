//! The row a store writes for a valid create, column by column, as
//! upstream's store writes it: each scalar field as it is, each JSON
//! column (`payload_json`, `artifact_refs`, `tags`, `principal_json`,
//! `metadata_json`) as the text `JSON.stringify` writes for the stored
//! document's value. A hub that stores these columns need not hold the
//! document as an object at all.
//!
//! The columns are a JSON object, `{"source_kind": "…", …, "payload_json":
//! "{\"a\":1}", …}`: every column of the table that comes from the body,
//! in the create schema's order. An absent optional field is `null`,
//! except `artifact_refs` and `tags`, which are `"[]"` (the store's
//! default); an absent payload is `null`, not the text `"null"`.
//!
//! JavaScript's spelling differs from `serde_json`'s in numbers only (`1`
//! for `1.0`, `1e+21`, `0.000001`) and in the order of an object's keys:
//! an object read by `JSON.parse` lists array-index keys first, ascending.
//! Strings are escaped alike (a lone surrogate as its lowercase `\uXXXX`).

use serde_json::{Map, Value};

use crate::event::{self, Spec};
use crate::js::number::{js_number, json_number};
use crate::json::lex::{Lexer, Policy, plain_run};
use crate::json::write_string;
use crate::request::DocumentKind;

/// What a column holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    /// The field's own value (a string or a number), `null` when absent.
    Scalar,
    /// The field's value as JSON text, `null` when absent.
    Json,
    /// The field's value as JSON text, `[]` when absent.
    List,
    /// Artifact refs: a [`Column::List`] of objects that keep keys beside
    /// the schema's, which the stored form writes after the schema's own
    /// and `JSON.stringify` writes first when they are array indexes.
    Refs,
}

/// A column: its name, the field it comes from, and what it holds.
type Col = (&'static str, &'static str, Column);

/// An event row's columns, in the create schema's order.
static EVENT: [Col; event::CREATE_FIELDS] = event_columns();

#[expect(clippy::indexing_slicing, reason = "a const fn cannot `get`; `i` stays below the length")]
const fn event_columns() -> [Col; event::CREATE_FIELDS] {
    let mut out = [("", "", Column::Scalar); event::CREATE_FIELDS];
    let mut i = 0;
    while i < event::CREATE_FIELDS {
        let (name, spec, _) = event::create_field(i);
        out[i] = match spec {
            Spec::Str(..) | Spec::Num => (name, name, Column::Scalar),
            Spec::Json => (name, name, Column::Json),
            Spec::Refs => (name, name, Column::Refs),
            Spec::Tags => (name, name, Column::List),
            Spec::Principal => ("principal_json", name, Column::Json),
        };
        i += 1;
    }
    out
}

/// A link row's columns.
static LINK: [Col; 4] = [
    ("from_event_id", "from_event_id", Column::Scalar),
    ("to_event_id", "to_event_id", Column::Scalar),
    ("relation_type", "relation_type", Column::Scalar),
    ("metadata_json", "metadata_json", Column::Json),
];

/// The columns of the table `kind` writes to, in order; `None` for a kind
/// that is not a row of its own.
fn table(kind: DocumentKind) -> Option<&'static [Col]> {
    match kind {
        DocumentKind::EventCreate => Some(&EVENT),
        DocumentKind::LinkCreate => Some(&LINK),
        _ => None,
    }
}

/// Whether `kind` is written as a row of its own (an event or a link).
pub fn has_columns(kind: DocumentKind) -> bool {
    matches!(kind, DocumentKind::EventCreate | DocumentKind::LinkCreate)
}

/// The columns of the stored document given as the JSON text `serde_json`
/// writes for it (or, where no `Value` holds it, as `JSON.parse` would
/// read it back), whose objects already list their keys as `JSON.parse`
/// does. `None` when `kind` has no row or the text is not an object.
///
/// The stored form lists its fields in the schema's order, which is the
/// columns' order: the text is read once, each value written into its
/// column as it is read. Should a field come out of that order, the
/// columns are written from the fields found in a first pass instead.
pub fn from_stored_text(kind: DocumentKind, stored: &str) -> Option<String> {
    let table = table(kind)?;
    let mut out = String::with_capacity(stored.len() + stored.len() / 4 + 64 * table.len());
    let mut lx = Lexer::new(stored, Policy::JsonParse);
    let (mut next, mut out_of_order) = (0, false);
    out.push('{');
    let read = each_member(&mut lx, |key, _, lx| {
        let Some(at) = table.get(next..)?.iter().position(|c| c.1 == key) else {
            out_of_order = true;
            return None;
        };
        for column in table.get(next..next + at)? {
            write_absent(column, &mut out);
        }
        let column = table.get(next + at)?;
        next += at + 1;
        write_name(column.0, &mut out);
        write_value(column.2, lx, &mut out)
    });
    if out_of_order {
        return from_fields(table, stored);
    }
    read?;
    for column in table.get(next..)? {
        write_absent(column, &mut out);
    }
    // The first column opened the object with no comma before it.
    if out.get(1..2) == Some(",") {
        out.remove(1);
    }
    out.push('}');
    Some(out)
}

/// Reads the object at `lx`, handing `member` each key (decoded, and as
/// its token) with the lexer at the key's value, which `member` steps over.
fn each_member<'t>(
    lx: &mut Lexer<'t>,
    mut member: impl FnMut(std::borrow::Cow<'t, str>, &'t str, &mut Lexer<'t>) -> Option<()>,
) -> Option<()> {
    lx.blank();
    if !lx.eat(b'{') {
        return None;
    }
    lx.blank();
    if lx.eat(b'}') {
        return Some(());
    }
    loop {
        let start = lx.at();
        let key = lx.string_value(false).ok()?;
        let token = lx.since(start);
        lx.blank();
        if !lx.eat(b':') {
            return None;
        }
        lx.blank();
        member(key, token, lx)?;
        lx.blank();
        if lx.eat(b',') {
            lx.blank();
            continue;
        }
        return lx.eat(b'}').then_some(());
    }
}

/// The value at `lx` as its column holds it.
fn write_value(holds: Column, lx: &mut Lexer<'_>, out: &mut String) -> Option<()> {
    match holds {
        Column::Scalar => {
            let start = lx.at();
            skip_value(lx)?;
            out.push_str(lx.since(start));
        }
        Column::Json | Column::List => {
            out.push('"');
            respell_value(lx, out)?;
            out.push('"');
        }
        Column::Refs => {
            out.push('"');
            respell_refs(lx, out)?;
            out.push('"');
        }
    }
    Some(())
}

/// An array of artifact refs, respelled as [`respell_value`] does, each
/// ref's members in the order a JavaScript object lists them: array-index
/// keys first, ascending, then the others as written.
fn respell_refs(lx: &mut Lexer<'_>, out: &mut String) -> Option<()> {
    lx.blank();
    if !lx.eat(b'[') {
        return respell_value(lx, out);
    }
    out.push('[');
    lx.blank();
    let mut first = true;
    while !lx.eat(b']') {
        if !first {
            if !lx.eat(b',') {
                return None;
            }
            lx.blank();
            out.push(',');
        }
        first = false;
        if lx.peek()? == b'{' {
            respell_ref(lx, out)?;
        } else {
            respell_value(lx, out)?;
        }
        lx.blank();
    }
    out.push(']');
    Some(())
}

/// One ref object (the lexer at its `{`).
fn respell_ref(lx: &mut Lexer<'_>, out: &mut String) -> Option<()> {
    let mut members: Vec<(Option<u64>, &str, &str)> = Vec::new();
    each_member(lx, |key, token, lx| {
        let from = lx.at();
        skip_value(lx)?;
        members.push((array_index(&key), token, lx.since(from)));
        Some(())
    })?;
    // A stable sort: index keys to the front in numeric order.
    crate::sort::list(&mut members, &|a, b| a.0.unwrap_or(u64::MAX).cmp(&b.0.unwrap_or(u64::MAX)));
    out.push('{');
    for (n, (_, key, value)) in members.into_iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        escape_token(key, out);
        out.push(':');
        respell_value(&mut Lexer::new(value, Policy::JsonParse), out)?;
    }
    out.push('}');
    Some(())
}

/// `,"name":` (the comma taken back from the first column).
fn write_name(name: &str, out: &mut String) {
    out.push_str(",\"");
    out.push_str(name);
    out.push_str("\":");
}

/// A column whose field is absent, with its name.
fn write_absent(column: &Col, out: &mut String) {
    write_name(column.0, out);
    out.push_str(if matches!(column.2, Column::List | Column::Refs) { "\"[]\"" } else { "null" });
}

/// [`from_stored_text`] from the fields a first pass finds, in any order.
fn from_fields(table: &[Col], stored: &str) -> Option<String> {
    let fields = top_level(stored)?;
    let mut out = String::with_capacity(stored.len() + stored.len() / 4 + 64 * table.len());
    for column in table {
        match fields.iter().find(|(k, _)| k == column.1) {
            None => write_absent(column, &mut out),
            Some(&(_, value)) => {
                write_name(column.0, &mut out);
                write_value(column.2, &mut Lexer::new(value, Policy::JsonParse), &mut out)?;
            }
        }
    }
    if out.get(0..1) == Some(",") {
        out.remove(0);
    }
    Some(format!("{{{out}}}"))
}

/// The columns of a stored document held as a `Value` (whose objects may
/// list their keys in any order). `None` when `kind` has no row or the
/// document is not an object.
pub fn from_value(kind: DocumentKind, stored: &Value) -> Option<String> {
    let table = table(kind)?;
    let fields = stored.as_object()?;
    let mut out = Map::new();
    for &(column, field, holds) in table {
        let value = match (fields.get(field), holds) {
            (None, Column::List | Column::Refs) => Value::String("[]".to_owned()),
            (None, _) => Value::Null,
            (Some(value), Column::Scalar) => value.clone(),
            (Some(value), Column::Json | Column::List | Column::Refs) => {
                let mut text = String::new();
                write_js(value, &mut text);
                Value::String(text)
            }
        };
        out.insert(column.to_owned(), value);
    }
    Some(Value::Object(out).to_string())
}

/// The members of the object `text` holds, each value as its text.
fn top_level(text: &str) -> Option<Vec<(String, &str)>> {
    let mut out = Vec::new();
    each_member(&mut Lexer::new(text, Policy::JsonParse), |key, _, lx| {
        let start = lx.at();
        skip_value(lx)?;
        out.push((key.into_owned(), lx.since(start)));
        Some(())
    })?;
    Some(out)
}

/// Steps over one value, at any depth, without a stack of its own: a
/// bracket inside a string is the string's.
fn skip_value(lx: &mut Lexer<'_>) -> Option<()> {
    let mut depth = 0usize;
    loop {
        lx.blank();
        match lx.peek()? {
            b'{' | b'[' => {
                lx.bump();
                depth += 1;
                continue;
            }
            b'}' | b']' => {
                lx.bump();
                depth = depth.checked_sub(1)?;
            }
            b',' | b':' if depth > 0 => {
                lx.bump();
                continue;
            }
            b'"' => {
                lx.skip_string().ok()?;
            }
            b't' | b'f' | b'n' => {
                if !(lx.word(b"true") || lx.word(b"false") || lx.word(b"null")) {
                    return None;
                }
            }
            _ => {
                lx.number().ok()?;
            }
        }
        if depth == 0 {
            return Some(());
        }
    }
}

/// One value read from `lx` (JSON as `serde_json` writes it, keys already
/// in `JSON.parse`'s order), written as `JSON.stringify` writes the value
/// `JSON.parse` reads from it, escaped for the inside of a JSON string:
/// the same tokens, each number in JavaScript's spelling. No stack: a
/// bracket inside a string is the string's.
fn respell_value(lx: &mut Lexer<'_>, out: &mut String) -> Option<()> {
    let mut depth = 0usize;
    loop {
        lx.blank();
        let start = lx.at();
        match lx.peek()? {
            b'{' | b'[' => {
                lx.bump();
                depth += 1;
                out.push_str(lx.since(start));
                continue;
            }
            b'}' | b']' => {
                lx.bump();
                depth = depth.checked_sub(1)?;
                out.push_str(lx.since(start));
            }
            b',' | b':' if depth > 0 => {
                lx.bump();
                out.push_str(lx.since(start));
                continue;
            }
            b'"' => {
                lx.skip_string().ok()?;
                escape_token(lx.since(start), out);
            }
            b't' | b'f' | b'n' => {
                if !(lx.word(b"true") || lx.word(b"false") || lx.word(b"null")) {
                    return None;
                }
                out.push_str(lx.since(start));
            }
            _ => {
                let n = lx.number().ok()?;
                if plain_integer(n.text) {
                    out.push_str(n.text);
                } else {
                    let x = json_number(n.text);
                    out.push_str(&if x.is_finite() { js_number(x) } else { "null".to_owned() });
                }
            }
        }
        if depth == 0 {
            return Some(());
        }
    }
}

/// A string token (quotes and escapes as written) inside a JSON string:
/// each `"` and `\\` escaped. A token holds no control character.
fn escape_token(token: &str, out: &mut String) {
    let b = token.as_bytes();
    // Most tokens hold no escape: their two quotes are all there is to
    // escape, and the inside goes over in one copy.
    if let Some(inside) = token.strip_prefix('"').and_then(|t| t.strip_suffix('"'))
        && plain_run(b, 1) == b.len() - 1
    {
        out.reserve(inside.len() + 4);
        out.push_str("\\\"");
        out.push_str(inside);
        out.push_str("\\\"");
        return;
    }
    let mut from = 0;
    loop {
        let end = plain_run(b, from);
        out.push_str(token.get(from..end).unwrap_or_default());
        if end >= b.len() {
            return;
        }
        out.push('\\');
        // The byte at `end` is a quote or a backslash: written after its
        // escape, with the run that follows it.
        out.push(char::from(b.get(end).copied().unwrap_or(b'"')));
        from = end + 1;
    }
}

/// A number token JavaScript writes as it stands: an integer of at most
/// fifteen digits (a double holds it exactly, and `JSON.stringify` writes
/// an integer below 10^21 in plain digits), but not `-0`, which it writes
/// `0`.
fn plain_integer(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.len() <= 15 && digits.bytes().all(|c| c.is_ascii_digit()) && token != "-0"
}

/// `JSON.stringify` of the value `JSON.parse` reads from `value`'s JSON
/// text: array-index keys first, ascending, then the others in order.
fn write_js(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(0.0);
            out.push_str(&if x.is_finite() { js_number(x) } else { "null".to_owned() });
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_js(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut members: Vec<(&String, &Value)> = map.iter().collect();
            let index = |k: &str| array_index(k).unwrap_or(u64::MAX);
            crate::sort::list(&mut members, &|a, b| index(a.0).cmp(&index(b.0)));
            out.push('{');
            for (i, (k, v)) in members.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k);
                out.push(':');
                write_js(v, out);
            }
            out.push('}');
        }
    }
}

/// The array index a key names (`0`, `1`, … up to 2^32 − 2, written
/// canonically), which JavaScript lists before an object's other keys.
fn array_index(key: &str) -> Option<u64> {
    if key.is_empty() || key.len() > 10 || (key.len() > 1 && key.starts_with('0')) {
        return None;
    }
    if !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    key.parse::<u64>().ok().filter(|&n| n < u64::from(u32::MAX))
}

#[cfg(test)]
mod tests;
