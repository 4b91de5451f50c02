//! Unit tests of the fold: one behaviour each, small rows.

use serde_json::{Value, json};

use super::*;

fn ev(id: &str, ts: u64, event_type: &str, payload: Value) -> Value {
    json!({"id": id, "ts": ts, "namespace": "ns", "eventType": event_type, "sourceKind": "session",
           "sourceRef": "a", "sinkKind": "session", "sinkRef": "b", "payloadJson": payload})
}

fn ad(id: &str, ts: u64, session: &str, status: &str, expires: u64) -> Value {
    json!({"id": id, "ts": ts, "namespace": "ns", "eventType": "work_ad", "sourceKind": "session",
           "sourceRef": session, "relatedSessionId": session, "expiresAt": expires,
           "payloadJson": {"status": status}})
}

fn link(id: &str, from: &str, to: &str, rel: &str) -> Value {
    json!({"id": id, "fromEventId": from, "toEventId": to, "relationType": rel, "namespace": "ns", "createdAt": 1})
}

fn fold(events: Vec<Value>, links: Vec<Value>) -> Ledger<'static> {
    let mut l = Ledger::new(Some("ns"));
    for e in events {
        l.add_event(e);
    }
    for k in links {
        l.add_link(k);
    }
    l
}

fn thread_of(l: &Ledger, id: &str) -> (Thread, Vec<Diagnostic>) {
    let a = l.view(&Query::Handoff { event_id: id.into() }, 0.0).unwrap();
    match a.view {
        View::Handoff(h) => (h.thread.unwrap(), a.diagnostics),
        other => panic!("not a handoff view: {other:?}"),
    }
}

fn codes(d: &[Diagnostic]) -> Vec<&str> {
    d.iter().map(|d| d.code.as_str()).collect()
}

fn receipt(id: &str, ts: u64, status: &str) -> Value {
    ev(id, ts, "handoff_receipt", json!({"status": status}))
}

mod authority;

#[test]
fn a_handoff_without_receipts_is_open() {
    let l = fold(vec![ev("h", 1, "handoff", json!({"delivery_state": "queued"}))], vec![]);
    assert_eq!(thread_of(&l, "h").0.outcome, "open");
}

#[test]
fn a_later_terminal_receipt_supersedes_incomplete() {
    let l = fold(
        vec![ev("h", 1, "handoff", json!({})), receipt("r1", 2, "incomplete"), receipt("r2", 3, "completed")],
        vec![link("l1", "r1", "h", "resolves"), link("l2", "r2", "h", "resolves")],
    );
    let (t, _) = thread_of(&l, "h");
    assert_eq!(t.outcome, "completed");
    assert_eq!(t.decided_by, vec!["r2"]);
    assert!(t.receipts.iter().any(|r| r.receipt_id == "r2" && r.late));
}

#[test]
fn incomplete_alone_is_not_terminal() {
    let l = fold(
        vec![ev("h", 1, "handoff", json!({})), receipt("r1", 2, "incomplete")],
        vec![link("l1", "r1", "h", "resolves")],
    );
    assert_eq!(thread_of(&l, "h").0.outcome, "incomplete");
}

#[test]
fn disagreeing_terminal_receipts_are_a_conflict_and_both_kept() {
    let l = fold(
        vec![ev("h", 1, "handoff", json!({})), receipt("r1", 2, "completed"), receipt("r2", 3, "failed")],
        vec![link("l1", "r1", "h", "resolves"), link("l2", "r2", "h", "resolves")],
    );
    let (t, d) = thread_of(&l, "h");
    assert_eq!(t.outcome, "conflict");
    assert_eq!(t.receipts.len(), 2);
    assert!(codes(&d).contains(&RECEIPT_CONFLICT.as_str()));
}

#[test]
fn a_receipt_naming_the_handoff_in_related_event_id_belongs_to_its_thread() {
    let mut r = receipt("r1", 2, "failed");
    r["relatedEventId"] = json!("h");
    let l = fold(vec![ev("h", 1, "handoff", json!({})), r], vec![]);
    let (t, _) = thread_of(&l, "h");
    assert_eq!(t.outcome, "failed");
    assert_eq!(t.receipts[0].relations, vec!["relatedEventId"]);
}

#[test]
fn retries_lineage_is_shown_from_both_ends() {
    let l = fold(
        vec![ev("h1", 1, "handoff", json!({})), ev("h2", 2, "handoff", json!({}))],
        vec![link("l1", "h2", "h1", "retries")],
    );
    assert_eq!(thread_of(&l, "h1").0.lineage.retried_by, vec!["h2"]);
    let (t2, _) = thread_of(&l, "h2");
    assert_eq!(t2.lineage.retries, vec!["h1"]);
    assert_eq!(t2.lineage.attempts, vec!["h1", "h2"]);
}

#[test]
fn a_lineage_cycle_is_reported_and_terminates() {
    let l = fold(
        vec![ev("h1", 1, "handoff", json!({})), ev("h2", 2, "handoff", json!({}))],
        vec![link("l1", "h2", "h1", "retries"), link("l2", "h1", "h2", "supersedes")],
    );
    let (t, d) = thread_of(&l, "h1");
    assert_eq!(t.lineage.attempts.len(), 2);
    assert_eq!(codes(&d).iter().filter(|c| **c == LINEAGE_CYCLE).count(), 2);
}

#[test]
fn self_links_and_dangling_links_are_findings() {
    let l = fold(
        vec![ev("h", 1, "handoff", json!({}))],
        vec![link("l1", "h", "h", "resolves"), link("l2", "h", "nowhere", "follows")],
    );
    let (_, d) = thread_of(&l, "h");
    assert_eq!(codes(&d), vec![SELF_LINK, DANGLING_LINK]);
}

#[test]
fn other_namespace_rows_are_never_returned() {
    let mut other = ev("h", 1, "handoff", json!({}));
    other["namespace"] = json!("other");
    let l = fold(vec![other], vec![]);
    let a = l.view(&Query::Handoff { event_id: "h".into() }, 0.0).unwrap();
    let View::Handoff(h) = a.view else { panic!() };
    assert!(!h.found);
    assert_eq!(codes(&a.diagnostics), vec![EVENT_NOT_FOUND]);
}

#[test]
fn a_link_into_another_namespace_is_not_followed() {
    let mut r = receipt("r", 2, "completed");
    r["namespace"] = json!("other");
    let l = fold(vec![ev("h", 1, "handoff", json!({})), r], vec![link("l", "r", "h", "resolves")]);
    let (t, d) = thread_of(&l, "h");
    assert!(t.receipts.is_empty());
    assert_eq!(codes(&d), vec![CROSS_NAMESPACE_LINK]);
}

#[test]
fn the_current_ad_is_the_latest_by_ts() {
    let l = fold(vec![ad("a1", 1, "s", "in_progress", 100), ad("a2", 2, "s", "done", 100)], vec![]);
    let View::Fleet(f) = l.view(&Query::Fleet, 50.0).unwrap().view else { panic!() };
    assert_eq!(f.sessions, 1);
    assert_eq!(f.projects[0].ads[0].event_id, "a2");
}

#[test]
fn equal_ts_ads_are_ordered_by_their_follows_chain() {
    let l = fold(
        vec![ad("b", 1, "s", "in_progress", 100), ad("a", 1, "s", "done", 100)],
        vec![link("l", "a", "b", "follows")],
    );
    let View::Fleet(f) = l.view(&Query::Fleet, 50.0).unwrap().view else { panic!() };
    assert_eq!(f.projects[0].ads[0].event_id, "a");
}

#[test]
fn an_expired_ad_is_stale() {
    let l = fold(vec![ad("a1", 1, "s", "in_progress", 10)], vec![]);
    let View::Fleet(f) = l.view(&Query::Fleet, 10.0).unwrap().view else { panic!() };
    let ad = &f.projects[0].ads[0];
    assert!(ad.stale);
    assert_eq!(ad.status, "stale");
    assert_eq!(ad.reported_status.as_deref(), Some("in_progress"));
}

#[test]
fn identical_duplicate_rows_count_once() {
    let h = ev("h", 1, "handoff", json!({}));
    let l = fold(vec![h.clone(), h], vec![]);
    let a = l.view(&Query::Session { session_id: "a".into() }, 0.0).unwrap();
    let View::Session(s) = a.view else { panic!() };
    assert_eq!(s.events.len(), 1);
    assert_eq!(codes(&a.diagnostics), vec![DUPLICATE_ROW, DUPLICATE_ROW]);
}

#[test]
fn an_idempotent_replay_counts_as_the_original() {
    let mut h1 = ev("h1", 1, "handoff", json!({}));
    h1["idempotencyKey"] = json!("k");
    let mut h2 = h1.clone();
    h2["id"] = json!("h2");
    h2["ts"] = json!(2);
    let l = fold(vec![h1, h2], vec![]);
    let a = l.view(&Query::Session { session_id: "a".into() }, 0.0).unwrap();
    let View::Session(s) = a.view else { panic!() };
    assert_eq!(s.events.len(), 1);
    assert_eq!(s.events[0].event_id, "h1");
    assert_eq!(codes(&a.diagnostics), vec![IDEMPOTENCY_REPLAY]);
}

#[test]
fn a_non_object_row_is_a_finding_not_a_panic() {
    let l = fold(vec![json!(42), json!({"ts": 1})], vec![json!("x")]);
    let a = l.view(&Query::Fleet, 0.0).unwrap();
    assert_eq!(codes(&a.diagnostics), vec![MALFORMED_EVENT, MALFORMED_EVENT, MALFORMED_LINK]);
}

#[test]
fn rows_of_two_namespaces_without_a_namespace_are_ambiguous() {
    let mut l = Ledger::new(None);
    l.add_event(ev("h", 1, "handoff", json!({})));
    let mut other = ev("x", 1, "handoff", json!({}));
    other["namespace"] = json!("other");
    l.add_event(other);
    assert_eq!(l.view(&Query::Fleet, 0.0).unwrap_err().code, NAMESPACE_AMBIGUOUS);
    assert!(l.view(&Query::Handoff { event_id: "h".into() }, 0.0).is_ok());
}

#[test]
fn a_receipt_for_a_work_ad_is_a_finding() {
    let l = fold(
        vec![ad("a", 1, "s", "done", 9), receipt("r", 2, "completed")],
        vec![link("l", "r", "a", "resolves")],
    );
    let a = l.view(&Query::Fleet, 0.0).unwrap();
    assert_eq!(codes(&a.diagnostics), vec![RECEIPT_NOT_FOR_HANDOFF]);
}

#[test]
fn a_pr_query_matches_refs_and_check_outputs_by_canonical_identity() {
    let mut h = ev("h", 1, "handoff", json!({}));
    h["artifactRefs"] = json!([{"kind": "github_pr", "url": "https://github.com/acme/app/pull/12"}]);
    let r = receipt("r", 2, "completed");
    let mut a = ad("a", 3, "s", "done", 9);
    a["artifactRefs"] = json!([{"kind": "url", "url": "https://example.com/x"},
                               {"kind": "github_pr", "url": "https://github.com/acme/app/pull/12"}]);
    let mut other = ev("o", 4, "handoff", json!({}));
    other["artifactRefs"] = json!([{"kind": "github_pr", "url": "https://github.com/acme/app/pull/13"}]);
    let l = fold(vec![h, r, a, other], vec![]);
    let q =
        Query::Artifact { r#ref: json!({"kind": "github_pr", "url": "https://github.com/acme/app/pull/12"}) };
    let View::Artifact(v) = l.view(&q, 0.0).unwrap().view else { panic!() };
    assert_eq!(v.identity.as_deref(), Some("github_pr:acme/app#12"));
    assert_eq!(v.handoffs.iter().map(|m| m.event_id.as_str()).collect::<Vec<_>>(), vec!["h"]);
    assert_eq!(v.ads[0].matched_at, vec!["/artifactRefs/1"]);
    assert!(v.receipts.is_empty());
}

#[test]
fn an_artifact_without_identity_is_a_finding() {
    let l = fold(vec![], vec![]);
    let a = l.view(&Query::Artifact { r#ref: json!({"kind": "mystery"}) }, 0.0).unwrap();
    assert_eq!(codes(&a.diagnostics), vec![UNKNOWN_ARTIFACT]);
}

#[test]
fn raw_rows_are_checked_as_call_text_is() {
    let row: &serde_json::value::RawValue =
        serde_json::from_str(r#"{"id":"x","ts":1e999,"namespace":"ns"}"#).unwrap();
    let mut l = Ledger::new(Some("ns"));
    l.add_event_raw(row);
    let a = l.view(&Query::Fleet, 0.0).unwrap();
    assert_eq!(codes(&a.diagnostics), [MALFORMED_EVENT]);
    assert_eq!(a.diagnostics[0].instance_path.to_string(), "/events/0/ts");
}

#[test]
fn many_rows_sharing_one_id_are_read_in_one_pass_each() {
    // Twenty thousand copies of one row, as many differing rows of one id,
    // and one id in as many namespaces: one winner, one finding per row, and
    // a lookup by namespace still finds the first row of that namespace.
    let n = 20_000;
    let mut events: Vec<Value> = (0..n).map(|_| ad("same", 7, "s", "working", 99)).collect();
    events.extend((0..n).map(|i| ad("differs", 7 + (i % 3) as u64, "t", &format!("w{i}"), 99)));
    events.extend((0..n).map(|i| json!({"id": "spread", "ts": 1, "namespace": format!("n{i}")})));
    let l = fold(events, vec![link("l", "same", "differs", "follows")]);
    let a = l.view(&Query::Fleet, 5.0).unwrap();
    let count = |code: &str| a.diagnostics.iter().filter(|d| d.code == code).count();
    assert_eq!(count(DUPLICATE_ROW.as_str()), n);
    assert_eq!(count(DUPLICATE_ID.as_str()), n);
    let View::Fleet(f) = a.view else { panic!("not a fleet view") };
    assert_eq!(f.sessions, 2);
    let d = l.derived.get().unwrap();
    let ns = l.syms.get("n19999").unwrap();
    assert_eq!(derive::lookup(&l, d, "spread", ns), Some(u32::try_from(3 * n - 1).unwrap()));
    assert!(derive::exists_elsewhere(&l, d, "spread", ns));
}

#[test]
fn many_ads_of_one_ts_pick_the_head_of_their_follows_chain() {
    let n = 20_000;
    let events: Vec<Value> = (0..n).map(|i| ad(&format!("a{i:05}"), 7, "s", "working", 99)).collect();
    // Each ad follows the one before it, so the first is followed by all.
    let links: Vec<Value> = (1..n)
        .map(|i| link(&format!("l{i}"), &format!("a{i:05}"), &format!("a{:05}", i - 1), "follows"))
        .collect();
    let l = fold(events, links);
    let View::Fleet(f) = l.view(&Query::Fleet, 5.0).unwrap().view else { panic!("not a fleet view") };
    assert_eq!(f.projects[0].ads[0].event_id, format!("a{:05}", n - 1));
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::*;

    fn any_row() -> impl Strategy<Value = Value> {
        let id = prop_oneof![Just("h1"), Just("h2"), Just("r1"), Just("a1"), Just("g1"), Just("")];
        let et = prop_oneof![Just("handoff"), Just("handoff_receipt"), Just("work_ad"), Just("odd")];
        let status =
            prop_oneof![Just("completed"), Just("failed"), Just("incomplete"), Just("done"), Just("zz")];
        let ns = prop_oneof![Just("ns"), Just("ns"), Just("other")];
        let session = prop_oneof![Just("a"), Just("b")];
        let junk = prop_oneof![Just(json!(null)), Just(json!(1)), Just(json!("x")), Just(json!([]))];
        (
            id,
            0u64..4,
            et,
            status,
            ns,
            session,
            prop::option::of(junk),
            prop::option::of(0u64..5),
            any::<bool>(),
        )
            .prop_map(|(id, ts, et, status, ns, session, junk, expires, delegated)| {
                let mut payload = json!({"status": status, "delivery_state": "delivered", "project": "p"});
                if delegated {
                    payload["confirmation"] =
                        json!({"source":"delegated_authority","granting_event_id":"g1"});
                }
                let mut row = json!({"id": id, "ts": ts, "namespace": ns, "eventType": et,
                    "sourceKind": "session", "sourceRef": session, "relatedSessionId": session,
                    "relatedEventId": "h1", "payloadJson": payload, "idempotencyKey": "k",
                    "expiresAt": expires});
                if let Some(j) = junk {
                    row["ts"] = j.clone();
                    row["principal"] = j;
                }
                row
            })
    }

    fn any_link() -> impl Strategy<Value = Value> {
        let id = prop_oneof![Just("h1"), Just("h2"), Just("r1"), Just("a1"), Just("g1"), Just("zz")];
        let rel =
            prop_oneof![Just("resolves"), Just("retries"), Just("supersedes"), Just("follows"), Just("odd")];
        let ns = prop_oneof![Just("ns"), Just("ns"), Just("other")];
        (id.clone(), id, rel, ns, 0u8..3).prop_map(|(f, t, rel, ns, n)| {
            json!({"id": format!("l{n}"), "fromEventId": f, "toEventId": t, "relationType": rel, "namespace": ns})
        })
    }

    fn queries() -> Vec<Query> {
        vec![
            Query::Handoff { event_id: "h1".into() },
            Query::Handoff { event_id: "h2".into() },
            Query::Session { session_id: "a".into() },
            Query::Fleet,
            Query::Project { project: "p".into() },
        ]
    }

    fn answer(events: &[Value], links: &[Value], q: &Query) -> Value {
        let mut l = Ledger::new(Some("ns"));
        for e in events {
            l.add_event(e.clone());
        }
        for k in links {
            l.add_link(k.clone());
        }
        serde_json::to_value(l.view(q, 3.0).unwrap()).unwrap()
    }

    /// Maps every row to the first row equal to it (identical rows cannot be
    /// told apart, so a finding may name any of them).
    fn representatives(rows: &[Value]) -> Vec<usize> {
        (0..rows.len()).map(|i| (0..=i).find(|&j| rows[j] == rows[i]).unwrap_or(i)).collect()
    }

    /// Rewrites `/events/<i>` and `/links/<i>` through the permutations to
    /// the representative original rows.
    fn unshuffle(
        mut a: Value,
        ev_perm: &[usize],
        ln_perm: &[usize],
        ev_rep: &[usize],
        ln_rep: &[usize],
    ) -> Value {
        if let Some(list) = a["diagnostics"].as_array_mut() {
            for d in list.iter_mut() {
                let path = d["instancePath"].as_str().unwrap_or("").to_owned();
                let mut parts: Vec<String> = path.split('/').map(str::to_owned).collect();
                if parts.len() > 2 {
                    let maps = match parts[1].as_str() {
                        "events" => Some((ev_perm, ev_rep)),
                        "links" => Some((ln_perm, ln_rep)),
                        _ => None,
                    };
                    if let (Some((perm, rep)), Ok(i)) = (maps, parts[2].parse::<usize>()) {
                        parts[2] = rep[perm[i]].to_string();
                    }
                }
                d["instancePath"] = json!(parts.join("/"));
            }
            list.sort_by_key(|d| d.to_string());
        }
        a
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn the_fold_is_order_insensitive(
            events in prop::collection::vec(any_row(), 0..8),
            links in prop::collection::vec(any_link(), 0..8),
            seed in any::<u64>(),
        ) {
            let rotate = |n: usize| -> Vec<usize> {
                let mut p: Vec<usize> = (0..n).collect();
                let mut s = seed;
                for i in (1..n).rev() {
                    s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    p.swap(i, (s >> 33) as usize % (i + 1));
                }
                p
            };
            let (ep, lp) = (rotate(events.len()), rotate(links.len()));
            let shuffled_events: Vec<Value> = ep.iter().map(|&i| events[i].clone()).collect();
            let shuffled_links: Vec<Value> = lp.iter().map(|&i| links[i].clone()).collect();
            let (er, lr) = (representatives(&events), representatives(&links));
            let (ei, li): (Vec<usize>, Vec<usize>) = ((0..events.len()).collect(), (0..links.len()).collect());
            for q in queries() {
                let plain = unshuffle(answer(&events, &links, &q), &ei, &li, &er, &lr);
                let shuffled = unshuffle(answer(&shuffled_events, &shuffled_links, &q), &ep, &lp, &er, &lr);
                prop_assert_eq!(plain, shuffled);
            }
        }

        #[test]
        fn the_fold_never_panics_on_arbitrary_rows(
            events in prop::collection::vec(any::<Option<String>>().prop_map(|s| json!({"id": s, "eventType": "handoff", "ts": "x", "payloadJson": s})), 0..6),
            junk in prop::collection::vec(prop_oneof![Just(json!(null)), Just(json!([1])), Just(json!({"fromEventId": 1}))], 0..4),
        ) {
            let mut l = Ledger::new(None);
            for e in events.iter().chain(junk.iter()) {
                l.add_event(e.clone());
                l.add_link(e.clone());
            }
            for q in queries() {
                let _ = l.view(&q, 0.0);
            }
        }
    }
}
