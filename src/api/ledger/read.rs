//! A `ledger.view` call read straight from its text in one pass: every row
//! is checked and indexed as the reader passes it, borrowed from the text,
//! so the fold never builds a tree of the ledger and never walks it twice.
//! The call's shape is read here; what a row is, the ledger reads
//! ([`Ledger::add_rows_read`]).

use crate::json::stream::{Reader, Syntax};
use crate::ledger::{Ledger, MAX_ROW_DEPTH, Page, Query, Table, Verified};

/// A call's ledger, query and time.
pub(crate) struct CallText<'a> {
    pub(crate) ledger: Ledger<'a>,
    pub(crate) query: Query,
    pub(crate) now: f64,
    pub(crate) page: Option<Page>,
    pub(crate) verified: Vec<Verified>,
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
    let mut ledger = Ledger::new(None);
    let (mut events, mut links) = (false, false);
    let (mut now, mut query, mut namespace, mut page) = (None, None, None, None);
    let mut verified = None;
    // Cleared by a key named twice, one the call does not have, or a value
    // that does not read as its field: the generic path then says which.
    let mut readable = true;
    let is_object = r.entries(0, &mut |r, key| {
        let table = match key.as_ref() {
            "events" => Some((Table::Events, &mut events)),
            "links" => Some((Table::Links, &mut links)),
            _ => None,
        };
        if let Some((table, seen)) = table {
            readable &= !std::mem::replace(seen, true);
            if !ledger.add_rows_read(r, 1, table)? {
                readable = false;
                r.value(1)?;
            }
            return Ok(());
        }
        let text = r.value(1)?;
        // Only an object is a query or a page: serde would read an array
        // positionally.
        let object = || text.starts_with('{').then_some(text);
        readable &= r.problem().is_none()
            && match key.as_ref() {
                "now" => fill(&mut now, serde_json::from_str::<f64>(text).ok()),
                "query" => fill(&mut query, object().and_then(|t| serde_json::from_str::<Query>(t).ok())),
                "namespace" => fill(&mut namespace, serde_json::from_str::<Option<String>>(text).ok()),
                "page" => fill(&mut page, object().and_then(|t| serde_json::from_str::<Page>(t).ok())),
                "verified" => fill(&mut verified, serde_json::from_str::<Vec<Verified>>(text).ok()),
                _ => false,
            };
        Ok(())
    })?;
    if !is_object || !r.at_end() || !readable || !events {
        return Ok(None);
    }
    let (Some(now), Some(query)) = (now, query) else { return Ok(None) };
    *ledger.namespace_mut() = namespace.flatten();
    let verified = verified.unwrap_or_default();
    if super::check_verified(&verified).is_err() {
        return Ok(None);
    }
    Ok(Some(CallText { ledger, query, now, page, verified }))
}

/// Puts `value` in `slot` if the slot is empty; whether it was and the
/// value read.
fn fill<T>(slot: &mut Option<T>, value: Option<T>) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = value;
    slot.is_some()
}
