//! The views, computed from the derived indexes.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::Value;

use super::derive::{Derived, lookup};
use super::model::{Event, FastMap, Kind, Rel, Sym};
use super::thread::thread;
use super::view::{
    CurrentAd, FleetView, Graph, HandoffEntry, HandoffView, HandoffsView, Page, Paging, ProjectGroup,
    ProjectView, SessionEvent, SessionView, Thread, View, ViewAnswer,
};
use super::{EVENT_NOT_FOUND, Ledger, NAMESPACE_AMBIGUOUS, NOT_A_HANDOFF, Query};
use crate::diagnostic::{self, Diagnostic, quote};
use crate::error::CallError;
use crate::pointer::Pointer;
use crate::sort;
use crate::vocab::WORK_AD_STATUS;

/// The namespace a view answers for: its name, and its symbol when any row
/// names it.
struct Scope {
    name: String,
    sym: Option<Sym>,
}

impl Scope {
    fn holds(&self, e: &Event) -> bool {
        self.sym == Some(e.ns)
    }
}

/// Which part of each list an answer carries, and how long the lists it
/// cuts are.
struct Pager {
    page: Option<Page>,
    totals: BTreeMap<String, usize>,
    /// A paged handoff or session view's graph, and its nodes.
    graph: Option<(Graph, Vec<u32>)>,
}

impl Pager {
    /// The part of a list of `len` items at `at` to carry: `offset ..
    /// offset + size` of a view's own list (`own`), the first `size` of a
    /// list inside an item. A list carried in part has its length noted.
    fn range(&mut self, at: impl FnOnce() -> String, len: usize, own: bool) -> std::ops::Range<usize> {
        let Some(page) = self.page else { return 0..len };
        let start = if own { page.offset.min(len) } else { 0 };
        let end = start.saturating_add(page.size).min(len);
        if start > 0 || end < len {
            self.totals.insert(at(), len);
        }
        start..end
    }

    /// Keeps the carried part of `list`.
    fn cut<T>(&mut self, at: impl FnOnce() -> String, list: &mut Vec<T>, own: bool) {
        let r = self.range(at, list.len(), own);
        list.truncate(r.end);
        list.drain(..r.start);
    }
}

pub(crate) fn answer(
    l: &Ledger,
    d: &Derived,
    query: &Query,
    now: f64,
    page: Option<Page>,
) -> Result<ViewAnswer, CallError> {
    if page.is_some_and(|p| p.item.is_some()) && !matches!(query, Query::Fleet) {
        return Err(CallError::new(
            crate::error::INVALID_CALL,
            "`page.item` pages one project's ads of the fleet; only a `by: fleet` query takes it",
        ));
    }
    let scope = scope(l, d, query)?;
    let mut found = Vec::new();
    let mut pager = Pager { page, totals: BTreeMap::new(), graph: None };
    let view = match query {
        Query::Handoff { event_id } => {
            View::Handoff(Box::new(handoff_view(l, d, &scope, event_id, &mut found, &mut pager)))
        }
        Query::Session { session_id } => {
            View::Session(session_view(l, d, &scope, session_id, &mut found, &mut pager))
        }
        Query::Artifact { r#ref } => {
            let mut a = super::artifact_view::artifact_view(l, d, scope.sym, r#ref, &mut found);
            for (name, list) in [
                ("handoffs", &mut a.handoffs),
                ("receipts", &mut a.receipts),
                ("ads", &mut a.ads),
                ("others", &mut a.others),
            ] {
                pager.cut(|| format!("/view/{name}"), list, true);
            }
            View::Artifact(a)
        }
        Query::Fleet => View::Fleet(fleet_view(l, d, &scope, now, &mut pager)),
        Query::Project { project } => {
            View::Project(project_view(l, d, &scope, project, now, &mut found, &mut pager))
        }
        Query::Handoffs => View::Handoffs(handoffs_view(l, d, &scope, &mut pager)),
    };
    let mut own = if page.is_some() { found.clone() } else { Vec::new() };
    diagnostic::sort(&mut own);
    pager.cut(|| "/viewDiagnostics".to_owned(), &mut own, true);
    let mut diagnostics: Vec<Diagnostic> = l
        .row_diagnostics
        .iter()
        .filter(|(ns, _)| ns.is_none() || *ns == scope.sym)
        .map(|(_, diag)| diag.clone())
        .chain(d.diagnostics.iter().filter(|(ns, _)| Some(*ns) == scope.sym).map(|(_, diag)| diag.clone()))
        .chain(found)
        .collect();
    diagnostic::sort(&mut diagnostics);
    pager.cut(|| "/diagnostics".to_owned(), &mut diagnostics, true);
    let (graph, nodes) = pager.graph.take().map_or((None, Vec::new()), |(g, n)| (Some(g), n));
    let mut paging = Paging {
        totals: std::mem::take(&mut pager.totals),
        graph,
        view_diagnostics: own,
        ..Paging::default()
    };
    if page.is_some() {
        super::named::name_rows(l, d, scope.sym, &view, &diagnostics, &nodes, &mut paging);
    }
    let shown = super::shown::shown_paged(&scope.name, &view, &paging);
    let Paging { totals, rows, row_ids, view_diagnostics, graph } = paging;
    Ok(ViewAnswer {
        namespace: scope.name,
        view,
        diagnostics,
        shown,
        totals,
        rows,
        row_ids,
        view_diagnostics,
        graph,
    })
}

fn scope(l: &Ledger, d: &Derived, query: &Query) -> Result<Scope, CallError> {
    if let Some(name) = &l.namespace {
        return Ok(Scope { name: name.clone(), sym: l.ns_of_name(name) });
    }
    if let Query::Handoff { event_id } = query
        && let Some(slot) = l.ids.get(event_id.as_str())
    {
        let mut spaces: Vec<Sym> =
            slot.as_slice().iter().filter_map(|&i| l.events.get(i as usize)).map(|e| e.ns).collect();
        sort::indices(&mut spaces, &|a, b| a.cmp(&b));
        spaces.dedup();
        if let [only] = spaces.as_slice() {
            return Ok(Scope { name: l.syms.name(*only).to_owned(), sym: Some(*only) });
        }
    }
    match d.namespaces.as_slice() {
        [] => Ok(Scope { name: String::new(), sym: None }),
        [only] => Ok(Scope { name: l.syms.name(*only).to_owned(), sym: Some(*only) }),
        many => {
            let mut names: Vec<&str> = many.iter().map(|&s| l.syms.name(s)).collect();
            sort::list(&mut names, &|a, b| a.cmp(b));
            let shown: Vec<String> = names.iter().take(5).map(|n| quote(n)).collect();
            Err(CallError::new(
                NAMESPACE_AMBIGUOUS,
                format!(
                    "the rows span {} namespaces ({}); name one in `namespace`",
                    many.len(),
                    shown.join(", ")
                ),
            ))
        }
    }
}

fn newest_first(l: &Ledger, a: u32, b: u32) -> Ordering {
    match (l.events.get(a as usize), l.events.get(b as usize)) {
        (Some(x), Some(y)) => y.ts.total_cmp(&x.ts).then_with(|| x.id.cmp(&y.id)),
        _ => a.cmp(&b),
    }
}

fn handoff_view(
    l: &Ledger,
    d: &Derived,
    scope: &Scope,
    event_id: &str,
    found: &mut Vec<Diagnostic>,
    pager: &mut Pager,
) -> HandoffView {
    let at = Pointer::root().key("query").key("eventId");
    let hit = scope.sym.and_then(|ns| lookup(l, d, event_id, ns));
    let Some((i, e)) = hit.and_then(|i| l.events.get(i as usize).map(|e| (i, e))) else {
        found.push(Diagnostic::warning(
            EVENT_NOT_FOUND,
            &at,
            format!("no event {} in namespace {}", quote(event_id), quote(&scope.name)),
        ));
        return HandoffView { event_id: event_id.to_owned(), found: false, event: None, thread: None };
    };
    if e.kind != Kind::Handoff {
        found.push(Diagnostic::info(
            NOT_A_HANDOFF,
            &at,
            format!(
                "event {} is a {} event, not a handoff",
                quote(event_id),
                quote(l.syms.name(e.event_type))
            ),
        ));
        return HandoffView {
            event_id: event_id.to_owned(),
            found: true,
            event: Some(e.to_value()),
            thread: None,
        };
    }
    let mut thread = thread(l, d, i, found);
    if let Some(t) = &mut thread {
        if pager.page.is_some() {
            let ns = e.ns;
            let named = t
                .lineage
                .attempts
                .iter()
                .chain(t.links.iter().map(|k| &k.event_id))
                .chain(t.receipts.iter().map(|r| &r.receipt_id))
                .filter_map(|id| lookup(l, d, id, ns));
            pager.graph = Some(super::named::graph(l, d, std::iter::once(i).chain(named)));
        }
        cut_thread(pager, t, "/view/thread", true);
    }
    HandoffView { event_id: event_id.to_owned(), found: true, event: None, thread }
}

/// Keeps the carried part of a thread's receipts and links (`own`: the
/// thread is the view's; else it is an item of a list).
fn cut_thread(pager: &mut Pager, t: &mut Thread, at: &str, own: bool) {
    pager.cut(|| format!("{at}/receipts"), &mut t.receipts, own);
    pager.cut(|| format!("{at}/links"), &mut t.links, own);
}

/// Keeps the carried part of a view's threads, and of each one's lists.
fn cut_threads(pager: &mut Pager, threads: &mut Vec<Thread>) {
    pager.cut(|| "/view/threads".to_owned(), threads, true);
    for (k, t) in threads.iter_mut().enumerate() {
        cut_thread(pager, t, &format!("/view/threads/{k}"), false);
    }
}

/// The handoffs a receipt is tied to (links or `relatedEventId`).
fn handoffs_of(l: &Ledger, d: &Derived, i: u32) -> Vec<u32> {
    let Some(e) = l.events.get(i as usize) else { return Vec::new() };
    let is_handoff = |j: u32| l.events.get(j as usize).is_some_and(|x| x.kind == Kind::Handoff);
    match e.kind {
        Kind::Handoff => vec![i],
        Kind::Receipt => {
            let mut out: Vec<u32> = d
                .links_out(i)
                .iter()
                .filter(|&&li| {
                    l.links.get(li as usize).is_some_and(|k| matches!(k.rel, Rel::Resolves | Rel::BlockedBy))
                })
                .filter_map(|&li| d.ends.get(li as usize).copied().flatten().map(|(_, t)| t))
                .chain(e.related_event.as_deref().and_then(|id| lookup(l, d, id, e.ns)))
                .filter(|&t| t != i && is_handoff(t))
                .collect();
            sort::indices(&mut out, &|a, b| a.cmp(&b));
            out.dedup();
            out
        }
        _ => Vec::new(),
    }
}

fn ts_of(v: &Value) -> f64 {
    v.get("ts").and_then(Value::as_f64).unwrap_or(0.0)
}

/// Threads for a list of handoffs (each taken once), latest activity first.
fn threads(l: &Ledger, d: &Derived, mut handoffs: Vec<u32>, found: &mut Vec<Diagnostic>) -> Vec<Thread> {
    sort::indices(&mut handoffs, &|a, b| a.cmp(&b));
    handoffs.dedup();
    let mut out: Vec<(f64, Thread)> = handoffs
        .into_iter()
        .filter_map(|h| thread(l, d, h, found))
        .map(|t| {
            let last = t.receipts.iter().map(|r| ts_of(&r.event)).fold(ts_of(&t.handoff), f64::max);
            (last, t)
        })
        .collect();
    sort::list(&mut out, &|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.handoff_id.cmp(&b.1.handoff_id)));
    out.into_iter().map(|(_, t)| t).collect()
}

fn session_event(l: &Ledger, d: &Derived, i: u32, roles: Vec<String>) -> Option<SessionEvent> {
    let e = l.events.get(i as usize)?;
    let mut thread_ids: Vec<String> = handoffs_of(l, d, i)
        .iter()
        .filter_map(|&h| l.events.get(h as usize))
        .map(|h| h.id.to_string())
        .collect();
    sort::list(&mut thread_ids, &|a, b| a.cmp(b));
    Some(SessionEvent {
        event_id: e.id.to_string(),
        event_type: l.syms.name(e.event_type).to_owned(),
        roles,
        thread_ids,
        event: e.to_value(),
    })
}

/// The entries of the carried part of `list` (events, newest first), and
/// the threads of every event of it, carried or not.
fn events_and_threads(
    l: &Ledger,
    d: &Derived,
    list: &[u32],
    roles: impl Fn(&Event) -> Vec<String>,
    found: &mut Vec<Diagnostic>,
    pager: &mut Pager,
) -> (Vec<SessionEvent>, Vec<Thread>) {
    let handoffs: Vec<u32> = list.iter().flat_map(|&i| handoffs_of(l, d, i)).collect();
    let r = pager.range(|| "/view/events".to_owned(), list.len(), true);
    let events = list
        .get(r)
        .unwrap_or_default()
        .iter()
        .filter_map(|&i| session_event(l, d, i, l.events.get(i as usize).map(&roles).unwrap_or_default()))
        .collect();
    let mut threads = threads(l, d, handoffs, found);
    cut_threads(pager, &mut threads);
    (events, threads)
}

fn session_view(
    l: &Ledger,
    d: &Derived,
    scope: &Scope,
    session_id: &str,
    found: &mut Vec<Diagnostic>,
    pager: &mut Pager,
) -> SessionView {
    let sym = l.syms.get(session_id);
    let mut list: Vec<u32> = sym
        .and_then(|s| d.by_session.get(&s))
        .map(|v| {
            v.iter().copied().filter(|&i| l.events.get(i as usize).is_some_and(|e| scope.holds(e))).collect()
        })
        .unwrap_or_default();
    sort::indices(&mut list, &|a, b| newest_first(l, a, b));
    let roles = |e: &Event| -> Vec<String> {
        [("source", e.source), ("sink", e.sink), ("related", e.related_session)]
            .into_iter()
            .filter(|(_, s)| s.is_some() && *s == sym)
            .map(|(r, _)| r.to_owned())
            .collect()
    };
    if pager.page.is_some() {
        pager.graph = Some(super::named::graph(l, d, list.iter().copied()));
    }
    let (events, threads) = events_and_threads(l, d, &list, roles, found, pager);
    SessionView { session_id: session_id.to_owned(), events, threads }
}

/// The current ad of every session among the ads `keep` accepts: the latest
/// by `ts`; among ads of the same `ts`, the one no other follows (a
/// `follows` link or `relatedEventId`), then the greatest id.
fn current_ads(l: &Ledger, d: &Derived, scope: &Scope, keep: impl Fn(&Event) -> bool) -> Vec<(Sym, u32)> {
    let mut best: FastMap<Sym, (f64, Vec<u32>)> = FastMap::default();
    for (i, e) in l.events.iter().enumerate() {
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        if e.kind != Kind::WorkAd || !scope.holds(e) || !d.is_canonical(i) || !keep(e) {
            continue;
        }
        let Some(s) = e.ad_session() else { continue };
        let slot = best.entry(s).or_insert((e.ts, Vec::new()));
        match e.ts.total_cmp(&slot.0) {
            Ordering::Greater => *slot = (e.ts, vec![i]),
            Ordering::Equal => slot.1.push(i),
            Ordering::Less => {}
        }
    }
    // One current ad per session, so the event order alone is total.
    let mut out: Vec<u32> = best.into_values().filter_map(|(_, ties)| pick_head(l, d, &ties)).collect();
    sort::indices(&mut out, &|a, b| newest_first(l, a, b));
    out.into_iter().filter_map(|i| Some((l.events.get(i as usize)?.ad_session()?, i))).collect()
}

fn pick_head(l: &Ledger, d: &Derived, ties: &[u32]) -> Option<u32> {
    if let [only] = ties {
        return Some(*only);
    }
    // Which ties another tie follows: each tie's targets visited once (a
    // target found among the sorted ties by halving), so a session with a
    // million ads of one `ts` stays linear.
    let mut sorted = ties.to_vec();
    sort::indices(&mut sorted, &|a, b| a.cmp(&b));
    let mut followed = vec![false; sorted.len()];
    for &x in ties {
        let Some(ex) = l.events.get(x as usize) else { continue };
        let by_field = ex.related_event.as_deref().and_then(|id| lookup(l, d, id, ex.ns));
        let by_link = d.links_out(x).iter().filter_map(|&li| {
            let follows = l.links.get(li as usize).is_some_and(|k| k.rel == Rel::Follows);
            d.ends.get(li as usize).copied().flatten().filter(|_| follows).map(|(_, t)| t)
        });
        for y in by_field.into_iter().chain(by_link) {
            if y != x
                && let Ok(at) = sorted.binary_search(&y)
                && let Some(flag) = followed.get_mut(at)
            {
                *flag = true;
            }
        }
    }
    let is_followed = |c: &u32| sorted.binary_search(c).is_ok_and(|at| followed.get(at) == Some(&true));
    let heads: Vec<u32> = ties.iter().copied().filter(|c| !is_followed(c)).collect();
    let pool = if heads.is_empty() { ties } else { &heads };
    pool.iter().copied().max_by(|&a, &b| match (l.events.get(a as usize), l.events.get(b as usize)) {
        (Some(x), Some(y)) => x.id.cmp(&y.id),
        _ => a.cmp(&b),
    })
}

/// A session's current ad, its row left `null` (filled by [`with_rows`]
/// for the ads an answer carries).
fn current_ad(l: &Ledger, session: Sym, i: u32, now: f64) -> Option<(CurrentAd, u32)> {
    let e = l.events.get(i as usize)?;
    let reported = e.status.map(|s| l.syms.name(s).to_owned());
    let stale = e.expires_at.is_some_and(|x| x <= now);
    let status =
        if stale { "stale".to_owned() } else { reported.clone().unwrap_or_else(|| "unknown".to_owned()) };
    let ad = CurrentAd {
        session_id: l.syms.name(session).to_owned(),
        event_id: e.id.to_string(),
        status_known: WORK_AD_STATUS.contains(&status),
        status,
        reported_status: reported,
        stale,
        project: e.project.map(|p| l.syms.name(p).to_owned()),
        event: Value::Null,
    };
    Some((ad, i))
}

/// A current ad and its event's index.
type AdAt = (CurrentAd, u32);

/// The ads with their rows.
fn with_rows(l: &Ledger, ads: Vec<AdAt>) -> Vec<CurrentAd> {
    ads.into_iter()
        .map(|(mut ad, i)| {
            if let Some(e) = l.events.get(i as usize) {
                ad.event = e.to_value();
            }
            ad
        })
        .collect()
}

fn count_all(ads: &[AdAt]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for (ad, _) in ads {
        *counts.entry(ad.status.clone()).or_insert(0) += 1;
    }
    counts
}

fn fleet_view(l: &Ledger, d: &Derived, scope: &Scope, now: f64, pager: &mut Pager) -> FleetView {
    let mut ads: Vec<AdAt> = current_ads(l, d, scope, |_| true)
        .into_iter()
        .filter_map(|(s, i)| current_ad(l, s, i, now))
        .collect();
    let counts = count_all(&ads);
    let sessions = ads.len();
    // Named projects first, by name, then the ads naming none; each
    // project's ads keep their order.
    sort::list(&mut ads, &|a, b| {
        (a.0.project.is_none(), &a.0.project).cmp(&(b.0.project.is_none(), &b.0.project))
    });
    let mut groups: Vec<(Option<String>, Vec<AdAt>)> = Vec::new();
    for ad in ads {
        match groups.last_mut() {
            Some(group) if group.0 == ad.0.project => group.1.push(ad),
            _ => groups.push((ad.0.project.clone(), vec![ad])),
        }
    }
    // One project's ads paged (`page.item`), or a page of projects.
    let item = pager.page.and_then(|p| p.item);
    if let Some(item) = item {
        let len = groups.len();
        groups = groups.into_iter().nth(item).into_iter().collect();
        if len != groups.len() {
            pager.totals.insert("/view/projects".to_owned(), len);
        }
    } else {
        pager.cut(|| "/view/projects".to_owned(), &mut groups, true);
    }
    let projects = groups
        .into_iter()
        .enumerate()
        .map(|(k, (project, mut ads))| {
            let counts = count_all(&ads);
            pager.cut(|| format!("/view/projects/{k}/ads"), &mut ads, item.is_some());
            ProjectGroup { project, counts, ads: with_rows(l, ads) }
        })
        .collect();
    FleetView { sessions, counts, projects }
}

/// `by: handoffs`: every canonical handoff of the namespace, newest first.
fn handoffs_view(l: &Ledger, d: &Derived, scope: &Scope, pager: &mut Pager) -> HandoffsView {
    let mut list: Vec<u32> = (0..u32::try_from(l.events.len()).unwrap_or(u32::MAX))
        .filter(|&i| {
            l.events.get(i as usize).is_some_and(|e| e.kind == Kind::Handoff && scope.holds(e))
                && d.is_canonical(i)
        })
        .collect();
    sort::indices(&mut list, &|a, b| newest_first(l, a, b));
    let r = pager.range(|| "/view/handoffs".to_owned(), list.len(), true);
    let handoffs = list
        .get(r)
        .unwrap_or_default()
        .iter()
        .filter_map(|&i| l.events.get(i as usize))
        .map(|e| HandoffEntry { event_id: e.id.to_string(), event: e.to_value() })
        .collect();
    HandoffsView { handoffs }
}

fn project_view(
    l: &Ledger,
    d: &Derived,
    scope: &Scope,
    project: &str,
    now: f64,
    found: &mut Vec<Diagnostic>,
    pager: &mut Pager,
) -> ProjectView {
    let sym = l.syms.get(project);
    let in_project = |e: &Event| sym.is_some() && e.project == sym;
    let mut ads: Vec<AdAt> = current_ads(l, d, scope, in_project)
        .into_iter()
        .filter_map(|(s, i)| current_ad(l, s, i, now))
        .collect();
    let counts = count_all(&ads);
    pager.cut(|| "/view/ads".to_owned(), &mut ads, true);
    let mut list: Vec<u32> = l
        .events
        .iter()
        .enumerate()
        .filter(|(i, e)| {
            scope.holds(e) && d.is_canonical(u32::try_from(*i).unwrap_or(u32::MAX)) && in_project(e)
        })
        .map(|(i, _)| u32::try_from(i).unwrap_or(u32::MAX))
        .collect();
    sort::indices(&mut list, &|a, b| newest_first(l, a, b));
    let (events, threads) = events_and_threads(l, d, &list, |_| Vec::new(), found, pager);
    ProjectView { project: project.to_owned(), counts, ads: with_rows(l, ads), events, threads }
}
