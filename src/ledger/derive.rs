//! The indexes every view reads: which row counts for an id, where each
//! link leads, adjacency lists, the session index, and the findings about
//! the ledger's consistency. Built once per batch of rows, in O(rows).

use serde_json::Value;

use super::model::{FastMap, Kind, Rel, Sym};
use super::{
    CROSS_NAMESPACE_LINK, DANGLING_LINK, DUPLICATE_ID, DUPLICATE_ROW, IDEMPOTENCY_CONFLICT,
    IDEMPOTENCY_REPLAY, LINEAGE_CYCLE, Ledger, RECEIPT_NOT_FOR_HANDOFF, SELF_LINK,
};
use crate::diagnostic::{Diagnostic, quote};
use crate::sort;

/// What the views read.
#[derive(Debug, Default)]
pub(crate) struct Derived {
    /// Event index → the event it counts as (itself when it is canonical).
    pub(crate) canon: Vec<u32>,
    /// Link index → the canonical events it joins, when it is followed.
    pub(crate) ends: Vec<Option<(u32, u32)>>,
    out_start: Vec<u32>,
    out_links: Vec<u32>,
    in_start: Vec<u32>,
    in_links: Vec<u32>,
    /// Handoff → receipts naming it in `relatedEventId`.
    pub(crate) related_receipts: FastMap<u32, Vec<u32>>,
    /// Session → canonical events where it is source, sink or related.
    pub(crate) by_session: FastMap<Sym, Vec<u32>>,
    /// Structural findings, by namespace.
    pub(crate) diagnostics: Vec<(Sym, Diagnostic)>,
    /// Every namespace a row names, sorted by symbol.
    pub(crate) namespaces: Vec<Sym>,
    /// Per id several rows carry (by group number): the first of those rows
    /// in each namespace, sorted by namespace.
    groups: Vec<Vec<(Sym, u32)>>,
    /// Event → (its lineage, its place in it), for events some followed
    /// `retries` / `supersedes` link touches.
    attempt_of: FastMap<u32, (u32, u32)>,
    /// Per lineage: its attempts, oldest first.
    lineages: Vec<Vec<u32>>,
}

impl Derived {
    pub(crate) fn is_canonical(&self, event: u32) -> bool {
        self.canon.get(event as usize) == Some(&event)
    }

    /// The followed links leaving `event`.
    pub(crate) fn links_out(&self, event: u32) -> &[u32] {
        csr(&self.out_start, &self.out_links, event)
    }

    /// The followed links arriving at `event`.
    pub(crate) fn links_in(&self, event: u32) -> &[u32] {
        csr(&self.in_start, &self.in_links, event)
    }

    /// Every attempt connected to `event` by `retries` / `supersedes`
    /// (either way), oldest first, and `event`'s place among them.
    pub(crate) fn attempts(&self, event: u32) -> Option<(&[u32], usize)> {
        let &(lineage, at) = self.attempt_of.get(&event)?;
        Some((self.lineages.get(lineage as usize)?, at as usize))
    }
}

/// Chronological order: `ts`, then id.
pub(crate) fn chrono(l: &Ledger<'_>, a: u32, b: u32) -> std::cmp::Ordering {
    match (l.events.get(a as usize), l.events.get(b as usize)) {
        (Some(x), Some(y)) => x.ts.total_cmp(&y.ts).then_with(|| x.id.cmp(&y.id)),
        _ => a.cmp(&b),
    }
}

fn csr<'a>(start: &[u32], list: &'a [u32], at: u32) -> &'a [u32] {
    let (Some(&a), Some(&b)) = (start.get(at as usize), start.get(at as usize + 1)) else { return &[] };
    list.get(a as usize..b as usize).unwrap_or(&[])
}

fn idx(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Looks an id up in one namespace: the canonical event, if any (in
/// O(log namespaces of the id), however many rows share it).
pub(crate) fn lookup(ledger: &Ledger<'_>, d: &Derived, id: &str, ns: Sym) -> Option<u32> {
    let i = match ledger.ids.get(id)? {
        super::Slot::One(i, n) => (*n == ns).then_some(*i)?,
        super::Slot::Many(_, g) => {
            let spaces = d.groups.get(*g as usize)?;
            let at = spaces.binary_search_by(|(n, _)| n.cmp(&ns)).ok()?;
            spaces.get(at)?.1
        }
    };
    d.canon.get(i as usize).copied()
}

/// Whether an id names an event of some namespace other than `ns`.
pub(crate) fn exists_elsewhere(ledger: &Ledger<'_>, d: &Derived, id: &str, ns: Sym) -> bool {
    match ledger.ids.get(id) {
        None => false,
        Some(super::Slot::One(_, n)) => *n != ns,
        Some(super::Slot::Many(_, g)) => {
            d.groups.get(*g as usize).is_some_and(|s| s.len() > 1 || s.first().is_some_and(|(n, _)| *n != ns))
        }
    }
}

/// The first row of each namespace, per group of rows sharing an id.
fn groups(ledger: &Ledger<'_>, d: &mut Derived) {
    d.groups = vec![Vec::new(); ledger.groups as usize];
    for slot in ledger.ids.values() {
        let super::Slot::Many(rows, g) = slot else { continue };
        let mut spaces: Vec<(Sym, u32)> =
            rows.iter().filter_map(|&i| ledger.events.get(i as usize).map(|e| (e.ns, i))).collect();
        // Rows were added in order, so a stable sort by namespace keeps the
        // first row of each namespace first.
        sort::list(&mut spaces, &|a, b| a.0.cmp(&b.0));
        spaces.dedup_by_key(|(n, _)| *n);
        if let Some(cell) = d.groups.get_mut(*g as usize) {
            *cell = spaces;
        }
    }
}

pub(crate) fn derive(ledger: &Ledger<'_>) -> Derived {
    let events = &ledger.events;
    let mut d = Derived { canon: (0..idx(events.len())).collect(), ..Derived::default() };
    groups(ledger, &mut d);
    duplicates(ledger, &mut d);
    idempotency(ledger, &mut d);
    resolve_links(ledger, &mut d);
    related_receipts(ledger, &mut d);
    lineage_cycles(ledger, &mut d);
    lineages(ledger, &mut d);
    super::lookalike::find(ledger, &mut d.diagnostics);
    // Symbols are dense: a flag per symbol lists the namespaces in order. A
    // row the fold could not read still names its namespace when that field
    // was readable: its finding must be in that namespace's view, so the
    // namespace counts as one the rows span.
    let mut named = vec![false; ledger.syms.len()];
    let unread = ledger.row_diagnostics.iter().filter_map(|(ns, _)| *ns);
    for ns in events.iter().map(|e| e.ns).chain(ledger.links.iter().map(|k| k.ns)).chain(unread) {
        if let Some(flag) = named.get_mut(ns as usize) {
            *flag = true;
        }
    }
    d.namespaces = (0..idx(named.len())).filter(|&s| named.get(s as usize) == Some(&true)).collect();
    for (i, e) in events.iter().enumerate() {
        let i = idx(i);
        if !d.is_canonical(i) {
            continue;
        }
        let mut seen: [Option<Sym>; 3] = [None; 3];
        for (k, s) in [e.source, e.sink, e.related_session].into_iter().enumerate() {
            if let Some(s) = s
                && !seen.contains(&Some(s))
            {
                if let Some(slot) = seen.get_mut(k) {
                    *slot = Some(s);
                }
                d.by_session.entry(s).or_default().push(i);
            }
        }
    }
    d
}

/// Rows repeating one id in one namespace: the same row counts once; rows
/// that differ keep the one with the smallest `(ts, compact JSON)`.
fn duplicates(ledger: &Ledger<'_>, d: &mut Derived) {
    let events = &ledger.events;
    let mut groups: Vec<&[u32]> = ledger
        .ids
        .values()
        .filter_map(|slot| match slot {
            super::Slot::Many(v, _) => Some(v.as_slice()),
            super::Slot::One(..) => None,
        })
        .collect();
    sort::list(&mut groups, &|a, b| a.cmp(b));
    for slot in groups {
        let mut by_ns: FastMap<Sym, Vec<u32>> = FastMap::default();
        for &i in slot {
            if let Some(e) = events.get(i as usize) {
                by_ns.entry(e.ns).or_default().push(i);
            }
        }
        for (ns, group) in by_ns {
            if group.len() < 2 {
                continue;
            }
            // One row at a time, so a million copies of a row cost no more
            // memory than one: the winner by (ts, compact JSON), and whether
            // every row reads as the same value.
            let mut winner: Option<(u32, f64, String)> = None;
            let mut first_text: Option<String> = None;
            let mut same_text = true;
            for &i in &group {
                let Some(e) = events.get(i as usize) else { continue };
                let text = serde_json::to_string(&e.body.value()).unwrap_or_default();
                match &first_text {
                    Some(first) => same_text &= *first == text,
                    None => first_text = Some(text.clone()),
                }
                let better = winner.as_ref().is_none_or(|(_, ts, best)| {
                    e.ts.total_cmp(ts).then_with(|| text.as_str().cmp(best)) == std::cmp::Ordering::Less
                });
                if better {
                    winner = Some((i, e.ts, text));
                }
            }
            let Some((winner_index, ..)) = winner else { continue };
            // Rows of different text can still be one value (keys in
            // another order): compare values then, one row at a time.
            let identical = same_text || {
                let winner_row = events.get(winner_index as usize).map(|e| e.body.value());
                group.iter().all(|&i| {
                    events.get(i as usize).is_none_or(|e| Some(&e.body.value()) == winner_row.as_ref())
                })
            };
            for &i in &group {
                if let Some(c) = d.canon.get_mut(i as usize) {
                    *c = winner_index;
                }
                let Some(e) = events.get(i as usize) else { continue };
                let diagnostic = if identical {
                    Diagnostic::info(
                        DUPLICATE_ROW,
                        &e.pointer(),
                        format!(
                            "event {} appears in {} identical rows; it counts once",
                            quote(&e.id),
                            group.len()
                        ),
                    )
                } else {
                    Diagnostic::warning(
                        DUPLICATE_ID,
                        &e.pointer().key("id"),
                        format!(
                            "event id {} is used by {} rows that differ; the row with the smallest (ts, JSON) is used",
                            quote(&e.id),
                            group.len()
                        ),
                    )
                    .with_help("event ids are hub-issued and unique; check how the rows were gathered")
                };
                d.diagnostics.push((ns, diagnostic));
            }
        }
    }
}

/// Everything of a row but `id` and `ts` (what the hub would have compared).
fn same_body(a: &Value, b: &Value) -> bool {
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else { return a == b };
    let skip = |k: &String| k == "id" || k == "ts";
    a.keys().filter(|k| !skip(k)).count() == b.keys().filter(|k| !skip(k)).count()
        && a.iter().filter(|(k, _)| !skip(k)).all(|(k, v)| b.get(k) == Some(v))
}

fn idempotency(ledger: &Ledger<'_>, d: &mut Derived) {
    let events = &ledger.events;
    // One slot per key; a group is built only for keys that repeat.
    let mut first: FastMap<(Sym, &str), u32> = FastMap::default();
    first.reserve(events.len());
    let mut repeated: FastMap<(Sym, &str), Vec<u32>> = FastMap::default();
    for (i, e) in events.iter().enumerate() {
        if let Some(key) = e.idempotency_key.as_deref()
            && d.is_canonical(idx(i))
        {
            match first.entry((e.ns, key)) {
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(idx(i));
                }
                std::collections::hash_map::Entry::Occupied(o) => {
                    repeated.entry((e.ns, key)).or_insert_with(|| vec![*o.get()]).push(idx(i));
                }
            }
        }
    }
    let mut groups: Vec<((Sym, &str), Vec<u32>)> = repeated.into_iter().collect();
    sort::list(&mut groups, &|a, b| a.0.cmp(&b.0));
    for ((ns, key), mut group) in groups {
        sort::indices(&mut group, &|a, b| match (events.get(a as usize), events.get(b as usize)) {
            (Some(ea), Some(eb)) => ea.ts.total_cmp(&eb.ts).then_with(|| ea.id.cmp(&eb.id)),
            _ => a.cmp(&b),
        });
        let Some((&first, rest)) = group.split_first() else { continue };
        let Some(original) = events.get(first as usize) else { continue };
        let original_row = original.body.value();
        for &i in rest {
            let Some(e) = events.get(i as usize) else { continue };
            let at = e.pointer().key("idempotencyKey");
            if same_body(&e.body.value(), &original_row) {
                if let Some(c) = d.canon.get_mut(i as usize) {
                    *c = first;
                }
                d.diagnostics.push((
                    ns,
                    Diagnostic::warning(
                        IDEMPOTENCY_REPLAY,
                        &at,
                        format!(
                            "event {} replays idempotency key {} of event {}; it counts as that event",
                            quote(&e.id),
                            quote(key),
                            quote(&original.id)
                        ),
                    ),
                ));
            } else {
                d.diagnostics.push((
                    ns,
                    Diagnostic::error(
                        IDEMPOTENCY_CONFLICT,
                        &at,
                        format!(
                            "event {} reuses idempotency key {} of event {} with a different body",
                            quote(&e.id),
                            quote(key),
                            quote(&original.id)
                        ),
                    )
                    .with_help("the hub returns the first row for a repeated key; this row should not exist"),
                ));
            }
        }
    }
    // Rows that repeated an aliased event's id follow it to its original.
    for i in 0..d.canon.len() {
        let c = d.canon.get(i).copied().unwrap_or(0);
        if let Some(&cc) = d.canon.get(c as usize)
            && let Some(slot) = d.canon.get_mut(i)
        {
            *slot = cc;
        }
    }
}

fn resolve_links(ledger: &Ledger<'_>, d: &mut Derived) {
    let n = ledger.events.len();
    d.ends = Vec::with_capacity(ledger.links.len());
    let mut out_count = vec![0u32; n + 1];
    let mut in_count = vec![0u32; n + 1];
    for link in &ledger.links {
        let at = link.pointer();
        let end = |id: &str, key: &str, d: &mut Derived| -> Option<u32> {
            if let Some(i) = lookup(ledger, d, id, link.ns) {
                return Some(i);
            }
            let (code, what) = if exists_elsewhere(ledger, d, id, link.ns) {
                (CROSS_NAMESPACE_LINK, "an event of another namespace; it is never followed")
            } else {
                (DANGLING_LINK, "no event in the ledger; the link is not followed")
            };
            d.diagnostics.push((
                link.ns,
                Diagnostic::warning(code, &at.key(key), format!("`{key}` {} names {what}", quote(id))),
            ));
            None
        };
        if link.from == link.to {
            d.diagnostics.push((
                link.ns,
                Diagnostic::warning(
                    SELF_LINK,
                    &at,
                    format!(
                        "link {} goes from event {} to itself; it is not followed",
                        quote(&link.id),
                        quote(&link.from)
                    ),
                ),
            ));
            d.ends.push(None);
            continue;
        }
        let from = end(&link.from, "fromEventId", d);
        let to = end(&link.to, "toEventId", d);
        let followed = match (from, to) {
            (Some(f), Some(t)) if f != t => Some((f, t)),
            _ => None,
        };
        if let Some((f, t)) = followed {
            if let Some(c) = out_count.get_mut(f as usize) {
                *c += 1;
            }
            if let Some(c) = in_count.get_mut(t as usize) {
                *c += 1;
            }
            if let (Some(ef), Some(et)) = (ledger.events.get(f as usize), ledger.events.get(t as usize))
                && matches!(link.rel, Rel::Resolves | Rel::BlockedBy)
                && ef.kind == Kind::Receipt
                && et.kind != Kind::Handoff
            {
                d.diagnostics.push((
                    link.ns,
                    Diagnostic::warning(
                        RECEIPT_NOT_FOR_HANDOFF,
                        &at.key("toEventId"),
                        format!(
                            "receipt {} is linked to {}, which is not a handoff",
                            quote(&ef.id),
                            quote(&et.id)
                        ),
                    ),
                ));
            }
        }
        d.ends.push(followed);
    }
    let (out_start, in_start) = (prefix_sums(&out_count), prefix_sums(&in_count));
    let mut out_fill = out_start.clone();
    let mut in_fill = in_start.clone();
    d.out_links = vec![0; out_start.last().copied().unwrap_or(0) as usize];
    d.in_links = vec![0; in_start.last().copied().unwrap_or(0) as usize];
    for (li, end) in d.ends.iter().enumerate() {
        let Some((f, t)) = *end else { continue };
        if let Some(slot) = out_fill.get_mut(f as usize)
            && let Some(cell) = d.out_links.get_mut(*slot as usize)
        {
            *cell = idx(li);
            *slot += 1;
        }
        if let Some(slot) = in_fill.get_mut(t as usize)
            && let Some(cell) = d.in_links.get_mut(*slot as usize)
        {
            *cell = idx(li);
            *slot += 1;
        }
    }
    d.out_start = out_start;
    d.in_start = in_start;
}

fn prefix_sums(counts: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(counts.len() + 1);
    let mut sum = 0u32;
    out.push(0);
    for c in counts {
        sum = sum.saturating_add(*c);
        out.push(sum);
    }
    out
}

fn related_receipts(ledger: &Ledger<'_>, d: &mut Derived) {
    for (i, e) in ledger.events.iter().enumerate() {
        let i = idx(i);
        if e.kind != Kind::Receipt || !d.is_canonical(i) {
            continue;
        }
        let Some(target) = e.related_event.as_deref().and_then(|id| lookup(ledger, d, id, e.ns)) else {
            continue;
        };
        if target != i && ledger.events.get(target as usize).is_some_and(|t| t.kind == Kind::Handoff) {
            d.related_receipts.entry(target).or_default().push(i);
        }
    }
}

/// The connected components of the followed `retries` / `supersedes`
/// links (union by size, path halving), each sorted oldest first once, so
/// a view of many attempts does not walk their lineage once per attempt.
fn lineages(ledger: &Ledger<'_>, d: &mut Derived) {
    let mut parent: FastMap<u32, u32> = FastMap::default();
    let mut size: FastMap<u32, u32> = FastMap::default();
    let root = |parent: &mut FastMap<u32, u32>, mut v: u32| -> u32 {
        loop {
            let p = *parent.entry(v).or_insert(v);
            if p == v {
                return v;
            }
            let gp = parent.get(&p).copied().unwrap_or(p);
            parent.insert(v, gp);
            v = gp;
        }
    };
    for (li, link) in ledger.links.iter().enumerate() {
        let Some(Some((f, t))) = d.ends.get(li) else { continue };
        if !matches!(link.rel, Rel::Retries | Rel::Supersedes) {
            continue;
        }
        let (a, b) = (root(&mut parent, *f), root(&mut parent, *t));
        if a == b {
            continue;
        }
        let (sa, sb) = (size.get(&a).copied().unwrap_or(1), size.get(&b).copied().unwrap_or(1));
        let (big, small) = if sa >= sb { (a, b) } else { (b, a) };
        parent.insert(small, big);
        size.insert(big, sa + sb);
    }
    // Members in event order, so the lineages come out in a fixed order.
    let mut members: Vec<u32> = parent.keys().copied().collect();
    sort::indices(&mut members, &|a, b| a.cmp(&b));
    let mut number: FastMap<u32, u32> = FastMap::default();
    for v in members {
        let r = root(&mut parent, v);
        let next = idx(d.lineages.len());
        let k = *number.entry(r).or_insert(next);
        if k == next {
            d.lineages.push(Vec::new());
        }
        if let Some(list) = d.lineages.get_mut(k as usize) {
            list.push(v);
        }
    }
    for (k, list) in d.lineages.iter_mut().enumerate() {
        sort::indices(list, &|a, b| chrono(ledger, a, b));
        for (at, &v) in list.iter().enumerate() {
            d.attempt_of.insert(v, (idx(k), idx(at)));
        }
    }
}

/// Reports every `retries` / `supersedes` link inside a strongly connected
/// component (iterative Tarjan, so deep lineages cannot overflow the stack).
#[expect(clippy::indexing_slicing, reason = "every index is an event index below n, resolved with the links")]
fn lineage_cycles(ledger: &Ledger<'_>, d: &mut Derived) {
    let n = ledger.events.len();
    let lineage = |li: u32| -> Option<(u32, u32)> {
        let link = ledger.links.get(li as usize)?;
        if matches!(link.rel, Rel::Retries | Rel::Supersedes) {
            d.ends.get(li as usize).copied().flatten()
        } else {
            None
        }
    };
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    let mut comps = 0u32;
    let mut comp_size: Vec<u32> = Vec::new();
    for root in 0..idx(n) {
        if index[root as usize] != UNSEEN || d.links_out(root).is_empty() {
            continue;
        }
        // (node, next out-link position)
        let mut work: Vec<(u32, usize)> = vec![(root, 0)];
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&(v, pos)) = work.last() {
            if let Some(&li) = d.links_out(v).get(pos) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                let Some((_, w)) = lineage(li) else { continue };
                if index[w as usize] == UNSEEN {
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    work.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut size = 0;
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp[w as usize] = comps;
                    size += 1;
                    if w == v {
                        break;
                    }
                }
                comp_size.push(size);
                comps += 1;
            }
        }
    }
    let mut found = Vec::new();
    for (li, link) in ledger.links.iter().enumerate() {
        let Some((f, t)) = lineage(idx(li)) else { continue };
        let c = comp[f as usize];
        if c != UNSEEN && c == comp[t as usize] && comp_size.get(c as usize).is_some_and(|&s| s > 1) {
            found.push((
                link.ns,
                Diagnostic::warning(
                    LINEAGE_CYCLE,
                    &link.pointer(),
                    format!(
                        "`{}` link from {} to {} closes a cycle of attempts",
                        ledger.syms.name(link.relation),
                        quote(&link.from),
                        quote(&link.to)
                    ),
                )
                .with_help("a retry or superseding attempt must be a newer event than the one it replaces"),
            ));
        }
    }
    d.diagnostics.extend(found);
}
