//! A handoff thread: receipts and the derived outcome, retry / supersede
//! lineage, and the delegated-authority audit chain.

use serde_json::Value;

use super::derive::{Derived, chrono, exists_elsewhere, lookup};
use super::model::{Event, Kind, Rel};
use super::view::{AuditChain, Lineage, LinkEntry, ReceiptEntry, Thread};
use super::{
    AUDIT_CLAIMED_APPROVAL, AUDIT_CROSS_NAMESPACE, AUDIT_CYCLE, AUDIT_LATE_GRANT, AUDIT_MISSING,
    AUDIT_NOT_A_GRANT, AUDIT_NOT_HUMAN, AUDIT_OTHER_ACTION, AUDIT_OTHER_GRANTEE, AUDIT_TOO_LONG, Ledger,
    MAX_CHAIN, RECEIPT_CONFLICT,
};
use crate::diagnostic::{Diagnostic, quote};
use crate::sort;
use crate::vocab::{DELIVERY_STATE, RECEIPT_STATUS, receipt_status_is_terminal};

fn event<'l, 'a>(l: &'l Ledger<'a>, i: u32) -> Option<&'l Event<'a>> {
    l.events.get(i as usize)
}

fn id_of(l: &Ledger, i: u32) -> String {
    event(l, i).map(|e| e.id.to_string()).unwrap_or_default()
}

/// The thread of handoff `h` (a canonical event), with its findings.
pub(crate) fn thread(l: &Ledger, d: &Derived, h: u32, found: &mut Vec<Diagnostic>) -> Option<Thread> {
    let handoff = event(l, h)?;
    // (receipt, how it is tied): sorted below, so no map type is needed.
    let mut tied: Vec<(u32, String)> = Vec::new();
    let mut others: Vec<LinkEntry> = Vec::new();
    let mut lineage = Lineage::default();
    for (direction, list) in [("in", d.links_in(h)), ("out", d.links_out(h))] {
        for &li in list {
            let (Some(link), Some(Some((from, to)))) = (l.links.get(li as usize), d.ends.get(li as usize))
            else {
                continue;
            };
            let other = if direction == "in" { *from } else { *to };
            let other_id = id_of(l, other);
            let is_receipt = event(l, other).is_some_and(|e| e.kind == Kind::Receipt);
            match (link.rel, direction) {
                (Rel::Resolves | Rel::BlockedBy, "in") if is_receipt => {
                    tied.push((other, l.syms.name(link.relation).to_owned()));
                }
                (Rel::Retries, "out") => lineage.retries.push(other_id),
                (Rel::Retries, _) => lineage.retried_by.push(other_id),
                (Rel::Supersedes, "out") => lineage.supersedes.push(other_id),
                (Rel::Supersedes, _) => lineage.superseded_by.push(other_id),
                _ => others.push(LinkEntry {
                    link_id: link.id.to_string(),
                    relation_type: l.syms.name(link.relation).to_owned(),
                    direction: direction.to_owned(),
                    event_id: other_id,
                    link: link.body.value().into_owned(),
                }),
            }
        }
    }
    for &r in d.related_receipts.get(&h).map_or(&[][..], Vec::as_slice) {
        tied.push((r, "relatedEventId".to_owned()));
    }
    sort::list(&mut tied, &|a, b| a.cmp(b));
    tied.dedup();
    let mut receipt_ids: Vec<u32> = tied.iter().map(|t| t.0).collect();
    receipt_ids.dedup();
    sort::indices(&mut receipt_ids, &|a, b| chrono(l, a, b));
    let mut receipts = Vec::with_capacity(receipt_ids.len());
    let mut incomplete_seen = false;
    for r in receipt_ids {
        let Some(e) = event(l, r) else { continue };
        let status = e.status.map(|s| l.syms.name(s).to_owned());
        let late = incomplete_seen || handoff.expires_at.is_some_and(|x| e.ts > x);
        incomplete_seen |= status.as_deref() == Some("incomplete");
        let start = tied.partition_point(|t| t.0 < r);
        let relations: Vec<String> =
            tied.get(start..).unwrap_or(&[]).iter().take_while(|t| t.0 == r).map(|t| t.1.clone()).collect();
        receipts.push(ReceiptEntry {
            receipt_id: e.id.to_string(),
            terminal: status.as_deref().is_some_and(receipt_status_is_terminal),
            status_known: status.as_deref().is_some_and(|s| RECEIPT_STATUS.contains(s)),
            status,
            late,
            relations,
            evidence: None,
            event: e.to_value(),
        });
        if let Some(entry) = receipts.last_mut() {
            entry.evidence = super::view::Evidence::of(&entry.event);
        }
    }
    let delivery_state = handoff.status.map(|s| l.syms.name(s).to_owned());
    let row = handoff.to_value();
    let text = |k: &str| row.get(k).and_then(Value::as_str).map(str::to_owned);
    let (outcome, decided_by) = outcome(&receipts, delivery_state.as_deref());
    if outcome == "conflict" {
        let detail: Vec<String> = receipts
            .iter()
            .filter(|r| r.terminal)
            .map(|r| format!("{} says {}", quote(&r.receipt_id), quote(r.status.as_deref().unwrap_or(""))))
            .collect();
        found.push(
            Diagnostic::warning(
                RECEIPT_CONFLICT,
                &handoff.pointer(),
                format!(
                    "handoff {} has terminal receipts that disagree: {}",
                    quote(&handoff.id),
                    detail.join(", ")
                ),
            )
            .with_help("inspect the sink session; both receipts are kept"),
        );
    }
    for list in
        [&mut lineage.retries, &mut lineage.retried_by, &mut lineage.supersedes, &mut lineage.superseded_by]
    {
        sort::list(list, &|a, b| a.cmp(b));
        list.dedup();
    }
    (lineage.attempts, lineage.attempt_count, lineage.latest) = attempts(l, d, h);
    sort::list(&mut others, &|a, b| {
        (&a.direction, &a.relation_type, &a.event_id, &a.link_id)
            .cmp(&(&b.direction, &b.relation_type, &b.event_id, &b.link_id))
            .then_with(|| a.link.to_string().cmp(&b.link.to_string()))
    });
    others.dedup_by(|a, b| a.link_id == b.link_id && a.link == b.link);
    Some(Thread {
        handoff_id: handoff.id.to_string(),
        source_ref: text("sourceRef"),
        sink_ref: text("sinkRef"),
        delivery_state_known: delivery_state.as_deref().is_some_and(|s| DELIVERY_STATE.contains(s)),
        delivery_state,
        outcome,
        decided_by,
        receipts,
        lineage,
        audit: audit(l, d, h, &row, found),
        links: others,
        handoff: row,
    })
}

/// Terminal receipts decide, whatever their order (two that disagree are a
/// conflict); otherwise the newest receipt with a known non-terminal status,
/// then an `undeliverable` delivery state, then `open`.
fn outcome(receipts: &[ReceiptEntry], delivery_state: Option<&str>) -> (String, Vec<String>) {
    let terminal: Vec<&ReceiptEntry> = receipts.iter().filter(|r| r.terminal).collect();
    let statuses: Vec<&str> = terminal.iter().filter_map(|r| r.status.as_deref()).collect();
    let agreed = statuses.first().filter(|first| statuses.iter().all(|s| s == *first));
    let decided: Vec<String> = terminal.iter().map(|r| r.receipt_id.clone()).collect();
    match (statuses.is_empty(), agreed) {
        (true, _) => {}
        (false, Some(status)) => return ((*status).to_owned(), decided),
        (false, None) => return ("conflict".to_owned(), decided),
    }
    if delivery_state == Some("undeliverable") {
        return ("undeliverable".to_owned(), Vec::new());
    }
    let latest = receipts.iter().rev().find_map(|r| {
        let s = match r.status.as_deref() {
            Some(s @ ("accepted" | "incomplete" | "blocked")) => s,
            _ if r.relations.iter().any(|x| x == "blocked_by") => "blocked",
            _ => return None,
        };
        Some((s, r))
    });
    match latest {
        Some((s, r)) => (s.to_owned(), vec![r.receipt_id.clone()]),
        None => ("open".to_owned(), Vec::new()),
    }
}

/// Every attempt reachable through `retries` / `supersedes` either way,
/// oldest first: at most [`MAX_CHAIN`] of them, those nearest `h`, with
/// their number when that leaves some out; and the newest of them all.
fn attempts(l: &Ledger, d: &Derived, h: u32) -> (Vec<String>, Option<usize>, String) {
    let Some((all, at)) = d.attempts(h) else {
        let id = id_of(l, h);
        return (vec![id.clone()], None, id);
    };
    let start = at.saturating_sub(MAX_CHAIN / 2).min(all.len().saturating_sub(MAX_CHAIN));
    let shown = all.get(start..).unwrap_or(&[]).iter().take(MAX_CHAIN).map(|&i| id_of(l, i)).collect();
    let latest = all.last().map_or_else(|| id_of(l, h), |&i| id_of(l, i));
    (shown, (all.len() > MAX_CHAIN).then_some(all.len()), latest)
}

fn confirmation(row: &Value) -> Option<&Value> {
    row.get("payloadJson").and_then(|p| p.get("confirmation"))
}

fn human_principal(v: Option<&Value>) -> Option<&Value> {
    v.filter(|p| p.get("kind").and_then(Value::as_str) == Some("human"))
}

/// Whether two handoff rows ask for the same action: the same `intent`,
/// `instructions` and `constraints` (the sink may differ, as in a retry).
fn same_action(a: &Value, b: &Value) -> bool {
    let (Some(pa), Some(pb)) = (a.get("payloadJson"), b.get("payloadJson")) else { return false };
    ["intent", "instructions", "constraints"].iter().all(|k| pa.get(k).is_some_and(|v| pb.get(k) == Some(v)))
}

/// Follows `granting_event_id` from a `delegated_authority` handoff until a
/// grant, or a finding. A grant is a row a human principal wrote (its own
/// `principal`, never a payload's confirmation block); a row written by an
/// agent or service passes the chain on only through its own
/// `delegated_authority` confirmation. A `handoff_receipt` or `work_ad` is
/// never a grant, and a handoff is one only for the same action.
fn audit(l: &Ledger, d: &Derived, h: u32, row: &Value, found: &mut Vec<Diagnostic>) -> Option<AuditChain> {
    let handoff = event(l, h)?;
    let source = confirmation(row)?.get("source").and_then(Value::as_str)?;
    if source != "delegated_authority" {
        return None;
    }
    let at = handoff.pointer().key("payloadJson").key("confirmation");
    let mut chain = AuditChain { grants: Vec::new(), ends_at_human: false, human: None, code: None };
    // The rows the chain has passed: at most MAX_CHAIN, so a list will do.
    let mut visited = vec![h];
    // The row that uses the next grant: the act, then each delegated grant.
    let mut current = h;
    let mut current_id = handoff.id.to_string();
    let mut current_row = row.clone();
    let (code, message) = loop {
        if chain.grants.len() >= MAX_CHAIN {
            break (
                AUDIT_TOO_LONG,
                format!(
                    "grant chain of {} passes {MAX_CHAIN} grants without reaching a human grant; \
                     it is not followed past {}",
                    quote(&handoff.id),
                    quote(&current_id)
                ),
            );
        }
        let grant_id =
            confirmation(&current_row).and_then(|c| c.get("granting_event_id")).and_then(Value::as_str);
        let Some(grant_id) = grant_id else {
            break (
                AUDIT_MISSING,
                format!(
                    "grant chain of {} stops at {}, which names no `granting_event_id`",
                    quote(&handoff.id),
                    quote(&current_id)
                ),
            );
        };
        let Some(g) = lookup(l, d, grant_id, handoff.ns) else {
            if exists_elsewhere(l, d, grant_id, handoff.ns) {
                break (
                    AUDIT_CROSS_NAMESPACE,
                    format!(
                        "grant {} of {} is in another namespace; it is not followed",
                        quote(grant_id),
                        quote(&handoff.id)
                    ),
                );
            }
            break (
                AUDIT_MISSING,
                format!("grant {} of {} is not in the ledger", quote(grant_id), quote(&handoff.id)),
            );
        };
        if visited.contains(&g) {
            break (
                AUDIT_CYCLE,
                format!("grant chain of {} comes back to {}", quote(&handoff.id), quote(grant_id)),
            );
        }
        visited.push(g);
        let Some(grant) = event(l, g) else {
            break (
                AUDIT_MISSING,
                format!("grant {} of {} is not in the ledger", quote(grant_id), quote(&handoff.id)),
            );
        };
        chain.grants.push(grant.id.to_string());
        let grant_row = grant.to_value();
        match grant.kind {
            Kind::Receipt | Kind::WorkAd => {
                break (
                    AUDIT_NOT_A_GRANT,
                    format!(
                        "grant chain of {} names {}, a {}: it records an outcome or a status, never a grant",
                        quote(&handoff.id),
                        quote(&grant.id),
                        quote(l.syms.name(grant.event_type))
                    ),
                );
            }
            Kind::Handoff if !same_action(row, &grant_row) => {
                break (
                    AUDIT_OTHER_ACTION,
                    format!(
                        "grant chain of {} names handoff {}, which asks for a different action; \
                         an approval covers only the action approved",
                        quote(&handoff.id),
                        quote(&grant.id)
                    ),
                );
            }
            Kind::Handoff | Kind::Other => {}
        }
        // A grant authorises what comes after it, for the one it names.
        let user = event(l, current)?;
        // (A `ts` that is not a number precedes nothing.)
        if grant.ts.partial_cmp(&user.ts).is_none_or(std::cmp::Ordering::is_gt) {
            break (
                AUDIT_LATE_GRANT,
                format!(
                    "grant {} of {} was recorded after {} used it; a grant authorises only what comes after it",
                    quote(&grant.id),
                    quote(&handoff.id),
                    quote(&current_id)
                ),
            );
        }
        let delegate = user.source.map(|s| l.syms.name(s));
        if !delegate.is_some_and(|d| grants_to(l, grant, &grant_row, d)) {
            let named = grantees(l, grant, &grant_row);
            break (
                AUDIT_OTHER_GRANTEE,
                format!(
                    "grant {} of {} is given to {}, not to {}, which used it",
                    quote(&grant.id),
                    quote(&handoff.id),
                    if named.is_empty() {
                        "no one".to_owned()
                    } else {
                        named.iter().map(|n| quote(n)).collect::<Vec<_>>().join(", ")
                    },
                    delegate.map_or_else(|| format!("the writer of {}", quote(&current_id)), quote)
                ),
            );
        }
        // Only the row's own principal (stamped by the hub from the
        // authenticated writer) makes a grant human: a confirmation block
        // in the payload is whatever the writer chose to put there.
        if let Some(p) = human_principal(grant_row.get("principal")) {
            chain.ends_at_human = true;
            chain.human = Some(p.clone());
            return Some(chain);
        }
        match confirmation(&grant_row).and_then(|c| c.get("source")).and_then(Value::as_str) {
            Some("delegated_authority") => {
                current = g;
                current_id = grant.id.to_string();
                current_row = grant_row;
            }
            Some("human_approved_peer_tool") => {
                break (
                    AUDIT_CLAIMED_APPROVAL,
                    format!(
                        "grant chain of {} ends at {}, whose confirmation claims a human approval \
                         but which no human wrote; a confirmation block is not a grant",
                        quote(&handoff.id),
                        quote(&grant.id)
                    ),
                );
            }
            _ => {
                break (
                    AUDIT_NOT_HUMAN,
                    format!(
                        "grant chain of {} ends at {}, which no human principal made or approved",
                        quote(&handoff.id),
                        quote(&grant.id)
                    ),
                );
            }
        }
    };
    chain.code = Some(code.to_string());
    found.push(
        Diagnostic::error(code, &at, message)
            .with_help("every delegated action's audit chain must terminate at a human grant"),
    );
    Some(chain)
}

/// Whom a grant is given to: for a handoff approved as it stands, the
/// session whose action it is (its source: a retry of it is that session's
/// act); for any other grant, the session it is addressed to (its sink) and
/// the sessions `payloadJson.granted_to` names (a session id, or the agent
/// principal's `session:<id>`; one or a list).
fn grantees(l: &Ledger, grant: &Event, grant_row: &Value) -> Vec<String> {
    let mut named = Vec::new();
    let session = if grant.kind == Kind::Handoff { grant.source } else { grant.sink };
    named.extend(session.map(|s| l.syms.name(s).to_owned()));
    if grant.kind != Kind::Handoff {
        let grantee = grant_row.get("payloadJson").and_then(|p| p.get("granted_to"));
        let listed = match grantee {
            Some(Value::String(s)) => vec![s.as_str()],
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        named.extend(listed.into_iter().map(|s| s.strip_prefix("session:").unwrap_or(s).to_owned()));
    }
    named
}

/// Whether `grant` is given to the session `delegate`, exactly.
fn grants_to(l: &Ledger, grant: &Event, grant_row: &Value, delegate: &str) -> bool {
    grantees(l, grant, grant_row).iter().any(|g| g == delegate)
}
