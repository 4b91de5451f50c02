//! What a paged answer names without carrying: the rows of the events it
//! names by id, the ids of the rows its diagnostics point into, and the
//! bounded work graph of a handoff or session view. With these a reader
//! lays out a page from the answer alone, holding no rows of its own.

use std::collections::BTreeMap;

use serde_json::Value;

use super::Ledger;
use super::derive::{Derived, lookup};
use super::model::Sym;
use super::view::{GRAPH_EDGES, GRAPH_NODES, Graph, GraphEdge, Paging, Thread, View};
use crate::diagnostic::Diagnostic;
use crate::sort;

/// The graph of the events `candidates` (indices, in the order the graph
/// keeps them, repeats ignored): the first [`GRAPH_NODES`] of them, and the
/// followed links between those, in the ledger's order, the first
/// [`GRAPH_EDGES`] (a link row repeated counts once). Returns the graph
/// and its nodes' indices.
pub(crate) fn graph(l: &Ledger, d: &Derived, candidates: impl IntoIterator<Item = u32>) -> (Graph, Vec<u32>) {
    // Which events are taken, and which are drawn, by index.
    let mut seen = vec![0u8; l.events.len()];
    let mut nodes = Vec::new();
    let mut events = 0;
    for i in candidates {
        let Some(mark @ 0) = seen.get_mut(i as usize) else { continue };
        *mark = 1;
        events += 1;
        if nodes.len() < GRAPH_NODES {
            *mark = 2;
            nodes.push(i);
        }
    }
    let drawn = |i: &u32| seen.get(*i as usize) == Some(&2);
    // Only links leaving a drawn node can join two: visited from each
    // node; a link row repeated (one id) counts once, the first kept.
    let mut joining: Vec<u32> = nodes
        .iter()
        .flat_map(|&n| d.links_out(n).iter().copied())
        .filter(|&li| d.ends.get(li as usize).copied().flatten().is_some_and(|(f, t)| drawn(&f) && drawn(&t)))
        .collect();
    let link_id = |li: u32| l.links.get(li as usize).map_or("", |k| k.id.as_ref());
    sort::indices(&mut joining, &|a, b| link_id(a).cmp(link_id(b)).then(a.cmp(&b)));
    joining.dedup_by(|a, b| link_id(*a) == link_id(*b));
    sort::indices(&mut joining, &|a, b| a.cmp(&b));
    let id = |i: u32| l.events.get(i as usize).map(|e| e.id.to_string()).unwrap_or_default();
    let edges = joining
        .iter()
        .take(GRAPH_EDGES)
        .filter_map(|&li| {
            let (link, (from, to)) = (l.links.get(li as usize)?, d.ends.get(li as usize).copied().flatten()?);
            Some(GraphEdge {
                link_id: link.id.to_string(),
                from: id(from),
                to: id(to),
                relation_type: l.syms.name(link.relation).to_owned(),
            })
        })
        .collect();
    let names = nodes.iter().map(|&i| id(i)).collect();
    (Graph { nodes: names, edges, events, links: joining.len() }, nodes)
}

/// The event ids a thread names without carrying their rows.
fn thread_names(t: &Thread) -> impl Iterator<Item = &String> {
    let lin = &t.lineage;
    [&lin.retries, &lin.retried_by, &lin.supersedes, &lin.superseded_by, &lin.attempts]
        .into_iter()
        .flatten()
        .chain(std::iter::once(&lin.latest))
        .chain(t.links.iter().map(|k| &k.event_id))
        .chain(t.audit.iter().flat_map(|a| a.grants.iter()))
}

/// Fills `paging`'s rows and row ids for a page of `view` whose graph
/// nodes are `graph_nodes`.
pub(crate) fn name_rows(
    l: &Ledger,
    d: &Derived,
    ns: Option<Sym>,
    view: &View,
    diagnostics: &[Diagnostic],
    graph_nodes: &[u32],
    paging: &mut Paging,
) {
    let mut rows: BTreeMap<String, Value> = BTreeMap::new();
    let add = |i: u32, rows: &mut BTreeMap<String, Value>| {
        if let Some(e) = l.events.get(i as usize) {
            rows.entry(e.id.to_string()).or_insert_with(|| e.to_value());
        }
    };
    for &i in graph_nodes {
        add(i, &mut rows);
    }
    if let (View::Handoff(h), Some(ns)) = (view, ns)
        && let Some(t) = &h.thread
    {
        for id in thread_names(t) {
            if let Some(i) = lookup(l, d, id, ns) {
                add(i, &mut rows);
            }
        }
    }
    // The rows the diagnostics point into, by position.
    let (mut events, mut links) = (Vec::new(), Vec::new());
    for diag in diagnostics {
        match row_pointer(&diag.instance_path) {
            Some((true, pos)) => events.push(pos),
            Some((false, pos)) => links.push(pos),
            None => {}
        }
    }
    for list in [&mut events, &mut links] {
        sort::indices(list, &|a, b| a.cmp(&b));
        list.dedup();
    }
    if !events.is_empty() {
        for (i, e) in l.events.iter().enumerate() {
            if events.binary_search(&e.pos).is_ok() {
                paging.row_ids.insert(format!("/events/{}", e.pos), e.id.to_string());
                // The row kept for the id, which need not be this one.
                let i = u32::try_from(i).unwrap_or(u32::MAX);
                add(d.canon.get(i as usize).copied().unwrap_or(i), &mut rows);
            }
        }
    }
    if !links.is_empty() {
        for k in &l.links {
            if links.binary_search(&k.pos).is_ok() {
                paging.row_ids.insert(format!("/links/{}", k.pos), k.id.to_string());
            }
        }
    }
    paging.rows = rows;
}

/// `/events/12/...` → (true, 12); `/links/3` → (false, 3).
fn row_pointer(pointer: &str) -> Option<(bool, u32)> {
    let (events, rest) = if let Some(rest) = pointer.strip_prefix("/events/") {
        (true, rest)
    } else {
        (false, pointer.strip_prefix("/links/")?)
    };
    let digits = rest.split('/').next()?;
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    Some((events, digits.parse().ok()?))
}
