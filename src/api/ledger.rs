//! `ledger.view` and `delivery.transition`: the ledger fold and the delivery
//! state machine on the wire.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::CallError;
use crate::ledger::{self, Ledger, Query, View};

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
}

/// The view and the findings about the ledger.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LedgerViewAnswer {
    /// The namespace the view answers for.
    pub namespace: String,
    /// The view, tagged by `by`.
    pub view: View,
    /// Findings about rows of that namespace (inconsistencies, unknown
    /// values, conflicts), sorted.
    pub diagnostics: Vec<crate::diagnostic::Diagnostic>,
}

/// `ledger.view`: folds the rows and answers the query.
pub fn ledger_view(call: LedgerViewCall) -> Result<LedgerViewAnswer, CallError> {
    let LedgerViewCall { events, links, now, query, namespace } = call;
    let mut fold = Ledger::new(namespace.as_deref());
    for row in events {
        fold.add_event(row);
    }
    for row in links {
        fold.add_link(row);
    }
    let ledger::ViewAnswer { namespace, view, diagnostics } = fold.view(&query, now)?;
    Ok(LedgerViewAnswer { namespace, view, diagnostics })
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
    DeliveryTransitionAnswer { allowed: t.allowed, code: t.code.to_owned(), message: t.message.to_owned() }
}
