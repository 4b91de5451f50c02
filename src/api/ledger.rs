//! `ledger.view` and `delivery.transition`: the ledger fold and the delivery
//! state machine on the wire.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::CallError;
use crate::ledger::{self, Ledger, Query, Verified};

mod read;

/// `ledger.view`: rows, a time and a query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LedgerViewCall {
    /// Event rows as the hub returns them (camelCase top level).
    #[cfg_attr(feature = "ts", ts(type = "unknown[]"))]
    pub events: Vec<Value>,
    /// Link rows as the hub returns them.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown[]"))]
    pub links: Vec<Value>,
    /// The time staleness is judged at, in ms since the epoch.
    pub now: f64,
    /// What to show.
    pub query: Query,
    /// The namespace to answer for (default: the rows' only namespace, or
    /// the queried handoff's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub namespace: Option<String>,
    /// Carry only this page of each list of the view (and of the
    /// diagnostics), with what the page names: see `docs/viewer.md`,
    /// "Paged views". Absent: every list whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub page: Option<ledger::Page>,
    /// The caller's own verifications of receipts' artifacts and outputs
    /// (it fetched the bytes and asked `digest.verify`), shown on each
    /// receipt's `evidence` in a handoff view. Absent: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<Verified>>"))]
    pub verified: Vec<Verified>,
}

/// Refuses a verification whose code is not one `digest.verify` answers.
fn check_verified(verified: &[Verified]) -> Result<(), CallError> {
    match verified.iter().find(|v| !ledger::VERIFIED_CODES.contains(&v.code.as_str())) {
        None => Ok(()),
        Some(v) => Err(CallError::new(
            crate::error::INVALID_CALL,
            format!(
                "`verified` code {} is not one `digest.verify` answers ({})",
                crate::diagnostic::quote(&v.code),
                ledger::VERIFIED_CODES.join(", ")
            ),
        )),
    }
}

/// A view's answer with the caller's verifications marked on it.
fn marked(
    answer: Result<LedgerViewAnswer, CallError>,
    verified: &[Verified],
) -> Result<LedgerViewAnswer, CallError> {
    check_verified(verified)?;
    let mut answer = answer?;
    answer.mark_verified(verified);
    Ok(answer)
}

/// The view and the findings about the ledger: the ledger's own answer,
/// [`ledger::ViewAnswer`], under the name the op table gives it.
pub use crate::ledger::ViewAnswer as LedgerViewAnswer;

/// `ledger.view`: folds the rows and answers the query.
///
/// The typed path, for rows already held as values. A call given as text
/// goes through the op table's shortcut (`ledger_view_call_text`), which
/// reads each row borrowed from the text as it passes it and never builds a
/// tree of the ledger; `call` comes here only for a call that shortcut
/// cannot read. Tests hold the two to the same answers.
pub fn ledger_view(call: LedgerViewCall) -> Result<LedgerViewAnswer, CallError> {
    let LedgerViewCall { events, links, now, query, namespace, page, verified } = call;
    let mut fold = Ledger::new(namespace.as_deref());
    fold.reserve(events.len(), links.len());
    for row in events {
        fold.add_event(row);
    }
    for row in links {
        fold.add_link(row);
    }
    marked(fold.view_page(&query, now, page), &verified)
}

/// `ledger.view` from call text, or `None` when the text is not a
/// well-formed call (the generic path then says why, with its codes). The
/// rows are read in one pass and stay borrowed from the input, so the fold
/// never builds a tree of a whole ledger (the peak memory stays a small
/// multiple of the input). Rows are kept verbatim: a key named twice inside
/// a row is shown as it was written (`JSON.parse` keeps the last).
pub(crate) fn ledger_view_text(input: &str) -> Option<Result<LedgerViewAnswer, CallError>> {
    let read::CallText { ledger, query, now, page, verified } = read::read_call(input)?;
    Some(marked(ledger.view_page(&query, now, page), &verified))
}

/// The `ledger.view` shortcut of the op table: a ledger is the one call that
/// can be hundreds of megabytes, so it is read without building a tree of
/// it ([`ledger_view_text`]); `None` (the generic path answers, with its
/// codes) when the text is not a well-formed call. Only an object can be a
/// call, so anything else goes the generic way at once.
pub(super) fn ledger_view_call_text(input: &str) -> Option<String> {
    if !input.trim_start_matches([' ', '\t', '\n', '\r']).starts_with('{') {
        return None;
    }
    ledger_view_text(input).map(super::respond)
}

/// A ledger folded once and asked many views: what a reader that shows one
/// ledger for a while holds (the viewer, in a worker), so that every view
/// after the first costs the view alone, not another fold of every row.
///
/// ```
/// use hapi_a2a_core::api::OpenLedger;
///
/// let call = r#"{"events":[],"now":1,"query":{"by":"fleet"}}"#;
/// let (open, answer) = OpenLedger::open(call);
/// assert_eq!(answer, hapi_a2a_core::call("ledger.view", call));
/// let open = open.expect("a readable call keeps its fold");
/// assert!(open.ask(r#"{"query":{"by":"handoffs"},"page":{"size":100}}"#).starts_with(r#"{"type":"success""#));
/// ```
pub struct OpenLedger {
    ledger: Ledger<'static>,
    now: f64,
}

impl OpenLedger {
    /// Answers a `ledger.view` call exactly as `call("ledger.view", input)`
    /// does, and keeps its fold (rows, `now`, `namespace`) when the call
    /// could be read; `None` with the answer when it could not.
    pub fn open(input: &str) -> (Option<OpenLedger>, String) {
        if input.len() > crate::api::MAX_CALL_BYTES {
            return (None, crate::api::call("ledger.view", input));
        }
        let Some(read::CallText { ledger, query, now, page, verified }) = input
            .trim_start_matches([' ', '\t', '\n', '\r'])
            .starts_with('{')
            .then(|| read::read_call(input))
            .flatten()
        else {
            return (None, crate::api::call("ledger.view", input));
        };
        let answer = super::respond(marked(ledger.view_page(&query, now, page), &verified));
        (Some(OpenLedger { ledger: ledger.into_owned(), now }), answer)
    }

    /// Answers `{"query": …, "page"?: …, "verified"?: …}` over the kept fold, as the
    /// `ledger.view` call with those fields would be answered; the answer
    /// text, a failure answer (with the generic path's codes) for a call
    /// that does not read.
    pub fn ask(&self, input: &str) -> String {
        super::respond(
            super::read_typed::<LedgerAsk>(input)
                .and_then(|ask| marked(self.ledger.view_page(&ask.query, self.now, ask.page), &ask.verified)),
        )
    }
}

/// A fold given its rows a chunk at a time, then the rest of its call: so
/// that rows can be folded while the caller is still writing the next
/// ones (the viewer writes 100k rows a chunk at a time, and a worker folds
/// each chunk as it comes).
///
/// ```
/// use hapi_a2a_core::api::LedgerRows;
///
/// let mut rows = LedgerRows::new();
/// assert!(rows.add("events", "[]").is_ok());
/// let (open, answer) = rows.finish(r#"{"now":1,"query":{"by":"fleet"}}"#);
/// assert_eq!(answer, hapi_a2a_core::call("ledger.view", r#"{"events":[],"now":1,"query":{"by":"fleet"}}"#));
/// assert!(open.is_some());
/// ```
#[derive(Default)]
pub struct LedgerRows {
    ledger: Ledger<'static>,
}

impl LedgerRows {
    /// A fold with no rows yet.
    pub fn new() -> Self {
        LedgerRows::default()
    }

    /// Adds a chunk of rows: `table` is `events` or `links`, `text` a JSON
    /// array of rows, each read as `ledger.view` reads a row of its call.
    /// The chunks of a table, in order, are its list.
    pub fn add(&mut self, table: &str, text: &str) -> Result<(), CallError> {
        let table = match table {
            "events" => ledger::Table::Events,
            "links" => ledger::Table::Links,
            other => {
                return Err(CallError::new(
                    crate::error::INVALID_CALL,
                    format!("rows are `events` or `links`, not {}", crate::diagnostic::quote(other)),
                ));
            }
        };
        self.ledger.add_rows(table, text).ok_or_else(|| {
            CallError::new(
                crate::error::INVALID_CALL,
                "a chunk of rows is a JSON array of rows; this one is not",
            )
        })
    }

    /// Answers the call of these rows and `rest` (`{"now", "query",
    /// "namespace"?, "page"?, "verified"?}`), as `call("ledger.view", …)` answers the
    /// call holding the rows in the order they were added, and keeps the
    /// fold when `rest` could be read (as `OpenLedger::open` keeps it when
    /// the call could be).
    pub fn finish(self, rest: &str) -> (Option<OpenLedger>, String) {
        let mut ledger = self.ledger;
        let rest = match super::read_typed::<LedgerRest>(rest) {
            Ok(rest) => rest,
            Err(e) => return (None, super::respond::<()>(Err(e))),
        };
        ledger.namespace_mut().clone_from(&rest.namespace);
        let answer =
            super::respond(marked(ledger.view_page(&rest.query, rest.now, rest.page), &rest.verified));
        (Some(OpenLedger { ledger, now: rest.now }), answer)
    }
}

/// What [`LedgerRows::finish`] takes: a `ledger.view` call without its rows.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LedgerRest {
    now: f64,
    query: Query,
    #[serde(default)]
    namespace: Option<String>,
    #[serde(default)]
    page: Option<ledger::Page>,
    #[serde(default)]
    verified: Vec<Verified>,
}

/// What [`OpenLedger::ask`] takes: a `ledger.view` call's query, page and
/// verifications.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LedgerAsk {
    query: Query,
    #[serde(default)]
    page: Option<ledger::Page>,
    #[serde(default)]
    verified: Vec<Verified>,
}

/// `delivery.transition`: one proposed move of a handoff's delivery state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTransitionCall {
    /// The current state.
    pub from: String,
    /// The proposed state.
    pub to: String,
}

/// Whether the move is legal, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTransitionAnswer {
    /// Whether the hub may record it.
    pub allowed: bool,
    /// `delivery/legal` or the refusal's code.
    pub code: String,
    /// One line saying why.
    pub message: String,
}

/// `delivery.transition`: the delivery state machine's verdict.
pub fn delivery_transition(call: &DeliveryTransitionCall) -> DeliveryTransitionAnswer {
    let t = ledger::delivery::transition(&call.from, &call.to);
    DeliveryTransitionAnswer { allowed: t.allowed, code: t.code.to_string(), message: t.message }
}

#[cfg(test)]
mod tests;
