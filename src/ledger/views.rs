//! The views, computed from the derived indexes.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::Value;

use super::derive::{Derived, lookup};
use super::model::{Event, FastMap, Kind, Rel, Sym};
use super::thread::thread;
use super::view::{
    CurrentAd, FleetView, HandoffView, ProjectGroup, ProjectView, SessionEvent, SessionView, Thread, View,
    ViewAnswer,
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

pub(crate) fn answer(l: &Ledger, d: &Derived, query: &Query, now: f64) -> Result<ViewAnswer, CallError> {
    let scope = scope(l, d, query)?;
    let mut found = Vec::new();
    let view = match query {
        Query::Handoff { event_id } => {
            View::Handoff(Box::new(handoff_view(l, d, &scope, event_id, &mut found)))
        }
        Query::Session { session_id } => View::Session(session_view(l, d, &scope, session_id, &mut found)),
        Query::Artifact { r#ref } => {
            View::Artifact(super::artifact_view::artifact_view(l, d, scope.sym, r#ref, &mut found))
        }
        Query::Fleet => View::Fleet(fleet_view(l, d, &scope, now)),
        Query::Project { project } => View::Project(project_view(l, d, &scope, project, now, &mut found)),
    };
    let mut diagnostics: Vec<Diagnostic> = l
        .row_diagnostics
        .iter()
        .filter(|(ns, _)| ns.is_none() || *ns == scope.sym)
        .map(|(_, diag)| diag.clone())
        .chain(d.diagnostics.iter().filter(|(ns, _)| Some(*ns) == scope.sym).map(|(_, diag)| diag.clone()))
        .chain(found)
        .collect();
    diagnostic::sort(&mut diagnostics);
    let shown = super::shown(&scope.name, &view);
    Ok(ViewAnswer { namespace: scope.name, view, diagnostics, shown })
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
    HandoffView { event_id: event_id.to_owned(), found: true, event: None, thread: thread(l, d, i, found) }
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

fn session_event(l: &Ledger, d: &Derived, i: u32, roles: Vec<String>) -> Option<(SessionEvent, Vec<u32>)> {
    let e = l.events.get(i as usize)?;
    let handoffs = handoffs_of(l, d, i);
    let mut thread_ids: Vec<String> =
        handoffs.iter().filter_map(|&h| l.events.get(h as usize)).map(|h| h.id.to_string()).collect();
    sort::list(&mut thread_ids, &|a, b| a.cmp(b));
    Some((
        SessionEvent {
            event_id: e.id.to_string(),
            event_type: l.syms.name(e.event_type).to_owned(),
            roles,
            thread_ids,
            event: e.to_value(),
        },
        handoffs,
    ))
}

fn session_view(
    l: &Ledger,
    d: &Derived,
    scope: &Scope,
    session_id: &str,
    found: &mut Vec<Diagnostic>,
) -> SessionView {
    let sym = l.syms.get(session_id);
    let mut list: Vec<u32> = sym
        .and_then(|s| d.by_session.get(&s))
        .map(|v| {
            v.iter().copied().filter(|&i| l.events.get(i as usize).is_some_and(|e| scope.holds(e))).collect()
        })
        .unwrap_or_default();
    sort::indices(&mut list, &|a, b| newest_first(l, a, b));
    let mut handoffs = Vec::new();
    let mut events = Vec::with_capacity(list.len());
    for i in list {
        let Some(e) = l.events.get(i as usize) else { continue };
        let roles: Vec<String> = [("source", e.source), ("sink", e.sink), ("related", e.related_session)]
            .into_iter()
            .filter(|(_, s)| s.is_some() && *s == sym)
            .map(|(r, _)| r.to_owned())
            .collect();
        if let Some((entry, hs)) = session_event(l, d, i, roles) {
            handoffs.extend(hs);
            events.push(entry);
        }
    }
    SessionView { session_id: session_id.to_owned(), events, threads: threads(l, d, handoffs, found) }
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

fn current_ad(l: &Ledger, session: Sym, i: u32, now: f64) -> Option<CurrentAd> {
    let e = l.events.get(i as usize)?;
    let reported = e.status.map(|s| l.syms.name(s).to_owned());
    let stale = e.expires_at.is_some_and(|x| x <= now);
    let status =
        if stale { "stale".to_owned() } else { reported.clone().unwrap_or_else(|| "unknown".to_owned()) };
    Some(CurrentAd {
        session_id: l.syms.name(session).to_owned(),
        event_id: e.id.to_string(),
        status_known: WORK_AD_STATUS.contains(&status),
        status,
        reported_status: reported,
        stale,
        project: e.project.map(|p| l.syms.name(p).to_owned()),
        event: e.to_value(),
    })
}

fn count(ads: &[CurrentAd]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for ad in ads {
        *counts.entry(ad.status.clone()).or_insert(0) += 1;
    }
    counts
}

fn fleet_view(l: &Ledger, d: &Derived, scope: &Scope, now: f64) -> FleetView {
    let mut ads: Vec<CurrentAd> = current_ads(l, d, scope, |_| true)
        .into_iter()
        .filter_map(|(s, i)| current_ad(l, s, i, now))
        .collect();
    let counts = count(&ads);
    let sessions = ads.len();
    // Named projects first, by name, then the ads naming none; each
    // project's ads keep their order.
    sort::list(&mut ads, &|a, b| (a.project.is_none(), &a.project).cmp(&(b.project.is_none(), &b.project)));
    let mut projects: Vec<ProjectGroup> = Vec::new();
    for ad in ads {
        match projects.last_mut() {
            Some(group) if group.project == ad.project => group.ads.push(ad),
            _ => projects.push(ProjectGroup {
                project: ad.project.clone(),
                counts: BTreeMap::new(),
                ads: vec![ad],
            }),
        }
    }
    for group in &mut projects {
        group.counts = count(&group.ads);
    }
    FleetView { sessions, counts, projects }
}

fn project_view(
    l: &Ledger,
    d: &Derived,
    scope: &Scope,
    project: &str,
    now: f64,
    found: &mut Vec<Diagnostic>,
) -> ProjectView {
    let sym = l.syms.get(project);
    let in_project = |e: &Event| sym.is_some() && e.project == sym;
    let ads: Vec<CurrentAd> = current_ads(l, d, scope, in_project)
        .into_iter()
        .filter_map(|(s, i)| current_ad(l, s, i, now))
        .collect();
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
    let mut handoffs = Vec::new();
    let mut events = Vec::with_capacity(list.len());
    for i in list {
        if let Some((entry, hs)) = session_event(l, d, i, Vec::new()) {
            handoffs.extend(hs);
            events.push(entry);
        }
    }
    ProjectView {
        project: project.to_owned(),
        counts: count(&ads),
        ads,
        events,
        threads: threads(l, d, handoffs, found),
    }
}
