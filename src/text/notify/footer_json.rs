//! The footer's JSON, read with `JSON.parse`'s verdicts and type-filtered
//! into a [`NotifySummary`].

use super::NotifySummary;
use crate::json::lex::{Lexer, Policy};
use crate::json::stream::Reader;

/// What one top-level key of the footer object held last.
enum Field {
    Number(f64),
    Text(String),
    Other,
}

const KEYS: [&str; 6] = ["version", "agent", "project", "status", "action", "summary"];

/// Reads `text` as `JSON.parse` would and type-filters the top-level object
/// into a summary; `None` when the text is not JSON or not an object.
///
/// `JSON.parse`'s verdicts are the stream reader's with its problems
/// ignored: no depth limit (the reader keeps its own stack), a lone
/// surrogate is a character of its string (U+FFFD here) and a number beyond
/// a double is infinite.
pub(super) fn read_footer_json(text: &str) -> Option<NotifySummary> {
    let mut fields: [Option<Field>; 6] = [None, None, None, None, None, None];
    let mut r = Reader::new(text, usize::MAX);
    let object = r.entries(0, &mut |r, key| {
        let value = r.value(1)?;
        // The last of a key named twice counts, as in `JSON.parse`.
        if let Some(slot) = KEYS.iter().position(|k| *k == key).and_then(|i| fields.get_mut(i)) {
            *slot = Some(field(value));
        }
        Ok(())
    });
    if object != Ok(true) || !r.at_end() {
        return None;
    }
    let mut summary = NotifySummary::default();
    for (key, field) in KEYS.iter().zip(fields) {
        match (*key, field) {
            ("version", Some(Field::Number(n))) => summary.version = Some(n),
            ("agent", Some(Field::Text(s))) => summary.agent = Some(s),
            ("project", Some(Field::Text(s))) => summary.project = Some(s),
            ("status", Some(Field::Text(s))) => summary.status = Some(s),
            ("action", Some(Field::Text(s))) => summary.action = Some(s),
            ("summary", Some(Field::Text(s))) => summary.summary = Some(s),
            _ => {}
        }
    }
    Some(summary)
}

/// What a value's text (checked by the reader) holds, as the summary reads
/// it.
fn field(value: &str) -> Field {
    let mut lx = Lexer::new(value, Policy::JsonParse);
    match value.as_bytes().first() {
        Some(b'"') => lx.string().map_or(Field::Other, |s| Field::Text(s.value().into_owned())),
        Some(b'-' | b'0'..=b'9') => lx.number().map_or(Field::Other, |n| Field::Number(n.value())),
        _ => Field::Other,
    }
}
