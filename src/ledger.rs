//! The ledger, folded: a pure fold of `events` and `event_links` rows (and a
//! caller-supplied `now`) into the views the RFC names.
//!
//! A [`Ledger`] is fed row by row ([`Ledger::add_event`], [`Ledger::add_link`])
//! and answers views ([`Ledger::view`]) computed from indexes built once per
//! batch of rows. Rows are read leniently: unknown event types, relation
//! types, statuses and fields are kept verbatim and shown; a row that cannot
//! be read becomes a diagnostic, never a panic. The fold is order-insensitive:
//! every choice (which of two rows with one id wins, which ad is current,
//! list order) depends on the rows' content, never on the order they came in.
//!
//! Decisions:
//! - **Namespaces.** A view answers for one namespace. Rows of any other
//!   namespace are never returned and no link or grant is followed into one;
//!   their row-level findings are not reported either. Without an explicit
//!   namespace the ledger's only namespace is used (a handoff query uses the
//!   handoff's); rows without a `namespace` belong to the namespace `""`.
//! - **Diagnostic places** are pointers into the call: `/events/<n>` and
//!   `/links/<n>`, where `n` counts the rows in the order they were added.
//! - **Duplicates.** Rows repeating an id with the same content count once;
//!   with different content the row with the smaller `(ts, compact JSON)`
//!   wins. Rows sharing an idempotency key and the same body (all but `id`
//!   and `ts`) are one logical event (the earliest by `(ts, id)`), so a
//!   replayed write never shows twice; different bodies are a conflict and
//!   both rows stay.
//! - **Receipts** are `handoff_receipt` events linked `resolves` or
//!   `blocked_by` from the receipt to the handoff, or naming the handoff in
//!   `relatedEventId`. Terminal statuses (`completed`, `failed`, `rejected`)
//!   decide the outcome whatever their order; `incomplete`, `accepted`,
//!   `blocked` and unknown statuses never do.
//! - **Lineage** is `retries` / `supersedes` links from the newer attempt to
//!   the older one; a thread shows both directions and every attempt
//!   connected to it.
//! - **Outcome** of a thread: `completed` / `failed` / `rejected` when the
//!   terminal receipts agree, `conflict` when they do not; else
//!   `undeliverable` when the delivery state says so; else the newest
//!   `accepted` / `incomplete` / `blocked` receipt; else `open`. A receipt is
//!   `late` when it comes after an `incomplete` one (a timeout notice) or
//!   after the handoff's `expiresAt`.
//! - **Current work ad** of a session (`relatedSessionId`, else a session
//!   source): the latest by `ts`; among equal `ts`, the one no other follows
//!   (`follows` link or `relatedEventId`), then the greatest id. `stale`
//!   when `expiresAt` ≤ `now`. The project view takes each session's latest
//!   ad *about that project*.
//! - **Raw rows.** [`Ledger::add_event_raw`] borrows a row's JSON text and
//!   indexes it without building a value tree; `ledger.view` reads its call
//!   this way, so a fold needs well under twice its input in memory.
//!   Duplicate keys inside a raw row are shown as written.
//! - **Unknown fields** of rows are kept and shown; they raise no finding
//!   (a newer hub adding a column would otherwise flag every row).

use std::borrow::Cow;
use std::sync::OnceLock;

use serde_json::Value;
use serde_json::value::RawValue;

use crate::diagnostic::Diagnostic;
use crate::error::CallError;
use crate::json::stream::{Reader, Syntax};

pub mod delivery;
pub mod generate;
mod model;
mod lookalike;
mod derive;
mod row_text;
mod row;
pub mod view;
mod artifact_view;
mod named;
mod shown;
mod thread;
mod views;

use derive::Derived;
use model::{Event, FastMap, Link, Sym, Syms};
use row::Found;
use row_text::RowText;
pub(crate) use row_text::Table;
pub use shown::shown;
pub use view::*;

crate::define_codes! {
    MALFORMED_EVENT = "ledger/malformed-event", "an event row is not an object, has no string `id`, or holds what no JSON parser keeps (a lone surrogate, a number beyond a double, nesting deeper than 126); it is left out of every view";
    MALFORMED_LINK = "ledger/malformed-link", "a link row is not an object, lacks `fromEventId`, `toEventId` or `relationType`, or holds what no JSON parser keeps; it is left out";
    MALFORMED_FIELD = "ledger/malformed-field", "a row field has the wrong type; the row is kept and the field read as absent";
    UNKNOWN_EVENT_TYPE = "ledger/unknown-event-type", "an event type outside v1; the row is kept and shown without typed rules";
    UNKNOWN_RELATION = "ledger/unknown-relation", "a relation type outside v1; the link is kept and shown without typed rules";
    UNKNOWN_STATUS = "ledger/unknown-status", "a status or delivery state outside v1; kept verbatim and treated as non-terminal";
    DUPLICATE_ROW = "ledger/duplicate-row", "the same row appears more than once; it counts once";
    DUPLICATE_ID = "ledger/duplicate-id", "rows share an id but differ; the one with the smaller `(ts, JSON)` is used";
    IDEMPOTENCY_REPLAY = "ledger/idempotency-replay", "events share an idempotency key and body; they count as the earliest one";
    IDEMPOTENCY_CONFLICT = "ledger/idempotency-conflict", "events share an idempotency key but their bodies differ; both are kept";
    DANGLING_LINK = "ledger/dangling-link", "a link names an event that is not in the ledger; it is not followed";
    SELF_LINK = "ledger/self-link", "a link goes from an event to itself; it is not followed";
    CROSS_NAMESPACE_LINK = "ledger/cross-namespace-link", "a link names an event of another namespace; it is never followed";
    RECEIPT_NOT_FOR_HANDOFF = "ledger/receipt-not-for-handoff", "a receipt resolves or is blocked by an event that is not a handoff";
    LINEAGE_CYCLE = "ledger/lineage-cycle", "`retries` / `supersedes` links form a cycle";
    RECEIPT_CONFLICT = "ledger/receipt-conflict", "terminal receipts of one handoff disagree; all are kept and the outcome is `conflict`";
    AUDIT_MISSING = "ledger/audit-missing", "a delegated-authority chain names no grant, or a grant that is not in the ledger";
    AUDIT_CYCLE = "ledger/audit-cycle", "a delegated-authority chain comes back to a grant it already passed";
    AUDIT_CROSS_NAMESPACE = "ledger/audit-cross-namespace", "a delegated-authority chain names a grant of another namespace; it is not followed";
    AUDIT_NOT_HUMAN = "ledger/audit-not-human", "a delegated-authority chain ends at a grant no human principal made";
    AUDIT_CLAIMED_APPROVAL = "ledger/audit-claimed-approval", "a delegated-authority chain ends at a row whose confirmation block claims a human approval but which no human wrote; a confirmation block is a forgeable badge, not a grant";
    AUDIT_NOT_A_GRANT = "ledger/audit-not-a-grant", "a delegated-authority chain names a `handoff_receipt` or `work_ad`, which records an outcome or a status, never a grant";
    AUDIT_TOO_LONG = "ledger/audit-too-long", "a delegated-authority chain passes more grants than a view follows (`MAX_CHAIN`, 32) without reaching a human grant; it is not followed further";
    AUDIT_OTHER_ACTION = "ledger/audit-other-action", "a delegated-authority chain names a handoff for a different action (intent, instructions or constraints differ); an approval covers only the action approved";
    AUDIT_LATE_GRANT = "ledger/audit-late-grant", "a delegated-authority chain names a grant recorded after the act that uses it; a grant authorises only what comes after it";
    AUDIT_OTHER_GRANTEE = "ledger/audit-other-grantee", "a delegated-authority chain names a grant given to someone else: a grant names its delegate (its sink session, or `payloadJson.granted_to`), and only that delegate may use it";
    EVENT_NOT_FOUND = "ledger/event-not-found", "the queried event is not in the query's namespace";
    NOT_A_HANDOFF = "ledger/not-a-handoff", "the queried event is not a handoff; it is shown without a thread";
    NAMESPACE_AMBIGUOUS = "ledger/namespace-ambiguous", "the rows span several namespaces and the call names none";
    UNKNOWN_ARTIFACT = "ledger/unknown-artifact", "the queried artifact ref has no canonical identity";
    LOOKALIKE_ID = "ledger/lookalike-id", "an event, link or session id holds invisible, bidi or control characters, whitespace a page does not show, or letters of more than one script, so it can pass for another id; the message names it in its display form (`<U+XXXX>` marks), never raw";
}

/// One view's worth of rows: events and links, fed incrementally.
///
/// ```
/// use hapi_a2a_core::ledger::{Ledger, Query};
/// use serde_json::json;
///
/// let mut ledger = Ledger::new(Some("ns"));
/// ledger.add_event(json!({"id":"h1","ts":1,"namespace":"ns","eventType":"handoff",
///     "sourceKind":"session","sourceRef":"a","sinkKind":"session","sinkRef":"b",
///     "payloadJson":{"delivery_state":"delivered"}}));
/// let answer = ledger.view(&Query::Handoff { event_id: "h1".into() }, 10.0).unwrap();
/// assert!(matches!(answer.view, hapi_a2a_core::ledger::View::Handoff(_)));
/// ```
#[derive(Debug, Default)]
pub struct Ledger<'a> {
    namespace: Option<String>,
    syms: Syms,
    events: Vec<Event<'a>>,
    links: Vec<Link<'a>>,
    ids: FastMap<Cow<'a, str>, Slot>,
    /// Row-level findings, with the namespace of the row they are about
    /// (`None`: the row names none that could be read).
    row_diagnostics: Vec<(Option<Sym>, Diagnostic)>,
    events_added: usize,
    links_added: usize,
    /// How many ids more than one row carries.
    groups: u32,
    derived: OnceLock<Derived>,
}

/// At most this many attempts a thread's `lineage.attempts` lists (the
/// nearest to the thread's handoff, with `attemptCount` then giving them
/// all), and grants an audit chain follows (a longer chain ends with
/// [`AUDIT_TOO_LONG`]): as many as an event's tags or artifact refs. So each
/// thread of a view stays of bounded size, however long a lineage or a
/// chain of delegations.
pub const MAX_CHAIN: usize = 32;

/// How deep a row may nest (the row itself is depth 1): as deep as a call
/// may nest ([`crate::json::MAX_DEPTH`] twice) less the call and its list.
/// A deeper row is reported and left out.
pub const MAX_ROW_DEPTH: usize = crate::json::MAX_DEPTH * 2 - 2;

/// The events that carry one id (one event: with its namespace, so a
/// lookup need not visit the event; several: with the number of their
/// group, which the derived indexes look up by namespace).
#[derive(Clone, Debug)]
enum Slot {
    One(u32, Sym),
    Many(Vec<u32>, u32),
}

impl Slot {
    fn as_slice(&self) -> &[u32] {
        match self {
            Slot::One(i, _) => std::slice::from_ref(i),
            Slot::Many(v, _) => v,
        }
    }
}

/// What a view query asks for.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "by", rename_all = "lowercase", rename_all_fields = "camelCase", try_from = "QueryWire")]
pub enum Query {
    /// One handoff thread, by the handoff's event id.
    Handoff {
        /// The handoff event's id.
        event_id: String,
    },
    /// A session's history.
    Session {
        /// The session id (source, sink or related session).
        session_id: String,
    },
    /// Everything touching one artifact.
    Artifact {
        /// An artifact ref; matched by canonical identity.
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        r#ref: Value,
    },
    /// The current work ad of every session.
    Fleet,
    /// One project's current ads and events.
    Project {
        /// The project name (payload `project` or a `project:` tag).
        project: String,
    },
    /// Every handoff, newest first.
    Handoffs,
}

/// A query as it comes in, read flat (a tagged enum would pull serde's
/// buffering machinery into the wasm module).
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct QueryWire {
    by: String,
    #[serde(default)]
    event_id: Option<String>,
    #[serde(default)]
    session_id: Option<String>,
    #[serde(default, rename = "ref")]
    artifact_ref: Option<Value>,
    #[serde(default)]
    project: Option<String>,
}

impl TryFrom<QueryWire> for Query {
    type Error = String;

    fn try_from(q: QueryWire) -> Result<Self, String> {
        let need = |field: Option<String>, name: &str| {
            field.ok_or_else(|| format!("query `by: {}` needs a string `{name}`", q.by))
        };
        // Each `by` takes its own field and no other's: a key of another
        // query (`{"by": "fleet", "sessionId": ...}`) is a typo to report.
        let takes = match q.by.as_str() {
            "handoff" => Some(Some("eventId")),
            "session" => Some(Some("sessionId")),
            "artifact" => Some(Some("ref")),
            "project" => Some(Some("project")),
            "fleet" | "handoffs" => Some(None),
            _ => None,
        };
        let given = [
            ("eventId", q.event_id.is_some()),
            ("sessionId", q.session_id.is_some()),
            ("ref", q.artifact_ref.is_some()),
            ("project", q.project.is_some()),
        ];
        if let Some(takes) = takes
            && let Some((other, _)) = given.iter().find(|(name, set)| *set && takes != Some(*name))
        {
            let fields = takes.map_or("`by`".to_owned(), |f| format!("`by`, `{f}`"));
            return Err(format!("unknown field `{other}` for `by: {}`; its fields are {fields}", q.by));
        }
        Ok(match q.by.as_str() {
            "handoff" => Query::Handoff { event_id: need(q.event_id.clone(), "eventId")? },
            "session" => Query::Session { session_id: need(q.session_id.clone(), "sessionId")? },
            "artifact" => Query::Artifact {
                r#ref: q
                    .artifact_ref
                    .clone()
                    .ok_or_else(|| "query `by: artifact` needs a `ref`".to_owned())?,
            },
            "fleet" => Query::Fleet,
            "handoffs" => Query::Handoffs,
            "project" => Query::Project { project: need(q.project.clone(), "project")? },
            other => {
                return Err(format!(
                    "query `by` is {}; known: handoff, session, artifact, fleet, project, handoffs",
                    crate::diagnostic::quote(other)
                ));
            }
        })
    }
}

impl<'a> Ledger<'a> {
    /// An empty ledger answering for `namespace` (or, when `None`, for the
    /// only namespace its rows name).
    pub fn new(namespace: Option<&str>) -> Self {
        Ledger { namespace: namespace.map(str::to_owned), ..Ledger::default() }
    }

    /// Adds one event row (camelCase top level, `payloadJson` verbatim). The
    /// row is kept as given; returns its position (`/events/<n>`).
    pub fn add_event(&mut self, row: Value) -> usize {
        self.push_event(|pos, syms, found| row::read_event_value(row, pos, syms, found))
    }

    /// Adds one event row as raw JSON text, borrowed for the ledger's life:
    /// the fold keeps no copy of it and parses it again only to show it. A
    /// row holding what no JSON parser keeps (a lone surrogate, `1e400`,
    /// nesting deeper than [`MAX_ROW_DEPTH`]) is reported and left out.
    pub fn add_event_raw(&mut self, row: &'a RawValue) -> usize {
        match row::read_raw(Table::Events, row.get()) {
            Ok(text) => self.add_event_text(&text),
            Err(_) => self.add_event(Value::Null),
        }
    }

    /// Adds one event row already read from the call's text.
    fn add_event_text(&mut self, row: &RowText<'a>) -> usize {
        self.push_event(|pos, syms, found| row::read_event_text(row, pos, syms, found))
    }

    /// Adds one link row (camelCase). Returns its position (`/links/<n>`).
    pub fn add_link(&mut self, row: Value) -> usize {
        self.push_link(|pos, syms, found| row::read_link_value(row, pos, syms, found))
    }

    /// Adds one link row as raw JSON text, borrowed for the ledger's life
    /// (read as [`Ledger::add_event_raw`] reads an event).
    pub fn add_link_raw(&mut self, row: &'a RawValue) -> usize {
        match row::read_raw(Table::Links, row.get()) {
            Ok(text) => self.add_link_text(&text),
            Err(_) => self.add_link(Value::Null),
        }
    }

    /// Adds one link row already read from the call's text.
    fn add_link_text(&mut self, row: &RowText<'a>) -> usize {
        self.push_link(|pos, syms, found| row::read_link_text(row, pos, syms, found))
    }

    /// Adds the rows of `table` in the array at the reader (at `depth`, its
    /// rows one deeper), each checked and indexed as the reader passes it
    /// and kept borrowed from the text; a row no parser keeps is a finding
    /// about it, and it is left out. `Ok(false)` when the value is not an
    /// array (nothing is read).
    pub(crate) fn add_rows_read(
        &mut self,
        r: &mut Reader<'a>,
        depth: usize,
        table: Table,
    ) -> Result<bool, Syntax> {
        r.items(depth, &mut |r| {
            let row = row_text::read_row(r, depth + 1, table)?;
            match table {
                Table::Events => self.add_event_text(&row),
                Table::Links => self.add_link_text(&row),
            };
            Ok(())
        })
    }

    /// Numbers the next event row and reads it with `read` (one copy of
    /// the bookkeeping for every way a row comes in).
    fn push_event(&mut self, read: impl FnOnce(usize, &mut Syms, &mut Found) -> Option<Event<'a>>) -> usize {
        let pos = self.events_added;
        self.events_added += 1;
        let mut found = Vec::new();
        let parsed = read(pos, &mut self.syms, &mut found);
        self.keep_event(parsed, found);
        pos
    }

    fn keep_event(&mut self, parsed: Option<Event<'a>>, found: Found) {
        self.derived = OnceLock::new();
        let ns = parsed.as_ref().map(|e| e.ns).or_else(|| found.iter().find_map(|(ns, _)| *ns));
        self.row_diagnostics.extend(found.into_iter().map(|(_, d)| (ns, d)));
        if let Some(event) = parsed {
            let index = u32::try_from(self.events.len()).unwrap_or(u32::MAX);
            match self.ids.get_mut(event.id.as_ref()) {
                Some(slot) => match slot {
                    Slot::One(first, _) => {
                        *slot = Slot::Many(vec![*first, index], self.groups);
                        self.groups += 1;
                    }
                    Slot::Many(v, _) => v.push(index),
                },
                None => {
                    self.ids.insert(event.id.clone(), Slot::One(index, event.ns));
                }
            }
            self.events.push(event);
        }
    }

    fn push_link(&mut self, read: impl FnOnce(usize, &mut Syms, &mut Found) -> Option<Link<'a>>) -> usize {
        let pos = self.links_added;
        self.links_added += 1;
        let mut found = Vec::new();
        let parsed = read(pos, &mut self.syms, &mut found);
        self.keep_link(parsed, found);
        pos
    }

    fn keep_link(&mut self, parsed: Option<Link<'a>>, found: Found) {
        self.derived = OnceLock::new();
        let ns = parsed.as_ref().map(|l| l.ns).or_else(|| found.iter().find_map(|(ns, _)| *ns));
        self.row_diagnostics.extend(found.into_iter().map(|(_, d)| (ns, d)));
        if let Some(link) = parsed {
            self.links.push(link);
        }
    }

    /// Makes room for `events` more event rows and `links` more link rows.
    pub fn reserve(&mut self, events: usize, links: usize) {
        self.events.reserve(events);
        self.ids.reserve(events);
        self.links.reserve(links);
    }

    /// How many event and link rows were added (readable or not).
    pub fn len(&self) -> (usize, usize) {
        (self.events_added, self.links_added)
    }

    /// Whether no row was added.
    pub fn is_empty(&self) -> bool {
        self.events_added == 0 && self.links_added == 0
    }

    /// Answers one query at time `now` (ms since the epoch): the view and
    /// every finding about the rows of the view's namespace, sorted.
    /// Fails only when the namespace cannot be decided.
    pub fn view(&self, query: &Query, now: f64) -> Result<ViewAnswer, CallError> {
        self.view_page(query, now, None)
    }

    /// Answers one query as [`Ledger::view`] does, carrying only `page` of
    /// each list when one is given (see [`Page`]); the findings and counts
    /// are the same either way.
    pub fn view_page(&self, query: &Query, now: f64, page: Option<Page>) -> Result<ViewAnswer, CallError> {
        let derived = self.derived.get_or_init(|| derive::derive(self));
        views::answer(self, derived, query, now, page)
    }

    /// The namespace the fold answers for (set once its call is read).
    pub(crate) fn namespace_mut(&mut self) -> &mut Option<String> {
        &mut self.namespace
    }

    /// The same fold, owning every string it borrowed from the call's text
    /// (so it can outlive the text and answer more views; the indexes
    /// already built are kept).
    pub fn into_owned(self) -> Ledger<'static> {
        Ledger {
            namespace: self.namespace,
            syms: self.syms,
            events: self.events.into_iter().map(Event::into_owned).collect(),
            links: self.links.into_iter().map(Link::into_owned).collect(),
            ids: self.ids.into_iter().map(|(id, slot)| (model::own(id), slot)).collect(),
            row_diagnostics: self.row_diagnostics,
            events_added: self.events_added,
            links_added: self.links_added,
            groups: self.groups,
            derived: self.derived,
        }
    }

    fn ns_of_name(&self, name: &str) -> Option<Sym> {
        self.syms.get(name)
    }
}

impl Ledger<'static> {
    /// Adds one event row read from some text, owning it (a fold fed
    /// chunks of rows outlives each chunk).
    fn add_event_text_owned(&mut self, row: &RowText<'_>) -> usize {
        self.push_event(|pos, syms, found| row::read_event_text(row, pos, syms, found).map(Event::into_owned))
    }

    /// Adds one link row read from some text, owning it.
    fn add_link_text_owned(&mut self, row: &RowText<'_>) -> usize {
        self.push_link(|pos, syms, found| row::read_link_text(row, pos, syms, found).map(Link::into_owned))
    }

    /// Adds the rows of `text`, a JSON array of rows of `table` (a chunk of
    /// a call's `events` or `links`), each read as a row of a call is read
    /// (so at the same depth, with the same findings), owned by the ledger.
    /// `None` when the text is not an array of values.
    pub(crate) fn add_rows(&mut self, table: Table, text: &str) -> Option<()> {
        // A chunk's rows sit one level higher than a call's: the limit
        // moves with them.
        let mut r = Reader::new(text, MAX_ROW_DEPTH + 1);
        let is_array = r
            .items(0, &mut |r| {
                let row = row_text::read_row(r, 1, table)?;
                match table {
                    Table::Events => self.add_event_text_owned(&row),
                    Table::Links => self.add_link_text_owned(&row),
                };
                Ok(())
            })
            .ok()?;
        (is_array && r.at_end()).then_some(())
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_display;
#[cfg(test)]
mod tests_scale;
