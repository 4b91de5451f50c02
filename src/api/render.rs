//! Wire types and typed functions of the rendering ops: `project.handoff`,
//! `notice.receipt`, `peer.meta`, `peer.annotate` and `peer.badge`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::error::CallError;
use crate::locality::Endpoint;
use crate::notice::{self, NoticeKind};
use crate::peer::{self, Placement};
use crate::project;

// ---------------------------------------------------------------- peer.meta

/// `peer.meta`: what the hub authenticated, and the request body.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerMetaCall {
    /// The source session id the hub authenticated (the peer-messages
    /// route's path id); absent for an unattributed peer delivery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authenticated_source_session_id: Option<String>,
    /// The hub's snapshot of the source session's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_name: Option<String>,
    /// The request body as the client sent it (never authoritative for the source).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub body: Value,
}

/// The meta the hub stores on the delivered user message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerMetaAnswer {
    /// `{sentFrom:"peer", deliveryMode?, peer?:{sourceSessionId, sourceName?}}`.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// A `peer/body-field-ignored` warning for each source claim in the body.
    pub diagnostics: Vec<Diagnostic>,
}

/// `peer.meta`: derives the stored meta from the authenticated source only.
pub fn peer_meta(call: &PeerMetaCall) -> Result<PeerMetaAnswer, CallError> {
    let derived = peer::derive_meta(
        call.authenticated_source_session_id.as_deref(),
        call.source_name.as_deref(),
        &call.body,
    )?;
    Ok(PeerMetaAnswer { meta: derived.meta, diagnostics: derived.diagnostics })
}

// ---------------------------------------------------------------- peer.annotate

/// `peer.annotate`: a stored message meta and the message text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerAnnotateCall {
    /// The message's `meta` (any JSON; only `sentFrom:"peer"` annotates).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// The message text, kept literal.
    pub text: String,
    /// `prefix` (the default) or `suffix`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub placement: Option<Placement>,
}

/// The text the receiving agent sees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerAnnotateAnswer {
    /// The text with upstream's `From:` provenance line(s).
    pub text: String,
}

/// `peer.annotate`: upstream's provenance lines for the receiving agent.
pub fn peer_annotate(call: &PeerAnnotateCall) -> PeerAnnotateAnswer {
    PeerAnnotateAnswer { text: peer::annotate(&call.meta, &call.text, call.placement.unwrap_or_default()) }
}

// ---------------------------------------------------------------- peer.badge

/// `peer.badge`: a stored message meta and what the webapp knows of the source.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerBadgeCall {
    /// The message's `meta`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// The source session's title in the live session list, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_title: Option<String>,
    /// Whether the source session is in the live session list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_listed: Option<bool>,
}

/// The sender chip, exactly as the webapp renders it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerBadgeAnswer {
    /// `@<title>`, `@<first 8 of id>` or `@peer`.
    pub label: String,
    /// The hover text (lines joined with `\n`).
    pub tooltip: String,
    /// Whether the hub named the source session.
    pub attributed: bool,
    /// Whether the chip links to the source session.
    pub navigable: bool,
    /// The link, when navigable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub href: Option<String>,
}

/// `peer.badge`: the webapp's sender chip for a peer message.
pub fn peer_badge(call: &PeerBadgeCall) -> Result<PeerBadgeAnswer, CallError> {
    let b = peer::badge(&call.meta, call.source_title.as_deref(), call.source_listed)?;
    Ok(PeerBadgeAnswer {
        label: b.label,
        tooltip: b.tooltip,
        attributed: b.attributed,
        navigable: b.navigable,
        href: b.href,
    })
}

// ---------------------------------------------------------------- notice.receipt

/// `notice.receipt`: the handoff and, when there is one, its receipt.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NoticeReceiptCall {
    /// The handoff's event row (`eventType` `handoff`).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub handoff: Value,
    /// The receipt's event row (`eventType` `handoff_receipt`, `relatedEventId`
    /// naming the handoff); absent for a timeout notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub receipt: Option<Value>,
    /// A timeout notice for this handoff already went out (the receipt is late).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub timeout_notice_sent: Option<bool>,
    /// The time of a timeout notice, in ms since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub now: Option<f64>,
}

/// The notice the source session gets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NoticeReceiptAnswer {
    /// `receipt`, `late_receipt` or `timeout`.
    pub kind: NoticeKind,
    /// The handoff's `notify_source` (only an explicit `false` turns it off).
    pub notify_source: bool,
    /// The notice text; `null` when `notifySource` is false (nothing is sent).
    pub text: Option<String>,
}

/// `notice.receipt`: renders the notice for a resolved, late or timed-out handoff.
pub fn notice_receipt(call: &NoticeReceiptCall) -> Result<NoticeReceiptAnswer, CallError> {
    let n = notice::render(
        &call.handoff,
        call.receipt.as_ref(),
        call.timeout_notice_sent == Some(true),
        call.now,
    )?;
    Ok(NoticeReceiptAnswer { kind: n.kind, notify_source: n.notify_source, text: n.text })
}

// ---------------------------------------------------------------- project.handoff

/// `project.handoff`: a stored handoff row and where the worker runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectHandoffCall {
    /// The handoff's event row (camelCase top level, `payloadJson` verbatim).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
    /// The hub handle to print (default `/api/work-graph/events/<id>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub handle: Option<String>,
    /// Where the worker (the sink) runs; without it refs are not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink: Option<Endpoint>,
    /// Where the requester (the source) runs, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source: Option<Endpoint>,
}

/// The message the worker reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectHandoffAnswer {
    /// The rendered projection.
    pub text: String,
    /// The projection's own format version (independent of storage).
    pub format_version: String,
}

/// `project.handoff`: the worker-facing projection of a handoff.
pub fn project_handoff(call: &ProjectHandoffCall) -> Result<ProjectHandoffAnswer, CallError> {
    let text =
        project::render(&call.event, call.handle.as_deref(), call.sink.as_ref(), call.source.as_ref())?;
    Ok(ProjectHandoffAnswer { text, format_version: project::FORMAT_VERSION.to_owned() })
}
