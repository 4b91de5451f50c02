//! The display form of a view's strings: what the viewer shows in place of
//! a row's raw text, so that no row can make the page say what it does not
//! hold (Trojan Source, look-alike ids).
//!
//! See [`shown`] for the contract.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::Value;

use super::view::Paging;
use super::view::{
    ArtifactMatch, ArtifactView, CurrentAd, FleetView, HandoffView, Lineage, ProjectView, SessionEvent,
    SessionView, Thread, View,
};
use crate::sanitize::{is_display_safe, neutralize, neutralize_id};

/// Raw string → (shown as an id, display form).
#[derive(Default)]
struct Shown {
    map: BTreeMap<String, (bool, String)>,
}

/// Whether a row key's string values (or list items) are ids.
fn is_id_key(key: &str) -> bool {
    key == "id"
        || key.ends_with("Id")
        || key.ends_with("_id")
        || key.ends_with("Ids")
        || key.ends_with("_ids")
        || matches!(key, "sourceRef" | "sinkRef" | "source_ref" | "sink_ref" | "grants")
}

impl Shown {
    fn id(&mut self, s: &str) {
        if let Cow::Owned(display) = neutralize_id(s) {
            match self.map.get_mut(s) {
                Some(entry) if entry.0 => {}
                Some(entry) => *entry = (true, display),
                None => {
                    self.map.insert(s.to_owned(), (true, display));
                }
            }
        }
    }

    fn ids<'s>(&mut self, list: impl IntoIterator<Item = &'s String>) {
        for s in list {
            self.id(s);
        }
    }

    fn text(&mut self, s: &str) {
        if is_display_safe(s) || self.map.contains_key(s) {
            return;
        }
        self.map.insert(s.to_owned(), (false, neutralize(s)));
    }

    fn opt_text(&mut self, s: Option<&String>) {
        if let Some(s) = s {
            self.text(s);
        }
    }

    fn value(&mut self, v: &Value, is_id: bool) {
        match v {
            Value::String(s) if is_id => self.id(s),
            Value::String(s) => self.text(s),
            Value::Array(items) => {
                for item in items {
                    self.value(item, is_id);
                }
            }
            Value::Object(map) => {
                for (k, v) in map {
                    self.text(k);
                    self.value(v, is_id_key(k));
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }

    fn row(&mut self, v: &Value) {
        self.value(v, false);
    }

    fn view(&mut self, view: &View) {
        match view {
            View::Handoff(h) => self.handoff(h),
            View::Session(s) => self.session(s),
            View::Artifact(a) => self.artifact(a),
            View::Fleet(f) => self.fleet(f),
            View::Project(p) => self.project(p),
            View::Handoffs(h) => {
                for entry in &h.handoffs {
                    self.id(&entry.event_id);
                    self.row(&entry.event);
                }
            }
        }
    }

    /// What a page adds: the rows it names, their ids, and the graph.
    fn paging(&mut self, p: &Paging) {
        for (id, row) in &p.rows {
            self.id(id);
            self.row(row);
        }
        for id in p.row_ids.values() {
            self.id(id);
        }
        if let Some(g) = &p.graph {
            self.ids(&g.nodes);
            for e in &g.edges {
                for id in [&e.link_id, &e.from, &e.to] {
                    self.id(id);
                }
                self.text(&e.relation_type);
            }
        }
    }

    fn handoff(&mut self, h: &HandoffView) {
        self.id(&h.event_id);
        if let Some(e) = &h.event {
            self.row(e);
        }
        if let Some(t) = &h.thread {
            self.thread(t);
        }
    }

    fn thread(&mut self, t: &Thread) {
        self.id(&t.handoff_id);
        for s in [&t.source_ref, &t.sink_ref].into_iter().flatten() {
            self.id(s);
        }
        self.opt_text(t.delivery_state.as_ref());
        self.text(&t.outcome);
        self.ids(&t.decided_by);
        for r in &t.receipts {
            self.id(&r.receipt_id);
            self.opt_text(r.status.as_ref());
            for rel in &r.relations {
                self.text(rel);
            }
            self.row(&r.event);
        }
        self.lineage(&t.lineage);
        if let Some(a) = &t.audit {
            self.ids(&a.grants);
            if let Some(h) = &a.human {
                self.row(h);
            }
            self.opt_text(a.code.as_ref());
        }
        for k in &t.links {
            self.id(&k.link_id);
            self.text(&k.relation_type);
            self.text(&k.direction);
            self.id(&k.event_id);
            self.row(&k.link);
        }
        self.row(&t.handoff);
    }

    fn lineage(&mut self, l: &Lineage) {
        for list in [&l.retries, &l.retried_by, &l.supersedes, &l.superseded_by, &l.attempts] {
            self.ids(list);
        }
        self.id(&l.latest);
    }

    fn session_event(&mut self, e: &SessionEvent) {
        self.id(&e.event_id);
        self.text(&e.event_type);
        for r in &e.roles {
            self.text(r);
        }
        self.ids(&e.thread_ids);
        self.row(&e.event);
    }

    fn session(&mut self, s: &SessionView) {
        self.id(&s.session_id);
        for e in &s.events {
            self.session_event(e);
        }
        for t in &s.threads {
            self.thread(t);
        }
    }

    fn artifact_match(&mut self, m: &ArtifactMatch) {
        self.id(&m.event_id);
        for at in &m.matched_at {
            self.text(at);
        }
        self.row(&m.event);
    }

    fn artifact(&mut self, a: &ArtifactView) {
        self.row(&a.artifact_ref);
        self.opt_text(a.identity.as_ref());
        for m in a.handoffs.iter().chain(&a.receipts).chain(&a.ads).chain(&a.others) {
            self.artifact_match(m);
        }
    }

    fn counts(&mut self, counts: &BTreeMap<String, usize>) {
        for k in counts.keys() {
            self.text(k);
        }
    }

    fn ad(&mut self, ad: &CurrentAd) {
        self.id(&ad.session_id);
        self.id(&ad.event_id);
        self.text(&ad.status);
        self.opt_text(ad.reported_status.as_ref());
        self.opt_text(ad.project.as_ref());
        self.row(&ad.event);
    }

    fn fleet(&mut self, f: &FleetView) {
        self.counts(&f.counts);
        for group in &f.projects {
            self.opt_text(group.project.as_ref());
            self.counts(&group.counts);
            for ad in &group.ads {
                self.ad(ad);
            }
        }
    }

    fn project(&mut self, p: &ProjectView) {
        self.text(&p.project);
        self.counts(&p.counts);
        for ad in &p.ads {
            self.ad(ad);
        }
        for e in &p.events {
            self.session_event(e);
        }
        for t in &p.threads {
            self.thread(t);
        }
    }
}

/// The display form of every string of `view`, and of the `namespace` it
/// answers for, that must not be shown as it is; empty when every string
/// shows as itself.
///
/// A view keeps every string raw (the viewer routes by raw ids and hands
/// rows to other operations); this maps each string that must not be
/// shown as it is to its display form:
///
/// - **ids** are shown with [`neutralize_id`]: one line, nothing trimmed,
///   every invisible, bidi, control or swallowed whitespace character and,
///   when the id's letters mix scripts, every letter outside its majority
///   script written `<U+XXXX>`;
/// - **every other string** (text, statuses, object keys) with
///   [`neutralize`]: line feeds and tabs kept, CRLF read as LF, every other
///   invisible, bidi or control character written `<U+XXXX>`.
///
/// A string is an id when it is the value of, or an item of the list under,
/// a key that is `id`, ends in `Id`, `_id`, `Ids` or `_ids`, or is
/// `sourceRef`, `sinkRef`, `source_ref`, `sink_ref` or `grants`, anywhere in
/// the view, rows included; and the view's own id fields: `eventId`,
/// `handoffId`, `receiptId`, `sessionId`, `linkId`, `sourceRef`, `sinkRef`,
/// `threadIds`, `decidedBy`, `grants`, and the lineage's `retries`,
/// `retriedBy`, `supersedes`, `supersededBy`, `attempts` and `latest`, and
/// the answer's `namespace`. One raw string has one display form: a string
/// that is an id anywhere in the view is shown as an id everywhere.
///
/// The map is built from the strings that need it: a string of printable
/// ASCII (with line feeds and tabs for text, without spaces for ids) is
/// read once, a byte at a time, and never copied, so a clean ledger's view
/// costs one pass over its strings.
pub fn shown(namespace: &str, view: &View) -> BTreeMap<String, String> {
    shown_paged(namespace, view, &Paging::default())
}

/// [`shown`] for a paged answer: the strings of what the page adds (its
/// rows, row ids and graph) too.
pub(crate) fn shown_paged(namespace: &str, view: &View, paging: &Paging) -> BTreeMap<String, String> {
    let mut s = Shown::default();
    s.id(namespace);
    s.view(view);
    s.paging(paging);
    s.map.into_iter().map(|(raw, (_, display))| (raw, display)).collect()
}
