//! The views' shapes (camelCase on the wire; rows verbatim inside).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;

/// The view and the findings about the ledger.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LedgerViewAnswer"))]
#[serde(rename_all = "camelCase")]
pub struct ViewAnswer {
    /// The namespace the view answers for.
    pub namespace: String,
    /// The view, tagged by `by`.
    pub view: View,
    /// Findings about rows of that namespace (inconsistencies, unknown
    /// values, conflicts, look-alike ids), sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// What to show instead of a string of `view` (or `namespace`) that
    /// must not be shown as it is: raw string → display form, for every
    /// string whose display form differs (ids one-line with hidden
    /// characters and other-script letters marked `<U+XXXX>`, other text
    /// with bidi, invisible and control characters marked). Absent when
    /// every string shows as itself. Which strings are ids, and the marks:
    /// `docs/viewer.md`, "Display-safe text".
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<String, String>>"))]
    pub shown: BTreeMap<String, String>,
    /// For every list a paged answer carries only part of (see `page`):
    /// its JSON pointer in this answer (`/view/events`,
    /// `/view/projects/0/ads`, `/diagnostics`) → the whole list's length.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<String, usize>>"))]
    pub totals: BTreeMap<String, usize>,
    /// Paged: event id → the row the ledger keeps for it, for every event
    /// the page names by id without carrying its row (a thread's lineage,
    /// grants and links, the graph's nodes, the rows the carried
    /// diagnostics point into).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, type = "Record<string, unknown>"))]
    pub rows: BTreeMap<String, Value>,
    /// Paged: row pointer (`/events/12`, `/links/3`) → that row's id, for
    /// every row a carried diagnostic points into.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<String, String>>"))]
    pub row_ids: BTreeMap<String, String>,
    /// Paged: the findings of this query alone (a thread's receipt
    /// conflicts and authority chain, an event not found), sorted and paged
    /// as `diagnostics`, which holds them among the ledger's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<Diagnostic>>"))]
    pub view_diagnostics: Vec<Diagnostic>,
    /// Paged: the work graph of a handoff or session view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub graph: Option<Graph>,
}

/// A page of a view: which part of each of its lists an answer carries.
///
/// The lists of the view itself (a session's events and threads, a
/// project's ads, events and threads, the fleet's projects, the handoffs, a
/// thread's receipts and links, an artifact's matches) and the answer's
/// diagnostics carry their items `offset .. offset + size`; a list inside an
/// item (a project's ads in the fleet, a thread's receipts and links in a
/// session) carries its first `size`, and the narrower view pages it
/// further. Every finding and every count is the whole ledger's, whatever
/// the page: paging changes what is carried, never what is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields, try_from = "PageWire")]
pub struct Page {
    /// How many items of each list, 1 to [`MAX_PAGE`].
    pub size: usize,
    /// The first item carried of each of the view's own lists (default 0).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<usize>"))]
    pub offset: usize,
    /// Fleet only: the index of one project in the fleet's whole
    /// `projects` list; the answer carries that project alone, its `ads`
    /// from `offset` (how a reader pages one project's ads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub item: Option<usize>,
}

/// The most items a page carries of one list.
pub const MAX_PAGE: usize = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageWire {
    size: f64,
    #[serde(default)]
    offset: Option<f64>,
    #[serde(default)]
    item: Option<f64>,
}

/// A number for a message: a whole one as an integer, any other as JSON
/// writes it (serde_json's writer, which the module carries anyway: the
/// standard library's float formatting is kilobytes of wasm more).
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        #[expect(clippy::cast_possible_truncation, reason = "whole, below 2^53")]
        return (x as i64).to_string();
    }
    serde_json::Number::from_f64(x).map_or_else(|| "not a finite number".to_owned(), |n| n.to_string())
}

impl TryFrom<PageWire> for Page {
    type Error = String;

    fn try_from(p: PageWire) -> Result<Self, String> {
        let whole = |x: f64, least: f64, most: f64| x.fract() == 0.0 && x >= least && x <= most;
        if !whole(p.size, 1.0, MAX_PAGE as f64) {
            return Err(format!("`page.size` is {}; a page carries 1 to {MAX_PAGE} items", number(p.size)));
        }
        let offset = p.offset.unwrap_or(0.0);
        if !whole(offset, 0.0, 9_007_199_254_740_991.0) {
            return Err(format!("`page.offset` is {}; it counts items from 0", number(offset)));
        }
        if let Some(item) = p.item
            && !whole(item, 0.0, 9_007_199_254_740_991.0)
        {
            return Err(format!("`page.item` is {}; it counts projects from 0", number(item)));
        }
        #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "whole, in range")]
        Ok(Page { size: p.size as usize, offset: offset as usize, item: p.item.map(|i| i as usize) })
    }
}

/// What a paged answer adds, gathered while it is built (the fields of the
/// same names of [`ViewAnswer`]).
#[derive(Debug, Default)]
pub(crate) struct Paging {
    pub(crate) totals: BTreeMap<String, usize>,
    pub(crate) rows: BTreeMap<String, Value>,
    pub(crate) row_ids: BTreeMap<String, String>,
    pub(crate) view_diagnostics: Vec<Diagnostic>,
    pub(crate) graph: Option<Graph>,
}

/// A bounded work graph: events as nodes (their rows in
/// [`ViewAnswer::rows`]) and the ledger's links between them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Graph {
    /// The events drawn, at most [`GRAPH_NODES`]: a thread's handoff, its
    /// attempts, its links' other ends and its receipts; a session's newest
    /// events.
    pub nodes: Vec<String>,
    /// The links between them, in the ledger's order, at most
    /// [`GRAPH_EDGES`].
    pub edges: Vec<GraphEdge>,
    /// How many events the graph could draw.
    pub events: usize,
    /// How many links join the events drawn.
    pub links: usize,
}

/// The most events a graph draws.
pub const GRAPH_NODES: usize = 80;
/// The most links a graph draws.
pub const GRAPH_EDGES: usize = 160;

/// One link of a graph.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GraphEdge {
    /// The link's id.
    pub link_id: String,
    /// The event it goes from.
    pub from: String,
    /// The event it goes to.
    pub to: String,
    /// Its relation type, verbatim.
    pub relation_type: String,
}

/// One of the five views, tagged by the query's `by`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "by", rename_all = "lowercase")]
pub enum View {
    /// One handoff thread.
    Handoff(Box<HandoffView>),
    /// A session's history.
    Session(SessionView),
    /// Everything touching one artifact.
    Artifact(ArtifactView),
    /// The current work ad of every session.
    Fleet(FleetView),
    /// One project.
    Project(ProjectView),
    /// Every handoff of the namespace, newest first.
    Handoffs(HandoffsView),
}

/// `by: handoff`: the handle fetch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HandoffView {
    /// The queried id.
    pub event_id: String,
    /// Whether an event with that id is in the namespace.
    pub found: bool,
    /// The event itself when it is not a handoff.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub event: Option<Value>,
    /// The thread, when the event is a handoff.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub thread: Option<Thread>,
}

/// A handoff, its delivery state, its receipts, its lineage and its outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Thread {
    /// The handoff event's id.
    pub handoff_id: String,
    /// The source session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_ref: Option<String>,
    /// The sink session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink_ref: Option<String>,
    /// `payloadJson.delivery_state` as stored (unknown values verbatim).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub delivery_state: Option<String>,
    /// Whether `deliveryState` is exactly one of v1's delivery states
    /// (`queued`, `delivered`, `consumed`, `undeliverable`); `false` when it
    /// is absent or anything else, however alike it looks. A badge takes
    /// its colour from this verdict, never from the string.
    pub delivery_state_known: bool,
    /// `open`, `accepted`, `incomplete`, `blocked`, `completed`, `failed`,
    /// `rejected`, `conflict` or `undeliverable`.
    pub outcome: String,
    /// The receipts that decide the outcome (several when they conflict).
    pub decided_by: Vec<String>,
    /// Every receipt, oldest first.
    pub receipts: Vec<ReceiptEntry>,
    /// Retry and supersede lineage.
    pub lineage: Lineage,
    /// The delegated-authority chain, when the handoff claims one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub audit: Option<AuditChain>,
    /// Other links touching the handoff (`follows`, unknown relations, ...).
    pub links: Vec<LinkEntry>,
    /// The full handoff row, verbatim.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub handoff: Value,
}

/// One receipt of a handoff.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReceiptEntry {
    /// The receipt event's id.
    pub receipt_id: String,
    /// `payloadJson.status` as stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<String>,
    /// Whether `status` is exactly one of v1's receipt statuses
    /// (`accepted`, `rejected`, `completed`, `incomplete`, `blocked`,
    /// `failed`); `false` when it is absent or anything else (`completed`
    /// followed by a zero-width space is not `completed`). A badge takes its
    /// colour from this verdict, never from the string.
    pub status_known: bool,
    /// Whether the status decides the handoff.
    pub terminal: bool,
    /// It came after an `incomplete` receipt or after the handoff expired.
    pub late: bool,
    /// How it is tied to the handoff: `resolves`, `blocked_by`, `relatedEventId`.
    pub relations: Vec<String>,
    /// Which of its artifacts and check outputs a digest binds; absent when
    /// it names none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub evidence: Option<Evidence>,
    /// The full receipt row.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
}

/// What of a receipt's evidence is bound by content: its artifact refs and
/// check outputs, each with the digest algorithms it carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// Whether any of them carries a digest the core can vouch for the
    /// shape of. `false`: the receipt is reported, not bound (which does
    /// not make it false).
    pub bound: bool,
    /// The artifact refs, then each check's `output_ref`, in the row's order.
    pub items: Vec<EvidenceItem>,
}

/// One artifact or check output of a receipt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EvidenceItem {
    /// Where in the receipt's row (`/artifactRefs/0`,
    /// `/payloadJson/checks/0/output_ref`).
    pub instance_path: String,
    /// The algorithms of its digest that bind it (known, of the right
    /// shape), by name; empty when nothing binds it.
    pub algorithms: Vec<String>,
    /// What the caller found when it fetched the bytes and compared them
    /// (`digest/match`, `digest/mismatch`, `digest/nothing-to-compare`), as
    /// it passed it in the call's `verified`; absent when it passed none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub verified: Option<String>,
}

/// A verification the caller made of one artifact or output (it fetched
/// the bytes and asked `digest.verify`), for `ledger.view` to show on the
/// receipt's evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Verified {
    /// The receipt event's id.
    pub event_id: String,
    /// Where in its row (`/payloadJson/checks/0/output_ref`).
    pub instance_path: String,
    /// `digest.verify`'s code: `digest/match`, `digest/mismatch` or
    /// `digest/nothing-to-compare`.
    pub code: String,
}

/// The codes a [`Verified`] may carry.
pub const VERIFIED_CODES: &[&str] = &["digest/match", "digest/mismatch", "digest/nothing-to-compare"];

impl Evidence {
    /// The evidence a receipt row names, or `None` when it names none.
    pub fn of(row: &Value) -> Option<Evidence> {
        let mut items = Vec::new();
        let mut item = |at: crate::pointer::Pointer, r: &Value| {
            let algorithms =
                crate::artifact::digest::usable(r).into_iter().map(|(a, _)| a.to_owned()).collect();
            items.push(EvidenceItem { instance_path: at.as_str().to_owned(), algorithms, verified: None });
        };
        let root = crate::pointer::Pointer::root();
        for (i, r) in row.get("artifactRefs").and_then(Value::as_array).into_iter().flatten().enumerate() {
            item(root.key("artifactRefs").index(i), r);
        }
        let checks = row.get("payloadJson").and_then(|p| p.get("checks")).and_then(Value::as_array);
        for (i, c) in checks.into_iter().flatten().enumerate() {
            if let Some(r) = c.get("output_ref").filter(|r| r.is_object()) {
                item(root.key("payloadJson").key("checks").index(i).key("output_ref"), r);
            }
        }
        if items.is_empty() {
            return None;
        }
        let bound = items.iter().any(|i| !i.algorithms.is_empty());
        Some(Evidence { bound, items })
    }
}

impl ViewAnswer {
    /// Marks each receipt's evidence with the caller's verifications (a
    /// handoff view's receipts; other views carry none). A verification
    /// that names nothing in the view is left out, and so is a match or a
    /// mismatch claimed for an item no digest binds (only
    /// `digest/nothing-to-compare` can be said of it). The last
    /// verification of an item counts.
    pub fn mark_verified(&mut self, verified: &[Verified]) {
        let View::Handoff(view) = &mut self.view else { return };
        let Some(thread) = &mut view.thread else { return };
        let by_item: std::collections::BTreeMap<(&str, &str), &str> = verified
            .iter()
            .map(|v| ((v.event_id.as_str(), v.instance_path.as_str()), v.code.as_str()))
            .collect();
        for receipt in &mut thread.receipts {
            let Some(evidence) = &mut receipt.evidence else { continue };
            for item in &mut evidence.items {
                let Some(&code) = by_item.get(&(receipt.receipt_id.as_str(), item.instance_path.as_str()))
                else {
                    continue;
                };
                if item.algorithms.is_empty() && code != crate::digest::NOTHING_TO_COMPARE.as_str() {
                    continue;
                }
                item.verified = Some(code.to_owned());
            }
        }
    }
}

/// Attempts before and after a handoff.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Lineage {
    /// Handoffs this one retries.
    pub retries: Vec<String>,
    /// Handoffs that retry this one.
    pub retried_by: Vec<String>,
    /// Handoffs this one supersedes.
    pub supersedes: Vec<String>,
    /// Handoffs that supersede this one.
    pub superseded_by: Vec<String>,
    /// Every attempt connected by `retries` / `supersedes`, oldest first
    /// (this one included); when there are more than `MAX_CHAIN` (32), the
    /// 32 nearest this one.
    pub attempts: Vec<String>,
    /// How many attempts there are, when `attempts` lists only some
    /// (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub attempt_count: Option<usize>,
    /// The newest attempt.
    pub latest: String,
}

/// Where a delegated authority comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AuditChain {
    /// The grants followed, nearest first.
    pub grants: Vec<String>,
    /// Whether the chain ends at a human principal.
    pub ends_at_human: bool,
    /// That human principal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub human: Option<Value>,
    /// Why not, when it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
}

/// A link shown beside a thread.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkEntry {
    /// The link's id.
    pub link_id: String,
    /// Its relation type, verbatim.
    pub relation_type: String,
    /// `out` (from this event) or `in` (to it).
    pub direction: String,
    /// The event at the other end.
    pub event_id: String,
    /// The full link row, verbatim.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub link: Value,
}

/// `by: session`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// The queried session.
    pub session_id: String,
    /// Every event where it is source, sink or related session, newest first.
    pub events: Vec<SessionEvent>,
    /// The handoff threads those events belong to, latest activity first.
    pub threads: Vec<Thread>,
}

/// One event of a session's history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SessionEvent {
    /// The event's id.
    pub event_id: String,
    /// Its type, verbatim.
    pub event_type: String,
    /// `source`, `sink`, `related`.
    pub roles: Vec<String>,
    /// The threads (handoff ids) it belongs to.
    pub thread_ids: Vec<String>,
    /// The full row.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
}

/// `by: artifact`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ArtifactView {
    /// The queried ref, as given.
    #[serde(rename = "ref")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub artifact_ref: Value,
    /// Its canonical identity (`github_pr:owner/repo#123`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub identity: Option<String>,
    /// Handoffs touching it, newest first.
    pub handoffs: Vec<ArtifactMatch>,
    /// Receipts touching it (refs or check outputs), newest first.
    pub receipts: Vec<ArtifactMatch>,
    /// Work ads touching it, newest first.
    pub ads: Vec<ArtifactMatch>,
    /// Other events touching it, newest first.
    pub others: Vec<ArtifactMatch>,
}

/// An event whose refs match an artifact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ArtifactMatch {
    /// The event's id.
    pub event_id: String,
    /// Where in the row the matching refs are.
    pub matched_at: Vec<String>,
    /// The full row.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
}

/// `by: handoffs`: a way into every thread.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HandoffsView {
    /// The handoffs (the row kept for each id), newest first, then by id.
    pub handoffs: Vec<HandoffEntry>,
}

/// One handoff of [`HandoffsView`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HandoffEntry {
    /// The handoff's event id.
    pub event_id: String,
    /// The full handoff row, verbatim.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
}

/// `by: fleet`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FleetView {
    /// How many sessions have a work ad.
    pub sessions: usize,
    /// Current ads by derived status.
    pub counts: BTreeMap<String, usize>,
    /// Current ads grouped by project (named projects first, by name; ads
    /// without a project last).
    pub projects: Vec<ProjectGroup>,
}

/// The current ads of one project.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectGroup {
    /// The project, or `null` for ads naming none.
    pub project: Option<String>,
    /// Its ads by derived status.
    pub counts: BTreeMap<String, usize>,
    /// Its current ads, newest first.
    pub ads: Vec<CurrentAd>,
}

/// A session's current work ad.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CurrentAd {
    /// The session.
    pub session_id: String,
    /// The ad's event id.
    pub event_id: String,
    /// `stale` when `expiresAt` ≤ now, else the reported status (`unknown`
    /// when absent; unknown values verbatim).
    pub status: String,
    /// Whether `status` is exactly one of v1's work-ad statuses
    /// (`in_progress`, `blocked`, `needs_decision`, `done`, `failed`,
    /// `stale`, `unknown`: so `true` for a stale ad and for one reporting no
    /// status); `false` for anything else (`done` followed by a zero-width
    /// space is not `done`). A badge takes its colour from this verdict,
    /// never from the string.
    pub status_known: bool,
    /// `payloadJson.status` as reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reported_status: Option<String>,
    /// Whether `expiresAt` ≤ now.
    pub stale: bool,
    /// The project (payload `project`, else a `project:` tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub project: Option<String>,
    /// The full row.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
}

/// `by: project`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectView {
    /// The queried project.
    pub project: String,
    /// The current ads by derived status.
    pub counts: BTreeMap<String, usize>,
    /// Each session's latest ad about this project, newest first.
    pub ads: Vec<CurrentAd>,
    /// Every event naming the project, newest first.
    pub events: Vec<SessionEvent>,
    /// The threads of the project's handoffs, latest activity first.
    pub threads: Vec<Thread>,
}
