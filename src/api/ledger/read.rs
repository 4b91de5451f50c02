//! A `ledger.view` call read straight from its text in one pass: every row
//! is checked and indexed as the reader passes it, borrowed from the text,
//! so the fold never builds a tree of the ledger and never walks it twice.

use crate::json::stream::{Reader, Syntax};
use crate::ledger::{Ledger, MAX_ROW_DEPTH, Page, Query, Table, read_row};

/// A call's ledger, query and time.
pub(crate) struct CallText<'a> {
    pub(crate) ledger: Ledger<'a>,
    pub(crate) query: Query,
    pub(crate) now: f64,
    pub(crate) page: Option<Page>,
}

/// Reads a `ledger.view` call; `None` when the text is not a well-formed
/// call: not JSON, a key named twice or unknown, a field of the wrong type,
/// a query that does not read, or what no parser keeps outside the rows
/// (the generic path then answers with its codes). Inside a row, that is a
/// finding about the row, which is left out.
pub(crate) fn read_call(input: &str) -> Option<CallText<'_>> {
    read(input).ok().flatten()
}

fn read(input: &str) -> Result<Option<CallText<'_>>, Syntax> {
    // The call is depth 1, its row lists depth 2, the rows depth 3.
    let mut r = Reader::new(input, MAX_ROW_DEPTH + 2);
    let mut seen = 0u8;
    let mut known = true;
    let (mut now, mut query, mut namespace, mut page) = (None, None, None, None);
    let mut ledger = Ledger::new(None);
    let is_object = r.entries(0, &mut |r, key| {
        let bit = match key.as_ref() {
            "events" => 1,
            "links" => 2,
            "now" => 4,
            "query" => 8,
            "namespace" => 16,
            "page" => 32,
            _ => {
                known = false;
                r.value(1)?;
                return Ok(());
            }
        };
        if seen & bit != 0 {
            known = false;
        }
        seen |= bit;
        match bit {
            1 | 2 => {
                let table = if bit == 1 { Table::Events } else { Table::Links };
                if !r.items(1, &mut |r| {
                    let row = read_row(r, 2, table)?;
                    match table {
                        Table::Events => ledger.add_event_text(&row),
                        Table::Links => ledger.add_link_text(&row),
                    };
                    Ok(())
                })? {
                    known = false;
                    r.value(1)?;
                }
            }
            _ => {
                let text = r.value(1)?;
                match bit {
                    4 => now = serde_json::from_str::<f64>(text).ok(),
                    // Only an object: serde would read an array positionally
                    // (anything else is left to the generic path's refusal).
                    8 if text.starts_with('{') => query = serde_json::from_str::<Query>(text).ok(),
                    8 => {}
                    32 if text.starts_with('{') => page = serde_json::from_str::<Page>(text).ok(),
                    32 => {}
                    _ => namespace = serde_json::from_str::<Option<String>>(text).ok(),
                }
                if r.problem().is_some() {
                    known = false;
                }
            }
        }
        Ok(())
    })?;
    if !is_object || !r.at_end() || !known || seen & 1 == 0 {
        return Ok(None);
    }
    let (Some(now), Some(query)) = (now, query) else { return Ok(None) };
    let namespace = match namespace {
        Some(ns) => ns,
        None if seen & 16 != 0 => return Ok(None),
        None => None,
    };
    if seen & 32 != 0 && page.is_none() {
        return Ok(None);
    }
    *ledger.namespace_mut() = namespace;
    Ok(Some(CallText { ledger, query, now, page }))
}

/// Adds the rows of `text`, a JSON array of rows of `table` (a chunk of a
/// call's `events` or `links`), to `ledger`, each read as [`read_call`]
/// reads a row of a call (so at the same depth, with the same findings),
/// owned by the ledger. `None` when the text is not an array of values.
pub(crate) fn add_rows(ledger: &mut Ledger<'static>, table: Table, text: &str) -> Option<()> {
    // A chunk's rows sit one level higher than a call's: the limit moves with them.
    let mut r = Reader::new(text, MAX_ROW_DEPTH + 1);
    let is_array = r
        .items(0, &mut |r| {
            let row = read_row(r, 1, table)?;
            match table {
                Table::Events => ledger.add_event_text_owned(&row),
                Table::Links => ledger.add_link_text_owned(&row),
            };
            Ok(())
        })
        .ok()?;
    (is_array && r.at_end()).then_some(())
}
